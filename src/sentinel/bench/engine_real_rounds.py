"""One measured round of ``sentinel bench engine --runner real``, and rounds of one kind as one.

:func:`run_round` makes the sampled monitors due now and lets the engine run each once,
measuring the CPU of this process per run (``time.process_time``), the statements and commits
per run (:class:`sentinel.storage.statements.StatementLog`), the growth of the database file
per run (after a WAL checkpoint), the model calls the world's stand-in answered and runs/s;
:func:`mean_round` merges the rounds of one kind. The sizes and the figures per core are
:mod:`sentinel.bench.engine_real`.
"""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import httpx

from sentinel.bench.engine_scale import make_due
from sentinel.clock import SystemClock
from sentinel.engine import Engine
from sentinel.errors import InvalidInput
from sentinel.storage import Database
from sentinel.storage.statements import StatementLog


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
