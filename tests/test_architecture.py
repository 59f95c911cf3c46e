"""The layers: the import contract holds, and the architecture picture draws the same layers.

``pyproject.toml`` states the layers as an import-linter contract; this test runs it (so an
import that crosses a layer fails the suite) and reads the picture of docs/architecture.md
(the authoritative copy), whose rows must name every layer's packages in the contract's order;
the README shows the same picture, character for character.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]


def _layers() -> list[list[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    [contract] = [c for c in config["contracts"] if c["type"] == "layers"]
    return [
        [name.strip().removeprefix("sentinel.") for name in layer.split("|")]
        for layer in contract["layers"]
    ]


MARKER = "<!-- architecture-picture -->\n```text\n"


def _picture(page: Path = ROOT / "docs" / "architecture.md") -> list[str]:
    """The lines of the picture that follows the marker on ``page``."""
    text = page.read_text(encoding="utf-8")
    assert MARKER in text, f"{page.name} lost its architecture picture"
    return text.split(MARKER, 1)[1].split("```\n", 1)[0].splitlines()


def test_no_import_crosses_a_layer() -> None:
    assert lint_imports(config_filenames=(str(ROOT / "pyproject.toml"),), no_cache=True) == 0


def test_every_top_level_package_is_in_a_layer() -> None:
    layered = {name for layer in _layers() for name in layer}
    packages = {
        path.stem if path.is_file() else path.name
        for path in (ROOT / "src" / "sentinel").iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").exists()
    }
    assert packages == layered, "a package is missing from the contract (or a layer is stale)"


def test_the_readme_shows_the_same_picture() -> None:
    assert _picture(ROOT / "README.md") == _picture()


def test_the_picture_draws_the_contracts_layers_top_to_bottom() -> None:
    lines = _picture()

    def row_of(name: str) -> int:
        head = re.compile(rf"(^|│)\s*{re.escape(name)}\b")
        rows = [number for number, line in enumerate(lines) if head.search(line)]
        assert rows, f"the architecture picture does not draw {name!r}"
        return rows[0]

    previous_bottom = -1
    for layer in _layers():
        rows = [row_of(name) for name in layer]
        assert min(rows) > previous_bottom, f"layer {layer} is drawn above a layer over it"
        previous_bottom = max(rows)
