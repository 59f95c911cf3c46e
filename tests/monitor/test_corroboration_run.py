"""A rule's change that the pages refute is not notified (the run says why); a real one is."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest

from sentinel.monitor.scheduling.looks import SEARCH_EVERY
from sentinel.storage import Database
from tests.monitor.pipeline_fixtures import (
    Reading,
    ShownPage,
    Sim,
    create_monitor,
    run_once,
    sensor_model,
)

HOURS_RULE = "prev(opening_hours) != null and changed(opening_hours)"
_ROW = re.compile(r"\|\s*(\w+day)\s*\|\s*([^|]+?)\s*\|")


@pytest.fixture
async def library() -> AsyncIterator[Sim]:
    sim = Sim.of("library-hours-churn", start=datetime(2025, 9, 12, tzinfo=UTC))
    yield sim
    await sim.close()


def reader(*, partial_first: bool) -> Any:
    """Reads the hours table; the first reading keeps only each row's opening time when
    ``partial_first`` (as the embedded 0.5B model once did)."""
    calls = 0

    def read(pages: list[ShownPage], previous: dict[str, Any] | None) -> Reading:
        nonlocal calls
        calls += 1
        for page in pages:
            rows = _ROW.findall(page.text)
            if rows:
                partial = partial_first and calls == 1
                hours = {day: hours.split()[0] if partial else hours for day, hours in rows}
                return {"opening_hours": hours}, []
        return {"opening_hours": None}, []

    return read


async def test_a_partial_then_full_reading_of_unchanged_hours_is_not_notified(
    db: Database, library: Sim
) -> None:
    monitor = await create_monitor(db, library, rules=HOURS_RULE, notify="always")
    services = library.services(db, sensor_model(reader(partial_first=True)))

    first = await run_once(services, library, monitor.id)
    # Past markup churns, on the day the monitor searches and reads its pages in full again
    # (between searches, a look at pages whose relevant content is unchanged skips the run).
    library.clock.advance(SEARCH_EVERY)
    second = await run_once(services, library, monitor.id)

    assert first.status == second.status == "succeeded"
    assert not second.notified
    async with db.transaction() as tx:
        run = (await tx.runs.for_monitor(monitor.id))[0]
    assert run.decision is not None
    assert run.decision["proposed_should_act"] is True
    assert "change not corroborated" in run.decision["reasoning"]
    assert any(
        entry["step"] == "checks" and entry.get("failed") == "corroborated" for entry in run.trace
    )


async def test_steady_full_readings_raise_nothing_to_corroborate(
    db: Database, library: Sim
) -> None:
    monitor = await create_monitor(db, library, rules=HOURS_RULE, notify="always")
    services = library.services(db, sensor_model(reader(partial_first=False)))

    await run_once(services, library, monitor.id)
    # Past markup churns, on the day the monitor searches and reads its pages in full again
    # (between searches, a look at pages whose relevant content is unchanged skips the run).
    library.clock.advance(SEARCH_EVERY)
    second = await run_once(services, library, monitor.id)

    assert second.status == "succeeded"
    assert not second.notified
    async with db.transaction() as tx:
        run = (await tx.runs.for_monitor(monitor.id))[0]
    assert not any(
        entry["step"] == "checks" and entry.get("failed") == "corroborated" for entry in run.trace
    )
