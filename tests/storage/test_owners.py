"""Owners in storage, on SQLite and PostgreSQL: a transaction made for an owner sees that
owner's monitors and their history only, and read-only SQL runs over that owner's rows."""

from __future__ import annotations

import pytest

from sentinel.owners import LOCAL_OWNER
from sentinel.storage import (
    Database,
    NewMonitor,
    ReadOnlyQueryError,
    RecordNotFound,
    RunEnding,
    RunStatus,
)
from tests.storage.helpers import T0, at


async def _monitor(db: Database, owner: str | None, name: str = "prices") -> int:
    async with db.transaction(owner=owner) as tx:
        record = await tx.monitors.create(
            NewMonitor(
                name=name,
                original_query="When does the price drop?",
                action_criteria="below 100",
                channels=[{"kind": "webhook", "url": f"https://{owner or 'local'}.example/hook"}],
            ),
            now=T0,
        )
        run = await tx.runs.start(record.id, scheduled_at=T0, started_at=T0)
        await tx.states.append(record.id, state={"price": 120}, now=at(1), run_id=run.id)
        await tx.runs.finish(run.id, RunEnding(RunStatus.SUCCEEDED), finished_at=at(2))
        await tx.outbox.enqueue(
            monitor_id=record.id,
            run_id=run.id,
            channel=record.channels[0],
            payload={"message": owner},
            idempotency_key=f"{owner}-{run.id}",
            now=at(2),
        )
        return record.id


async def test_a_monitor_made_without_an_owner_is_the_local_users(db: Database) -> None:
    monitor = await _monitor(db, None)
    async with db.transaction(owner=LOCAL_OWNER) as tx:
        assert (await tx.monitors.get(monitor)).owner == LOCAL_OWNER


async def test_an_owners_transaction_never_reaches_another_owners_rows(db: Database) -> None:
    alice = await _monitor(db, "alice")
    bob = await _monitor(db, "bob")  # the same name: names are unique per owner
    async with db.transaction(owner="bob") as tx:
        assert [m.id for m in await tx.monitors.find()] == [bob]
        assert [m.id for m in await tx.monitors.page()] == [bob]
        assert (await tx.monitors.get_by_name("prices")).id == bob
        for read in (
            tx.monitors.get(alice),
            tx.monitors.signing_secret(alice),
            tx.monitors.delete(alice),
            tx.states.get(alice, 1),
        ):
            with pytest.raises(RecordNotFound):
                await read
        assert await tx.runs.for_monitor(alice) == []
        assert await tx.states.history(alice) == []
        assert await tx.states.latest(alice) is None
        assert await tx.outbox.find(monitor_id=alice) == []
        assert [d.monitor_id for d in await tx.outbox.find()] == [bob]
        alice_run = (await tx.runs.latest_of([alice, bob])).keys()
        assert list(alice_run) == [bob]
    async with db.transaction() as tx:  # the engine's view: every owner
        assert {m.owner for m in await tx.monitors.find()} == {"alice", "bob"}


@pytest.mark.parametrize(
    "table", ["monitors", "runs", "state_versions", "deliveries", "notifications"]
)
async def test_read_only_sql_sees_the_owners_rows_only(db: Database, table: str) -> None:
    await _monitor(db, "alice")
    await _monitor(db, "bob")
    counted = await db.query_readonly(f"SELECT count(*) FROM {table}", owner="alice")
    assert counted.rows == [(1,)]
    assert (await db.query_readonly(f"SELECT count(*) FROM {table}", owner="carol")).rows == [(0,)]


async def test_read_only_sql_cannot_name_the_tables_behind_the_views(db: Database) -> None:
    await _monitor(db, "alice")
    schema = "main" if db.backend == "sqlite" else "public"
    for sql in (
        f"SELECT channels FROM {schema}.monitors",
        f"SELECT payload FROM {schema}.deliveries",
        f"SELECT * FROM {schema}.notifications",
        "SELECT signing_secret FROM monitor_secrets",
    ):
        with pytest.raises(ReadOnlyQueryError):
            await db.query_readonly(sql, owner="bob")


async def test_an_owner_with_a_quote_in_the_name_is_still_one_owner(db: Database) -> None:
    await _monitor(db, "o'brien")
    await _monitor(db, "bob")
    result = await db.query_readonly("SELECT owner FROM monitors", owner="o'brien")
    assert result.rows == [("o'brien",)]
    assert (await db.query_readonly("SELECT owner FROM monitors", owner="' OR '1'='1")).rows == []


async def test_derived_names_are_numbered_per_owner_in_a_batch_too(db: Database) -> None:
    def unnamed(query: str) -> NewMonitor:
        return NewMonitor(
            name="Watch the price", original_query=query, action_criteria="x", name_derived=True
        )

    async with db.transaction(owner="alice") as tx:
        await tx.monitors.create(unnamed("a"), now=T0)
        ids = await tx.monitors.create_many([unnamed("b"), unnamed("c")], now=T0)
        names = [(await tx.monitors.get(monitor_id)).name for monitor_id in ids]
    assert names == ["Watch the price (2)", "Watch the price (3)"]
    async with db.transaction(owner="bob") as tx:  # another owner's names are not in the way
        assert (await tx.monitors.create(unnamed("d"), now=T0)).name == "Watch the price"
