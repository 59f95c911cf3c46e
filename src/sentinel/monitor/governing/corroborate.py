"""Corroboration: a change a rule acts on must be a change on the page, not a misreading.

A rule such as ``prev(opening_hours) != null and changed(opening_hours)`` compares two readings
of a page. When the page did not change but one reading was partial — the embedded 0.5B model
once read a timetable as ``"Monday": "9:00"`` and the next run as ``"9:00 – 20:00"`` — the rule
sees a change that never happened. :func:`uncorroborated_change` checks each changed value
against this run's pages: when every line that states the new value also states the old one
(``| Monday | 9:00 – 20:00 |`` holds both ``9:00`` and ``9:00 – 20:00``), the two readings are
the same text read differently, and the change is not corroborated; so is a new value that
is a piece of the old one while the page still states the old one whole, and a value that
differs from the old one only in spacing, dashes or case. One changed value that a
line states without its old value corroborates the change ("The current stable version is
5.0.0", whatever other pages say about 5.0.0-rc2). Values no line states, or that have no old
value, cannot be judged and never suppress: the check only removes changes the pages refute.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from sentinel.monitor.governing.locate import quotable_lines, value_pattern
from sentinel.monitor.governing.rule_syntax import ParsedRule, parse_rule
from sentinel.text.quotes import normalize_for_quote

_MISSING = object()


def changed_paths(rule: ParsedRule) -> list[str]:
    """The paths the rule tests with ``changed(…)``, in order."""
    return list(rule.changed)


def uncorroborated_change(
    rule: ParsedRule | str,
    previous: Mapping[str, Any] | None,
    current: Mapping[str, Any],
    page_texts: Sequence[str],
) -> str | None:
    """Why the changes ``rule`` tests are not corroborated by ``page_texts``, or None when
    they are, when nothing can be judged, or when the rule tests no change."""
    parsed = parse_rule(rule) if isinstance(rule, str) else rule
    if previous is None:
        return None
    lines = [normalize_for_quote(line) for text in page_texts for line in quotable_lines(text)]
    refuted: list[str] = []
    for path in changed_paths(parsed):
        old_leaves = dict(_leaves(path, _lookup(previous, path)))
        for leaf, new in _leaves(path, _lookup(current, path)):
            old = old_leaves.get(leaf, _MISSING)
            if old is _MISSING or old is None or new is None or old == new:
                continue
            verdict = "refuted" if _same_text(old, new) else _judge(old, new, lines)
            if verdict == "corroborated":
                return None
            if verdict == "refuted":
                refuted.append(f"{leaf}: {old!r} → {new!r}")
    if not refuted:
        return None
    shown = "; ".join(refuted[:3]) + (f" (and {len(refuted) - 3} more)" if len(refuted) > 3 else "")
    return (
        f"change not corroborated: the pages still state each old value (whole, beside "
        f"the new one, or written another way), so the readings differ, not the page ({shown})"
    )


def _judge(old: Any, new: Any, lines: Sequence[str]) -> str:
    new_pattern, old_pattern = value_pattern(new), value_pattern(old)
    if new_pattern is None or old_pattern is None:
        return "unknown"
    if _is_part_of(new, old):
        # The new reading is a piece of the old one ("9:00" of "9:00 – 20:00"): a truncation
        # while the page still states the whole, a change only once the whole is gone.
        still_there = any(old_pattern.search(line) for line in lines)
        return "refuted" if still_there else "unknown"
    stating = [line for line in lines if new_pattern.search(line)]
    if not stating:
        return "unknown"
    if any(not old_pattern.search(line) for line in stating):
        return "corroborated"
    return "refuted"


def _same_text(old: Any, new: Any) -> bool:
    """Whether two readings differ only in spacing, dashes, quotes or case ("9:00-20:00",
    "9:00 – 20:00"): one text written two ways, not a change."""
    if not isinstance(old, str) or not isinstance(new, str):
        return False
    return "".join(normalize_for_quote(old).split()) == "".join(normalize_for_quote(new).split())


def _is_part_of(new: Any, old: Any) -> bool:
    """Whether ``new``'s words are a run of ``old``'s words ("9:00" of "9:00 – 20:00"; not
    "5.0.0" of "5.0.0-rc2", one word that says something else)."""
    part = normalize_for_quote(str(new)).split()
    whole = normalize_for_quote(str(old)).split()
    return 0 < len(part) < len(whole) and any(
        whole[i : i + len(part)] == part for i in range(len(whole) - len(part) + 1)
    )


def _lookup(state: Mapping[str, Any], path: str) -> Any:
    node: Any = state
    for part in path.split("."):
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return _MISSING
    return node


def _leaves(path: str, value: Any) -> Iterator[tuple[str, Any]]:
    if value is _MISSING:
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield from _leaves(f"{path}.{key}", item)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(f"{path}.{index}", item)
    elif not isinstance(value, bool):
        yield path, value
