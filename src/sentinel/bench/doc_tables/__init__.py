"""The documentation's benchmark tables, generated from the committed results documents.

Every table of figures in ``docs/benchmarks/*.md`` sits between two markers::

    <!-- table: store -->
    | entries | change | ... |
    <!-- end table -->

and is the output of the function registered here under that name, run on the JSON documents
in ``docs/benchmarks/``. ``python -m sentinel.bench.doc_tables`` rewrites the tables of the
pages (``--check``: only says which ones differ, exit 1), so a page can never show a figure
its JSON does not hold; ``tests/docs/test_benchmark_tables.py`` runs the check.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from sentinel.bench.doc_tables.assistant import (
    assistant_memory,
    assistant_memory_scaling,
    assistant_turn_embedded,
    assistant_turn_overhead,
    assistant_turn_parallel,
    assistant_turn_targets,
)
from sentinel.bench.doc_tables.engines import (
    crash,
    engine,
    engine_real,
    engine_temporal,
    engine_throughput,
)
from sentinel.bench.doc_tables.monitoring import (
    monitor_dev,
    monitor_dev_history,
    monitor_embedded,
    monitor_error10,
    monitor_repeats,
    monitor_test,
    monitor_watch_set,
)
from sentinel.bench.doc_tables.research import (
    research_embedded,
    research_embedded_2threads,
    research_extractive,
)
from sentinel.bench.doc_tables.runtime import llm, store
from sentinel.bench.doc_tables.sensing import sensing, sensing_corpus
from sentinel.bench.doc_tables.user_facing import (
    assistant_turn_cli,
    assistant_turn_ways,
    cli_reads,
    demo_wall,
    readme_demo,
)
from sentinel.bench.summary_table import readme_summary
from sentinel.errors import InvalidInput

__all__ = ["TABLES", "main", "marked", "render", "update"]

_BLOCK = re.compile(r"(<!-- table: ([\w.-]+) -->\n)(.*?)(<!-- end table -->)", re.S)


TABLES: dict[str, Callable[[Path], str]] = {
    "readme-summary": readme_summary,
    "readme-demo": readme_demo,
    "store": store,
    "llm": llm,
    "monitor-test": monitor_test,
    "monitor-dev": monitor_dev,
    "monitor-error10": monitor_error10,
    "monitor-watch-set": monitor_watch_set,
    "monitor-dev-history": monitor_dev_history,
    "monitor-embedded": monitor_embedded,
    "monitor-repeats": monitor_repeats,
    "research-extractive": research_extractive,
    "research-embedded": research_embedded,
    "research-embedded-2threads": research_embedded_2threads,
    "assistant-memory": assistant_memory,
    "assistant-memory-scaling": assistant_memory_scaling,
    "assistant-turn-overhead": assistant_turn_overhead,
    "assistant-turn-embedded": assistant_turn_embedded,
    "assistant-turn-targets": assistant_turn_targets,
    "assistant-turn-parallel": assistant_turn_parallel,
    "assistant-turn-ways": assistant_turn_ways,
    "assistant-turn-cli": assistant_turn_cli,
    "demo": demo_wall,
    "cli-reads": cli_reads,
    "engine": engine,
    "engine-throughput": engine_throughput,
    "engine-temporal": engine_temporal,
    "crash": crash,
    "engine-real": engine_real,
    "sensing": sensing,
    "sensing-corpus": sensing_corpus,
}
"""Every generated table: its marker name -> the function writing it from ``docs/benchmarks``."""


def render(name: str, folder: Path) -> str:
    """The table called ``name``, from the documents in ``folder``."""
    make = TABLES.get(name)
    if make is None:
        raise InvalidInput("table", name, f"unknown (known: {', '.join(TABLES)})")
    return make(folder)


def update(text: str, folder: Path) -> str:
    """``text`` (a Markdown page) with every marked table regenerated."""
    return _BLOCK.sub(lambda m: m.group(1) + render(m.group(2), folder) + m.group(4), text)


def marked(text: str) -> list[str]:
    """The names of the tables marked in ``text``, in order."""
    return [match.group(2) for match in _BLOCK.finditer(text)]


def main(argv: Sequence[str] | None = None) -> int:
    """Regenerate the tables of the pages named (default: README.md and every page under
    ``docs/``);
    ``--check``: change nothing, list the pages whose tables differ, exit 1 if any."""
    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    readme = [Path("README.md")] if Path("README.md").exists() else []
    pages = [Path(a) for a in args if a != "--check"] or [
        *readme,
        *sorted(Path("docs").rglob("*.md")),
    ]
    folder = Path("docs/benchmarks")
    stale = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        fresh = update(text, folder)
        if fresh != text:
            stale.append(page)
            if not check:
                page.write_text(fresh, encoding="utf-8")
    verb = "differ from their JSON" if check else "regenerated"
    for page in stale:
        sys.stdout.write(f"{page}: tables {verb}\n")
    return 1 if check and stale else 0
