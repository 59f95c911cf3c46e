"""A look still runs in full on days named on pages it did not re-read.

The last full read keeps, with its source snapshot, the lines of each page that name a day or
a time on the mission's subject; a look (conditional requests to the watch set, no search)
schedules from them: a moment they name comes before the next look is due, and is dropped
once it has passed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from sentinel.monitor.run import RunOutcome, RunServices
from sentinel.monitor.sensing.stored_snapshot import snapshot_from_json
from sentinel.sim import parse_scenario
from sentinel.storage import Database, RunRecord, RunStatus
from sentinel.web.search.base import SearchInput
from tests.monitor.pipeline_fixtures import (
    Reading,
    ShownPage,
    Sim,
    create_monitor,
    governor_model,
    run_once,
    sensor_model,
)

NEWS = "http://www.harbourtimes.example/news/dredging"
VOTE_DAY = datetime(2025, 10, 23, tzinfo=UTC)
SCENARIO = """
id: dredging-vote
title: Harbour dredging vote
mission: Tell me how the Portmere council votes on the harbour dredging plan
criteria: The council has voted on the harbour dredging plan
notify: once
start: 2025-10-01T00:00:00Z
end: 2025-11-01T00:00:00Z
sites:
  - host: www.portmere.example
    kind: official
    pages:
      - path: /council/dredging
        title: Harbour dredging plan
        timeline:
          - at: 2025-09-01T00:00:00Z
            body: |
              # Harbour dredging plan

              The council will consider the harbour dredging plan this autumn. Residents
              can read the plan and the environmental report at the town hall.
  - host: www.harbourtimes.example
    kind: news
    pages:
      - path: /news/dredging
        title: Dredging plan divides the harbour
        timeline:
          - at: 2025-09-01T00:00:00Z
            body: |
              # Dredging plan divides the harbour

              How the Portmere council votes on the harbour dredging plan will decide the
              future of the harbour: fishermen want the channel deepened before winter.

              The sailing club fears years of silt and noise. Both sides have written to
              every councillor, and the harbour master has asked for a decision before the
              spring season opens. Boat owners packed the last public meeting, and the
              ferry operator has said nothing so far.

              Dredging vote: 23 October.
events:
  - at: 2025-10-23T18:00:00Z
    condition: true
"""


def read_nothing(pages: list[ShownPage], previous: dict[str, Any] | None) -> Reading:
    return {"voted": False}, []


@pytest.fixture
async def sim() -> AsyncIterator[Sim]:
    scenario = parse_scenario(SCENARIO, "dredging-vote.yaml")
    world = Sim.of_scenario(scenario, start=datetime(2025, 10, 18, 12, tzinfo=UTC))
    yield world
    await world.close()


async def run_at(services: RunServices, sim: Sim, monitor_id: int, when: datetime) -> RunOutcome:
    sim.clock.set(when)
    return await run_once(services, sim, monitor_id)


async def fetched(db: Database, monitor_id: int) -> list[str]:
    """The URLs the monitor's latest run fetched, from its trace."""
    async with db.transaction() as tx:
        run = (await tx.runs.for_monitor(monitor_id, limit=1))[0]
    return [str(entry["payload"]["url"]) for entry in run.trace or [] if entry["step"] == "fetch"]


def schedule_of(run: RunRecord) -> str:
    """The run's schedule explanation, from its trace."""
    return next(str(entry["summary"]) for entry in run.trace or [] if entry["step"] == "schedule")


async def test_a_look_schedules_around_a_day_named_on_a_page_it_did_not_reread(
    db: Database, sim: Sim
) -> None:
    monitor = await create_monitor(db, sim)
    sensor = sensor_model(read_nothing)
    services = sim.services(db, sensor, governor_model(lambda c, p: {}), full_look_records=True)
    first = await run_at(services, sim, monitor.id, sim.clock.now())
    assert first.status == "succeeded"
    async with db.transaction() as tx:
        latest = await tx.states.latest(monitor.id)
    assert latest is not None
    stored = snapshot_from_json(latest.fingerprints)
    assert stored is not None
    assert stored.lines[NEWS] == ("Dredging vote: 23 October.",)
    await run_at(services, sim, monitor.id, datetime(2025, 10, 19, 12, tzinfo=UTC))
    await run_at(services, sim, monitor.id, datetime(2025, 10, 22, 20, tzinfo=UTC))

    look = await run_at(services, sim, monitor.id, datetime(2025, 10, 22, 23, 30, tzinfo=UTC))

    assert look.status == "skipped-no-change"
    assert NEWS not in await fetched(db, monitor.id)  # a look: no page read in full
    hits = await sim.search.search(SearchInput(query=sim.scenario.mission))
    assert not any("23 October" in f"{hit.title} {hit.snippet}" for hit in hits), hits
    assert look.next_run_at is not None
    assert VOTE_DAY <= look.next_run_at < VOTE_DAY + timedelta(days=1)  # not the next look
    async with db.transaction() as tx:
        runs = await tx.runs.for_monitor(monitor.id)
    assert runs[0].status == RunStatus.SKIPPED_NO_CHANGE
    assert "a page names Oct 23" in schedule_of(runs[0])


async def test_a_carried_day_drops_out_once_it_has_passed(db: Database, sim: Sim) -> None:
    monitor = await create_monitor(db, sim)
    sensor = sensor_model(read_nothing)
    services = sim.services(db, sensor, governor_model(lambda c, p: {}), full_look_records=True)
    await run_at(services, sim, monitor.id, sim.clock.now())
    await run_at(services, sim, monitor.id, datetime(2025, 10, 19, 12, tzinfo=UTC))
    await run_at(services, sim, monitor.id, datetime(2025, 10, 24, 1, tzinfo=UTC))
    after = datetime(2025, 10, 24, 6, tzinfo=UTC)

    look = await run_at(services, sim, monitor.id, after)

    assert look.status == "skipped-no-change"
    assert await fetched(db, monitor.id) == []
    async with db.transaction() as tx:
        latest = (await tx.runs.for_monitor(monitor.id, limit=1))[0]
    assert "a page names" not in schedule_of(latest)
    assert "look at" in schedule_of(latest)
