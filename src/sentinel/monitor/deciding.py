"""The govern step of a full run: the governor's proposal, the checks that guard it, dedupe.

The governor (LLM, rules or the contract's condition) proposes; an LLM's or a rule's proposal
to act must then pass the checks (:mod:`sentinel.monitor.governing.checks`: grounded quotes
read this run, support for the criteria) — the contract's readings were verified against the
pages before its condition saw them, so nothing is left to check; and a notify=always monitor
never sends the same facts twice (:mod:`sentinel.monitor.notifying.dedupe`). Each step is noted
in the run's trace.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sentinel.monitor.governing.checks import CheckInput, run_checks
from sentinel.monitor.governing.governor import Governor
from sentinel.monitor.models import GovernorContext, GovernorDecision
from sentinel.monitor.notifying.actuator import sent_keys
from sentinel.monitor.notifying.dedupe import forgets_memory, suppress_duplicate
from sentinel.monitor.recording import LoadedRun
from sentinel.monitor.sensing.result import SensorResult
from sentinel.monitor.trace import RunTrace
from sentinel.storage.enums import NotifyBehavior


@dataclass(frozen=True)
class Decided:
    """What governing decided: the decision, the run's ``decision`` document (the governor's
    kind, the decision and what it proposed), and whether the dedupe memory is forgotten
    (a notify=always monitor whose state stopped meeting its criteria)."""

    decision: GovernorDecision
    record: dict[str, Any]
    forget_sent: bool


async def govern(
    governor: Governor, sensed: SensorResult, loaded: LoadedRun, trace: RunTrace
) -> Decided:
    """Ask ``governor`` about the state ``sensed`` reported, then guard its proposal (see the
    module documentation)."""
    assert sensed.output is not None
    monitor = loaded.monitor
    ctx = GovernorContext(
        original_query=monitor.original_query,
        action_criteria=monitor.action_criteria,
        previous_state=loaded.previous_state,
        current_state=sensed.output.updated_state,
        volatility_hint=sensed.output.volatility_hint,
        run_count=monitor.run_count,
        notify=NotifyBehavior(monitor.notify_behavior.value),
        evidence=sensed.output.evidence,
        now=loaded.now,
        readings=sensed.output.readings,
    )
    with trace.timed("govern") as note:
        proposed = await governor.govern(ctx)
        proposal = "act" if proposed.should_act else "do not act"
        note.summary = f"{governor.kind} governor: {proposal}; next check {proposed.next_check!r}"
        note.detail["reasoning"] = proposed.reasoning
    if governor.kind == "contract":
        # The contract's readings were verified against the pages before the condition saw
        # them (sentinel.monitor.reading.verify): nothing is left to argue with.
        return _deduplicated(proposed, proposed, governor.kind, loaded, trace)
    given = CheckInput(
        {url: page.readable_text for url, page in sensed.pages.items()},
        criteria=monitor.action_criteria,
        mission=monitor.original_query,
        previous_state=ctx.previous_state,
        current_state=ctx.current_state,
        governor=governor.kind,
        rule=monitor.governor_rules,
    )
    decision, verdict = run_checks(proposed, given)
    if proposed.should_act:
        grounded = verdict.result.grounded
        trace.add(
            "checks",
            f"suppressed by {verdict.failed}: {verdict.reason}"
            if verdict.failed
            else f"passed {', '.join(verdict.ran)}; {len(grounded)} grounded quote(s)",
            failed=verdict.failed,
            rejected=[f"{r.evidence.url}: {r.reason}" for r in verdict.result.rejected] or None,
        )
    return _deduplicated(proposed, decision, governor.kind, loaded, trace)


def _deduplicated(
    proposed: GovernorDecision,
    decision: GovernorDecision,
    kind: str,
    loaded: LoadedRun,
    trace: RunTrace,
) -> Decided:
    """``decision`` unless notify=always already sent its facts; recorded for the run."""
    monitor = loaded.monitor
    behaviour = NotifyBehavior(monitor.notify_behavior.value)
    forget = forgets_memory(proposed, behaviour)
    decision, duplicate = suppress_duplicate(decision, behaviour, sent_keys(monitor.context))
    if duplicate is not None:
        trace.add("dedupe", f"suppressed: {duplicate}")
    record = {
        "governor": kind,
        **decision.model_dump(mode="json"),
        "proposed_should_act": proposed.should_act,
    }
    return Decided(decision, record, forget)
