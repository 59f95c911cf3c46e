# The two Quickstart commands: `make demo` and `make test`. Both set up .venv first.
.PHONY: setup demo test lint types docs

setup:
	@bash scripts/setup.sh

demo: setup
	.venv/bin/sentinel demo

lint: setup
	.venv/bin/ruff check src tests examples
	.venv/bin/ruff format --check src tests examples

types: setup
	.venv/bin/mypy

# The documentation site (docs/, mkdocs.yml) into site/; warnings are errors. Offline.
docs: setup
	NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict --quiet

# The browser tests (tests/browser) need Debian's Chromium, the PostgreSQL tests (storage on
# PostgreSQL, the Temporal engine) a PostgreSQL on 127.0.0.1: installed first when missing.
test: setup lint types docs
	bash scripts/install-browser.sh
	bash scripts/install-postgres.sh
	.venv/bin/python -m pytest --durations=15
