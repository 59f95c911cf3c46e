"""One monitor run end to end on a database: sense, persist, govern, act, reschedule."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from sentinel.llm import LocalModel, ScriptedModel
from sentinel.llm.errors import ModelRequestError
from sentinel.monitor.governing.grounding import check_grounding
from sentinel.monitor.models import Evidence
from sentinel.monitor.run import execute_run
from sentinel.monitor.scheduling.looks import SEARCH_EVERY
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.notify import NotificationPayload
from sentinel.storage import Database, MonitorState, RunStatus
from tests.monitor.pipeline_fixtures import (
    WEBHOOK,
    Reading,
    ShownPage,
    Sim,
    claim,
    create_monitor,
    first_sentence,
    governor_model,
    run_once,
    sensor_model,
)
from tests.monitor.sensing.test_sensor import FailingSearch

BEFORE_LAUNCH = datetime(2025, 8, 13, 9, tzinfo=UTC)
JUST_AFTER_LAUNCH = datetime(2025, 9, 9, 17, 10, tzinfo=UTC)
NEWSROOM = "http://www.apple.example/newsroom/iphone-17"
EMAIL = {"kind": "email", "to": ["ana@example.com"]}


def read_launch(pages: list[ShownPage], previous: dict[str, Any] | None) -> Reading:
    """What the official newsroom says; rumours are not read as announcements."""
    for page in pages:
        quote = first_sentence(page, r"Apple today announced iPhone 17")
        if quote and page.url == NEWSROOM:
            return {"announced": True, "release_date": "2025-09-19"}, [(page.number, quote)]
    return {"announced": False}, []


def decide_launch(current: dict[str, Any], previous: dict[str, Any] | None) -> dict[str, Any]:
    if current.get("announced"):
        return {
            "should_act": True,
            "answer": "iPhone 17 goes on sale on Friday, September 19.",
            "facts": {"release_date": current.get("release_date")},
            "evidence": [1],
            "next_check": "1 day",
        }
    return {"next_check": "1 day"}


@pytest.fixture
async def after_launch() -> AsyncIterator[Sim]:
    sim = Sim.of("iphone-release", start=JUST_AFTER_LAUNCH)
    yield sim
    await sim.close()


@pytest.fixture
async def before_launch() -> AsyncIterator[Sim]:
    sim = Sim.of("iphone-release", start=BEFORE_LAUNCH)
    yield sim
    await sim.close()


async def runs_of(db: Database, monitor_id: int) -> list[Any]:
    async with db.transaction() as tx:
        return list(reversed(await tx.runs.for_monitor(monitor_id)))


async def test_acting_queues_one_outbox_row_per_channel_with_the_run(
    db: Database, after_launch: Sim
) -> None:
    monitor = await create_monitor(db, after_launch, channels=[WEBHOOK, EMAIL])
    services = after_launch.services(db, sensor_model(read_launch), governor_model(decide_launch))

    outcome = await run_once(services, after_launch, monitor.id)

    assert outcome.status == "succeeded"
    assert outcome.notified
    assert outcome.deliveries == 2
    assert outcome.model_calls == 2
    async with db.transaction() as tx:
        deliveries = await tx.outbox.find(monitor_id=monitor.id)
        run = await tx.runs.get(outcome.run_id or 0)
    assert [d.channel["kind"] for d in deliveries] == ["webhook", "email"]
    assert len({d.idempotency_key for d in deliveries}) == 2
    assert all(d.idempotency_key.startswith(f"run-{run.id}:") for d in deliveries)
    payload = NotificationPayload.model_validate(deliveries[0].payload)
    assert payload.message.startswith("iPhone 17 goes on sale on Friday, September 19.")
    assert f"Source: apple.example — {NEWSROOM}" in payload.message
    assert payload.facts == {"release_date": "2025-09-19"}
    assert payload.evidence[0].url == NEWSROOM
    assert payload.state_version == outcome.state_version == run.state_version == 1
    assert run.status is RunStatus.SUCCEEDED
    assert run.decision is not None
    assert run.decision["notified"] is True
    assert run.sensor_output is not None
    assert run.sensor_output["updated_state"]["announced"] is True
    assert run.usage["model_calls"] == 2


async def test_notify_once_completes_the_monitor_and_leaves_no_schedule(
    db: Database, after_launch: Sim
) -> None:
    monitor = await create_monitor(db, after_launch, notify="once")
    services = after_launch.services(db, sensor_model(read_launch), governor_model(decide_launch))

    outcome = await run_once(services, after_launch, monitor.id)

    assert outcome.completed
    assert outcome.next_run_at is None
    async with db.transaction() as tx:
        stored = await tx.monitors.get(monitor.id)
    assert stored.state is MonitorState.COMPLETED
    assert stored.next_run_at is None
    assert stored.lease_owner is None


async def test_notify_always_stays_scheduled_and_never_resends_the_same_facts(
    db: Database, after_launch: Sim
) -> None:
    monitor = await create_monitor(db, after_launch, notify="always")
    services = after_launch.services(db, sensor_model(read_launch), governor_model(decide_launch))
    first = await run_once(services, after_launch, monitor.id)
    # A news article appears at 17:35 the next day: a new search hit, so the next run that
    # searches (a week after the first: in between, runs only look at its watch set) senses
    # again.
    after_launch.clock.set(JUST_AFTER_LAUNCH + SEARCH_EVERY)

    second = await run_once(services, after_launch, monitor.id)

    assert first.notified
    assert not first.completed
    assert second.status == "succeeded"
    assert not second.notified
    assert second.next_run_at is not None
    runs = await runs_of(db, monitor.id)
    assert runs[1].decision is not None
    assert runs[1].decision["proposed_should_act"] is True
    assert "already notified" in runs[1].decision["reasoning"]
    assert any(entry["step"] == "dedupe" for entry in runs[1].trace)
    async with db.transaction() as tx:
        assert len(await tx.outbox.find(monitor_id=monitor.id)) == 1


async def test_a_notification_without_a_grounded_quote_is_suppressed_and_says_why(
    db: Database, after_launch: Sim
) -> None:
    def invent(pages: list[ShownPage], previous: dict[str, Any] | None) -> Reading:
        return {"announced": True}, [(1, "Apple announced the iPhone 17 for $1,999 today.")]

    monitor = await create_monitor(db, after_launch)
    services = after_launch.services(db, sensor_model(invent), governor_model(decide_launch))

    outcome = await run_once(services, after_launch, monitor.id)

    assert outcome.status == "succeeded"
    assert not outcome.notified
    assert not outcome.completed
    run = (await runs_of(db, monitor.id))[0]
    assert run.decision is not None
    assert "notification suppressed: no evidence" in run.decision["reasoning"]
    checks = next(entry for entry in run.trace if entry["step"] == "checks")
    assert checks["summary"].startswith("suppressed by quotes-on-page")
    persist = next(entry for entry in run.trace if entry["step"] == "persist")
    assert "not found verbatim" in persist["dropped_evidence"][0]


async def test_the_state_is_saved_before_governing_and_governed_again_after_a_failure(
    db: Database, after_launch: Sim
) -> None:
    failing = ScriptedModel([ModelRequestError("governor", "HTTP 503", retryable=True, status=503)])
    monitor = await create_monitor(db, after_launch)
    services = after_launch.services(db, sensor_model(read_launch), failing)

    failed = await run_once(services, after_launch, monitor.id)

    assert failed.status == "retrying"
    assert failed.error_category == "provider"
    assert failed.next_run_at == after_launch.clock.now() + timedelta(minutes=2)
    async with db.transaction() as tx:
        state = await tx.states.latest(monitor.id)
    assert state is not None
    assert state.run_id == failed.run_id
    assert state.state["announced"] is True

    after_launch.clock.set(failed.next_run_at)
    services = after_launch.services(db, sensor_model(read_launch), governor_model(decide_launch))
    retried = await run_once(services, after_launch, monitor.id)

    # Nothing changed on the web, but the saved state never got a decision: govern it now.
    assert retried.status == "succeeded"
    assert retried.notified
    runs = await runs_of(db, monitor.id)
    assert [run.status for run in runs] == [RunStatus.RETRYING, RunStatus.SUCCEEDED]
    assert runs[1].retry_count == 1


async def test_malformed_model_output_fails_the_run_keeps_the_raw_output_and_the_schedule(
    db: Database, after_launch: Sim
) -> None:
    garbage = ScriptedModel(["yes! notify them", "I said yes"])
    monitor = await create_monitor(db, after_launch)
    services = after_launch.services(db, sensor_model(read_launch), garbage)

    outcome = await run_once(services, after_launch, monitor.id)

    assert outcome.status == "failed"
    assert outcome.error_category == "model"
    assert not outcome.retryable
    run = (await runs_of(db, monitor.id))[0]
    assert run.status is RunStatus.FAILED
    assert run.raw_model_output == "I said yes"
    assert run.error_category == "model"
    async with db.transaction() as tx:
        stored = await tx.monitors.get(monitor.id)
    assert stored.state is MonitorState.ACTIVE
    assert stored.next_run_at is not None
    assert stored.next_run_at > after_launch.clock.now()
    assert stored.consecutive_failures == 1


async def test_nothing_changed_skips_the_models_backs_off_and_counts_calls_saved(
    db: Database, before_launch: Sim
) -> None:
    monitor = await create_monitor(db, before_launch)
    sensor, governor = sensor_model(read_launch), governor_model(decide_launch)
    services = before_launch.services(db, sensor, governor)
    outcomes = []
    for _ in range(3):  # the search, the read of the pages it followed, then a look
        outcome = await run_once(services, before_launch, monitor.id)
        outcomes.append(outcome)
        assert outcome.next_run_at is not None
        before_launch.clock.set(outcome.next_run_at)
    async with db.transaction() as tx:
        versions = len(await tx.states.history(monitor.id))
    calls = (len(sensor.calls), len(governor.calls))

    skipped = await run_once(services, before_launch, monitor.id)

    assert skipped.status == "skipped-no-change"
    assert skipped.model_calls == 0
    assert skipped.calls_saved == 2
    assert (len(sensor.calls), len(governor.calls)) == calls
    run = (await runs_of(db, monitor.id))[-1]
    assert run.status is RunStatus.SKIPPED_NO_CHANGE
    assert run.usage["calls_saved"] == 2
    async with db.transaction() as tx:
        assert len(await tx.states.history(monitor.id)) == versions


async def test_a_next_check_in_the_past_is_never_scheduled_in_the_past(
    db: Database, before_launch: Sim
) -> None:
    monitor = await create_monitor(db, before_launch, min_interval=timedelta(hours=4))
    governor = governor_model(lambda current, previous: {"next_check": "2020-01-01T00:00:00Z"})
    services = before_launch.services(db, sensor_model(read_launch), governor)

    outcome = await run_once(services, before_launch, monitor.id)

    assert outcome.next_run_at is not None
    assert outcome.next_run_at >= before_launch.clock.now() + timedelta(hours=4)


async def test_a_paused_monitor_is_not_run(db: Database, before_launch: Sim) -> None:
    monitor = await create_monitor(db, before_launch)
    async with db.transaction() as tx:
        await tx.monitors.transition(monitor.id, MonitorState.PAUSED, now=before_launch.clock.now())
    sensor = sensor_model(read_launch)
    services = before_launch.services(db, sensor, governor_model(decide_launch))

    outcome = await execute_run(services, monitor.id)

    assert outcome.status == "failed"
    assert outcome.error_category == "user"
    assert outcome.run_id is None
    assert "paused" in (outcome.error or "")
    assert await runs_of(db, monitor.id) == []
    assert sensor.calls == []


async def test_a_run_without_the_lease_leaves_the_schedule_to_its_holder(
    db: Database, before_launch: Sim
) -> None:
    monitor = await create_monitor(db, before_launch)
    services = before_launch.services(db, sensor_model(read_launch), governor_model(decide_launch))

    outcome = await execute_run(services, monitor.id)

    assert outcome.status == "succeeded"
    assert outcome.next_run_at is None
    async with db.transaction() as tx:
        stored = await tx.monitors.get(monitor.id)
    assert stored.next_run_at == monitor.next_run_at
    assert stored.run_count == 1


async def test_a_pending_run_created_by_the_engine_is_the_one_recorded(
    db: Database, before_launch: Sim
) -> None:
    monitor = await create_monitor(db, before_launch)
    async with db.transaction() as tx:
        pending = await tx.runs.create_pending(monitor.id, scheduled_at=before_launch.clock.now())
    await claim(db, before_launch)
    services = before_launch.services(db, sensor_model(read_launch), governor_model(decide_launch))

    outcome = await execute_run(services, monitor.id, run_id=pending.id)

    assert outcome.run_id == pending.id
    runs = await runs_of(db, monitor.id)
    assert [(run.id, run.status) for run in runs] == [(pending.id, RunStatus.SUCCEEDED)]


async def test_rules_that_do_not_parse_fail_as_a_user_error_before_any_search(
    db: Database, before_launch: Sim
) -> None:
    monitor = await create_monitor(db, before_launch, rules="announced ==")
    sensor = sensor_model(read_launch)
    services = before_launch.services(db, sensor)

    outcome = await run_once(services, before_launch, monitor.id)

    assert outcome.status == "failed"
    assert outcome.error_category == "user"
    assert sensor.calls == []
    run = (await runs_of(db, monitor.id))[0]
    assert not any(entry["step"] in ("search", "fetch") for entry in run.trace)
    assert outcome.next_run_at is not None


async def test_a_rate_limited_search_is_retried_later_and_counts_its_attempts(
    db: Database, before_launch: Sim
) -> None:
    monitor = await create_monitor(db, before_launch)
    services = before_launch.services(db, sensor_model(read_launch), governor_model(decide_launch))
    services = type(services)(**{**services.__dict__, "search": FailingSearch()})

    first = await run_once(services, before_launch, monitor.id)
    assert first.next_run_at is not None
    before_launch.clock.set(first.next_run_at)
    second = await run_once(services, before_launch, monitor.id)

    assert (first.status, first.error_category) == ("retrying", "rate_limit")
    assert first.next_run_at - BEFORE_LAUNCH == timedelta(minutes=10)
    assert second.next_run_at is not None
    assert second.next_run_at - first.next_run_at == timedelta(minutes=40)
    assert [run.retry_count for run in await runs_of(db, monitor.id)] == [0, 1]


async def test_the_trace_tells_what_was_searched_read_decided_and_sent(
    db: Database, after_launch: Sim
) -> None:
    monitor = await create_monitor(db, after_launch)
    services = after_launch.services(db, sensor_model(read_launch), governor_model(decide_launch))

    outcome = await run_once(services, after_launch, monitor.id)

    run = (await runs_of(db, monitor.id))[0]
    steps = [entry["step"] for entry in run.trace]
    assert steps[:2] == ["load", "search"]
    assert steps.count("fetch") == 3
    # Then: links and the sitemap towards the watched state (candidates of its watch set).
    assert steps[steps.index("prefilter") + 1 : -5] == ["sitemap", "follow"]
    assert steps[-5:] == ["persist", "govern", "checks", "notify", "schedule"]
    fetch = next(entry for entry in run.trace if entry["step"] == "fetch")
    assert fetch["duration_s"] >= 0
    assert fetch["summary"].startswith("read http://")
    report = next(entry for entry in run.trace if entry.get("action") == "report_state")
    assert report["usage"]["model_calls"] == 1
    assert all(entry["at"] == after_launch.clock.now().isoformat() for entry in run.trace)
    assert outcome.notified


async def test_an_accepted_query_refinement_becomes_the_current_query(
    db: Database, before_launch: Sim
) -> None:
    refined = "Apple iPhone 17 release date"

    monitor = await create_monitor(db, before_launch)
    sensor = sensor_model(read_launch, query_update=refined)
    services = before_launch.services(db, sensor, governor_model(decide_launch))

    await run_once(services, before_launch, monitor.id)

    async with db.transaction() as tx:
        stored = await tx.monitors.get(monitor.id)
    assert stored.current_query == refined
    assert stored.original_query == before_launch.scenario.mission


@pytest.mark.model
@pytest.mark.timeout(900)  # about a minute on an idle 2-core machine; far more on a busy one
async def test_qwen_senses_and_governs_one_whole_run(
    db: Database, after_launch: Sim, qwen: LocalModel
) -> None:
    monitor = await create_monitor(db, after_launch)
    services = after_launch.services(db, qwen, qwen, max_pages=2, page_chars=500)

    outcome = await run_once(services, after_launch, monitor.id)

    assert outcome.status == "succeeded", outcome.error
    assert outcome.model_calls == 2
    run = (await runs_of(db, monitor.id))[0]
    assert run.usage["model_s"] > 0
    assert run.decision is not None
    assert run.decision["reasoning"]
    async with db.transaction() as tx:
        deliveries = await tx.outbox.find(monitor_id=monitor.id)
    assert len(deliveries) == int(outcome.notified)
    for delivery in deliveries:
        # Whatever a 0.5B model decides, what reaches the user quotes the page verbatim.
        quotes = [Evidence.model_validate(q) for q in delivery.payload["evidence"]]
        pages = {
            q.url: PageRecord.of(await after_launch.fetcher.fetch(q.url)).readable_text
            for q in quotes
        }
        assert quotes
        assert check_grounding(quotes, pages).rejected == []


async def test_a_run_id_that_is_not_pending_is_refused_without_writing(
    db: Database, before_launch: Sim
) -> None:
    monitor = await create_monitor(db, before_launch)
    async with db.transaction() as tx:
        pending = await tx.runs.create_pending(monitor.id, scheduled_at=before_launch.clock.now())
    services = before_launch.services(db, sensor_model(read_launch), governor_model(decide_launch))
    await claim(db, before_launch)
    await execute_run(services, monitor.id, run_id=pending.id)

    again = await execute_run(services, monitor.id, run_id=pending.id)
    missing = await execute_run(services, monitor.id, run_id=9999)

    assert (again.status, again.error_category, again.run_id) == ("failed", "user", None)
    assert "is succeeded, not pending" in (again.error or "")
    assert "does not exist" in (missing.error or "")
    assert len(await runs_of(db, monitor.id)) == 1


async def test_a_finished_run_records_when_it_ended_not_when_it_started(
    db: Database, after_launch: Sim
) -> None:
    monitor = await create_monitor(db, after_launch)

    def slow_decision(current: dict[str, Any], previous: dict[str, Any] | None) -> dict[str, Any]:
        after_launch.clock.advance(timedelta(seconds=42))  # the governor thinks for 42 s
        return decide_launch(current, previous)

    services = after_launch.services(db, sensor_model(read_launch), governor_model(slow_decision))

    outcome = await run_once(services, after_launch, monitor.id)

    async with db.transaction() as tx:
        run = await tx.runs.get(outcome.run_id or 0)
    assert run.started_at is not None
    assert run.finished_at is not None
    assert run.finished_at - run.started_at == timedelta(seconds=42)
