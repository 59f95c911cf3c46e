"""The Temporal engine's share of ``sentinel bench engine``: its overhead per monitor run.

N monitors, each due once, a runner that does no web work (it returns at once with the next
run a day away), and one Temporal worker in this process against a ``temporal server
start-dev`` on loopback. Per run the engine does what it does in production: the workflow
reads the schedule (an activity), runs the iteration (an activity: claim, run record, settle,
schedule, in the database), reads the schedule again and sets a durable timer. Measured:

- ``start_s``: starting the N workflows (what ``sentinel worker`` does at start for monitors
  that have none, and front ends do one at a time);
- ``runs_per_s``: runs finished per second while all N are due at once (a backlog, so this is
  the engine's throughput, not the offered load);
- CPU ms per run, of this process (the worker: SDK, activities, database client) and of the
  Temporal server process (its history, matching and persistence, in memory here);
- the p50/p99 of how late a run started after its due time, in that backlog.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import update
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client

from sentinel.clock import SystemClock
from sentinel.engine.engine import Engine
from sentinel.engine.runner import Runner, RunnerResult
from sentinel.engine.temporal.activities import MonitorActivities
from sentinel.engine.temporal.client import TemporalMonitors, connect
from sentinel.engine.temporal.devserver import DevServer
from sentinel.engine.temporal.settings import EngineSettings
from sentinel.engine.temporal.worker import WorkerOptions, serve_temporal
from sentinel.errors import ConfigError, InvalidInput
from sentinel.storage import Database, NewMonitor, open_database
from sentinel.storage.models import Monitor

CREATE_BATCH = 500
TASK_SAMPLE = 100
"""Workflows whose histories are read for the workflow task times."""
SLOW_TASK_S = 5.0
BENCH_QUEUE = "sentinel-bench"


@dataclass(frozen=True)
class TemporalBenchResult:
    """One engine's measurements at one size (see the module documentation); the embedded
    engine has no workflows to start (``start_s`` 0) and no server process."""

    engine: str
    monitors: int
    runs: int
    create_s: float
    start_s: float
    run_s: float
    runs_per_s: float
    worker_cpu_ms_per_run: float
    server_cpu_ms_per_run: float | None
    lag_p50_s: float
    lag_p99_s: float
    concurrency: int
    database: str
    workflow_task_p99_s: float | None = None
    workflow_task_max_s: float | None = None
    workflow_tasks_over_5s: int | None = None
    workflow_tasks_sampled: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON object."""
        return asdict(self)


def process_cpu_s(pid: int) -> float | None:
    """CPU seconds (user + system) used so far by process ``pid``; None off Linux."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


async def create_due_monitors(db: Database, count: int, *, due: datetime) -> list[int]:
    """``count`` monitors due at ``due``, created ``CREATE_BATCH`` per transaction."""
    ids: list[int] = []
    stamp = f"{time.time_ns():x}"
    for start in range(0, count, CREATE_BATCH):
        async with db.transaction() as tx:
            for index in range(start, min(count, start + CREATE_BATCH)):
                record = await tx.monitors.create(
                    NewMonitor(
                        name=f"bench-{stamp}-{index}",
                        original_query=f"Tell me when event {index} happens",
                        action_criteria="it happened",
                    ),
                    now=due,
                )
                ids.append(record.id)
    return ids


async def measure_temporal(
    db: Database,
    settings: EngineSettings,
    monitors: int,
    *,
    concurrency: int = 32,
    server_pid: int | None = None,
    timeout_s: float = 3600.0,
    workflow_tasks: int = WorkerOptions.workflow_tasks,
) -> TemporalBenchResult:
    """Run ``monitors`` monitors once each on the Temporal engine and measure it."""
    if monitors < 1:
        raise InvalidInput("monitors", monitors, "must be at least 1")
    clock = SystemClock()
    client = await connect(settings)
    queue = f"{BENCH_QUEUE}-{time.time_ns():x}"
    began = time.perf_counter()
    ids = await create_due_monitors(db, monitors, due=clock.now())
    create_s = time.perf_counter() - began
    # Due from the moment the workflows exist: the lag measures the engine, not the setup.
    started = time.perf_counter()
    await TemporalMonitors(client, queue).ensure_all(db, ids)
    start_s = time.perf_counter() - started
    due, t0 = clock.now(), time.perf_counter()
    async with db.transaction() as tx:
        await tx.session.execute(update(Monitor).where(Monitor.id.in_(ids)).values(next_run_at=due))

    lags: list[float] = []
    done = asyncio.Event()

    def runner_for(owner: str) -> Runner:
        return _noop_runner(clock, due, lags, monitors, done)

    activities = MonitorActivities(db, clock, runner_for)
    options = WorkerOptions(
        queue,
        concurrency=concurrency,
        grace_s=5,
        ensure_existing=False,
        workflow_tasks=workflow_tasks,
    )
    stop = asyncio.Event()
    cpu0, server0 = time.process_time(), _cpu(server_pid)
    serving = asyncio.ensure_future(serve_temporal(client, activities, options, stop))
    try:
        await asyncio.wait_for(done.wait(), timeout_s)
        run_s = time.perf_counter() - t0
        cpu1, server1 = time.process_time(), _cpu(server_pid)
    finally:
        stop.set()
        await serving
    server_cpu = server1 - server0 if server0 is not None and server1 is not None else None
    result = _result(
        "temporal",
        monitors,
        lags,
        create_s,
        start_s,
        run_s,
        cpu1 - cpu0,
        server_cpu,
        db,
        concurrency=concurrency,
    )
    times = sorted(await workflow_task_times(client, queue, TASK_SAMPLE))
    if not times:
        return result
    return replace(
        result,
        workflow_task_p99_s=round(times[min(len(times) - 1, int(0.99 * len(times)))], 3),
        workflow_task_max_s=round(times[-1], 3),
        workflow_tasks_over_5s=sum(1 for t in times if t > SLOW_TASK_S),
        workflow_tasks_sampled=len(times),
    )


async def workflow_task_times(client: Client, queue: str, sample: int) -> list[float]:
    """How long each workflow task of up to ``sample`` workflows of ``queue`` took, from
    its start on a worker to its completion (seconds, from their histories)."""
    times: list[float] = []
    seen = 0
    async for execution in client.list_workflows(f"TaskQueue = '{queue}'"):
        if seen >= sample:
            break
        seen += 1
        handle = client.get_workflow_handle(execution.id, run_id=execution.run_id)
        history = await handle.fetch_history()
        started: dict[int, datetime] = {}
        for event in history.events:
            if event.event_type == EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED:
                started[event.event_id] = event.event_time.ToDatetime()
            elif event.event_type == EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED:
                attributes = event.workflow_task_completed_event_attributes
                began = started.get(attributes.started_event_id)
                if began is not None:
                    times.append((event.event_time.ToDatetime() - began).total_seconds())
    return times


def _result(
    engine: str,
    monitors: int,
    lags: list[float],
    create_s: float,
    start_s: float,
    run_s: float,
    cpu_s: float,
    server_cpu_s: float | None,
    db: Database,
    *,
    concurrency: int = 32,
) -> TemporalBenchResult:
    runs = len(lags)
    if runs == 0:
        raise InvalidInput("monitors", monitors, "ran none: nothing to measure")
    ordered = sorted(lags)
    return TemporalBenchResult(
        engine=engine,
        monitors=monitors,
        runs=runs,
        create_s=round(create_s, 2),
        start_s=round(start_s, 2),
        run_s=round(run_s, 2),
        runs_per_s=round(runs / run_s, 1),
        worker_cpu_ms_per_run=round(cpu_s * 1000 / runs, 2),
        server_cpu_ms_per_run=(
            round(server_cpu_s * 1000 / runs, 2) if server_cpu_s is not None else None
        ),
        lag_p50_s=round(statistics.median(ordered), 2),
        lag_p99_s=round(ordered[min(runs - 1, int(0.99 * runs))], 2),
        concurrency=concurrency,
        database=db.backend,
    )


def _noop_runner(
    clock: SystemClock, due: datetime, lags: list[float], monitors: int, done: asyncio.Event
) -> Runner:
    """A runner that does no web work: it notes how late it started and asks for tomorrow."""

    async def run(monitor_id: int, run_id: int) -> RunnerResult:
        now = clock.now()
        lags.append((now - due).total_seconds())
        if len(lags) >= monitors:
            done.set()
        return RunnerResult("succeeded", next_run_at=now + timedelta(days=1))

    return run


async def measure_embedded(
    db: Database, monitors: int, *, concurrency: int = 32
) -> TemporalBenchResult:
    """The baseline: the same monitors, runner and database on the embedded engine
    (``Engine.tick``: every due monitor once, ``concurrency`` at a time)."""
    clock = SystemClock()
    began = time.perf_counter()
    ids = await create_due_monitors(db, monitors, due=clock.now())
    create_s = time.perf_counter() - began
    due, t0 = clock.now(), time.perf_counter()
    async with db.transaction() as tx:
        await tx.session.execute(update(Monitor).where(Monitor.id.in_(ids)).values(next_run_at=due))
    lags: list[float] = []
    runner = _noop_runner(clock, due, lags, monitors, asyncio.Event())
    engine = Engine(db, runner, clock, concurrency=concurrency)
    cpu0 = time.process_time()
    await engine.tick()
    run_s, cpu1 = time.perf_counter() - t0, time.process_time()
    return _result(
        "embedded",
        monitors,
        lags,
        create_s,
        0.0,
        run_s,
        cpu1 - cpu0,
        None,
        db,
        concurrency=concurrency,
    )


def _cpu(pid: int | None) -> float | None:
    return process_cpu_s(pid) if pid is not None else None


DEFAULT_PG_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"


async def measure_temporal_sizes(
    sizes: list[int],
    *,
    pg_server: str = DEFAULT_PG_SERVER,
    concurrency: int = 32,
    log_dir: Path | None = None,
    workflow_tasks: int = WorkerOptions.workflow_tasks,
) -> list[TemporalBenchResult]:
    """Measure each size on the embedded engine, then on a fresh Temporal dev server, each on
    a fresh PostgreSQL database (created on ``pg_server``, migrated, dropped afterwards)."""
    results = []
    for size in sizes:
        async with scratch_database(pg_server) as db:
            results.append(await measure_embedded(db, size, concurrency=concurrency))
        log = log_dir / f"temporal-{size}.log" if log_dir is not None else None
        with DevServer(log=log) as server:
            settings = EngineSettings(temporal_address=server.address)
            async with scratch_database(pg_server) as db:
                results.append(
                    await measure_temporal(
                        db,
                        settings,
                        size,
                        concurrency=concurrency,
                        server_pid=server.pid,
                        workflow_tasks=workflow_tasks,
                    )
                )
    return results


@asynccontextmanager
async def scratch_database(pg_server: str) -> AsyncIterator[Database]:
    """A new, migrated PostgreSQL database on ``pg_server``, dropped at the end."""
    import asyncpg

    name = f"sentinel_bench_{os.getpid()}_{time.time_ns():x}"
    try:
        admin = await asyncpg.connect(pg_server, timeout=5)
    except (OSError, asyncpg.PostgresError) as error:
        raise ConfigError(f"PostgreSQL at {pg_server} is unreachable: {error}") from None
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    base = pg_server.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)
    db = await open_database(f"{base}/{name}")
    try:
        yield db
    finally:
        await db.close()
        admin = await asyncpg.connect(pg_server, timeout=5)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()
