"""What every table module shares: reading a results document and writing Markdown."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

Document = Mapping[str, Any]


def load(folder: Path, name: str) -> Any:
    return json.loads((folder / name).read_text(encoding="utf-8"))


def table(header: Sequence[str], align: str, rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table; ``align`` has one letter per column: l (left) or r (right)."""
    marks = ["---:" if a == "r" else "---" for a in align]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(marks) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def pct(value: float | None, digits: int = 0) -> str:
    return "—" if value is None else f"{value:.{digits}%}"


def num(value: float | None, digits: int = 0) -> str:
    return "—" if value is None else f"{value:,.{digits}f}"


def commit_line(document: Document) -> str:
    return f"commit {document.get('commit', '?')}, {document.get('at', '?')[:10]}"
