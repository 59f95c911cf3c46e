"""The rules governor: decide from a declarative rule instead of a language model.

Semantics (the syntax is in :mod:`sentinel.monitor.governing.rule_syntax`):

- A condition is *true*, *false* or *unknown*. A rule holds only when it is true, so unknown
  never notifies.
- A missing field makes a comparison unknown, and ``not`` of unknown is unknown: ``not
  announced`` does not fire because the sensor forgot ``announced``. Except for null: a missing
  field equals ``null`` (``version == null`` is true, ``version != null`` false).
- Comparisons that make no sense (text ``<`` number, ``<`` on a list) are unknown and leave a
  note. Numbers compare with numeric text (``"$799.00" < 800``); dates with dates; text
  case-insensitively. ``announced == true`` also accepts the text ``"true"``.
- A field used as a condition (``announced``) must be a boolean; anything else is unknown.
- ``changed(f)`` is false on the first run (the first observation is the baseline, not a
  change), true when ``f`` appeared or its value differs, unknown when ``f`` vanished.
- ``and``/``or`` follow Kleene logic: ``false and unknown`` is false, ``true or unknown`` true.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sentinel.monitor.governing.rule_syntax import (
    And,
    Changed,
    Compare,
    Contains,
    Exists,
    Expr,
    In,
    ListOf,
    Not,
    Operand,
    Or,
    ParsedRule,
    Path,
    Prev,
    Truthy,
    parse_rule,
)
from sentinel.monitor.governing.values import as_bool, as_text, order, same_value
from sentinel.monitor.models import GovernorContext, GovernorDecision
from sentinel.monitor.scheduling.next_check import UnparseableNextCheck, parse_next_check

Truth = bool | None
_MISSING = object()


@dataclass(frozen=True)
class RuleEvaluation:
    """The outcome of a rule on a pair of states.

    ``truth`` is True, False or None (unknown); ``holds`` is ``truth is True``. ``facts`` maps
    every path the rule reads to its current value (absent paths left out); ``notes`` say why
    parts were unknown.
    """

    truth: Truth
    facts: dict[str, Any]
    notes: tuple[str, ...]

    @property
    def holds(self) -> bool:
        """Whether the rule is definitely true."""
        return self.truth is True


def evaluate_rule(
    rule: ParsedRule | str, previous: Mapping[str, Any] | None, current: Mapping[str, Any]
) -> RuleEvaluation:
    """Evaluate ``rule`` against the previous (None on a first run) and current states."""
    parsed = parse_rule(rule) if isinstance(rule, str) else rule
    evaluator = _Evaluator(previous, current)
    truth = evaluator.truth(parsed.root)
    facts = {}
    for path in parsed.paths:
        value = _lookup(current, tuple(path.split(".")))
        if value is not _MISSING:
            facts[path] = value
    return RuleEvaluation(truth, facts, tuple(dict.fromkeys(evaluator.notes)))


def _lookup(state: Mapping[str, Any] | None, parts: tuple[str, ...]) -> Any:
    node: Any = state
    for part in parts:
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


def _describe(value: Any) -> str:
    kind = {bool: "boolean", int: "number", float: "number", str: "text"}.get(type(value))
    if value is None:
        return "null"
    return f"{kind or type(value).__name__} {value!r}"


class _Evaluator:
    def __init__(self, previous: Mapping[str, Any] | None, current: Mapping[str, Any]) -> None:
        self.previous = previous
        self.current = current
        self.notes: list[str] = []

    def unknown(self, note: str) -> Truth:
        self.notes.append(note)
        return None

    def value(self, operand: Operand) -> Any:
        if isinstance(operand, Path):
            return _lookup(self.current, operand.parts)
        if isinstance(operand, Prev):
            return _lookup(self.previous, operand.path.parts)
        if isinstance(operand, ListOf):
            return list(operand.items)
        return operand.value

    def name(self, operand: Operand) -> str:
        if isinstance(operand, Path):
            return operand.text
        if isinstance(operand, Prev):
            return f"prev({operand.path.text})"
        return _describe(self.value(operand))

    def truth(self, expr: Expr) -> Truth:
        if isinstance(expr, Not):
            inner = self.truth(expr.expr)
            return None if inner is None else not inner
        if isinstance(expr, And):
            results = [self.truth(e) for e in expr.exprs]
            if False in results:
                return False
            return True if all(r is True for r in results) else None
        if isinstance(expr, Or):
            results = [self.truth(e) for e in expr.exprs]
            if True in results:
                return True
            return False if all(r is False for r in results) else None
        if isinstance(expr, Compare):
            return self.compare(expr)
        if isinstance(expr, In):
            found = self.member(expr.item, expr.collection)
            return None if found is None else found != expr.negated
        if isinstance(expr, Contains):
            return self.member(expr.needle, expr.haystack)
        if isinstance(expr, Changed):
            return self.changed(expr.path)
        if isinstance(expr, Exists):
            return self.value(expr.path) not in (_MISSING, None)
        return self.truthy(expr)

    def compare(self, expr: Compare) -> Truth:
        left, right = self.value(expr.left), self.value(expr.right)
        if expr.op in ("==", "!="):
            equal = self.equal(expr, left, right)
            return None if equal is None else equal == (expr.op == "==")
        for side, value in ((expr.left, left), (expr.right, right)):
            if value is _MISSING:
                return self.unknown(f"{self.name(side)} is missing")
        sign = order(left, right)
        if sign is None:
            return self.unknown(f"cannot compare {_describe(left)} {expr.op} {_describe(right)}")
        return {"<": sign < 0, "<=": sign <= 0, ">": sign > 0, ">=": sign >= 0}[expr.op]

    def equal(self, expr: Compare, left: Any, right: Any) -> Truth:
        # A missing field equals null: "version != null" means "we know the version".
        left = None if left is _MISSING and right is None else left
        right = None if right is _MISSING and left is None else right
        for side, value in ((expr.left, left), (expr.right, right)):
            if value is _MISSING:
                return self.unknown(f"{self.name(side)} is missing")
        if isinstance(left, bool) or isinstance(right, bool):
            flags = as_bool(left), as_bool(right)
            if None in flags and left is not None and right is not None:
                return self.unknown(f"cannot compare {_describe(left)} with {_describe(right)}")
            return flags[0] == flags[1] if None not in flags else left is right
        return same_value(left, right)

    def member(self, item_operand: Operand, collection_operand: Operand) -> Truth:
        item, collection = self.value(item_operand), self.value(collection_operand)
        for side, value in ((item_operand, item), (collection_operand, collection)):
            if value is _MISSING:
                return self.unknown(f"{self.name(side)} is missing")
        if isinstance(collection, list):
            return any(same_value(item, element) for element in collection)
        if isinstance(collection, str) and isinstance(item, str):
            return as_text(item) in as_text(collection)
        return self.unknown(f"cannot look for {_describe(item)} in {_describe(collection)}")

    def changed(self, path: Path) -> Truth:
        if self.previous is None:
            return False
        before, after = _lookup(self.previous, path.parts), _lookup(self.current, path.parts)
        if after is _MISSING:
            return self.unknown(f"{path.text} is missing")
        return before is _MISSING or not same_value(before, after)

    def truthy(self, expr: Truthy) -> Truth:
        value = self.value(expr.operand)
        if value is _MISSING:
            return self.unknown(f"{self.name(expr.operand)} is missing")
        flag = as_bool(value)
        if flag is None:
            return self.unknown(f"{self.name(expr.operand)} is {_describe(value)}, not true/false")
        return flag


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
        self, rules: str, *, next_check_hit: str = "6 hours", next_check_miss: str = "1 day"
    ) -> None:
        self.rule = parse_rule(rules)
        self.next_check_hit = next_check_hit
        self.next_check_miss = next_check_miss

    def decide(self, ctx: GovernorContext) -> GovernorDecision:
        """Evaluate the rule on ``ctx``'s states and decide; never raises on odd state."""
        evaluation = evaluate_rule(self.rule, ctx.previous_state, ctx.current_state)
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
