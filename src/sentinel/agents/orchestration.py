"""Orchestration rules: how state changes turn into more actions (typically triggers).

State changes only through actions, so a rule does not mutate: it looks at the committed state
and the delta that just happened and *returns* the calls to make, which the app dispatches::

    def summary_ready(state: AppState, delta: Delta) -> list[ActionCall]:
        if "shared.summary" in delta.paths and state.shared.summary:
            return [trigger("translator")]
        return []

Returning calls instead of dispatching keeps rules pure and testable without a store, makes
every consequence an action in the history ("why did the translator run?" has an answer).
Rules run as one store subscriber; the calls each rule returns are dispatched in order by a
task the app starts at once, so a failing call is not lost in the store's subscriber log but
becomes a ``RuleFailed`` in ``app.errors``, raised by ``run_until_idle``. A rule sees every
delta, its own consequences included, so it must reach a fixed point: a trigger of an agent
that already should act changes nothing, produces no delta and ends the chain.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeAlias, TypeVar

from sentinel.agents.actions import ActionCall
from sentinel.agents.builtins import control_names
from sentinel.agents.errors import AgentError
from sentinel.store import Delta

S = TypeVar("S")

CallLike: TypeAlias = ActionCall | str | tuple[str, Mapping[str, Any]]
"""What a rule may return for one call: an ``ActionCall``, a bare action name, or a pair."""

Rule: TypeAlias = Callable[[S, Delta], Iterable[CallLike] | None]


class RuleFailed(AgentError):
    """An orchestration rule raised, returned something unusable, or its action failed."""

    def __init__(self, rule: str, problem: str, cause: BaseException | None = None) -> None:
        self.rule = rule
        self.cause = cause
        super().__init__(f"orchestration rule {rule!r}: {problem}")


def rule_name(rule: Callable[..., object]) -> str:
    """A readable name for a rule in messages."""
    return getattr(rule, "__qualname__", None) or repr(rule)


def as_calls(rule: str, output: object) -> list[ActionCall]:
    """Normalise a rule's output; anything that is not a call is a ``RuleFailed``."""
    if output is None:
        return []
    single = _one_call(output)
    if single is not None:
        return [single]
    if not isinstance(output, Iterable):
        raise RuleFailed(rule, f"returned {output!r}; expected calls or None")
    calls: list[ActionCall] = []
    for item in output:
        call = _one_call(item)
        if call is None:
            raise RuleFailed(
                rule, f"returned {item!r}; expected an ActionCall, a name or (name, payload)"
            )
        calls.append(call)
    return calls


def _one_call(item: object) -> ActionCall | None:
    if isinstance(item, ActionCall):
        return item
    if isinstance(item, str):
        return ActionCall(item)
    if (
        isinstance(item, tuple)
        and len(item) == 2
        and isinstance(item[0], str)
        and isinstance(item[1], Mapping)
    ):
        return ActionCall(item[0], dict(item[1]))
    return None


def trigger(agent: str) -> ActionCall:
    """The call that sets ``agent``'s ``should_act`` (its built-in ``<agent>.trigger``)."""
    return ActionCall(control_names(agent).trigger)


def path_matches(pattern: str, path: str) -> bool:
    """Whether a change at ``path`` is at or below a path matched by ``pattern`` (``*`` = one
    segment), or above one (replacing ``shared`` changes ``shared.summary``)."""
    wanted, actual = pattern.split("."), path.split(".")
    return all(w in ("*", a) for w, a in zip(wanted, actual, strict=False))


def when_changed(
    *patterns: str,
    then: CallLike | Iterable[CallLike],
    only_if: Callable[[Any], bool] | None = None,
) -> Rule[Any]:
    """A rule: when the delta changed a path matching one of ``patterns`` (and ``only_if``
    holds for the new state), make the ``then`` call(s)."""
    if not patterns:
        raise ValueError("when_changed needs at least one path pattern")
    planned = as_calls("when_changed", then)  # checked now, not at the first matching delta

    def rule(state: Any, delta: Delta) -> list[ActionCall]:
        touched = any(path_matches(p, c.path) for p in patterns for c in delta.changes)
        if touched and (only_if is None or only_if(state)):
            return list(planned)
        return []

    rule.__qualname__ = f"when_changed({', '.join(map(repr, patterns))})"
    return rule
