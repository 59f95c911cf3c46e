"""One activation of one agent: step until ``should_act`` is false.

A step renders the context, calls the generating function, parses the reply and dispatches the
chosen action. A failed step is never silent: it is traced, and when the failure is the
model's to fix (bad JSON, unknown or unavailable action, invalid payload, an action that
raised, a refusal) the model's reply and the error are appended to its messages for the next
attempt. More than ``max_retries`` consecutive failures, or ``max_steps`` steps without
finishing, put the agent in the error state through ``fail_activation``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel

from sentinel.agents.actions import BoundAction
from sentinel.agents.agent import Agent
from sentinel.agents.builtins import AgentControls
from sentinel.agents.config import Generation, Message
from sentinel.agents.errors import ActionFailed, GenerationFailed, StepError
from sentinel.agents.parsing import parse_action_call
from sentinel.agents.trace import Trace, TraceRecord
from sentinel.store import Delta, Store


class ContextFailed(StepError):
    """Rendering the context raised: an app bug, so the model is not told."""

    feedback = False


@dataclass
class _Step:
    """What one step produced, filled in as it goes, then turned into a trace record."""

    number: int
    started_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    t0: float = field(default_factory=time.perf_counter)
    generation: Generation | None = None
    action: str | None = None
    payload: dict[str, Any] | None = None
    result: str | None = None
    error: StepError | None = None
    note: Literal["error_state"] | None = None


@dataclass
class Activation:
    """Runs one activation; ``number`` is the agent's activation count once it began."""

    agent: Agent[Any]
    store: Store[Any]
    controls: AgentControls
    trace: Trace
    stopping: Callable[[], bool]
    number: int = 0
    feedback: list[Message] = field(default_factory=list)

    async def run(self) -> None:
        """Step until the agent stops acting, fails, or the app stops; status ends consistent."""
        agent = self.agent
        self.store.dispatch(self.controls.begin)
        self.number = agent.get_agent_state().activations
        steps = failures = 0
        try:
            while agent.get_agent_state().should_act and not self.stopping():
                if steps >= agent.max_steps:
                    self._fail(
                        f"step limit reached: {agent.max_steps} steps in one activation "
                        f"without finishing",
                        steps,
                    )
                    break
                steps += 1
                if not self._limit_intact(steps):
                    break
                step = await self._step(steps)
                if step.error is None:
                    failures = 0
                    self.feedback.clear()
                    continue
                failures += 1
                if failures > agent.max_retries:
                    self._fail(
                        f"gave up after {failures} consecutive failed steps; "
                        f"last error: {step.error}",
                        steps,
                    )
                    break
        finally:
            # Runs on cancellation too: the dispatch is synchronous, so it cannot be cut short.
            if agent.get_agent_state().status == "running":
                self.store.dispatch(self.controls.end)

    def _limit_intact(self, step: int) -> bool:
        # The limit in the store must match the agent's code; a snapshot or an action that
        # swapped the whole AgentState could otherwise widen it.
        in_store = self.agent.get_agent_state().available_actions
        if in_store == self.agent.available_actions:
            return True
        self._fail(
            f"available_actions in the store {sorted(in_store)} differ from the agent's "
            f"limit {sorted(self.agent.available_actions)}; refusing to act",
            step,
        )
        return False

    def _fail(self, message: str, step: int) -> None:
        self.store.dispatch(self.controls.fail, error=message)
        self._record(_Step(number=step, note="error_state"), error_text=message)

    async def _step(self, number: int) -> _Step:
        step = _Step(number)
        try:
            await self._attempt(step)
        except asyncio.CancelledError:
            step.error = StepError("cancelled by shutdown before the action committed")
            self._record(step)
            raise
        except StepError as exc:
            step.error = exc
            if exc.feedback and step.generation is not None:
                self.feedback += [
                    Message("assistant", step.generation.text),
                    Message("user", f"Error: {exc}. Reply again with one valid action."),
                ]
        self._record(step)
        return step

    async def _attempt(self, step: _Step) -> None:
        agent = self.agent
        try:
            config = agent.build_config(self.store.state, self.feedback)
        except Exception as exc:
            raise ContextFailed(
                f"rendering the context failed: {type(exc).__name__}: {exc}"
            ) from exc
        try:
            step.generation = await agent.generate(config)
        except (asyncio.CancelledError, StepError):
            raise
        except Exception as exc:
            raise GenerationFailed(agent.name, exc) from exc
        if not agent.get_agent_state().should_act:
            step.result = "discarded: should_act became false while generating"
            return
        call = parse_action_call(step.generation.text)
        step.action, step.payload = call.action, call.payload
        bound, payload = agent.resolve(call)
        step.payload = payload.model_dump(mode="json")
        step.result = _describe(await self._dispatch(bound, payload))

    async def _dispatch(self, bound: BoundAction, payload: BaseModel) -> Delta:
        try:
            return await bound(payload)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            raise ActionFailed(bound.name, exc) from exc

    def _record(self, step: _Step, *, error_text: str | None = None) -> None:
        error = error_text if error_text is not None else (str(step.error) if step.error else None)
        generation = step.generation
        self.trace.append(
            TraceRecord(
                agent=self.agent.name,
                activation=self.number,
                step=step.number,
                event="step" if step.note is None else step.note,
                action=step.action,
                payload=step.payload,
                result=step.result if error is None else None,
                error=error,
                refused=bool(step.error is not None and step.error.refused),
                output=generation.text if generation else None,
                started_at=step.started_at,
                duration_s=time.perf_counter() - step.t0,
                usage=generation.usage if generation else None,
            )
        )


def _describe(delta: Delta) -> str:
    if not delta.changes:
        return "no change"
    paths = ", ".join(change.path for change in delta.changes)
    return f"committed #{delta.seq}: {paths}"
