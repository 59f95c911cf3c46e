"""Each monitor as a Temporal workflow: created, signalled and ended through the same
repository calls the CLI, API and UI make; the same monitor pipeline as the embedded engine.

A real Temporal dev server and the machine's PostgreSQL; workers in this process."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta

import pytest
from temporalio.client import Client
from temporalio.worker import Replayer

from sentinel.clock import SystemClock
from sentinel.engine import Runner, RunnerResult
from sentinel.engine.temporal.activities import MonitorActivities
from sentinel.engine.temporal.client import TemporalMonitors
from sentinel.engine.temporal.models import MonitorWorkflowInput, workflow_id
from sentinel.engine.temporal.worker import sandbox_runner
from sentinel.engine.temporal.workflows import MonitorWorkflow
from sentinel.llm import forbid_real_models
from sentinel.monitor.run import execute_run
from sentinel.notify import DeliveryWorker
from sentinel.notify.channels import WebhookChannel
from sentinel.storage import Database, MonitorState, NewMonitor, RunStatus
from tests.engine.helpers import monitor_of, runs_of
from tests.engine.temporal.workers import eventually, running_worker
from tests.monitor.pipeline_fixtures import Sim, create_monitor, governor_model, sensor_model
from tests.monitor.test_run import JUST_AFTER_LAUNCH, decide_launch, read_launch
from tests.notify.receiver import LoopbackReceiver

pytestmark = pytest.mark.network


@pytest.fixture
async def after_launch() -> AsyncIterator[Sim]:
    sim = Sim.of("iphone-release", start=JUST_AFTER_LAUNCH)
    with forbid_real_models():
        yield sim
    await sim.close()


async def test_a_created_monitor_runs_the_real_pipeline_in_its_workflow_and_notifies_once(
    pg_db: Database, temporal: Client, task_queue: str, after_launch: Sim
) -> None:
    sim = after_launch
    services = sim.services(pg_db, sensor_model(read_launch), governor_model(decide_launch))

    def runner_for(owner: str) -> Runner:
        owned = replace(services, lease_owner=owner)
        return lambda monitor_id, run_id: execute_run(owned, monitor_id, run_id=run_id)

    pg_db.listener = TemporalMonitors(temporal, task_queue)
    with LoopbackReceiver() as receiver:
        webhook = WebhookChannel(sim.clock)
        delivery = DeliveryWorker(pg_db, {"webhook": webhook}, sim.clock)
        activities = MonitorActivities(pg_db, sim.clock, runner_for, delivery=delivery)
        try:
            async with running_worker(temporal, activities, task_queue):
                hook = {"kind": "webhook", "url": f"{receiver.url}/hook", "timeout_s": 5.0}
                # The front ends' path: a committed create starts the monitor's workflow.
                monitor = await create_monitor(pg_db, sim, notify="once", channels=[hook])
                handle = temporal.get_workflow_handle(
                    workflow_id(task_queue, monitor.id, monitor.created_at)
                )

                async def completed() -> bool:
                    stored = await monitor_of(pg_db, monitor.id)
                    return stored.state is MonitorState.COMPLETED and bool(receiver.requests)

                await eventually(completed, "the run to notify and complete the monitor")
                await asyncio.sleep(0.5)  # a second run or delivery would show up here
                status = await handle.query("status")
        finally:
            await webhook.aclose()

    assert [r.verdict for r in receiver.requests] == ["processed"]
    assert "September 19" in receiver.requests[0].json()["message"]
    runs = await runs_of(pg_db, monitor.id)
    assert [r.status for r in runs] == [RunStatus.SUCCEEDED]
    assert status == {"runs": 1, "last_status": "succeeded", "deleted": False}


async def test_pause_resume_run_now_and_delete_reach_the_workflow(
    pg_db: Database, temporal: Client, task_queue: str
) -> None:
    clock = SystemClock()
    ran: list[int] = []

    def runner_for(owner: str) -> Runner:
        async def run(monitor_id: int, run_id: int) -> RunnerResult:
            ran.append(run_id)
            return RunnerResult("succeeded", next_run_at=clock.now() + timedelta(days=1))

        return run

    # Three loop passes per workflow run: this test also crosses a continue-as-new.
    template = MonitorWorkflowInput(0, max_iterations=3)
    pg_db.listener = TemporalMonitors(temporal, task_queue, template)
    activities = MonitorActivities(pg_db, clock, runner_for)

    async def runs_are(count: int) -> None:
        async def check() -> bool:
            return len(ran) == count

        await eventually(check, f"{count} run(s)")

    async with running_worker(temporal, activities, task_queue):
        async with pg_db.transaction() as tx:
            monitor = await tx.monitors.create(
                NewMonitor(name="signals", original_query="q", action_criteria="c"),
                now=clock.now(),
            )
        handle = temporal.get_workflow_handle(
            workflow_id(task_queue, monitor.id, monitor.created_at)
        )
        await runs_are(1)
        first_run_id = (await handle.describe()).run_id

        async with pg_db.transaction() as tx:
            await tx.monitors.run_now(monitor.id, now=clock.now())
        await runs_are(2)

        async with pg_db.transaction() as tx:
            await tx.monitors.transition(monitor.id, MonitorState.PAUSED, now=clock.now())
        # A wake-up that bypasses the database finds the monitor paused: no run.
        await handle.signal("run_now")
        await asyncio.sleep(1.0)
        assert len(ran) == 2

        async with pg_db.transaction() as tx:
            await tx.monitors.transition(monitor.id, MonitorState.ACTIVE, now=clock.now())
        await asyncio.sleep(1.0)
        assert len(ran) == 2, "resumed, but due tomorrow: nothing runs yet"
        async with pg_db.transaction() as tx:
            await tx.monitors.run_now(monitor.id, now=clock.now())
        await runs_are(3)
        assert (await handle.describe()).run_id != first_run_id, "continued as new"

        async with pg_db.transaction() as tx:
            await tx.monitors.delete(monitor.id)
        assert await asyncio.wait_for(handle.result(), 30) == "deleted"
        # The recorded history replays (in the sandbox) to the same decisions: deterministic.
        replayer = Replayer(workflows=[MonitorWorkflow], workflow_runner=sandbox_runner())
        await replayer.replay_workflow(await handle.fetch_history())

    runs = await runs_of(pg_db, monitor.id)
    assert runs == [], "deleted with the monitor"
    assert len(ran) == 3
