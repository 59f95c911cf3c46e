"""Scripted runners for the engine tests: they record every call and return what they are told.

A ``FakeRunner`` answers each monitor's runs from a script of steps; a step is a result, a
result factory ``(clock) -> RunnerResult``, an exception to raise, or a ``Pause`` that waits
(on the clock or on an event) before answering.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sentinel.clock import Clock
from sentinel.engine import RunnerResult
from sentinel.engine.waiting import idle


@dataclass(frozen=True)
class Pause:
    """Wait ``seconds`` on the clock, or until ``until`` is set, then answer ``then``."""

    then: RunnerResult
    seconds: float = 0.0
    until: asyncio.Event | None = None


Step = RunnerResult | Pause | BaseException | Callable[[Clock], RunnerResult]


@dataclass(frozen=True)
class Call:
    """One call of the runner."""

    monitor_id: int
    run_id: int
    at: datetime


@dataclass
class FakeRunner:
    """Answers runs from per-monitor scripts (``default`` once a script is spent)."""

    clock: Clock
    default: Step = field(default_factory=lambda: RunnerResult("succeeded"))
    scripts: dict[int, deque[Step]] = field(default_factory=lambda: defaultdict(deque))
    calls: list[Call] = field(default_factory=list)
    running: int = 0
    max_running: int = 0
    started: asyncio.Event = field(default_factory=asyncio.Event)

    def script(self, monitor_id: int, steps: Iterable[Step]) -> None:
        """Answer ``monitor_id``'s next runs with ``steps``, in order."""
        self.scripts[monitor_id].extend(steps)

    def runs_of(self, monitor_id: int) -> list[Call]:
        """The calls made for one monitor."""
        return [call for call in self.calls if call.monitor_id == monitor_id]

    async def __call__(self, monitor_id: int, run_id: int) -> RunnerResult:
        self.calls.append(Call(monitor_id, run_id, self.clock.now()))
        self.started.set()
        script = self.scripts[monitor_id]
        step = script.popleft() if script else self.default
        self.running += 1
        self.max_running = max(self.max_running, self.running)
        try:
            return await self._answer(step)
        finally:
            self.running -= 1

    async def _answer(self, step: Step) -> RunnerResult:
        if isinstance(step, BaseException):
            raise step
        if isinstance(step, Pause):
            if step.until is not None:
                with idle(self.clock):
                    await step.until.wait()
            if step.seconds:
                await self.clock.sleep(step.seconds)
            return step.then
        if isinstance(step, RunnerResult):
            return step
        return step(self.clock)


def succeed_in(delta: timedelta) -> Callable[[Clock], RunnerResult]:
    """A step that succeeds and asks to run again ``delta`` after now."""
    return lambda clock: RunnerResult("succeeded", next_run_at=clock.now() + delta)


def fail(category: str, message: str = "boom") -> RunnerResult:
    """A failed result of ``category``."""
    return RunnerResult("failed", error_category=category, error=message)
