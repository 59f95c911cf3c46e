"""What ``sentinel bench engine`` measures: the embedded engine's own cost per monitor run as
the number of monitors grows, with a runner that does no web work.

Per size N, on a fresh SQLite database:

- ``create_s``: creating the N monitors (``create_many``, one transaction);
- a backlog of ``runs`` monitors due at once among the N (the others due in a month): the
  engine runs each once (``Engine.tick``). ``runs_per_s`` is its throughput, ``cpu_ms_per_run``
  the CPU of this process per run (the engine, SQLAlchemy, the SQLite driver thread) and
  ``runs_per_cpu_s`` its inverse (what one core could run, whatever else loads the machine);
  ``statements_per_run``/``transactions_per_run`` what it sent to the database;
- scheduling lag: ``lag_runs`` monitors due one after another at ``lag_rate`` a second (well
  under the throughput) while the engine serves in real time: how late each run started
  after its due time (p50, p99) is the engine's reaction, not a queue;
- ``sentinel watch list`` over the N, in a child process: its wall time and peak RSS.
"""

from __future__ import annotations

import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import update

from sentinel.clock import SystemClock
from sentinel.engine.engine import Engine
from sentinel.engine.runner import Runner, RunnerResult
from sentinel.errors import InvalidInput
from sentinel.storage import Database, NewMonitor, open_database
from sentinel.storage.models import Monitor
from sentinel.storage.settings import sqlite_url
from sentinel.storage.statements import StatementLog

CREATE_CHUNK = 5000
IDLE_FOR = timedelta(days=30)


@dataclass(frozen=True)
class ScaleResult:
    """The measurements at one number of monitors (see the module documentation)."""

    monitors: int
    create_s: float
    runs: int
    run_s: float
    runs_per_s: float
    cpu_ms_per_run: float
    runs_per_cpu_s: float
    statements_per_run: float
    transactions_per_run: float
    lag_runs: int
    lag_p50_ms: float
    lag_p99_ms: float
    list_s: float | None
    list_cpu_s: float | None
    list_peak_rss_mb: float | None
    concurrency: int

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON object."""
        return asdict(self)


@dataclass(frozen=True)
class ScaleSettings:
    """How much to run at each size."""

    runs: int = 2000
    lag_runs: int = 300
    lag_rate: float = 20.0
    concurrency: int = 2
    time_list: bool = True

    def __post_init__(self) -> None:
        if self.runs < 1 or self.lag_runs < 0 or self.lag_rate <= 0 or self.concurrency < 1:
            raise InvalidInput("bench settings", self, "runs, rate and concurrency must be > 0")


async def measure_size(monitors: int, settings: ScaleSettings, directory: Path) -> ScaleResult:
    """Measure the engine with ``monitors`` monitors in a new SQLite file in ``directory``."""
    if monitors < 1:
        raise InvalidInput("monitors", monitors, "must be at least 1")
    path = directory / f"engine-{monitors}.db"
    db = await open_database(sqlite_url(path))
    try:
        clock = SystemClock()
        began = time.perf_counter()
        ids = await create_idle_monitors(db, monitors, clock.now() + IDLE_FOR)
        create_s = time.perf_counter() - began
        runs = min(settings.runs, monitors)
        backlog = await measure_backlog(db, ids[:: max(1, monitors // runs)][:runs], settings)
        lag_ids = ids[1 :: max(1, monitors // max(1, settings.lag_runs))][: settings.lag_runs]
        lags = await measure_lag(db, lag_ids, settings) if lag_ids else [0.0]
    finally:
        await db.close()
    listed = time_watch_list(path) if settings.time_list else (None, None, None)
    path.unlink(missing_ok=True)
    ordered = sorted(lags)
    run_s, cpu_s, statements, transactions = backlog
    return ScaleResult(
        monitors=monitors,
        create_s=round(create_s, 2),
        runs=runs,
        run_s=round(run_s, 2),
        runs_per_s=round(runs / run_s, 1),
        cpu_ms_per_run=round(cpu_s * 1000 / runs, 2),
        runs_per_cpu_s=round(runs / cpu_s, 1),
        statements_per_run=round(statements / runs, 2),
        transactions_per_run=round(transactions / runs, 2),
        lag_runs=len(lag_ids),
        lag_p50_ms=round(statistics.median(ordered) * 1000, 1),
        lag_p99_ms=round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 1),
        list_s=listed[0],
        list_cpu_s=listed[1],
        list_peak_rss_mb=listed[2],
        concurrency=settings.concurrency,
    )


async def create_idle_monitors(db: Database, count: int, due: datetime) -> list[int]:
    """``count`` monitors due at ``due``, in one transaction (the bulk path)."""
    ids: list[int] = []
    stamp = f"{time.time_ns():x}"
    async with db.transaction() as tx:
        for start in range(0, count, CREATE_CHUNK):
            news = [
                NewMonitor(
                    name=f"bench-{stamp}-{index}",
                    original_query=f"Tell me when event {index} happens",
                    action_criteria="it happened",
                    first_run_at=due,
                )
                for index in range(start, min(count, start + CREATE_CHUNK))
            ]
            ids += await tx.monitors.create_many(news, now=due - IDLE_FOR)
    return ids


async def make_due(db: Database, due_at: dict[int, datetime]) -> None:
    """Set each monitor's next run (one executemany)."""
    async with db.transaction() as tx:
        await tx.session.execute(
            update(Monitor), [{"id": key, "next_run_at": value} for key, value in due_at.items()]
        )


def _noop_runner(
    clock: SystemClock,
    due_at: dict[int, datetime],
    lags: list[float],
    *,
    done: asyncio.Event | None = None,
    expected: int = 0,
) -> Runner:
    """A runner that does no web work: it notes how late it started and asks for next month
    (and sets ``done`` after ``expected`` runs)."""

    async def run(monitor_id: int, run_id: int) -> RunnerResult:
        now = clock.now()
        lags.append((now - due_at[monitor_id]).total_seconds())
        if done is not None and len(lags) >= expected:
            done.set()
        return RunnerResult("succeeded", next_run_at=now + IDLE_FOR)

    return run


async def measure_backlog(
    db: Database, ids: list[int], settings: ScaleSettings
) -> tuple[float, float, int, int]:
    """Run ``ids``, all due now, once each: wall s, CPU s, statements, transactions."""
    clock = SystemClock()
    due = clock.now()
    due_at = dict.fromkeys(ids, due)
    await make_due(db, due_at)
    lags: list[float] = []
    engine = Engine(db, _noop_runner(clock, due_at, lags), clock, concurrency=settings.concurrency)
    with StatementLog(db) as log:
        began, cpu = time.perf_counter(), time.process_time()
        report = await engine.tick()
        run_s, cpu_s = time.perf_counter() - began, time.process_time() - cpu
    if len(report.runs) != len(ids):
        raise InvalidInput("backlog", len(ids), f"ran {len(report.runs)} of them")
    return run_s, cpu_s, len(log.statements), log.transactions


async def measure_lag(db: Database, ids: list[int], settings: ScaleSettings) -> list[float]:
    """Serve in real time while ``ids`` fall due one by one; each run's lateness, seconds."""
    clock = SystemClock()
    start = clock.now() + timedelta(seconds=0.5)
    step = timedelta(seconds=1 / settings.lag_rate)
    due_at = {monitor_id: start + step * index for index, monitor_id in enumerate(ids)}
    await make_due(db, due_at)
    lags: list[float] = []
    done = asyncio.Event()
    runner = _noop_runner(clock, due_at, lags, done=done, expected=len(ids))
    engine = Engine(db, runner, clock, concurrency=settings.concurrency)
    # Served until every run happened (a loaded machine may lag behind the rate).
    patience = len(ids) / settings.lag_rate + 300
    await asyncio.wait_for(engine.run_forever(done), patience)
    if len(lags) != len(ids):
        raise InvalidInput("lag runs", len(ids), f"ran {len(lags)} of them")
    return lags


def time_watch_list(path: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak RSS (MB) of ``sentinel watch list`` over the
    database at ``path`` (a child process, its output discarded; start-up included)."""
    environment = {**os.environ, "SENTINEL_DATABASE_URL": sqlite_url(path)}
    with tempfile.TemporaryFile() as errors:
        began = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-c", "from sentinel.cli.main import run; run()", "watch", "list"],
            stdout=subprocess.DEVNULL,
            stderr=errors,
            env=environment,
        )
        # wait4: this child's own resource usage (getrusage would mix every child so far).
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - began
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            errors.seek(0)
            message = errors.read().decode(errors="replace").strip()[-300:]
            raise InvalidInput("watch list", child.returncode, f"failed: {message}")
    cpu = usage.ru_utime + usage.ru_stime
    return round(elapsed, 2), round(cpu, 2), round(usage.ru_maxrss / 1024, 1)


async def measure_sizes(sizes: list[int], settings: ScaleSettings) -> list[ScaleResult]:
    """Each size in turn, each on a database file of its own (removed afterwards)."""
    with tempfile.TemporaryDirectory(prefix="sentinel-bench-engine-") as directory:
        return [await measure_size(size, settings, Path(directory)) for size in sizes]


def peak_rss_mb() -> float:
    """The peak resident memory of this process so far, MB (Linux reports KB)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def run_sizes(sizes: list[int], settings: ScaleSettings) -> list[ScaleResult]:
    """:func:`measure_sizes` from synchronous code."""
    return asyncio.run(measure_sizes(sizes, settings))
