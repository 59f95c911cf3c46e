"""UTCDateTime: aware UTC in and out on both backends; naive datetimes refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from sqlalchemy.exc import StatementError

from sentinel.errors import InvalidInput
from sentinel.storage import Database
from tests.storage.helpers import make_monitor


async def test_offsets_are_normalised_to_utc_and_compare_correctly(db: Database) -> None:
    paris_winter = timezone(timedelta(hours=1))
    monitor = await make_monitor(db, first_run_at=datetime(2026, 1, 1, 13, 0, tzinfo=paris_winter))
    assert monitor.next_run_at == datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    assert monitor.next_run_at.tzinfo is UTC
    async with db.transaction() as tx:
        # 11:59:59 UTC is before the run; 12:00 UTC expressed in another zone is not.
        assert (
            await tx.monitors.claim_due(datetime(2026, 1, 1, 11, 59, 59, tzinfo=UTC), "w", 1, 1)
            == []
        )
        due = datetime(2026, 1, 1, 7, 0, tzinfo=timezone(timedelta(hours=-5)))
        assert [m.id for m in await tx.monitors.claim_due(due, "w", 1, 1)] == [monitor.id]


async def test_a_naive_datetime_is_refused(db: Database) -> None:
    with pytest.raises(StatementError) as caught:
        await make_monitor(db, first_run_at=datetime(2026, 1, 1, 12, 0))
    assert isinstance(caught.value.orig, InvalidInput)
    assert "timezone-aware" in str(caught.value.orig)
