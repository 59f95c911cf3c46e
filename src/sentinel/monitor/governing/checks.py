"""The checks an acting decision passes before it may notify: one ordered list, by name.

A monitor with a contract decides by code on values verified against the page
(:mod:`sentinel.monitor.reading.verify`): nothing is left to check. A decision a model made
(the LLM governor), or a rule made on what a sensor model reported, runs these checks in
order; the first that fails turns the decision into one not to act, and its reasoning and the
run's trace name the check and say why:

1. ``quotes-on-page`` — the decision quotes a page read this run, verbatim
   (:func:`~sentinel.monitor.governing.grounding.check_grounding`);
2. ``reports`` — a quote left reports what the criteria ask, rather than asking, hedging,
   forecasting or saying it has not happened (:mod:`sentinel.monitor.governing.modality`);
3. ``affirms`` — a quote left does not deny what the criteria ask
   (:mod:`sentinel.monitor.governing.polarity`);
4. ``bears-on-criteria`` — a model's decision: a quote left bears on the criteria
   (:mod:`sentinel.monitor.governing.relevance`);
5. ``states-its-facts`` — every value the decision states is in a quote left or the paragraph
   around it (:mod:`sentinel.monitor.governing.support`);
6. ``corroborated`` — a rule's decision: the pages show the change it acts on, not a
   different reading of the same text (:mod:`sentinel.monitor.governing.corroborate`).

Each check has tests taken from the failures that made it (tests/monitor/governing and
tests/monitor/test_decoys.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sentinel.monitor.governing.corroborate import uncorroborated_change
from sentinel.monitor.governing.grounding import (
    GroundingResult,
    check_grounding,
    claimed_facts,
    denying,
    passage,
    unreported,
)
from sentinel.monitor.governing.modality import admitted_modalities
from sentinel.monitor.governing.relevance import bears_on, criteria_words
from sentinel.monitor.governing.support import unsupported_facts
from sentinel.monitor.models import GovernorDecision


@dataclass(frozen=True)
class CheckInput:
    """What the checks read: the run's pages (URL → text), the monitor's words and states,
    and which governor decided."""

    pages: Mapping[str, str]
    criteria: str = ""
    mission: str = ""
    previous_state: Mapping[str, Any] | None = None
    current_state: Mapping[str, Any] | None = None
    governor: str = "llm"
    rule: str | None = None


@dataclass
class CheckState:
    """The decision under check and the quotes still standing."""

    decision: GovernorDecision
    result: GroundingResult = field(default_factory=GroundingResult)


Check = Callable[[CheckState, CheckInput], str | None]


def _quotes_on_page(state: CheckState, given: CheckInput) -> str | None:
    state.result = check_grounding(state.decision.evidence, given.pages)
    return state.result.suppression_reason


def _reports(state: CheckState, given: CheckInput) -> str | None:
    admitted = admitted_modalities(given.criteria, given.mission)
    state.result = unreported(state.result, given.pages, admitted, given.criteria)
    return state.result.suppression_reason


def _affirms(state: CheckState, given: CheckInput) -> str | None:
    state.result = denying(state.result, given.pages, given.criteria or given.mission)
    return state.result.suppression_reason


def _bears_on_criteria(state: CheckState, given: CheckInput) -> str | None:
    if given.governor != "llm":
        return None
    quotes = [item.quote for item in state.result.grounded]
    if bears_on(given.criteria, quotes):
        return None
    words = ", ".join(sorted(criteria_words(given.criteria)))
    off_topic = f"no grounded quote bears on the criteria (none has a word starting {words})"
    state.result = replace(state.result, off_topic=off_topic)
    return off_topic


def _states_its_facts(state: CheckState, given: CheckInput) -> str | None:
    admitted = admitted_modalities(given.criteria, given.mission)
    passages = [passage(item, given.pages, admitted) for item in state.result.grounded]
    claims = claimed_facts(state.decision, given.previous_state, given.current_state)
    state.result = replace(state.result, unsupported=unsupported_facts(claims, passages))
    return state.result.suppression_reason


def _corroborated(state: CheckState, given: CheckInput) -> str | None:
    if given.governor != "rules" or not given.rule:
        return None
    return uncorroborated_change(
        given.rule,
        given.previous_state,
        dict(given.current_state or {}),
        list(given.pages.values()),
    )


CHECKS: tuple[tuple[str, Check], ...] = (
    ("quotes-on-page", _quotes_on_page),
    ("reports", _reports),
    ("affirms", _affirms),
    ("bears-on-criteria", _bears_on_criteria),
    ("states-its-facts", _states_its_facts),
    ("corroborated", _corroborated),
)
"""The checks, in the order they run (see the module documentation)."""

CHECK_NAMES: tuple[str, ...] = tuple(name for name, _ in CHECKS)


@dataclass(frozen=True)
class Verdict:
    """How a decision fared: the check that stopped it (None when all passed) and why, the
    grounding of its quotes, and the checks that ran."""

    failed: str | None
    reason: str | None
    result: GroundingResult
    ran: tuple[str, ...]


def run_checks(
    decision: GovernorDecision, given: CheckInput, checks: Sequence[tuple[str, Check]] = CHECKS
) -> tuple[GovernorDecision, Verdict]:
    """``decision`` if it passes every check (its evidence the quotes left standing), else a
    decision not to act whose reasoning names the check that failed. A decision not to act
    passes unchanged (its quotes are still graded for the trace)."""
    state = CheckState(decision)
    if not decision.should_act:
        result = check_grounding(decision.evidence, given.pages)
        return decision, Verdict(None, None, result, ("quotes-on-page",))
    ran: list[str] = []
    for name, check in checks:
        ran.append(name)
        reason = check(state, given)
        if reason is not None:
            reasoning = f"{decision.reasoning or ''}\nnotification suppressed: {reason} ({name})"
            suppressed = decision.model_copy(
                update={
                    "should_act": False,
                    "action_type": "none",
                    "evidence": [],
                    "reasoning": reasoning.strip(),
                }
            )
            return suppressed, Verdict(name, reason, state.result, tuple(ran))
    kept = decision.model_copy(update={"evidence": state.result.grounded})
    return kept, Verdict(None, None, state.result, tuple(ran))


def ground_decision(
    decision: GovernorDecision,
    pages: Mapping[str, str],
    *,
    criteria: str = "",
    mission: str = "",
    previous_state: Mapping[str, Any] | None = None,
    current_state: Mapping[str, Any] | None = None,
    relevance: bool = False,
) -> tuple[GovernorDecision, GroundingResult]:
    """The checks on the quotes of ``decision`` (all but ``corroborated``): with
    ``relevance``, as a model's decision (``bears-on-criteria`` runs). Returns the decision
    (suppressed, with the reason, when a check fails) and how its quotes fared."""
    given = CheckInput(
        pages,
        criteria=criteria,
        mission=mission,
        previous_state=previous_state,
        current_state=current_state,
        governor="llm" if relevance else "rules",
    )
    quote_checks = [(name, check) for name, check in CHECKS if name != "corroborated"]
    checked, verdict = run_checks(decision, given, quote_checks)
    return checked, verdict.result
