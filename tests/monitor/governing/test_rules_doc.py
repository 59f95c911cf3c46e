"""docs/monitors-rules.md: every example it gives is run here."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from sentinel.monitor.governing.rule_syntax import InvalidRule, parse_rule
from sentinel.monitor.governing.rules import evaluate_rule

DOC = Path(__file__).parents[3] / "docs" / "monitors-rules.md"
TEXT = DOC.read_text(encoding="utf-8")
EXAMPLES = TEXT[TEXT.index("## Examples") :]
_ROW = re.compile(
    r"^\| `(?P<rule>.+?)` \|\s*(?P<previous>.*?)\s*\| `(?P<current>.+?)` \| (?P<outcome>\w+) \|$"
)
OUTCOMES = {"true": True, "false": False, "unknown": None}


def rows() -> list[tuple[str, dict[str, Any] | None, dict[str, Any], bool | None]]:
    found = []
    for line in EXAMPLES.splitlines():
        match = _ROW.match(line)
        if match is None:
            continue
        previous = match["previous"].strip().strip("`")
        found.append(
            (
                match["rule"].replace("\\|", "|"),
                json.loads(previous) if previous else None,
                json.loads(match["current"]),
                OUTCOMES[match["outcome"]],
            )
        )
    return found


def test_the_doc_has_its_examples() -> None:
    assert len(rows()) >= 15


@pytest.mark.parametrize(("rule", "previous", "current", "outcome"), rows())
def test_each_example_gives_its_outcome(
    rule: str, previous: dict[str, Any] | None, current: dict[str, Any], outcome: bool | None
) -> None:
    assert evaluate_rule(rule, previous, current).truth is outcome


def test_the_python_example_runs() -> None:
    block = re.search(r"```python\n(.*?)```", TEXT, re.DOTALL)
    assert block is not None
    exec(compile(block.group(1), str(DOC), "exec"), {})


def test_the_translation_table_is_what_the_rules_are_read_as() -> None:
    table = TEXT[TEXT.index("| written | read as CEL |") : TEXT.index("Two things are not")]
    pairs = re.findall(
        r"^\| `(.+?)`(?:, `(.+?)`, `(.+?)`)? \| `(.+?)`(?:, `(.+?)`, `(.+?)`)? \|$", table, re.M
    )
    assert len(pairs) == 7
    for written_a, written_b, written_c, cel_a, cel_b, cel_c in pairs:
        for written, cel in ((written_a, cel_a), (written_b, cel_b), (written_c, cel_c)):
            if written:
                assert _spaced(parse_rule(written).cel) == _spaced(cel.replace("\\|", "|"))


def test_the_error_shown_is_the_error_given() -> None:
    with pytest.raises(InvalidRule) as caught:
        parse_rule("price < 100 and")
    shown = " ".join(re.search(r"```text\n(invalid rule .*?)```", TEXT, re.DOTALL)[1].split())  # type: ignore[index]
    assert " ".join(str(caught.value).splitlines()[0].split()) == shown


def _spaced(cel: str) -> str:
    return "".join(cel.split())
