"""The rules governor: decide from a declarative rule instead of a language model.

The rule is CEL (:mod:`sentinel.monitor.governing.rule_syntax`), evaluated by the ``cel``
library on the sensed state. A sensor is a model and writes loosely, so the state is read
before CEL sees it:

- Each field is read as the kind the rule compares it as (or the schema declares): numeric
  text is a number (``"$799.00" < 800``), ``"TRUE"`` a boolean, a date-like text a timestamp
  compared with date literals (``released < "2025-10-01"``). A field of no known kind is a
  number when it reads as one.
- Text compares case- and spacing-insensitively: the state's text and the rule's text
  literals are both folded (not a ``matches()`` pattern).
- Keys match case-insensitively when the sensor changes their case (``Price`` for ``price``).
- A missing field is ``null``: ``version == null`` is true, ``version != null`` false.

A rule is *true*, *false* or *unknown*, and holds only when true. Unknown is every outcome
that is not a boolean: a missing field compared (``null < 300`` is a CEL error), a value of
the wrong kind (``"call for price" < 100``), ``!`` of a missing field. CEL's ``&&``/``||``
absorb errors as Kleene logic does: ``false && unknown`` is false, ``true || unknown`` true.
Unknown outcomes come with notes ("price_usd is missing").

``prev(f)`` is ``f`` in the previous state (null on a first run). ``changed(f)`` is false on
the first run (the first observation is the baseline, not a change), true when ``f``
appeared or its value differs beyond formatting noise, unknown when ``f`` vanished.
``contains(text_or_list, item)`` is a substring or a member.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import cel
from packaging.version import InvalidVersion, Version

from sentinel.monitor.governing.rule_syntax import FieldKind, ParsedRule, parse_rule
from sentinel.monitor.governing.values import (
    as_bool,
    as_datetime,
    as_number,
    as_text,
    canonical,
    same_value,
)
from sentinel.monitor.models import GovernorContext, GovernorDecision
from sentinel.monitor.scheduling.next_check import UnparseableNextCheck, parse_next_check

Truth = bool | None
_MISSING = object()
_KIND_WORDS: dict[FieldKind, str] = {
    "number": "a number",
    "string": "text",
    "boolean": "true/false",
    "date": "a date",
    "list": "a list",
    "any": "a value",
}


@dataclass(frozen=True)
class RuleEvaluation:
    """The outcome of a rule on a pair of states.

    ``truth`` is True, False or None (unknown); ``holds`` is ``truth is True``. ``facts`` maps
    every path the rule reads to its current value (absent paths left out); ``notes`` say why
    the outcome is unknown.
    """

    truth: Truth
    facts: dict[str, Any]
    notes: tuple[str, ...]

    @property
    def holds(self) -> bool:
        """Whether the rule is definitely true."""
        return self.truth is True


def evaluate_rule(
    rule: ParsedRule | str,
    previous: Mapping[str, Any] | None,
    current: Mapping[str, Any],
    kinds: Mapping[str, FieldKind] | None = None,
) -> RuleEvaluation:
    """Evaluate ``rule`` against the previous (None on a first run) and current states;
    ``kinds`` (a state schema's) override the kinds the rule's comparisons imply."""
    parsed = parse_rule(rule) if isinstance(rule, str) else rule
    reading = _Reading(parsed, {**parsed.kinds, **(kinds or {})}, previous, current)
    try:
        result: Any = parsed.program.execute(reading.context())
        failure = ""
    except Exception as error:
        # The library raises TypeError, KeyError, IndexError or RuntimeError for what CEL
        # calls an error value (no such overload, no such key, ...): all mean "unknown".
        result, failure = None, str(error).split(". ")[0]
    truth = result if isinstance(result, bool) else None
    facts = {}
    for path in parsed.paths:
        value = lookup(current, path)
        if value is not _MISSING:
            facts[path] = value
    notes = () if truth is not None else reading.notes(result, failure)
    return RuleEvaluation(truth, facts, notes)


def lookup(state: Mapping[str, Any] | None, path: str) -> Any:
    """The value at dotted ``path`` in ``state`` (keys matched case-insensitively when no key
    matches exactly; list items by number), or the ``_MISSING`` sentinel."""
    node: Any = state
    for part in path.split("."):
        if isinstance(node, Mapping):
            if part in node:
                node = node[part]
                continue
            # Sensors are models: "Price" one run, "price" the next.
            folded = {str(key).casefold(): key for key in node}
            if part.casefold() not in folded:
                return _MISSING
            node = node[folded[part.casefold()]]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return _MISSING
    return node


class _Reading:
    """The states as CEL sees them (see the module documentation) and the notes on them."""

    def __init__(
        self,
        parsed: ParsedRule,
        kinds: Mapping[str, FieldKind],
        previous: Mapping[str, Any] | None,
        current: Mapping[str, Any],
    ) -> None:
        self.parsed = parsed
        self.kinds = kinds
        self.previous = previous
        self.current = current

    def context(self) -> cel.Context:
        functions: dict[str, Callable[..., Any]] = {
            "prev": self.prev,
            "changed": self.changed,
            "contains": _contains,
            "version_at_least": version_at_least,
            "version_newer": version_newer,
        }
        return cel.Context(variables=self.activation(), functions=functions)

    def activation(self) -> dict[str, Any]:
        variables: dict[str, Any] = {}
        for path in self.parsed.current:
            root = path.split(".")[0]
            if root not in variables:
                value = lookup(self.current, root)
                variables[root] = None if value is _MISSING else _fold(value)
            if "." in path:
                value = lookup(self.current, path)
                if value is _MISSING and path in self.parsed.tested:
                    continue  # has(a.b) must see that b is not there
                read = None if value is _MISSING else self.read(path, value)[0]
                variables[root] = _placed(variables[root], path.split(".")[1:], read)
            else:
                value = lookup(self.current, path)
                variables[root] = None if value is _MISSING else self.read(path, value)[0]
        return variables

    def read(self, path: str, value: Any) -> tuple[Any, bool]:
        """``value`` as its kind, and whether it reads as that kind."""
        return _as_kind(value, self.kinds.get(path, "any"))

    def prev(self, path: str) -> Any:
        value = lookup(self.previous, path)
        return None if value is _MISSING else self.read(path, value)[0]

    def changed(self, path: str) -> bool | None:
        if self.previous is None:
            return False
        before, after = lookup(self.previous, path), lookup(self.current, path)
        if after is _MISSING:
            return None
        return before is _MISSING or not same_value(before, after)

    def notes(self, result: Any, failure: str) -> tuple[str, ...]:
        notes: list[str] = []
        for path in self.parsed.current:
            notes += self.note(path, lookup(self.current, path), path)
        for path in self.parsed.previous:
            before = lookup(self.previous, path)
            notes += self.note(path, before, f"prev({path})")
        for path in self.parsed.changed:
            if self.previous is not None and lookup(self.current, path) is _MISSING:
                notes.append(f"{path} is missing")
        if not notes and failure:
            notes.append(f"cannot be evaluated: {failure}")
        elif not notes:
            notes.append(f"the rule gives {_describe(result)}, not true/false")
        return tuple(dict.fromkeys(notes))

    def note(self, path: str, value: Any, name: str) -> list[str]:
        if value is _MISSING:
            return [f"{name} is missing"]
        if value is None:
            return [f"{name} is null"]
        kind = self.kinds.get(path, "any")
        if not self.read(path, value)[1]:
            return [f"{name} is {_describe(value)}, not {_KIND_WORDS[kind]}"]
        return []


def _as_kind(value: Any, kind: FieldKind) -> tuple[Any, bool]:
    if value is None:
        return None, True
    if kind == "number":
        number = as_number(value)
        return (_fold(value), False) if number is None else (_double(number), True)
    if kind == "boolean":
        flag = as_bool(value)
        return (_fold(value), False) if flag is None else (flag, True)
    if kind == "date":
        instant = as_datetime(value)
        return (_fold(value), False) if instant is None else (instant, True)
    if kind == "string":
        if isinstance(value, str):
            return as_text(value), True
        if isinstance(value, bool | int | float):
            return as_text(json.dumps(value)), True
        return _fold(value), False
    if kind == "list":
        return _fold(value), isinstance(value, list)
    number = as_number(value)
    return (_double(number), True) if number is not None else (_fold(value), True)


def _double(number: int | float) -> float:
    """A number as CEL reads the state's numbers: a double (``price * 0.9`` and ``price * 2``
    both work), at 12 significant digits so 0.1 + 0.2 is the price 0.3."""
    return float(f"{float(number):.12g}")


def _fold(value: Any) -> Any:
    """``value`` with its text folded and its numbers canonical, for CEL."""
    if isinstance(value, str):
        return as_text(value)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float):
        return canonical(value)
    if isinstance(value, Mapping):
        return {str(key): _fold(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_fold(item) for item in value]
    return as_text(str(value))


def _placed(node: Any, parts: list[str], value: Any) -> Any:
    """``node`` with ``value`` at ``parts`` (a missing field becomes null where its parent
    is an object; a missing parent object is made)."""
    if not parts:
        return value
    head, rest = parts[0], parts[1:]
    if node is None:
        node = {}
    if isinstance(node, dict):
        node = dict(node)
        key = (
            head
            if head in node
            else next((k for k in node if k.casefold() == head.casefold()), head)
        )
        node[head] = _placed(node.pop(key, None), rest, value)
        return node
    if isinstance(node, list) and head.isdigit() and int(head) < len(node):
        node = list(node)
        node[int(head)] = _placed(node[int(head)], rest, value)
    return node


def _contains(haystack: Any, needle: Any) -> bool | None:
    if isinstance(haystack, list):
        return any(same_value(needle, item) for item in haystack)
    if isinstance(haystack, str) and isinstance(needle, str):
        return as_text(needle) in as_text(haystack)
    return None


def version_at_least(version: Any, wanted: Any) -> bool | None:
    """Whether ``version`` is ``wanted`` or later ("3.0.1" >= "3.0", "3.10" >= "3.9"); None
    (unknown) when either is not a version."""
    ours, theirs = parse_version(version), parse_version(wanted)
    if ours is None or theirs is None:
        return None
    return ours >= theirs


def version_newer(version: Any, than: Any) -> bool | None:
    """Whether ``version`` is later than ``than``; None when either is not a version."""
    ours, theirs = parse_version(version), parse_version(than)
    if ours is None or theirs is None:
        return None
    return ours > theirs


def parse_version(value: Any) -> Version | None:
    """A version as PEP 440 orders it (``v3.0.0`` is ``3.0.0``, ``5.0-rc.1`` a pre-release of
    5.0), or None."""
    if isinstance(value, bool) or value is None:
        return None
    text = str(value).strip().removeprefix("v").removeprefix("V")
    try:
        return Version(text)
    except InvalidVersion:
        return None


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    kind = {bool: "boolean", int: "number", float: "number", str: "text"}.get(type(value))
    return f"{kind or type(value).__name__} {value!r}"


# How a sensor may word how soon things change, as a wait.
_PACES = {
    "minutes": "30 minutes",
    "hourly": "1 hour",
    "hours": "3 hours",
    "daily": "1 day",
    "days": "1 day",
}


def hinted_next_check(hint: str | None, now: datetime | None, default: str) -> str:
    """``default``, or the sensor's volatility ``hint`` when it names a sooner time ("6 hours",
    "tomorrow 9am", "hourly"). A hint never slows a monitor down: a sensor that says "weekly"
    about a page it read once is guessing, and a missed event costs more than a check."""
    if not hint or now is None:
        return default
    text = _PACES.get(hint.strip().casefold().rstrip("."), hint.strip())
    try:
        hinted, usual = parse_next_check(text, now=now), parse_next_check(default, now=now)
    except UnparseableNextCheck:
        return default
    return text if now < hinted < usual else default


class RulesGovernor:
    """A governor for simple criteria: acts whenever its rule holds on the current state.

    With notify=once the monitor completes after that notification. With notify=always the
    run pipeline drops the notification when its ``facts`` (the current values of the fields
    the rule reads) were notified before (:mod:`sentinel.monitor.notifying.dedupe`), so a price
    that stays
    at 89 is announced once and a drop to 85 is announced again.

    When the rule does not hold, the next check is ``next_check_miss`` unless the sensor's
    volatility hint names a sooner time (:func:`hinted_next_check`).
    """

    def __init__(
        self,
        rules: str,
        *,
        kinds: Mapping[str, FieldKind] | None = None,
        next_check_hit: str = "6 hours",
        next_check_miss: str = "1 day",
    ) -> None:
        self.rule = parse_rule(rules)
        self.kinds = dict(kinds or {})
        self.next_check_hit = next_check_hit
        self.next_check_miss = next_check_miss

    def decide(self, ctx: GovernorContext) -> GovernorDecision:
        """Evaluate the rule on ``ctx``'s states and decide; never raises on odd state."""
        evaluation = evaluate_rule(self.rule, ctx.previous_state, ctx.current_state, self.kinds)
        verdict = {True: "holds", False: "does not hold", None: "cannot be decided"}
        reasoning = f"rule {self.rule.text!r} {verdict[evaluation.truth]}"
        if evaluation.notes:
            reasoning += f" ({'; '.join(evaluation.notes)})"
        if not evaluation.holds:
            return GovernorDecision(
                should_act=False,
                next_check=hinted_next_check(ctx.volatility_hint, ctx.now, self.next_check_miss),
                reasoning=reasoning,
                facts=evaluation.facts,
            )
        return GovernorDecision(
            should_act=True,
            action_content=_announce(evaluation.facts, self.rule.text),
            next_check=self.next_check_hit,
            reasoning=reasoning,
            facts=evaluation.facts,
            evidence=list(ctx.evidence),
        )


def _announce(facts: Mapping[str, Any], rule: str) -> str:
    stated = ", ".join(f"{path} is {_render(value)}" for path, value in facts.items())
    return f"{stated} (rule: {rule})" if stated else f"Rule met: {rule}"


def _render(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str | int | float):
        return str(value)
    return json.dumps(value, ensure_ascii=False, default=str)
