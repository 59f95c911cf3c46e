"""The Temporal share of ``sentinel bench engine``: every monitor runs exactly once and the
measurements are consistent with each other (no timing thresholds: those are the bench's)."""

from __future__ import annotations

import os

import pytest

from sentinel.engine.temporal.bench import measure_embedded, measure_temporal
from sentinel.engine.temporal.settings import EngineSettings
from sentinel.storage import Database, RunStatus

pytestmark = pytest.mark.network


async def test_each_monitor_runs_once_and_the_rates_agree(
    pg_db: Database, temporal_address: str
) -> None:
    settings = EngineSettings(temporal_address=temporal_address)
    result = await measure_temporal(pg_db, settings, 12, concurrency=4, server_pid=os.getpid())

    assert (result.engine, result.monitors, result.runs) == ("temporal", 12, 12)
    assert result.database == "postgresql"
    assert result.runs_per_s == pytest.approx(12 / result.run_s, rel=0.05, abs=0.1)
    assert 0 <= result.lag_p50_s <= result.lag_p99_s <= result.run_s + 0.05  # rounding
    assert result.worker_cpu_ms_per_run > 0
    async with pg_db.transaction() as tx:
        statuses = [
            run.status
            for monitor in await tx.monitors.find(limit=100)
            for run in await tx.runs.for_monitor(monitor.id)
        ]
    assert statuses == [RunStatus.SUCCEEDED] * 12


async def test_the_embedded_baseline_runs_the_same_monitors_once_on_the_same_database(
    pg_db: Database,
) -> None:
    result = await measure_embedded(pg_db, 12, concurrency=4)

    assert (result.engine, result.monitors, result.runs) == ("embedded", 12, 12)
    assert (result.start_s, result.server_cpu_ms_per_run) == (0.0, None)
    assert 0 <= result.lag_p50_s <= result.lag_p99_s <= result.run_s + 0.05  # rounding
