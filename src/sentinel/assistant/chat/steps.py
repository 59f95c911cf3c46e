"""The stages of a turn. Each is an async generator of events that fills the ``Turn``.

A round is one grammar-constrained model call (``Decision``: persona, reasoning, plan and
suggestions), then the plan's actions. Whether another round runs is decided by rules, not by
another model call: never after ``DONE`` or ``WAIT_USER``, after ``NEED_MORE`` always (within
the cap and the time budget), otherwise only when the round's actions found something new (a
read whose result was not known: writes teach nothing the model did not already say).

A decision that stays unusable after the model layer's repair round, or whose provider fails,
yields a visible ``error`` event and falls back to what is safe (the default persona, no
actions): a turn always answers and ends. The answer sees what was done (``done.done_text``)
and the results, is streamed sentence by sentence, and a sentence claiming an action that did
not run is removed (``claims.ClaimFilter``).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from typing import TypeVar

from pydantic import BaseModel

from sentinel.assistant.chat.actions import CONTROL_ACTIONS
from sentinel.assistant.chat.claims import ClaimFilter, Ran, unsupported_claim
from sentinel.assistant.chat.done import done_text
from sentinel.assistant.chat.events import ChatEvent
from sentinel.assistant.chat.intents import drop_known, enforce
from sentinel.assistant.chat.personas import DEFAULT_PERSONA, Persona
from sentinel.assistant.chat.prompts import ANSWER_STOP, answer_messages, decision_messages
from sentinel.assistant.chat.runtime import ActionOutcome
from sentinel.assistant.chat.schemas import Decision, PlannedAction
from sentinel.assistant.chat.state import Turn
from sentinel.assistant.memory.service import MAX_QUERY_CHARS
from sentinel.assistant.views import retrieval_view
from sentinel.errors import ModelOutputError, SentinelError
from sentinel.llm import Message, TruncatedOutputError, UsageTracker

M = TypeVar("M", bound=BaseModel)
Events = AsyncIterator[ChatEvent]
READS = frozenset({"SEARCH_MEMORIES", "LIST_TASKS", "LIST_MONITORS", "GET_MONITOR", "QUERY_STATE"})
CHANCE = 1 / len(Persona)
"""A stated confidence below this (picking one of five at random) contradicts the pick."""
"""Actions that learn something (RESEARCH too); the others change data the plan named."""


async def ask(
    turn: Turn, stage: str, messages: Sequence[Message], output: type[M], temperature: float
) -> M | ChatEvent:
    """One structured model call: the parsed answer, or the stage's ``error`` event."""
    settings = turn.deps.settings
    # Tokens spent on replies that fail to parse count too: the tracker sees every request.
    with UsageTracker() as spent:
        try:
            completion = await turn.deps.model.complete(
                messages,
                output=output,
                max_tokens=settings.structured_tokens,
                temperature=temperature,
            )
        except TruncatedOutputError as exc:
            return turn.error(stage, f"the model's {stage} reply was cut off: {exc}")
        except ModelOutputError as exc:
            return turn.error(
                stage, f"the model's {stage} reply was not valid JSON even after one repair: {exc}"
            )
        except SentinelError as exc:
            return turn.error(stage, f"the model failed at {stage}: {exc}")
        finally:
            turn.usage.add(spent.total)
    return completion.parsed


async def retrieve_memories(turn: Turn) -> Events:
    """The owner's memories relevant to the query (top k, score >= the threshold)."""
    yield turn.status("memories", "Retrieving relevant memories...")
    settings = turn.deps.settings
    try:
        found = await turn.deps.memories.search(
            turn.owner,
            turn.query[:MAX_QUERY_CHARS],
            top_k=settings.memory_top_k,
            min_score=settings.memory_min_score,
        )
    except SentinelError as exc:
        yield turn.error("memories", f"memory retrieval failed: {exc}")
        return
    turn.memories = retrieval_view(found)["hits"]
    note = f" ({found.notice})" if found.notice else ""
    yield turn.status("memories", f"Found {len(turn.memories)} relevant memories{note}")


async def react(turn: Turn) -> Events:
    """Decide → act, at most ``max_iterations`` rounds, within the turn's time budget."""
    runtime = turn.deps.runtime
    settings = turn.deps.settings
    while turn.iterations < turn.max_iterations:
        if turn.iterations and turn.elapsed_s() >= settings.turn_budget_s:
            spent = f"{turn.elapsed_s():.0f} s of {settings.turn_budget_s:g} s"
            yield turn.status("reflection", f"Time budget reached ({spent}); answering")
            return
        turn.iterations += 1
        n = turn.iterations
        stage = "persona" if n == 1 else "planning"
        yield turn.status(stage, f"Deciding (round {n})...")
        messages = decision_messages(
            runtime.system,
            turn.history(),
            turn.query,
            turn.memories_text(),
            turn.results_text(),
            n,
            turn.max_iterations,
        )
        decision = await ask(turn, stage, messages, runtime.decision, settings.planning_temperature)
        if isinstance(decision, ChatEvent):
            yield decision
            if n == 1:
                for event in _persona_chosen(turn, None):
                    yield event
            return
        if n == 1:
            for event in _persona_chosen(turn, decision):
                yield event
        turn.suggestions = _offers(decision.suggestions, turn) or turn.suggestions
        reasoning = decision.reasoning.strip()
        if reasoning:
            turn.reasoning.append(reasoning)
            yield turn.reasoning_event(reasoning)
        remembered = any(o.ok and o.action == "CREATE_MEMORY" for o in turn.outcomes)
        tasked = any(o.ok and o.action == "CREATE_TASK" for o in turn.outcomes)
        plan = enforce(turn.query, decision.actions, remembered, tasked)
        held = [hit["memory"]["text"] for hit in turn.memories] + [
            str((o.result or {}).get("memory", {}).get("text", ""))
            for o in turn.outcomes
            if o.ok and o.action == "CREATE_MEMORY"
        ]
        plan = drop_known(plan, held)
        steps = _new_steps(turn, plan)
        if not steps:
            return
        names = ", ".join(step.action for step in steps)
        yield turn.status("actions", f"Executing {len(steps)} actions: {names}")
        known = turn.results_text()
        outcomes = await runtime.run_plan(
            turn.turn_id, steps, parallel=turn.request.parallel_actions
        )
        turn.outcomes.extend(outcomes)
        turn.ran.update(
            _key(s.action, s.parameters) for s, o in zip(steps, outcomes, strict=True) if o.ok
        )
        yield turn.reasoning_event(_summary(steps, outcomes), actions=outcomes)
        for problem in (o for o in outcomes if not o.ok):
            yield turn.error("actions", f"{problem.action} failed: {problem.error}")
        # What was done is said as soon as it is done, before any later round or the answer.
        if done := done_text([o.report() for o in outcomes]):
            turn.answer += done + "\n\n"
            yield ChatEvent("content", {"content": done + "\n\n"})
        signals = _signals(outcomes)
        for explanation in signals.get("EXPLAIN", []):
            turn.reasoning.append(explanation)
        if "WAIT_USER" in signals:
            turn.waiting_for = signals["WAIT_USER"][0]
            return
        if "DONE" in signals or any(s.action == "DONE" for s in steps):
            return
        if turn.iterations >= turn.max_iterations:
            yield turn.status("reflection", f"Iteration cap reached ({turn.max_iterations})")
            return
        if "NEED_MORE" in signals:
            continue
        if not _learned(turn, outcomes, known):
            yield turn.status("reflection", "Nothing new was learned; answering")
            return
        yield turn.status("reflection", "New results; deciding again")


def _persona_chosen(turn: Turn, decision: Decision | None) -> list[ChatEvent]:
    """The persona and how sure the model said it was, when that can be believed.

    The confidence is the model's own statement, not a measured probability; one below
    chance among the personas contradicts the choice it came with (a small model writes
    0.0 beside the persona it picked), so it is recorded as stated and not shown as a
    confidence."""
    sure = ""
    if decision is None:
        turn.persona, turn.confidence = DEFAULT_PERSONA, None
        text = f"persona selection failed; using {DEFAULT_PERSONA.value}"
    else:
        turn.persona, turn.stated_confidence = decision.persona, decision.confidence
        text = f"selected {decision.persona.value}"
        if decision.confidence >= CHANCE:
            turn.confidence = decision.confidence
            sure = f" (the model's stated confidence {decision.confidence:.2f})"
        else:
            turn.confidence = None
            sure = f" (no usable confidence: the model stated {decision.confidence:.2f})"
    turn.reasoning.append(f"persona {turn.persona.value}: {text}")
    return [
        turn.status("persona", f"Selected {turn.persona.value}{sure}"),
        turn.reasoning_event(text),
    ]


def _new_steps(turn: Turn, plan: Sequence[PlannedAction]) -> list[PlannedAction]:
    """The plan less what already ran this turn (same action, same parameters) and less a
    lone DONE (nothing to run)."""
    ran = turn.ran | {_key(o.action, o.parameters) for o in turn.outcomes if o.ok}
    steps = [s for s in plan if _key(s.action, s.parameters) not in ran]
    if all(s.action == "DONE" for s in steps):
        return []
    return steps


def _key(action: str, parameters: dict[str, object]) -> str:
    return f"{action} {json.dumps(parameters, sort_keys=True, default=str)}"


def _learned(turn: Turn, outcomes: Sequence[ActionOutcome], known: str) -> bool:
    """Did a read find something not already in the turn's memories or earlier results?"""
    seen = {str(hit["memory"]["id"]) for hit in turn.memories}
    for outcome in outcomes:
        if not outcome.ok or outcome.result is None:
            continue
        if outcome.action == "RESEARCH":
            return True
        if outcome.action not in READS:
            continue
        if outcome.action == "SEARCH_MEMORIES":
            hits = outcome.result.get("hits") or []
            if any(str(h["memory"]["id"]) not in seen for h in hits):
                return True
            continue
        body = json.dumps(outcome.result, sort_keys=True, default=str)
        if body not in known and (outcome.result.get("count") or outcome.result.get("rows")):
            return True
    return False


def _summary(steps: Sequence[PlannedAction], outcomes: Sequence[ActionOutcome]) -> str:
    done = sum(1 for o in outcomes if o.ok)
    why = "; ".join(f"{s.action}: {s.reasoning}" for s in steps if s.reasoning)
    text = f"ran {len(outcomes)} actions ({done} ok, {len(outcomes) - done} failed)"
    return f"{text}. {why}" if why else text


def _signals(outcomes: Sequence[ActionOutcome]) -> dict[str, list[str]]:
    signals: dict[str, list[str]] = {}
    for outcome in outcomes:
        if outcome.ok and outcome.action in CONTROL_ACTIONS and outcome.result is not None:
            signals.setdefault(outcome.action, []).append(str(outcome.result.get("text", "")))
    return signals


def _offers(suggestions: Sequence[str], turn: Turn) -> list[str]:
    """Suggestions are offers: any that claims something was done is dropped."""
    count = turn.deps.settings.suggestions
    kept = [s.strip() for s in suggestions if s.strip() and unsupported_claim(s, ()) is None]
    return kept[:count]


async def answer(turn: Turn) -> Events:
    """The answer: what was done (said by the code as each round ran), then the model's answer
    in the persona's voice, streamed sentence by sentence, each checked against what ran.

    An answer that turns into JSON or code is stopped (``ANSWER_STOP``); when nothing of it is
    left, the turn answers from its results (:func:`_fallback_answer`)."""
    yield turn.status("answer", "Writing the answer...")
    done = done_text([o.report() for o in turn.outcomes])
    messages = answer_messages(
        turn.profile,
        turn.history(),
        turn.query,
        turn.memories_text(),
        done,
        turn.results_text(),
        turn.waiting_for,
    )
    settings = turn.deps.settings
    checker = ClaimFilter(Ran.of([o.report() for o in turn.outcomes], turn.query), said=done)
    stream = turn.deps.model.stream(
        messages,
        max_tokens=settings.answer_tokens,
        temperature=turn.profile.temperature,
        stop=ANSWER_STOP,
    )
    said = ""
    try:
        async with stream:
            async for delta in stream:
                if shown := checker.feed(delta):
                    said += shown
                    yield ChatEvent("content", {"content": shown})
        if shown := checker.flush():
            said += shown
            yield ChatEvent("content", {"content": shown})
        turn.usage.add(stream.completion.usage)
    except SentinelError as exc:
        yield turn.error("answer", f"the model failed while answering: {exc}")
    turn.answer += said
    if not said.strip() and (fallback := _fallback_answer(turn, done)):
        turn.answer += fallback
        yield ChatEvent("content", {"content": fallback})
    for sentence, claim in checker.removed:
        turn.removed_claims.append(sentence)
        turn.reasoning.append(f"removed from the answer (claims {claim}, which did not run)")
        yield turn.status("answer", f"Removed a claim of an action that did not run: {sentence}")


def _fallback_answer(turn: Turn, done: str) -> str:
    """What can be said without the model: what failed; "" when what was done (already
    shown: writes, listings, the memories found) says it all."""
    failed = [o.action for o in turn.outcomes if not o.ok]
    if failed:
        return f"These did not work: {', '.join(failed)}."
    return "" if done else "I could not write an answer this time."


async def suggest(turn: Turn) -> Events:
    """The decision's offers, when there are any (no model call of its own)."""
    if turn.deps.settings.suggestions and turn.suggestions:
        yield ChatEvent("suggestions", {"suggestions": turn.suggestions})
