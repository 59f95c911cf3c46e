"""The engine driving the real monitor pipeline (``sentinel.monitor.run.execute_run``) on the
simulated iPhone launch: weeks of virtual time in seconds, the runs recording their own
schedules and retries, exactly one notification delivered to a receiver on 127.0.0.1."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from sentinel.engine import Engine, Runner, RunnerRetries, RunRetryPolicy
from sentinel.llm import forbid_real_models
from sentinel.monitor.run import RunOutcome, RunServices, execute_run
from sentinel.notify import DeliveryWorker
from sentinel.notify.channels import WebhookChannel
from sentinel.storage import Database, MonitorState, RunStatus
from tests.engine.helpers import monitor_of, runs_of
from tests.monitor.pipeline_fixtures import Sim, create_monitor, governor_model, sensor_model
from tests.monitor.test_run import decide_launch, read_launch
from tests.notify.receiver import LoopbackReceiver

BEFORE_LAUNCH = datetime(2025, 8, 25, 9, tzinfo=UTC)
LAUNCH = datetime(2025, 9, 9, 17, tzinfo=UTC)
WEEKS_LATER = datetime(2025, 9, 30, tzinfo=UTC)


@pytest.fixture
async def before_launch() -> AsyncIterator[Sim]:
    sim = Sim.of("iphone-release", start=BEFORE_LAUNCH)
    sim.clock.auto_advance = True
    with forbid_real_models():
        yield sim
    await sim.close()


@pytest.mark.network
async def test_weeks_of_monitoring_pass_in_seconds_and_notify_exactly_once(
    db: Database, before_launch: Sim
) -> None:
    sim, clock = before_launch, before_launch.clock
    policy, rng = RunRetryPolicy(), random.Random(7)
    with LoopbackReceiver() as receiver:
        hook = {"kind": "webhook", "url": f"{receiver.url}/hook", "timeout_s": 5.0}
        monitor = await create_monitor(db, sim, notify="once", channels=[hook])
        webhook = WebhookChannel(clock)
        delivery = DeliveryWorker(db, {"webhook": webhook}, clock, poll_s=86400)
        runner = _runner(db, sim, "engine-1", policy, rng)
        engine = Engine(db, runner, clock, owner="engine-1", delivery=delivery, policy=policy)
        try:
            with clock.idle():
                report = await asyncio.wait_for(engine.run_until(WEEKS_LATER), 60)
        finally:
            await webhook.aclose()

    assert [r.verdict for r in receiver.requests] == ["processed"]
    assert "September 19" in receiver.requests[0].json()["message"]
    stored = await monitor_of(db, monitor.id)
    assert stored.state is MonitorState.COMPLETED, "notify once: done after the announcement"
    runs = await runs_of(db, monitor.id)
    assert len(runs) == len(report.runs) >= 5
    assert all(r.status in (RunStatus.SUCCEEDED, RunStatus.SKIPPED_NO_CHANGE) for r in runs)
    notified = [r for r in runs if r.decision and r.decision.get("notified")]
    assert len(notified) == 1
    started_at = notified[0].started_at
    assert started_at is not None
    assert started_at >= LAUNCH


def _runner(
    db: Database, sim: Sim, owner: str, policy: RunRetryPolicy, rng: random.Random
) -> Runner:
    services = RunServices(
        db=db,
        search=sim.search,
        fetcher=sim.fetcher,
        clock=sim.clock,
        sensor_model=sensor_model(read_launch),
        governor_model=governor_model(decide_launch),
        rng=rng,
        lease_owner=owner,
        retry_policy=RunnerRetries(policy, rng),
    )

    async def run(monitor_id: int, run_id: int) -> RunOutcome:
        return await execute_run(services, monitor_id, run_id=run_id)

    return run
