"""The transactions of a run: start it, save the state, finish it with its schedule.

Three units of work, never nested (SQLite would deadlock on a second transaction in the same
task): :func:`load_run` reads what the run needs and starts its record; :func:`save_state`
appends the new state version on its own, before governing; :func:`finish_run` writes the
outcome, the outbox rows, the dedupe memory, the schedule and the completion at once.

A look that saw no change (most runs of a monitor that looks often) is written by
:func:`record_look_ending` instead: two short UPDATEs, the run closed compactly
(:class:`sentinel.storage.LookEnding`: no trace, a few bytes of decision and usage) and the
next run scheduled, in a transaction shared with the looks that end meanwhile
(:mod:`sentinel.storage.look_batch`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sentinel.llm import UsageTracker
from sentinel.monitor.models import SensorOutput
from sentinel.monitor.notifying.actuator import SENT_KEYS, remember_key, sent_keys
from sentinel.monitor.scheduling.history import HISTORY_DEPTH, RunHistory, read_history
from sentinel.monitor.sensing.prefilter import SourceSnapshot
from sentinel.monitor.sensing.result import SensorResult
from sentinel.monitor.sensing.stored_snapshot import snapshot_to_json
from sentinel.notify import NotificationPayload, enqueue_notification
from sentinel.storage import (
    Database,
    LookEnding,
    MonitorRecord,
    MonitorState,
    RecordNotFound,
    RunEnding,
    RunRecord,
    RunStatus,
    StateVersionRecord,
    Transaction,
)
from sentinel.storage.look_batch import LookWrite, write_one


@dataclass(frozen=True)
class NotRunnable:
    """Why a run did not start: the monitor is gone or not active, or ``run_id`` is not a
    pending run of this monitor. Nothing was written."""

    reason: str


@dataclass(frozen=True)
class LoadedRun:
    """What a run starts from: the monitor, its latest state, its run history, its record."""

    monitor: MonitorRecord
    latest: StateVersionRecord | None
    history: RunHistory
    run: RunRecord
    now: datetime

    @property
    def attempt(self) -> int:
        """This run's place in a retry chain (0: a regular run). A pending run created by the
        engine carries the engine's count, which then wins: it drives the engine's budgets."""
        return self.run.retry_count

    @property
    def previous_state(self) -> dict[str, Any] | None:
        """The latest sensed state, when it is a JSON object."""
        state = self.latest.state if self.latest else None
        return state if isinstance(state, dict) else None


@dataclass(frozen=True)
class PeekedRun:
    """What a run starts from, read without starting it: the monitor, its latest state, its
    run history, the pending run the engine created (None: none was given)."""

    monitor: MonitorRecord
    latest: StateVersionRecord | None
    history: RunHistory
    run_id: int | None
    now: datetime


async def peek_run(
    db: Database, monitor_id: int, *, run_id: int | None, now: datetime
) -> PeekedRun | NotRunnable:
    """Read what a run needs in a transaction that only reads (nothing is written: the run
    is started by :func:`start_run`, or recorded at once by a look), or say why it cannot
    run."""
    async with db.reading() as tx:
        return await _read(tx, monitor_id, run_id=run_id, now=now)


async def peek_in(tx: Transaction, monitor_id: int, *, now: datetime) -> PeekedRun | NotRunnable:
    """:func:`peek_run` inside the caller's transaction (a driver that claims the monitor reads
    what its run starts from in the claim's transaction)."""
    return await _read(tx, monitor_id, run_id=None, now=now)


async def _read(
    tx: Transaction, monitor_id: int, *, run_id: int | None, now: datetime
) -> PeekedRun | NotRunnable:
    try:
        monitor = await tx.monitors.get(monitor_id)
    except RecordNotFound:
        return NotRunnable(f"monitor {monitor_id} does not exist")
    if monitor.state is not MonitorState.ACTIVE:
        return NotRunnable(f"monitor {monitor_id} is {monitor.state.value}, not active; not run")
    latest = await tx.states.latest(monitor_id)
    runs = await tx.runs.summaries(monitor_id, limit=HISTORY_DEPTH + 1)
    history = read_history([run for run in runs if run.id != run_id][:HISTORY_DEPTH])
    if run_id is not None:
        pending = next((run.status for run in runs if run.id == run_id), None)
        problem = await _not_pending(tx, run_id, monitor_id, pending)
        if problem is not None:
            return NotRunnable(problem)
    return PeekedRun(monitor, latest, history, run_id, now)


async def peek_claimed(
    tx: Transaction, claimed: Sequence[tuple[MonitorRecord, int]], *, now: datetime
) -> dict[int, PeekedRun]:
    """What the runs of monitors just claimed start from, read in the claim's transaction in
    two statements for the whole batch (the monitors come from the claim itself): for each
    ``(monitor, pending run id)``, the :class:`PeekedRun` keyed by the run's id. The runs are
    the engine's fresh pending ones, so nothing about them needs checking here."""
    if not claimed:
        return {}
    latest = await tx.states.latest_of([monitor.id for monitor, _ in claimed])
    histories = await tx.runs.summaries_of(
        [(monitor.id, run_id) for monitor, run_id in claimed], limit=HISTORY_DEPTH
    )
    return {
        run_id: PeekedRun(
            monitor, latest.get(monitor.id), read_history(histories[monitor.id]), run_id, now
        )
        for monitor, run_id in claimed
    }


async def start_run(db: Database, peeked: PeekedRun) -> LoadedRun:
    """Start the run :func:`peek_run` read: mark the engine's pending run running, or
    record a new running one."""
    async with db.transaction() as tx:
        return await _start(tx, peeked)


async def _start(tx: Transaction, peeked: PeekedRun) -> LoadedRun:
    monitor, now = peeked.monitor, peeked.now
    if peeked.run_id is not None:
        run = await tx.runs.mark_running(peeked.run_id, started_at=now)
    else:
        run = await tx.runs.start(
            monitor.id,
            scheduled_at=monitor.next_run_at or now,
            started_at=now,
            retry_count=peeked.history.attempt,
        )
    return LoadedRun(monitor, peeked.latest, peeked.history, run, now)


async def load_run(
    db: Database, monitor_id: int, *, run_id: int | None, now: datetime
) -> LoadedRun | NotRunnable:
    """Read the monitor, its latest state and history, and mark the run as running, in one
    transaction; or say why it cannot run (:class:`NotRunnable`, nothing written)."""
    async with db.transaction() as tx:
        peeked = await _read(tx, monitor_id, run_id=run_id, now=now)
        if isinstance(peeked, NotRunnable):
            return peeked
        return await _start(tx, peeked)


async def _not_pending(
    tx: Transaction, run_id: int, monitor_id: int, status: RunStatus | None
) -> str | None:
    """Why ``run_id`` is not a pending run of the monitor (``status``: its status when it is
    among the monitor's newest runs), or None."""
    if status is RunStatus.PENDING:
        return None
    try:
        pending = await tx.runs.get(run_id)
    except RecordNotFound:
        return f"run {run_id} does not exist"
    if pending.monitor_id != monitor_id:
        return f"run {run_id} belongs to monitor {pending.monitor_id}, not {monitor_id}"
    if pending.status is not RunStatus.PENDING:
        return f"run {run_id} is {pending.status.value}, not pending"
    return None


async def save_state(
    db: Database,
    loaded: LoadedRun,
    output: SensorOutput,
    baseline: SourceSnapshot,
    *,
    trace: list[dict[str, Any]],
    now: datetime,
) -> StateVersionRecord:
    """Record the sensed state (with the source snapshot for the next pre-filter) as a new
    version when it changed, adopt an accepted query refinement, and save the trace so far, in
    one transaction. An unchanged state returns the latest version (``version.run_id`` is then
    an earlier run's)."""
    async with db.transaction() as tx:
        version, _ = await tx.states.record(
            loaded.monitor.id,
            state=output.updated_state,
            now=now,
            volatility_hint=output.volatility_hint,
            evidence=[item.model_dump(mode="json") for item in output.evidence],
            fingerprints=snapshot_to_json(baseline),
            run_id=loaded.run.id,
        )
        if output.query_update and output.query_update != loaded.monitor.current_query:
            await tx.monitors.update(loaded.monitor.id, now=now, current_query=output.query_update)
        await tx.runs.save_trace(loaded.run.id, trace)
    return version


@dataclass(frozen=True)
class QueuedNotification:
    """A notification to queue with the run: the payload and the channels it goes to."""

    payload: NotificationPayload
    channels: Sequence[Mapping[str, Any]]
    dedupe_key: str


@dataclass(frozen=True)
class Finished:
    """What :func:`finish_run` wrote: whether the schedule was written (the lease was still
    ours), whether the monitor completed, and how many outbox rows were queued."""

    scheduled: bool
    completed: bool
    deliveries: int


async def finish_run(
    db: Database,
    loaded: LoadedRun,
    outcome: RunEnding,
    *,
    owner: str,
    next_run_at: datetime,
    now: datetime,
    delivery: QueuedNotification | None = None,
    complete: bool = False,
    forget_sent: bool = False,
    finished_at: datetime | None = None,
    context_update: Mapping[str, Any] | None = None,
) -> Finished:
    """Record the run's outcome, its notification, the dedupe memory (emptied when
    ``forget_sent``, see :func:`sentinel.monitor.notifying.dedupe.forgets_memory`) and the
    schedule (or the completion) in one transaction.

    ``now`` is the run's time (what it decided and scheduled from, its start); ``finished_at``
    the time it ended (default ``now``), so a run's duration can be read from its record."""
    monitor_id = loaded.monitor.id
    failed = outcome.error_category is not None
    async with db.transaction() as tx:
        await tx.runs.finish(loaded.run.id, outcome, finished_at=finished_at or now)
        rows = 0
        if delivery is not None:
            queued = await enqueue_notification(tx, delivery.payload, delivery.channels, now=now)
            rows = len(queued)
            current = await tx.monitors.get(monitor_id)
            await tx.monitors.update(
                monitor_id, now=now, context=remember_key(current.context, delivery.dedupe_key)
            )
        elif forget_sent:
            current = await tx.monitors.get(monitor_id)
            if sent_keys(current.context):
                context = {**current.context, SENT_KEYS: []}
                await tx.monitors.update(monitor_id, now=now, context=context)
        if context_update:
            current = await tx.monitors.get(monitor_id)
            context = {**current.context, **context_update}
            await tx.monitors.update(monitor_id, now=now, context=context)
        scheduled = await tx.monitors.record_run(
            monitor_id, owner, ran_at=now, next_run_at=next_run_at, failed=failed
        )
        completed = False
        if complete:
            state = (await tx.monitors.get(monitor_id)).state
            if state is MonitorState.ACTIVE:
                await tx.monitors.transition(
                    monitor_id, MonitorState.COMPLETED, now=now, expected=MonitorState.ACTIVE
                )
                completed = True
    return Finished(scheduled and not completed, completed, rows)


async def record_look_ending(
    db: Database, peeked: PeekedRun, look: LookEnding, *, owner: str, next_run_at: datetime
) -> tuple[int, bool]:
    """Record a look that saw no change and the next run, in one transaction: the engine's
    pending run (or a new one) closed as :class:`LookEnding` says, and the schedule written
    while ``owner`` holds the lease. The engine's runs share the transaction with the looks
    that end meanwhile (``Database.looks``, group commit). Returns the run's id and whether
    the schedule was written."""
    now, monitor = peeked.now, peeked.monitor
    if peeked.run_id is not None:
        # The engine's pending run: written with the looks that end meanwhile (group commit).
        write = LookWrite(peeked.run_id, monitor.id, owner, look, now, next_run_at)
        return peeked.run_id, await db.looks.record(write)
    async with db.transaction() as tx:
        started = await tx.runs.start(
            monitor.id,
            scheduled_at=monitor.next_run_at or now,
            started_at=now,
            retry_count=peeked.history.attempt,
        )
        write = LookWrite(started.id, monitor.id, owner, look, now, next_run_at)
        scheduled = await write_one(tx, write)
    return started.id, scheduled


def sensor_document(sensed: SensorResult) -> dict[str, Any] | None:
    """The run's ``sensor_output`` document: the cleaned output and what the checks refused."""
    report = sensed.report
    if report is None:
        return None
    document = report.output.model_dump(mode="json")
    document["dropped_evidence"] = list(report.dropped_evidence)
    document["reattributed"] = list(report.reattributed)
    if report.query_verdict is not None:
        document["query_verdict"] = report.query_verdict.reason
    return document


def summarize_usage(usage: UsageTracker, *, calls_saved: int = 0) -> dict[str, Any]:
    """The run's ``usage`` document: totals, model time, calls made and saved, per model."""
    total = usage.total
    return {
        "model_calls": total.requests,
        "calls_saved": calls_saved,
        "prompt_tokens": total.prompt_tokens,
        "completion_tokens": total.completion_tokens,
        "cached_tokens": total.cached_tokens,
        "model_s": round(usage.latency_s, 3),
        "by_model": {
            name: {
                "requests": u.requests,
                "prompt_tokens": u.prompt_tokens,
                "completion_tokens": u.completion_tokens,
            }
            for name, u in usage.by_model().items()
        },
    }
