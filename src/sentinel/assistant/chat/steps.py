"""The stages of a turn. Each is an async generator of events that fills the ``Turn``.

A stage whose model reply stays unusable after the model layer's repair round, or whose
provider fails, yields a visible ``error`` event and falls back to what is safe (the default
persona, an empty plan, "no more needed", no suggestions): a turn always answers and ends.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import TypeVar

from pydantic import BaseModel

from sentinel.assistant.chat.actions import CONTROL_ACTIONS
from sentinel.assistant.chat.events import ChatEvent
from sentinel.assistant.chat.personas import DEFAULT_PERSONA
from sentinel.assistant.chat.prompts import (
    answer_messages,
    persona_messages,
    planning_messages,
    reasoning_messages,
    reflection_messages,
    suggestions_messages,
)
from sentinel.assistant.chat.runtime import ActionOutcome
from sentinel.assistant.chat.schemas import (
    ActionPlan,
    PersonaChoice,
    PlannedAction,
    Reflection,
    Suggestions,
)
from sentinel.assistant.chat.state import Turn
from sentinel.assistant.memory.service import MAX_QUERY_CHARS
from sentinel.assistant.views import retrieval_view
from sentinel.errors import ModelOutputError, SentinelError
from sentinel.llm import Message, TruncatedOutputError, UsageTracker

M = TypeVar("M", bound=BaseModel)
Events = AsyncIterator[ChatEvent]


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


async def select_persona(turn: Turn) -> Events:
    """The model chooses the persona; it sets the system prompt and the temperature."""
    yield turn.status("persona", "Selecting persona mode...")
    messages = persona_messages(turn.query, turn.context_text(), turn.memories_text())
    choice = await ask(
        turn, "persona", messages, PersonaChoice, turn.deps.settings.planning_temperature
    )
    if isinstance(choice, ChatEvent):
        yield choice
        turn.persona, turn.confidence = DEFAULT_PERSONA, None
        text = f"persona selection failed; using {DEFAULT_PERSONA.value}"
    else:
        turn.persona, turn.confidence = choice.selected_mode, choice.confidence
        text = choice.reasoning or f"selected {choice.selected_mode.value}"
    turn.reasoning.append(f"persona {turn.persona.value}: {text}")
    sure = "" if turn.confidence is None else f" (confidence {turn.confidence:.2f})"
    yield turn.status("persona", f"Selected {turn.persona.value}{sure}")
    yield turn.reasoning_event(text)


async def react(turn: Turn) -> Events:
    """Reason → plan → act → reflect, at most ``max_iterations`` times."""
    runtime = turn.deps.runtime
    settings = turn.deps.settings
    while turn.iterations < turn.max_iterations:
        turn.iterations += 1
        n = turn.iterations
        yield turn.status("reasoning", f"Analyzing query (iteration {n})...")
        reasoning = await _reason(turn)
        if isinstance(reasoning, ChatEvent):
            yield reasoning
            reasoning = ""
        else:
            turn.reasoning.append(reasoning)
            yield turn.reasoning_event(reasoning)
        yield turn.status("planning", "Planning actions...")
        messages = planning_messages(
            turn.query,
            reasoning or turn.query,
            runtime.catalogue(),
            turn.results_text(),
            settings.max_actions_per_plan,
        )
        plan = await ask(turn, "planning", messages, ActionPlan, settings.planning_temperature)
        if isinstance(plan, ChatEvent):
            yield plan
            return
        steps = plan.actions
        if not steps:
            return
        names = ", ".join(step.action for step in steps)
        yield turn.status("actions", f"Executing {len(steps)} actions: {names}")
        outcomes = await runtime.run_plan(
            turn.turn_id, steps, parallel=turn.request.parallel_actions
        )
        turn.outcomes.extend(outcomes)
        yield turn.reasoning_event(_summary(steps, outcomes), actions=outcomes)
        for problem in (o for o in outcomes if not o.ok):
            yield turn.error("actions", f"{problem.action} failed: {problem.error}")
        signals = _signals(outcomes)
        for explanation in signals.get("EXPLAIN", []):
            turn.reasoning.append(explanation)
        if "WAIT_USER" in signals:
            turn.waiting_for = signals["WAIT_USER"][0]
            return
        if "DONE" in signals:
            return
        if turn.iterations >= turn.max_iterations:
            yield turn.status("reflection", f"Iteration cap reached ({turn.max_iterations})")
            return
        if "NEED_MORE" in signals:
            continue
        yield turn.status("reflection", "Checking if more is needed...")
        reflection = await ask(
            turn,
            "reflection",
            reflection_messages(turn.query, reasoning, turn.results_text()),
            Reflection,
            settings.planning_temperature,
        )
        if isinstance(reflection, ChatEvent):
            yield reflection
            return
        turn.reasoning.append(f"reflection: {reflection.reason or reflection.needs_more}")
        yield turn.reasoning_event(reflection.reason or "", actions=None)
        if not reflection.needs_more:
            return


async def _reason(turn: Turn) -> str | ChatEvent:
    settings = turn.deps.settings
    messages = reasoning_messages(
        turn.profile,
        turn.query,
        turn.memories_text(),
        turn.deps.runtime.catalogue(),
        turn.results_text(),
        turn.iterations,
    )
    try:
        completion = await turn.deps.model.complete(
            messages, max_tokens=settings.reasoning_tokens, temperature=turn.profile.temperature
        )
    except SentinelError as exc:
        return turn.error("reasoning", f"the model failed at reasoning: {exc}")
    turn.usage.add(completion.usage)
    return completion.text.strip()


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


async def answer(turn: Turn) -> Events:
    """The answer, streamed as ``content`` deltas under the persona's prompt and temperature."""
    yield turn.status("answer", "Writing the answer...")
    messages = answer_messages(
        turn.profile, turn.history(), turn.memories_text(), turn.results_text(), turn.waiting_for
    )
    settings = turn.deps.settings
    stream = turn.deps.model.stream(
        messages, max_tokens=settings.answer_tokens, temperature=turn.profile.temperature
    )
    try:
        async with stream:
            async for delta in stream:
                turn.answer += delta
                yield ChatEvent("content", {"content": delta})
        turn.usage.add(stream.completion.usage)
    except SentinelError as exc:
        yield turn.error("answer", f"the model failed while answering: {exc}")
        fallback = _fallback_answer(turn)
        turn.answer += fallback
        yield ChatEvent("content", {"content": fallback})


def _fallback_answer(turn: Turn) -> str:
    """What can be said without the model: what was done."""
    done = [o.action for o in turn.outcomes if o.ok]
    failed = [o.action for o in turn.outcomes if not o.ok]
    text = "\n\nI could not write a full answer this time."
    if done:
        text += f" Done: {', '.join(done)}."
    if failed:
        text += f" Failed: {', '.join(failed)}."
    return text


async def suggest(turn: Turn) -> Events:
    """Proactive suggestions (never actions taken)."""
    count = turn.deps.settings.suggestions
    if count == 0:
        return
    yield turn.status("suggestions", "Generating suggestions...")
    got = await ask(
        turn,
        "suggestions",
        suggestions_messages(turn.query, turn.answer, turn.results_text(), count),
        Suggestions,
        turn.profile.temperature,
    )
    if isinstance(got, ChatEvent):
        yield got
        return
    turn.suggestions = [s.strip() for s in got.suggestions if s.strip()][:count]
    yield ChatEvent("suggestions", {"suggestions": turn.suggestions})
