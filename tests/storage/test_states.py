"""StateVersionRepository: every sensed state kept, numbered per monitor."""

from __future__ import annotations

import pytest

from sentinel.errors import InvalidInput
from sentinel.storage import Database, RecordNotFound
from tests.storage.helpers import at, make_monitor


async def test_versions_count_up_per_monitor_and_keep_everything(db: Database) -> None:
    first = await make_monitor(db, "first")
    second = await make_monitor(db, "second")
    async with db.transaction() as tx:
        assert await tx.states.latest(first.id) is None
        v1 = await tx.states.append(
            first.id,
            state={"announced": False, "date": "TBD"},
            now=at(1),
            volatility_hint="event in 3 days",
            evidence=[{"url": "https://example.test/a", "quote": "date TBD"}],
            fingerprints={"https://example.test/a": "sha256:00"},
        )
        other = await tx.states.append(second.id, state=["a list is a state too"], now=at(1))
        v2 = await tx.states.append(first.id, state={"announced": True}, now=at(2))
    assert (v1.version, v2.version, other.version) == (1, 2, 1)
    async with db.transaction() as tx:
        assert await tx.states.latest(first.id) == v2
        assert await tx.states.get(first.id, 1) == v1
        assert [s.version for s in await tx.states.history(first.id)] == [2, 1]
        assert await tx.states.history(first.id, before_version=2) == [v1]
    assert v1.evidence == [{"url": "https://example.test/a", "quote": "date TBD"}]
    assert v1.fingerprints == {"https://example.test/a": "sha256:00"}
    assert v1.volatility_hint == "event in 3 days"


async def test_a_missing_version_is_reported_with_its_key(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        with pytest.raises(RecordNotFound, match=rf"\({monitor.id}, 4\)"):
            await tx.states.get(monitor.id, 4)


async def test_evidence_must_be_json(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        with pytest.raises(InvalidInput, match="evidence"):
            await tx.states.append(monitor.id, state={}, now=at(1), evidence=[{"x": {1, 2}}])


async def test_an_unchanged_state_adds_no_version_and_refreshes_what_was_read(
    db: Database,
) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        first, created = await tx.states.record(
            monitor.id,
            state={"price": 10},
            now=at(1),
            evidence=[{"url": "https://example.test/a", "quote": "10"}],
            fingerprints={"https://example.test/a": "sha256:00"},
        )
        assert (created, first.version) == (True, 1)
        same, created = await tx.states.record(
            monitor.id,
            state={"price": 10},
            now=at(2),
            evidence=[{"url": "https://example.test/a", "quote": "still 10"}],
            fingerprints={"https://example.test/a": "sha256:01"},
        )
        assert not created
        assert (same.id, same.version, same.created_at) == (first.id, 1, first.created_at)
        assert same.fingerprints == {"https://example.test/a": "sha256:01"}
        hinted, created = await tx.states.record(
            monitor.id, state={"price": 10}, now=at(3), volatility_hint="daily"
        )
        assert (created, hinted.version) == (True, 2)
        changed, created = await tx.states.record(
            monitor.id, state={"price": 11}, now=at(4), volatility_hint="daily"
        )
        assert (created, changed.version) == (True, 3)
    async with db.transaction() as tx:
        assert [s.version for s in await tx.states.history(monitor.id)] == [3, 2, 1]
        stored = await tx.states.get(monitor.id, 1)
    assert stored.evidence == [{"url": "https://example.test/a", "quote": "still 10"}]
    assert stored.fingerprints == {"https://example.test/a": "sha256:01"}
