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

The world and the monitors are set up by :mod:`sentinel.bench.engine_real_setup`; one measured
round is :mod:`sentinel.bench.engine_real_rounds`; the tables and the JSON document,
:mod:`sentinel.bench.engine_real_tables`.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from sentinel.bench.engine_real_rounds import RoundResult, mean_round, run_round
from sentinel.bench.engine_real_setup import (
    create_monitors,
    loopback_world,
    sample_of,
    worker_environment,
)
from sentinel.clock import SystemClock
from sentinel.engine import Engine, RunRetryPolicy, engine_owner
from sentinel.errors import InvalidInput
from sentinel.storage import open_database
from sentinel.storage.settings import sqlite_url
from sentinel.web.politeness import Politeness

if TYPE_CHECKING:
    from sentinel.engine import Runner, RunResult
    from sentinel.monitor.run import RunServices

LOOKED = "skipped-no-change"
CADENCE_S = 15 * 60


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
    "cost_ratio",
    "look_cost_ratio",
    "measure_sizes",
    "run_sizes",
]
