"""Bulk creation and keyset pages of monitors, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from sentinel.cli.watch_bulk import monitor_pages
from sentinel.errors import InvalidInput
from sentinel.storage import Database, MonitorState, NewMonitor
from sentinel.storage.statements import StatementLog
from tests.storage.helpers import T0, at


def new(name: str) -> NewMonitor:
    return NewMonitor(name=name, original_query=f"q {name}", action_criteria="c")


async def test_create_many_stores_every_monitor_with_a_secret_due_now(db: Database) -> None:
    async with db.transaction() as tx:
        ids = await tx.monitors.create_many([new(f"m{i}") for i in range(5)], now=T0)
    assert len(ids) == 5
    assert ids == sorted(ids)
    async with db.transaction() as tx:
        stored = await tx.monitors.page(limit=10)
        secrets = {await tx.monitors.signing_secret(i) for i in ids}
        claimed = await tx.monitors.claim_due(at(1), "w", 60, 10)
    assert [m.name for m in stored] == [f"m{i}" for i in range(5)]
    assert all(m.state is MonitorState.ACTIVE and m.next_run_at == T0 for m in stored)
    assert len(secrets) == 5
    assert sorted(m.id for m in claimed) == ids


async def test_create_many_refuses_a_taken_or_repeated_name_and_stores_nothing(
    db: Database,
) -> None:
    async with db.transaction() as tx:
        await tx.monitors.create(new("taken"), now=T0)
    with pytest.raises(InvalidInput, match="already exists"):
        async with db.transaction() as tx:
            await tx.monitors.create_many([new("fresh"), new("taken")], now=T0)
    with pytest.raises(InvalidInput, match="twice"):
        async with db.transaction() as tx:
            await tx.monitors.create_many([new("x"), new("x")], now=T0)
    async with db.transaction() as tx:
        assert [m.name for m in await tx.monitors.page()] == ["taken"]


async def test_pages_follow_the_key_with_filters(db: Database) -> None:
    async with db.transaction() as tx:
        ids = await tx.monitors.create_many(
            [new("Phone 1"), new("tablet"), new("phone 2"), new("50%_off")], now=T0
        )
        await tx.monitors.transition(ids[2], MonitorState.PAUSED, now=T0)
    async with db.transaction() as tx:
        first = await tx.monitors.page(limit=2)
        rest = await tx.monitors.page(after_id=first[-1].id, limit=2)
        phones = await tx.monitors.page(search="PHONE")
        paused = await tx.monitors.page(state=MonitorState.PAUSED)
        literal = await tx.monitors.page(search="%_")
    assert [m.id for m in first + rest] == ids
    assert [m.name for m in phones] == ["Phone 1", "phone 2"]
    assert [m.name for m in paused] == ["phone 2"]
    assert [m.name for m in literal] == ["50%_off"]


async def test_listing_costs_four_statements_per_page_not_one_per_monitor(db: Database) -> None:
    async with db.transaction() as tx:
        ids = await tx.monitors.create_many([new(f"m{i}") for i in range(12)], now=T0)
        for monitor_id in ids[:6]:  # half of them notified once
            run = await tx.runs.start(monitor_id, scheduled_at=T0, started_at=T0)
            for channel in ("a", "b"):
                await tx.outbox.enqueue(
                    monitor_id=monitor_id,
                    run_id=run.id,
                    channel={"kind": "webhook", "url": f"https://{channel}.test/"},
                    payload={},
                    idempotency_key=f"run-{run.id}:{channel}",
                    now=T0,
                )
    with StatementLog(db) as log:
        pages = [page async for page in monitor_pages(db, limit=12)]
    assert sum(len(page) for page in pages) == 12
    # 500 a page: one page of 12 (its monitors, their last runs, their newest deliveries and
    # the deliveries of those runs counted by status), and the listing ends.
    assert len(log.statements) == 4
    [page] = pages
    assert [listed.notification is not None for listed in page] == [True] * 6 + [False] * 6
    assert {listed.notification.summary for listed in page[:6] if listed.notification} == {
        "pending"
    }
