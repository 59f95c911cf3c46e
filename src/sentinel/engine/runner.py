"""What the engine runs: one iteration of a monitor, given as an injectable coroutine function.

The engine does not know what a run does (sense, govern, notify); it knows when to start one,
how long it may hold the monitor, and what to do with the outcome. A runner is any coroutine
function ``runner(monitor_id, run_id)`` returning something shaped like :class:`RunResult`, so
tests drive the engine with fakes and the CLI wires ``sentinel.monitor.run.execute_run`` in.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from sentinel.storage import MonitorRecord, Transaction

SUCCEEDED = "succeeded"
SKIPPED_NO_CHANGE = "skipped-no-change"
SKIPPED_NOTHING_READ = "skipped-nothing-read"
FAILED = "failed"
RETRYING = "retrying"
SUCCESS_STATUSES = frozenset({SUCCEEDED, SKIPPED_NO_CHANGE, SKIPPED_NOTHING_READ})
FAILURE_STATUSES = frozenset({FAILED, RETRYING})


class RunResult(Protocol):
    """The outcome of one run as the engine reads it.

    ``status`` is ``succeeded``, ``skipped-no-change``, ``skipped-nothing-read``, ``failed`` or
    ``retrying`` (the last two
    are treated alike: the engine's retry policy decides). ``error_category`` names the kind of
    failure (``rate_limit``, ``network``, ``model``, ``provider``, ``user``). ``next_run_at`` is
    when the monitor should run next after a success (None: let the engine pick its fallback).
    ``notified`` is truthy when the run wrote notifications to the outbox. A result may also
    carry ``recorded`` (truthy: the runner wrote its run record and the schedule itself, as
    ``sentinel.monitor.run`` does); after a success the engine then writes nothing.
    """

    @property
    def status(self) -> str:
        """How the run ended."""
        ...

    @property
    def error_category(self) -> str | None:
        """Why it failed, as a category; None after a success."""
        ...

    @property
    def error(self) -> str | None:
        """What went wrong, for people."""
        ...

    @property
    def next_run_at(self) -> datetime | None:
        """When the monitor should run next, as the run decided."""
        ...

    @property
    def notified(self) -> object:
        """Truthy when notifications were enqueued."""
        ...


Runner = Callable[[int, int], Awaitable[RunResult]]
"""``await runner(monitor_id, run_id)``: perform the run the engine recorded as ``run_id``."""


class PreparingRunner(Protocol):
    """A :data:`Runner` that also reads what its runs start from in the claim's transaction,
    for the whole batch at once, instead of a read transaction per run (the engine calls
    ``prepare`` when the runner has it): ``claimed`` pairs each monitor, as the claim leased
    it, with its pending run's id. ``prepare`` only reads; the run that follows is the
    runner's call with that id."""

    def __call__(self, monitor_id: int, run_id: int) -> Awaitable[RunResult]:
        """Perform the run (see :data:`Runner`)."""
        ...

    async def prepare(
        self, tx: Transaction, claimed: Sequence[tuple[MonitorRecord, int]], now: datetime
    ) -> None:
        """Read what the ``claimed`` runs start from, in the claim's transaction ``tx``."""
        ...


@dataclass(frozen=True, slots=True)
class RunnerResult:
    """A plain :class:`RunResult`, for runners that have no richer outcome type."""

    status: str
    error_category: str | None = None
    error: str | None = None
    next_run_at: datetime | None = None
    notified: bool = False
