"""Every statement of the engine's hot path finds its rows through an index, on both backends,
and a run costs the same number of statements and transactions whatever the number of monitors.

The statements are collected from a real engine tick (SQLAlchemy's ``before_cursor_execute``):
reaping a dead worker's lease, claiming in batches, opening runs, a runner that does a monitor
run's storage calls (``sentinel.monitor.recording``: mark running, read the latest state and
runs, append a state, finish, enqueue a notification, record the run, complete), settling, the
wake-up time, and the delivery worker draining the outbox. A new query on that path is checked
without being listed here.
"""

from __future__ import annotations

from datetime import timedelta

from sentinel.clock import VirtualClock
from sentinel.engine import Engine, Runner, RunnerResult
from sentinel.notify import DeliveryWorker
from sentinel.notify.channels.base import DeliveryRequest
from sentinel.storage import Database, MonitorState, NewMonitor, RunEnding, RunStatus
from sentinel.storage.statements import Statement, StatementLog
from tests.engine.fakes import FakeRunner
from tests.storage.plans import _sqlite_line_is_a_scan, plan_problems

LEASE_S = 60.0


class RecordingChannel:
    """A webhook channel that keeps what it was asked to send (no network needed here)."""

    kind = "webhook"

    def __init__(self) -> None:
        self.sent: list[DeliveryRequest] = []

    async def send(self, request: DeliveryRequest) -> None:
        self.sent.append(request)


def recording_runner(db: Database, clock: VirtualClock) -> Runner:
    """A runner making a monitor run's storage calls, notifying and completing every third."""

    async def run(monitor_id: int, run_id: int) -> RunnerResult:
        now = clock.now()
        notify = monitor_id % 3 == 0
        async with db.transaction() as tx:
            await tx.runs.mark_running(run_id, started_at=now)
            await tx.states.latest(monitor_id)
            await tx.runs.for_monitor(monitor_id, limit=20)
            state = await tx.states.append(monitor_id, state={"seen": 1}, now=now, run_id=run_id)
            outcome = RunEnding(RunStatus.SUCCEEDED, state_version=state.version)
            await tx.runs.finish(run_id, outcome, finished_at=now)
            if notify:
                await tx.outbox.enqueue(
                    monitor_id=monitor_id,
                    run_id=run_id,
                    channel={"kind": "webhook", "url": "http://127.0.0.1:9/hook"},
                    payload={"message": "it happened"},
                    idempotency_key=f"run-{run_id}",
                    now=now,
                )
            await tx.monitors.get(monitor_id)
            await tx.monitors.record_run(
                monitor_id, "plans", ran_at=now, next_run_at=now + timedelta(days=1)
            )
            if notify:
                await tx.monitors.transition(
                    monitor_id, MonitorState.COMPLETED, now=now, expected=MonitorState.ACTIVE
                )
        return RunnerResult("succeeded", next_run_at=now + timedelta(days=1), notified=notify)

    return run


async def create(db: Database, count: int, clock: VirtualClock, prefix: str = "m") -> list[int]:
    async with db.transaction() as tx:
        news = [
            NewMonitor(name=f"{prefix}-{i}", original_query=f"q {i}", action_criteria="it")
            for i in range(count)
        ]
        return await tx.monitors.create_many(news, now=clock.now())


async def hot_path(db: Database, clock: VirtualClock) -> list[Statement]:
    """The statements of one tick over due monitors, a dead worker's lease and the outbox."""
    await create(db, 7, clock)
    async with db.transaction() as tx:
        [dead] = await tx.monitors.claim_due(clock.now(), "dead-worker", LEASE_S, 1)
        await tx.runs.start(dead.id, scheduled_at=clock.now(), started_at=clock.now())
    clock.advance(timedelta(seconds=LEASE_S))
    channel = RecordingChannel()
    delivery = DeliveryWorker(db, {"webhook": channel}, clock, poll_s=3600)
    runner = recording_runner(db, clock)
    engine = Engine(db, runner, clock, owner="plans", concurrency=3, delivery=delivery)
    with StatementLog(db) as log:
        report = await engine.tick()
    assert report.reaped == [dead.id]
    assert len(report.runs) == 7
    assert channel.sent, "the outbox was drained"
    return log.statements


async def test_no_hot_path_statement_reads_a_table_whole(
    any_db: Database, clock: VirtualClock
) -> None:
    db = any_db  # SQLite and PostgreSQL
    statements = await hot_path(db, clock)
    verbs = {statement.verb for statement in statements}
    assert {"SELECT", "UPDATE", "INSERT"} <= verbs
    problems = {}
    for statement in {s.sql: s for s in statements}.values():
        if found := await plan_problems(db, statement):
            problems[statement.sql] = found
    assert problems == {}, "\n".join(f"{k}\n  {v}" for k, v in problems.items())


async def test_the_plan_check_catches_the_scan_of_every_active_monitor(
    any_db: Database, clock: VirtualClock
) -> None:
    """The query of issue 13 (the leased monitors, filtered by state on the old index) and a
    plain scan are caught, so the check above can fail."""
    db = any_db
    await create(db, 3, clock)
    async with db.engine.begin() as connection:
        await connection.exec_driver_sql(
            "CREATE INDEX ix_monitors_state_next_run_at ON monitors (state, next_run_at)"
        )
    mark = ("?", "?") if db.backend == "sqlite" else ("$1", "$2")
    every_active = Statement(
        f"SELECT id FROM monitors WHERE state = {mark[0]} AND original_query = {mark[1]}",
        ("active", "q"),
        False,
    )
    # Issue 13's query: SQLite walked the state index for it (PostgreSQL takes the lease index).
    leased = Statement(
        "SELECT next_run_at, lease_expires_at FROM monitors WHERE state = "
        f"{mark[0]} AND next_run_at IS NOT NULL AND lease_expires_at IS NOT NULL",
        ("active",),
        False,
    )
    scan = Statement("SELECT id FROM runs WHERE error_message = " + mark[0], ("x",), False)
    try:
        assert await plan_problems(db, every_active) != []
        assert await plan_problems(db, scan) != []
        if db.backend == "sqlite":
            assert await plan_problems(db, leased) != []
    finally:
        async with db.engine.begin() as connection:
            await connection.exec_driver_sql("DROP INDEX ix_monitors_state_next_run_at")


def test_sqlite_plan_lines_are_judged_by_what_they_read() -> None:
    assert _sqlite_line_is_a_scan("SCAN monitors")
    assert _sqlite_line_is_a_scan("SCAN runs USING COVERING INDEX ix_runs_status")
    assert _sqlite_line_is_a_scan(
        "SEARCH monitors USING INDEX ix_monitors_state_next_run_at (state=? AND next_run_at>?)"
    )
    assert not _sqlite_line_is_a_scan("SEARCH monitors USING INDEX ix_monitors_due (next_run_at<?)")
    assert not _sqlite_line_is_a_scan(
        "SEARCH monitors USING INDEX ix_monitors_leased (lease_expires_at>?)"
    )
    assert not _sqlite_line_is_a_scan("SEARCH runs USING INTEGER PRIMARY KEY (rowid=?)")
    assert not _sqlite_line_is_a_scan("SCAN api_keys")


async def counts_per_run(db: Database, clock: VirtualClock, idle: int) -> tuple[float, float]:
    """Statements and transactions per run of a tick over 12 due monitors, beside ``idle``
    monitors that are not due (their first run is a month away)."""
    later = clock.now() + timedelta(days=30)
    async with db.transaction() as tx:
        await tx.monitors.create_many(
            [
                NewMonitor(
                    name=f"idle-{i}", original_query="q", action_criteria="c", first_run_at=later
                )
                for i in range(idle)
            ],
            now=clock.now(),
        )
    await create(db, 12, clock, prefix="due")
    runner = FakeRunner(clock, default=RunnerResult("succeeded", next_run_at=later))
    # One at a time: every round claims one, so the count is the same on every machine.
    engine = Engine(db, runner, clock, concurrency=1)
    with StatementLog(db) as log:
        report = await engine.tick()
    runs = len(report.runs)
    assert runs == 12
    return len(log.statements) / runs, log.transactions / runs


async def test_a_run_costs_the_same_statements_and_transactions_at_any_number_of_monitors(
    any_db: Database, clock: VirtualClock
) -> None:
    db = any_db  # SQLite and PostgreSQL
    few = await counts_per_run(db, clock, idle=5)
    async with db.engine.begin() as connection:
        await connection.exec_driver_sql("DELETE FROM monitors")
    many = await counts_per_run(db, clock, idle=2000)
    assert many == few
    statements, transactions = few
    # Claim (reap, select, update, newest run, insert), settle (read, finish, record), and
    # once per tick the empty claim and the wake-up time. Was 20 statements in 3 transactions.
    assert statements <= 8.5, f"{statements} statements per run"
    assert transactions <= 2.1, f"{transactions} transactions per run"
