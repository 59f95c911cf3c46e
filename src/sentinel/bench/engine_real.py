"""What ``sentinel bench engine --runner real`` measures: the cost of real monitor runs.

The no-op runner (:mod:`sentinel.bench.engine_scale`) times the scheduler alone. Here the
engine runs the product's own runner — :func:`sentinel.monitor.run.execute_run` with the
services a ``sentinel worker`` builds (:func:`sentinel.worker.build_run_services`) — against
a loopback world (:mod:`sentinel.bench.engine_real_world`, a child process): each monitor names
one product page on it, half decide by a rule (``changed(price_usd)``), half by the model, half
notify once and half always, each with one webhook channel (its outbox row is written; nothing
is delivered). The model is an OpenAI-compatible stand-in in that child process: its CPU is not
the worker's and is not counted.

Per size N, on a fresh SQLite file with N monitors (created in bulk, idle for a month), a
sample of ``runs`` monitors is run three times by ``Engine.tick``:

1. a first run (every page new: the model senses; not measured — a monitor's first run is
   once in its life);
2. an *unchanged* round: every page answers the conditional request with 304;
3. a *changed* round: every sampled page's price went up first; the model senses, the
   governor decides, once-monitors that act complete, always-monitors queue a notification.

Between the unchanged and the changed round, *looks* — the run a monitor that looks every 15
minutes makes almost always: every page answers 304 — at ``look_concurrency`` runs in flight
(a worker looking at 111 pages a second over the internet has dozens of requests waiting at
once): a first round of looks (not measured: the database pages of the monitors' rows, whose
lease columns fill and empty, settle at the new concurrency), then, ``look_pairs``
times, a round by the *old path* (``baseline``: each run reads what it starts from in a read
transaction of its own and writes the whole run record — trace, usage — as before the compact
look) and a round by the current one (the load read with the claim, the compact record,
:class:`sentinel.storage.LookEnding`), side by side in this process on the same database.

For every measured round: CPU of this process per run (the engine, the runner, SQLAlchemy,
the SQLite driver's thread; ``time.process_time``), statements and commits per run (a
SQLAlchemy event listener), the growth of the database file per run (after a WAL checkpoint),
and runs/s. From them, at ``changed_share`` of runs changed: runs per CPU second (what one
core can run) and the monitors one core holds at a 15-minute cadence; and for looks alone,
the monitors one core holds looking every 15 minutes.

The fetcher's per-host spacing (1 s between requests to one host) is lifted: every page here
lives on one loopback host, where a real worker's pages are spread over many hosts.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from sentinel.bench.engine_scale import IDLE_FOR, make_due
from sentinel.clock import SystemClock
from sentinel.engine import Engine, RunRetryPolicy, engine_owner
from sentinel.errors import InvalidInput
from sentinel.storage import Database, GovernorKind, NewMonitor, NotifyBehavior, open_database
from sentinel.storage.settings import sqlite_url
from sentinel.storage.statements import StatementLog
from sentinel.web.politeness import Politeness

if TYPE_CHECKING:
    from sentinel.engine import Runner, RunResult
    from sentinel.monitor.run import RunServices

CREATE_CHUNK = 5000
LOOKED = "skipped-no-change"
CADENCE_S = 15 * 60
RULE = "changed(price_usd)"
WEBHOOK = {"kind": "webhook", "url": "http://127.0.0.1:9/hook", "timeout_s": 10.0}


@dataclass(frozen=True)
class RealSettings:
    """How much to run at each size: ``runs`` monitors of the N, each run three times;
    ``changed_share`` of runs changed for the per-core figures; ``concurrency`` as the
    worker's; looks at ``look_concurrency``, ``look_pairs`` rounds of the old path and of the
    current one."""

    runs: int = 400
    concurrency: int = 2
    changed_share: float = 0.1
    look_concurrency: int = 32
    look_pairs: int = 2

    def __post_init__(self) -> None:
        counts = (self.runs, self.concurrency, self.look_concurrency, self.look_pairs)
        if min(counts) < 1 or not 0 <= self.changed_share <= 1:
            raise InvalidInput(
                "bench settings", self, "runs, concurrencies and pairs must be > 0, 0 <= share <= 1"
            )


@dataclass(frozen=True)
class RoundResult:
    """One measured round: every sampled monitor run once."""

    runs: int
    run_s: float
    runs_per_s: float
    cpu_ms_per_run: float
    statements_per_run: float
    transactions_per_run: float
    bytes_per_run: float
    model_calls: int
    notified: int
    statuses: dict[str, int]


@dataclass(frozen=True)
class RealResult:
    """The measurements at one number of monitors (see the module documentation)."""

    monitors: int
    create_s: float
    concurrency: int
    unchanged: RoundResult
    changed: RoundResult
    changed_share: float
    cpu_ms_per_run_mixed: float
    runs_per_cpu_s: float
    monitors_per_core_15min: int
    look_concurrency: int
    look: RoundResult
    look_baseline: RoundResult
    look_cpu_vs_baseline: float
    looks_per_cpu_s: float
    monitors_per_core_15min_looks: int

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON object."""
        return asdict(self)


@contextmanager
def loopback_world() -> Iterator[str]:
    """The world's server in a child process; yields its base URL (``http://127.0.0.1:P``)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "sentinel.bench.engine_real_world"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        assert child.stdout is not None
        line = child.stdout.readline().decode().strip()
        if not line.isdigit():
            raise InvalidInput("bench world", line, "did not start (no port printed)")
        yield f"http://127.0.0.1:{line}"
    finally:
        assert child.stdin is not None
        child.stdin.close()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        if child.stdout is not None:
            child.stdout.close()


@contextmanager
def worker_environment(base: str, folder: Path) -> Iterator[None]:
    """The variables a ``sentinel worker`` would be started with for this world."""
    wanted = {
        "SENTINEL_LLM": "openai",
        "SENTINEL_LLM_BASE_URL": f"{base}/v1",
        "SENTINEL_LLM_API_KEY": "bench",
        "SENTINEL_LLM_MODEL": "bench-stand-in",
        "SENTINEL_SEARCH": "local",
        "SENTINEL_SEARCH_FOLDER": str(folder),
        "SENTINEL_FETCH_ALLOW_HOSTS": "127.0.0.1",
    }
    saved = {key: os.environ.get(key) for key in wanted}
    os.environ.update(wanted)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def sample_of(monitors: int, runs: int) -> list[int]:
    """The indices of the ``runs`` monitors run, spread evenly over the ``monitors``."""
    count = min(runs, monitors)
    return [index * monitors // count for index in range(count)]


def kind_of(index: int, sample: dict[int, int]) -> int:
    """0–3: rules or model governor, notify once or always (:func:`create_monitors`). A
    sampled monitor takes its kind from its rank in the sample, so the sample holds the four
    kinds in equal shares whatever its stride."""
    return sample.get(index, index) % 4


async def create_monitors(
    db: Database, count: int, base: str, sample: list[int] | None = None
) -> list[int]:
    """``count`` monitors each naming its page (see the module documentation), idle for a
    month, created in bulk in one transaction; the ``sample`` (indices) has the four kinds in
    equal shares."""
    ranks = {index: rank for rank, index in enumerate(sample or [])}
    clock = SystemClock()
    due = clock.now() + IDLE_FOR
    stamp = f"{time.time_ns():x}"
    ids: list[int] = []
    async with db.transaction() as tx:
        for start in range(0, count, CREATE_CHUNK):
            news = [
                NewMonitor(
                    name=f"real-{stamp}-{index}",
                    original_query=f"Tell me when the price of widget {index} changes",
                    action_criteria="the price changed",
                    notify_behavior=(
                        NotifyBehavior.ONCE if kind_of(index, ranks) < 2 else NotifyBehavior.ALWAYS
                    ),
                    governor_kind=(
                        GovernorKind.RULES if kind_of(index, ranks) % 2 == 0 else GovernorKind.LLM
                    ),
                    governor_rules=RULE if kind_of(index, ranks) % 2 == 0 else None,
                    channels=[WEBHOOK],
                    urls=[f"{base}/p/{index}"],
                    fields=[{"name": "price_usd", "type": "number"}],
                    min_interval_s=300,
                    first_run_at=due,
                )
                for index in range(start, min(count, start + CREATE_CHUNK))
            ]
            ids += await tx.monitors.create_many(news, now=clock.now())
    return ids


def database_bytes(path: Path) -> int:
    """The size of the database file after a WAL checkpoint (what the runs left on disk),
    through a connection of its own (the engine's begin every transaction immediate)."""
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.stat().st_size


async def run_round(
    db: Database,
    path: Path,
    engine: Engine,
    ids: list[int],
    base: str,
    *,
    expect: str | None = None,
) -> RoundResult:
    """Make ``ids`` due now and let the engine run each once; measured. ``expect``: the
    status every run must end with (InvalidInput otherwise)."""
    clock = SystemClock()
    await make_due(db, dict.fromkeys(ids, clock.now()))
    model_before = await _model_calls(base)
    size_before = database_bytes(path)
    with StatementLog(db) as log:
        began, cpu = time.perf_counter(), time.process_time()
        report = await engine.tick()
        run_s, cpu_s = time.perf_counter() - began, time.process_time() - cpu
    grown = database_bytes(path) - size_before
    if len(report.runs) != len(ids):
        raise InvalidInput("round", len(ids), f"ran {len(report.runs)} of them")
    statuses: dict[str, int] = {}
    for run in report.runs:
        statuses[run.status.value] = statuses.get(run.status.value, 0) + 1
    if expect is not None and statuses != {expect: len(ids)}:
        raise InvalidInput("round", statuses, f"every run should have ended {expect}")
    runs = len(ids)
    return RoundResult(
        runs=runs,
        run_s=round(run_s, 2),
        runs_per_s=round(runs / run_s, 1),
        cpu_ms_per_run=round(cpu_s * 1000 / runs, 2),
        statements_per_run=round(len(log.statements) / runs, 2),
        transactions_per_run=round(log.transactions / runs, 2),
        bytes_per_run=round(grown / runs),
        model_calls=await _model_calls(base) - model_before,
        notified=sum(1 for run in report.runs if run.notified),
        statuses=statuses,
    )


async def _model_calls(base: str) -> int:
    async with httpx.AsyncClient(trust_env=False) as client:
        counts = (await client.get(f"{base}/_counts")).json()
    return int(counts["model"])


async def _bump(base: str, numbers: list[int]) -> None:
    async with httpx.AsyncClient(trust_env=False) as client:
        (await client.post(f"{base}/_bump", content=json.dumps(numbers))).raise_for_status()


async def measure_size(
    monitors: int, settings: RealSettings, directory: Path, base: str
) -> RealResult:
    """Measure real runs with ``monitors`` monitors in a new SQLite file in ``directory``."""
    from sentinel.worker import build_run_services, monitor_runner

    if monitors < 1:
        raise InvalidInput("monitors", monitors, "must be at least 1")
    path = directory / f"engine-real-{monitors}.db"
    db = await open_database(sqlite_url(path))
    try:
        picked = sample_of(monitors, settings.runs)
        began = time.perf_counter()
        ids = await create_monitors(db, monitors, base, picked)
        create_s = time.perf_counter() - began
        sample = [ids[index] for index in picked]
        clock = SystemClock()
        policy = RunRetryPolicy()
        owner = engine_owner()
        services = build_run_services(db, clock, owner, policy)
        # One loopback host serves every page: no per-host spacing (see the module doc).
        services.fetcher.politeness = Politeness(min_interval=0, max_concurrency=64)
        engine = Engine(
            db,
            monitor_runner(services),
            clock,
            concurrency=settings.concurrency,
            owner=owner,
            policy=policy,
        )
        looks = Engine(
            db,
            monitor_runner(services),
            clock,
            concurrency=settings.look_concurrency,
            owner=owner,
            policy=policy,
        )
        old_looks = Engine(
            db,
            _old_path_runner(replace(services, full_look_records=True)),
            clock,
            concurrency=settings.look_concurrency,
            owner=owner,
            policy=policy,
        )
        try:
            await run_round(db, path, engine, sample, base)  # first runs: the baseline
            unchanged = await run_round(db, path, engine, sample, base)
            await run_round(db, path, looks, sample, base, expect=LOOKED)  # settles the pages
            baseline_rounds, look_rounds = [], []
            for _ in range(settings.look_pairs):
                baseline_rounds.append(
                    await run_round(db, path, old_looks, sample, base, expect=LOOKED)
                )
                look_rounds.append(await run_round(db, path, looks, sample, base, expect=LOOKED))
            # Last: once-monitors that act on the change complete (no more looks for them).
            await _bump(base, picked)
            changed = await run_round(db, path, engine, sample, base)
        finally:
            await services.fetcher.aclose()
            await services.sensor_model.aclose()
            if services.governor_model is not None:
                await services.governor_model.aclose()
    finally:
        await db.close()
    path.unlink(missing_ok=True)
    share = settings.changed_share
    mixed = (1 - share) * unchanged.cpu_ms_per_run + share * changed.cpu_ms_per_run
    look, look_baseline = mean_round(look_rounds), mean_round(baseline_rounds)
    return RealResult(
        monitors=monitors,
        create_s=round(create_s, 2),
        concurrency=settings.concurrency,
        unchanged=unchanged,
        changed=changed,
        changed_share=share,
        cpu_ms_per_run_mixed=round(mixed, 2),
        runs_per_cpu_s=round(1000 / mixed, 1),
        monitors_per_core_15min=int(CADENCE_S * 1000 / mixed),
        look_concurrency=settings.look_concurrency,
        look=look,
        look_baseline=look_baseline,
        look_cpu_vs_baseline=round(look.cpu_ms_per_run / look_baseline.cpu_ms_per_run, 2),
        looks_per_cpu_s=round(1000 / look.cpu_ms_per_run, 1),
        monitors_per_core_15min_looks=int(CADENCE_S * 1000 / look.cpu_ms_per_run),
    )


def mean_round(rounds: list[RoundResult]) -> RoundResult:
    """The rounds of one kind as one: their runs and time added, the per-run figures over
    all their runs."""
    runs = sum(r.runs for r in rounds)
    run_s = sum(r.run_s for r in rounds)

    def per_run(name: str, digits: int) -> float:
        total: float = sum(getattr(r, name) * r.runs for r in rounds)
        return round(total / runs, digits)

    statuses: dict[str, int] = {}
    for measured in rounds:
        for status, count in measured.statuses.items():
            statuses[status] = statuses.get(status, 0) + count
    return RoundResult(
        runs=runs,
        run_s=round(run_s, 2),
        runs_per_s=round(runs / run_s, 1) if run_s else 0.0,
        cpu_ms_per_run=per_run("cpu_ms_per_run", 2),
        statements_per_run=per_run("statements_per_run", 2),
        transactions_per_run=per_run("transactions_per_run", 2),
        bytes_per_run=round(per_run("bytes_per_run", 0)),
        model_calls=sum(r.model_calls for r in rounds),
        notified=sum(r.notified for r in rounds),
        statuses=statuses,
    )


def _old_path_runner(services: RunServices) -> Runner:
    """The runner as it was before the load was read with the claim: each run reads what it
    starts from in a transaction of its own (the baseline of the look rows)."""
    from sentinel.monitor.run import execute_run

    async def run_monitor(monitor_id: int, run_id: int) -> RunResult:
        return await execute_run(services, monitor_id, run_id=run_id)

    return run_monitor


async def measure_sizes(sizes: list[int], settings: RealSettings) -> list[RealResult]:
    """Each size in turn against one loopback world, each on a database file of its own."""
    with (
        tempfile.TemporaryDirectory(prefix="sentinel-bench-real-") as directory,
        loopback_world() as base,
        worker_environment(base, Path(directory)),
    ):
        return [await measure_size(size, settings, Path(directory), base) for size in sizes]


def run_sizes(sizes: list[int], settings: RealSettings) -> list[RealResult]:
    """:func:`measure_sizes` from synchronous code."""
    return asyncio.run(measure_sizes(sizes, settings))


def look_cost_ratio(results: list[RealResult]) -> float | None:
    """CPU per look at the largest size over the smallest's (None for a single size)."""
    if len(results) < 2:
        return None
    smallest = min(results, key=lambda r: r.monitors)
    largest = max(results, key=lambda r: r.monitors)
    return round(largest.look.cpu_ms_per_run / smallest.look.cpu_ms_per_run, 2)


def cost_ratio(results: list[RealResult]) -> float | None:
    """Unchanged-run CPU at the largest size over the smallest's (None for a single size)."""
    if len(results) < 2:
        return None
    smallest = min(results, key=lambda r: r.monitors)
    largest = max(results, key=lambda r: r.monitors)
    return round(largest.unchanged.cpu_ms_per_run / smallest.unchanged.cpu_ms_per_run, 2)


__all__ = [
    "CADENCE_S",
    "RealResult",
    "RealSettings",
    "RoundResult",
    "cost_ratio",
    "look_cost_ratio",
    "mean_round",
    "measure_sizes",
    "run_sizes",
]
