"""Tables read as sentences, and page markup left out of the text a run keeps.

A page's table (``| Departs | Arrives | Status |`` rows, as extraction writes it in Markdown)
says its facts in cells; a report must say them in sentences. When a page is read, each table
becomes sentences the reporter can quote and cite as they are:

- with a status-like column (its header is one of :data:`STATUS_HEADERS`, or its cells are
  words with repeats) and several rows, one sentence per status, naming the rows by their
  first cell: "Departs Port Ellan 07:20 (arrives Skarra 08:45) and 17:30 (arrives Skarra
  18:50) are cancelled.";
- otherwise one sentence per row: "For reference 25/01873/FUL, the proposal is …, the status
  is approved with conditions and the decision date is 18 March 2026."

Emphasis and code marks (``**``, ``__``, backticks) are dropped from the other lines: a quote
is the words, not their formatting.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

STATUS_HEADERS = frozenset(
    {"status", "state", "decision", "result", "outcome", "availability", "service", "verdict"}
)
_ROW = re.compile(r"^\s*\|.*\|\s*$")
_RULE = re.compile(r"^:?-{2,}:?$")
_EMPHASIS = re.compile(r"\*\*|__|`")
_NUMBERISH = re.compile(r"^[\d\s.,:/%€$£+-]+$")


def linearize_tables(text: str) -> str:
    """``text`` with every Markdown table replaced by sentences and emphasis marks dropped."""
    out: list[str] = []
    block: list[str] = []
    for line in text.split("\n"):
        if _ROW.match(line):
            block.append(line)
            continue
        if block:
            out.extend(table_sentences(block))
            block = []
        out.append(_EMPHASIS.sub("", line))
    if block:
        out.extend(table_sentences(block))
    return "\n".join(out)


def cells(row: str) -> list[str]:
    """The cells of one table row, stripped."""
    return [" ".join(_EMPHASIS.sub("", c).split()) for c in row.strip().strip("|").split("|")]


def table_sentences(rows: Sequence[str]) -> list[str]:
    """The sentences one table says (see the module); none for a table without data rows."""
    parsed = [cells(row) for row in rows]
    parsed = [r for r in parsed if not all(_RULE.match(c) or not c for c in r)]
    if len(parsed) < 2:
        return []
    header, body = parsed[0], [r for r in parsed[1:] if any(r)]
    width = len(header)
    body = [(r + [""] * width)[:width] for r in body]
    status = _status_column(header, body)
    if status is not None and len(body) > 1:
        return _by_status(header, body, status)
    return [_row_sentence(header, row) for row in body if row[0]]


def _status_column(header: Sequence[str], body: Sequence[Sequence[str]]) -> int | None:
    for index, name in enumerate(header):
        if index and name.casefold() in STATUS_HEADERS:
            return index
    for index in range(1, len(header)):
        values = [row[index] for row in body]
        words = len(body) >= 3 and all(v and not _NUMBERISH.match(v) for v in values)
        if words and len(set(values)) <= len(values) / 2:
            return index
    return None


def _by_status(header: Sequence[str], body: Sequence[Sequence[str]], status: int) -> list[str]:
    groups: dict[str, list[Sequence[str]]] = {}
    for row in body:
        if row[0] and row[status]:
            groups.setdefault(row[status], []).append(row)
    sentences = []
    for value, rows in groups.items():
        named = [_named(header, row, status) for row in rows]
        verb = "is" if len(rows) == 1 else "are"
        sentences.append(f"{_label(header[0])} {_joined(named)} {verb} {_value(value)}.")
    return sentences


def _named(header: Sequence[str], row: Sequence[str], status: int) -> str:
    """A row by its first cell, its other cells (but the status) in brackets."""
    rest = [
        f"{_lower(header[i])} {row[i]}".strip()
        for i in range(1, len(row))
        if i != status and row[i]
    ]
    return f"{row[0]} ({', '.join(rest)})" if rest else row[0]


def _row_sentence(header: Sequence[str], row: Sequence[str]) -> str:
    parts = [
        f"the {_lower(header[i])} {_be(header[i])} {_value(row[i])}"
        if header[i]
        else _value(row[i])
        for i in range(1, len(row))
        if row[i]
    ]
    lead = f"For {_lower(header[0])} {row[0]}".replace("For  ", "For ")
    if not parts:
        return f"The table lists {_lower(header[0])} {row[0]}.".replace("  ", " ")
    return f"{lead}, {_joined(parts)}."


def _be(header: str) -> str:
    """ "are" after a plural header ("Frame numbers"), else "is"."""
    last = header.split()[-1].casefold() if header.split() else ""
    return "are" if last.endswith("s") and not last.endswith(("ss", "us", "is")) else "is"


def _joined(parts: Sequence[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _label(name: str) -> str:
    return name[:1].upper() + name[1:] if name else "The row"


def _lower(name: str) -> str:
    """A header inside a sentence: a capitalised common word in lower case ("Status"), a
    name left as it is ("Port Ellan", "VAT")."""
    first, _, rest = name.partition(" ")
    if first[:1].isupper() and first[1:].islower():
        first = first.lower()
    return f"{first} {rest}".strip()


def _value(value: str) -> str:
    """A cell inside a sentence, without a closing full stop; "Cancelled" in lower case."""
    value = value.rstrip(".")
    if " " not in value and value[:1].isupper() and value[1:].islower():
        return value.lower()
    words = value.split()
    if words and words[0][:1].isupper() and all(w.islower() for w in words[1:]):
        return value[:1].lower() + value[1:]
    return value
