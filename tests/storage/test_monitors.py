"""MonitorRepository on SQLite and PostgreSQL: definitions, transitions, claims and leases."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from sentinel.errors import InvalidInput
from sentinel.storage import (
    ALLOWED_TRANSITIONS,
    Database,
    GovernorKind,
    InvalidTransition,
    MonitorState,
    NewMonitor,
    RecordNotFound,
    TransitionConflict,
)
from tests.storage.helpers import T0, at, make_monitor

ACTIVE, PAUSED, COMPLETED, FAILED = list(MonitorState)


async def test_a_new_monitor_is_active_due_now_and_searches_its_original_query(
    db: Database,
) -> None:
    monitor = await make_monitor(db, channels=[{"kind": "webhook", "url": "http://x.test/"}])
    assert monitor.state is ACTIVE
    assert monitor.next_run_at == T0
    assert monitor.current_query == monitor.original_query
    assert monitor.channels == [{"kind": "webhook", "url": "http://x.test/"}]
    async with db.transaction() as tx:
        assert await tx.monitors.get(monitor.id) == monitor
        assert await tx.monitors.get_by_name("iphone") == monitor
        assert len(await tx.monitors.signing_secret(monitor.id)) == 64


async def test_monitor_names_are_unique(db: Database) -> None:
    await make_monitor(db, "dup")
    with pytest.raises(InvalidInput, match="already exists"):
        await make_monitor(db, "dup")


def test_new_monitor_refuses_bad_fields_naming_them() -> None:
    base: dict[str, Any] = {"name": "m", "original_query": "q", "action_criteria": "c"}
    cases: list[tuple[dict[str, Any], str]] = [
        ({"name": " "}, "name"),
        ({"original_query": ""}, "original_query"),
        ({"min_interval_s": 0}, "min_interval_s"),
        ({"min_interval_s": 600, "max_interval_s": 60}, "max_interval_s"),
        ({"governor_kind": "rules"}, "governor_rules"),
        ({"notify_behavior": "sometimes"}, "notify_behavior"),
        ({"context": {"when": object()}}, "context"),
    ]
    for override, field in cases:
        with pytest.raises(InvalidInput) as caught:
            NewMonitor(**{**base, **override})
        assert caught.value.field == field, override


async def test_update_changes_mutable_fields_only(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        updated = await tx.monitors.update(
            monitor.id,
            now=at(5),
            current_query="iPhone 17 launch event date",
            governor_kind=GovernorKind.RULES,
            governor_rules="notify when announced becomes true",
        )
    assert updated.current_query == "iPhone 17 launch event date"
    assert updated.governor_kind is GovernorKind.RULES
    assert updated.updated_at == at(5)
    assert updated.original_query == monitor.original_query
    async with db.transaction() as tx:
        with pytest.raises(InvalidInput, match="immutable") as caught:
            await tx.monitors.update(monitor.id, now=at(6), original_query="something else")  # type: ignore[call-arg]
    assert caught.value.field == "original_query"


async def test_the_database_itself_refuses_to_change_the_original_query(db: Database) -> None:
    monitor = await make_monitor(db)
    with pytest.raises(DBAPIError, match="original_query is immutable"):
        async with db.transaction() as tx:
            await tx.session.execute(
                text("UPDATE monitors SET original_query = 'rewritten' WHERE id = :id"),
                {"id": monitor.id},
            )
    async with db.transaction() as tx:
        assert (await tx.monitors.get(monitor.id)).original_query == monitor.original_query


async def test_update_checks_interval_bounds_against_the_stored_values(db: Database) -> None:
    monitor = await make_monitor(db, min_interval_s=600, max_interval_s=3600)
    async with db.transaction() as tx:
        with pytest.raises(InvalidInput, match="below min_interval_s=600"):
            await tx.monitors.update(monitor.id, now=at(1), max_interval_s=60)


@pytest.mark.parametrize("to_state", list(MonitorState), ids=lambda s: s.value)
async def test_every_transition_from_every_state_is_checked(
    db: Database, to_state: MonitorState
) -> None:
    for index, from_state in enumerate(MonitorState):
        monitor = await make_monitor(db, f"m{index}")
        async with db.transaction() as tx:
            if from_state is not ACTIVE:
                await tx.monitors.transition(monitor.id, from_state, now=at(1))
        async with db.transaction() as tx:
            if (from_state, to_state) in ALLOWED_TRANSITIONS:
                moved = await tx.monitors.transition(monitor.id, to_state, now=at(2))
                assert moved.state is to_state
            else:
                with pytest.raises(InvalidTransition) as caught:
                    await tx.monitors.transition(monitor.id, to_state, now=at(2))
                assert caught.value.monitor_id == monitor.id
                assert (caught.value.from_state, caught.value.to_state) == (from_state, to_state)


async def test_pause_keeps_next_run_and_drops_the_lease(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        [claimed] = await tx.monitors.claim_due(T0, "worker-1", 60, 10)
        assert claimed.lease_owner == "worker-1"
    async with db.transaction() as tx:
        paused = await tx.monitors.transition(monitor.id, PAUSED, now=at(10))
    assert paused.next_run_at == T0
    assert (paused.lease_owner, paused.lease_expires_at) == (None, None)
    async with db.transaction() as tx:
        # The run that held the lease finishes: it is counted but cannot reschedule.
        assert not await tx.monitors.record_run(
            monitor.id, "worker-1", ran_at=at(20), next_run_at=at(3600)
        )
        after = await tx.monitors.get(monitor.id)
    assert (after.state, after.next_run_at, after.run_count) == (PAUSED, T0, 1)


async def test_resume_runs_now_unless_already_due_later(db: Database) -> None:
    past = await make_monitor(db, "past")
    future = await make_monitor(db, "future", first_run_at=at(7200))
    async with db.transaction() as tx:
        for monitor in (past, future):
            await tx.monitors.transition(monitor.id, PAUSED, now=at(60))
    async with db.transaction() as tx:
        resumed_past = await tx.monitors.transition(past.id, ACTIVE, now=at(120))
        resumed_future = await tx.monitors.transition(future.id, ACTIVE, now=at(120))
    assert resumed_past.next_run_at == at(120)
    assert resumed_future.next_run_at == at(7200)


async def test_completed_and_failed_monitors_have_no_next_run(db: Database) -> None:
    done = await make_monitor(db, "done")
    broken = await make_monitor(db, "broken")
    async with db.transaction() as tx:
        await tx.monitors.claim_due(T0, "worker-1", 60, 10)
        completed = await tx.monitors.transition(done.id, COMPLETED, now=at(1))
        failed = await tx.monitors.transition(broken.id, FAILED, now=at(1))
        assert await tx.monitors.earliest_next_run_at() is None
        assert await tx.monitors.claim_due(at(10**6), "worker-2", 60, 10) == []
    assert completed.next_run_at is None
    assert completed.lease_owner is None
    assert failed.next_run_at is None
    async with db.transaction() as tx:
        revived = await tx.monitors.transition(broken.id, ACTIVE, now=at(50))
    assert (revived.state, revived.next_run_at, revived.consecutive_failures) == (ACTIVE, at(50), 0)


async def test_a_transition_that_loses_the_race_is_reported(db: Database) -> None:
    monitor = await make_monitor(db)

    async def move(to_state: MonitorState) -> Any:
        async with db.transaction() as tx:
            return await tx.monitors.transition(monitor.id, to_state, now=at(1), expected=ACTIVE)

    outcomes = await asyncio.gather(move(PAUSED), move(COMPLETED), return_exceptions=True)
    winners = [o for o in outcomes if not isinstance(o, BaseException)]
    losers = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(winners) == 1
    assert len(losers) == 1
    assert isinstance(losers[0], TransitionConflict)
    assert losers[0].expected == "active"
    assert losers[0].actual == winners[0].state.value
    assert "changed concurrently" in str(losers[0])


async def test_claim_due_takes_due_active_monitors_earliest_first(db: Database) -> None:
    late = await make_monitor(db, "late", first_run_at=at(30))
    early = await make_monitor(db, "early", first_run_at=at(10))
    await make_monitor(db, "future", first_run_at=at(1000))
    paused = await make_monitor(db, "paused", first_run_at=at(0))
    async with db.transaction() as tx:
        await tx.monitors.transition(paused.id, PAUSED, now=T0)
        claimed = await tx.monitors.claim_due(at(60), "worker-1", 30, 10)
    assert [m.id for m in claimed] == [early.id, late.id]
    assert all(m.lease_expires_at == at(90) for m in claimed)
    async with db.transaction() as tx:
        assert await tx.monitors.claim_due(at(60), "worker-2", 30, 10) == []
        assert await tx.monitors.earliest_next_run_at() == at(90)


async def test_claim_due_never_gives_a_monitor_to_two_concurrent_claimers(db: Database) -> None:
    ids = {(await make_monitor(db, f"m{i}")).id for i in range(24)}

    async def claimer(owner: str) -> list[int]:
        taken: list[int] = []
        for _ in range(4):
            async with db.transaction() as tx:
                batch = await tx.monitors.claim_due(at(1), owner, 300, 4)
            assert len(batch) <= 4
            taken.extend(m.id for m in batch)
            await asyncio.sleep(0)
        return taken

    results = await asyncio.gather(*(claimer(f"worker-{n}") for n in range(4)))
    every_claim = [monitor_id for taken in results for monitor_id in taken]
    assert len(every_claim) == len(set(every_claim)), "a monitor was claimed twice"
    assert set(every_claim) == ids
    async with db.transaction() as tx:
        owners = {m.id: m.lease_owner for m in await tx.monitors.find()}
    for owner_index, taken in enumerate(results):
        assert all(owners[monitor_id] == f"worker-{owner_index}" for monitor_id in taken)


async def test_an_expired_lease_is_reaped_and_the_monitor_claimable_again(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        await tx.monitors.claim_due(T0, "dead-worker", 60, 1)
        assert await tx.monitors.reap_expired_leases(at(59)) == []
        assert await tx.monitors.claim_due(at(59), "worker-2", 60, 1) == []
    async with db.transaction() as tx:
        assert await tx.monitors.reap_expired_leases(at(60)) == [monitor.id]
        reaped = await tx.monitors.get(monitor.id)
        assert (reaped.lease_owner, reaped.lease_expires_at) == (None, None)
        [again] = await tx.monitors.claim_due(at(61), "worker-2", 60, 1)
    assert again.lease_owner == "worker-2"
    async with db.transaction() as tx:
        assert not await tx.monitors.record_run(
            monitor.id, "dead-worker", ran_at=at(62), next_run_at=at(3600)
        )
        assert await tx.monitors.record_run(
            monitor.id, "worker-2", ran_at=at(62), next_run_at=at(3600), current_query="refined"
        )
        done = await tx.monitors.get(monitor.id)
    assert (done.next_run_at, done.lease_owner, done.run_count) == (at(3600), None, 2)
    assert done.current_query == "refined"


async def test_lease_extension_and_release_need_the_owner(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        await tx.monitors.claim_due(T0, "worker-1", 60, 1)
        assert not await tx.monitors.extend_lease(monitor.id, "intruder", now=at(30), lease_s=60)
        assert await tx.monitors.extend_lease(monitor.id, "worker-1", now=at(30), lease_s=60)
        assert (await tx.monitors.get(monitor.id)).lease_expires_at == at(90)
        assert not await tx.monitors.release_lease(monitor.id, "intruder")
        assert await tx.monitors.release_lease(monitor.id, "worker-1")
        assert (await tx.monitors.get(monitor.id)).lease_owner is None


async def test_failures_are_counted_until_a_run_succeeds(db: Database) -> None:
    monitor = await make_monitor(db)
    for second, failed in enumerate([True, True, False, True], start=1):
        async with db.transaction() as tx:
            await tx.monitors.claim_due(at(10**6), "w", 60, 1)
            await tx.monitors.record_run(
                monitor.id, "w", ran_at=at(second), next_run_at=at(second), failed=failed
            )
            if second == 2:
                assert (await tx.monitors.get(monitor.id)).consecutive_failures == 2
    async with db.transaction() as tx:
        assert (await tx.monitors.get(monitor.id)).consecutive_failures == 1


async def test_run_now_makes_an_active_monitor_due(db: Database) -> None:
    monitor = await make_monitor(db, first_run_at=at(9999))
    async with db.transaction() as tx:
        assert (await tx.monitors.run_now(monitor.id, now=at(5))).next_run_at == at(5)
        await tx.monitors.transition(monitor.id, PAUSED, now=at(6))
        with pytest.raises(InvalidInput, match="paused"):
            await tx.monitors.run_now(monitor.id, now=at(7))


async def test_secrets_rotate_and_deleting_a_monitor_removes_everything(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        old = await tx.monitors.signing_secret(monitor.id)
        new = await tx.monitors.rotate_signing_secret(monitor.id, now=at(1))
        assert new != old
        assert await tx.monitors.signing_secret(monitor.id) == new
        await tx.states.append(monitor.id, state={"a": 1}, now=at(1))
        await tx.monitors.delete(monitor.id)
    async with db.transaction() as tx:
        with pytest.raises(RecordNotFound):
            await tx.monitors.get(monitor.id)
        with pytest.raises(RecordNotFound):
            await tx.monitors.signing_secret(monitor.id)
        assert await tx.states.latest(monitor.id) is None
        with pytest.raises(RecordNotFound, match="no monitor 999"):
            await tx.monitors.delete(999)


async def test_claims_need_an_owner_a_lease_and_a_limit(db: Database) -> None:
    async with db.transaction() as tx:
        for owner, lease_s, limit, field in [
            ("", 60, 1, "owner"),
            ("w", 0, 1, "lease_s"),
            ("w", 60, 0, "limit"),
        ]:
            with pytest.raises(InvalidInput) as caught:
                await tx.monitors.claim_due(T0, owner, lease_s, limit)
            assert caught.value.field == field
            with pytest.raises(InvalidInput):
                await tx.outbox.claim(T0, owner, lease_s, limit)
