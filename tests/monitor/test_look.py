"""The cheap run (sentinel.monitor.look): a monitor reading only named pages that are all
unchanged — a 304, or the same content fingerprint — is recorded as skipped with its next time
in one transaction, without building the sensor agent or asking a model. A real page on
127.0.0.1 (ShopPage) answers the conditional requests; statements are counted with a
SQLAlchemy event listener (StatementLog)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta

import pytest

import sentinel.monitor.sensing.sensor as sensor_module
from sentinel.clock import VirtualClock
from sentinel.llm import ScriptedModel
from sentinel.monitor.look import NO_CHANGE
from sentinel.monitor.run import RunServices, execute_run
from sentinel.storage import Database, GovernorKind, NewMonitor, RunStatus
from sentinel.storage.statements import StatementLog
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.search.base import SearchHit, SearchInput
from tests.monitor.shop_page import ShopPage, price_model
from tests.web.loopback import LoopbackServer, Reply, Request

OWNER = "look-test"
START = datetime(2025, 9, 1, 9, tzinfo=UTC)
RULE = "price_usd < 300"


class NoSearch:
    """A search provider a named-pages monitor must never use."""

    name = "none"

    async def search(self, query: SearchInput) -> list[SearchHit]:
        raise AssertionError(f"searched for {query.query!r}")


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    running = LoopbackServer().start()
    yield running
    running.stop()


@pytest.fixture
async def fetcher() -> AsyncIterator[Fetcher]:
    opened = Fetcher(
        guard=SSRFGuard(allow_networks=["127.0.0.0/8"]),
        politeness=Politeness(min_interval=0),
        respect_robots=False,
        cache_size=0,  # as a worker's next process: only the stored validators
    )
    yield opened
    await opened.aclose()


@pytest.fixture
def agents_built(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the sensor agents built (each full run builds one)."""
    built: list[int] = []
    real = sensor_module._sensor_agent

    def counting(*args: object, **kwargs: object) -> object:
        built.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sensor_module, "_sensor_agent", counting)
    return built


def services(
    db: Database, fetcher: Fetcher, clock: VirtualClock, model: ScriptedModel
) -> RunServices:
    return RunServices(
        db=db,
        search=NoSearch(),
        fetcher=fetcher,
        clock=clock,
        sensor_model=model,
        governor_model=None,
        rng=random.Random(3),
        lease_owner=OWNER,
    )


async def create(
    db: Database, url: str, clock: VirtualClock, *, urls: list[str] | None = None
) -> int:
    async with db.transaction() as tx:
        monitor = await tx.monitors.create(
            NewMonitor(
                name="sonora",
                original_query="Tell me when the Sonora QC Ultra is under $300",
                action_criteria="the price is under $300",
                governor_kind=GovernorKind.RULES,
                governor_rules=RULE,
                urls=urls if urls is not None else [url],
                min_interval_s=3600,
                max_interval_s=2 * 86400,
            ),
            now=clock.now(),
        )
    return monitor.id


async def lease(db: Database, monitor_id: int, clock: VirtualClock) -> None:
    """Lease the (due) monitor, as the engine does before a run."""
    async with db.transaction() as tx:
        claimed = await tx.monitors.claim_due(clock.now(), OWNER, lease_s=300, limit=10)
    assert [m.id for m in claimed] == [monitor_id]


async def pending_run(db: Database, monitor_id: int, clock: VirtualClock) -> int:
    async with db.transaction() as tx:
        [run] = await tx.runs.create_pending_many([(monitor_id, clock.now(), 0)])
    return run.id


async def test_an_unchanged_page_answered_304_is_one_transaction_without_an_agent_or_a_model(
    db: Database,
    server: LoopbackServer,
    fetcher: Fetcher,
    agents_built: list[int],
) -> None:
    shop = ShopPage()
    url = shop.serve(server)
    clock = VirtualClock(START)
    model = price_model()
    run_services = services(db, fetcher, clock, model)
    monitor_id = await create(db, url, clock)

    first = await execute_run(run_services, monitor_id)  # reads the page, senses, governs
    assert first.status == "succeeded"
    assert (len(model.calls), len(agents_built)) == (1, 1)

    clock.advance(timedelta(days=3))
    await lease(db, monitor_id, clock)
    run_id = await pending_run(db, monitor_id, clock)
    with StatementLog(db) as log:
        looked = await execute_run(run_services, monitor_id, run_id=run_id)

    assert looked.status == "skipped-no-change"
    assert looked.recorded
    assert looked.next_run_at is not None
    assert looked.calls_saved == 1
    assert (len(model.calls), len(agents_built)) == (1, 1)  # no agent, no model request
    assert shop.conditional()[-1]
    assert shop.served[-1] is not None
    # A read (BEGIN, deferred) and ONE write transaction: the run record and the schedule.
    writes = [s.verb for s in log.statements if s.verb not in ("SELECT", "BEGIN")]
    assert log.transactions == 2
    assert writes == ["UPDATE", "UPDATE"]
    async with db.transaction() as tx:
        run = await tx.runs.get(run_id)
        monitor = await tx.monitors.get(monitor_id)
    assert run.status is RunStatus.SKIPPED_NO_CHANGE
    assert run.started_at == clock.now()
    assert run.finished_at == clock.now()
    # Recorded compactly: how the page answered, the calls saved, no trace.
    assert run.decision == {"skipped": "look: 304"}
    assert run.usage == {"calls_saved": 1}
    assert run.trace == []
    assert looked.reason == NO_CHANGE
    assert monitor.next_run_at == looked.next_run_at
    assert monitor.lease_owner is None


async def test_the_same_content_without_validators_is_a_look_too(
    db: Database, server: LoopbackServer, fetcher: Fetcher, agents_built: list[int]
) -> None:
    shop = ShopPage()
    shop.serve(server)
    # A server that sends no validators: every answer is 200 with the same page.
    server.routes[shop.path] = lambda request: Reply(
        200, shop.html(), {"Content-Type": "text/html; charset=utf-8"}
    )
    clock = VirtualClock(START)
    model = price_model()
    run_services = services(db, fetcher, clock, model)
    monitor_id = await create(db, server.url(shop.path), clock)
    await execute_run(run_services, monitor_id)

    clock.advance(timedelta(days=3))
    looked = await execute_run(run_services, monitor_id)

    assert looked.status == "skipped-no-change"
    assert (len(model.calls), len(agents_built)) == (1, 1)


async def test_a_changed_page_takes_the_full_path(
    db: Database, server: LoopbackServer, fetcher: Fetcher, agents_built: list[int]
) -> None:
    shop = ShopPage()
    url = shop.serve(server)
    clock = VirtualClock(START)
    model = price_model()
    run_services = services(db, fetcher, clock, model)
    monitor_id = await create(db, url, clock)
    await execute_run(run_services, monitor_id)

    shop.publish("279.99")
    clock.advance(timedelta(days=3))
    changed = await execute_run(run_services, monitor_id)

    assert changed.status == "succeeded"
    assert changed.notified
    assert (len(model.calls), len(agents_built)) == (2, 2)


async def test_a_failed_look_takes_the_full_path(
    db: Database, server: LoopbackServer, fetcher: Fetcher, agents_built: list[int]
) -> None:
    shop = ShopPage()
    url = shop.serve(server)
    clock = VirtualClock(START)
    run_services = services(db, fetcher, clock, price_model())
    monitor_id = await create(db, url, clock)
    await execute_run(run_services, monitor_id)

    def broken(request: Request) -> Reply:
        return Reply(503, b"down")

    server.routes[shop.path] = broken
    clock.advance(timedelta(days=3))
    outcome = await execute_run(run_services, monitor_id)

    # The full path judges the outage (a failed page keeps its fingerprint: a skip).
    assert len(agents_built) == 2
    assert outcome.status == "skipped-no-change"


async def test_a_monitor_without_named_pages_never_looks(
    db: Database, fetcher: Fetcher, agents_built: list[int]
) -> None:
    clock = VirtualClock(START)
    run_services = services(db, fetcher, clock, price_model())
    run_services = RunServices(**{**run_services.__dict__, "search": EmptySearch()})
    monitor_id = await create(db, "", clock, urls=[])

    first = await execute_run(run_services, monitor_id)
    second = await execute_run(run_services, monitor_id)

    assert (first.status, second.status) == ("skipped-nothing-read", "skipped-nothing-read")
    assert len(agents_built) == 2


class EmptySearch:
    """A search provider that finds nothing."""

    name = "empty"

    async def search(self, query: SearchInput) -> list[SearchHit]:
        return []
