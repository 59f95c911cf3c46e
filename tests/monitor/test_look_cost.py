"""What a look costs the database, pinned by counts (never by time): the engine with the
worker's runner (sentinel.worker.MonitorRunner) reads what its runs start from with the claim,
so a look reads nothing of its own, writes two UPDATEs in one transaction shared with the
looks that end meanwhile, and adds one compact run row and nothing else. Real pages on
127.0.0.1 answer the conditional requests; statements are counted with a SQLAlchemy event
listener (StatementLog)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from sentinel.clock import VirtualClock
from sentinel.engine import Engine
from sentinel.llm import ScriptedModel
from sentinel.monitor.recording import peek_claimed, peek_run
from sentinel.monitor.run import RunServices
from sentinel.storage import Database, GovernorKind, NewMonitor, RunStatus
from sentinel.storage.models import Delivery, Run, StateVersion
from sentinel.storage.statements import StatementLog
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.worker import MonitorRunner
from tests.monitor.shop_page import ShopPage, price_model
from tests.monitor.test_look import OWNER, RULE, START, services
from tests.web.loopback import LoopbackServer

PAGES = 4


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
        cache_size=0,
    )
    yield opened
    await opened.aclose()


async def shops(db: Database, server: LoopbackServer, clock: VirtualClock, count: int) -> list[int]:
    """``count`` monitors, each naming a product page of its own, due now."""
    ids = []
    for index in range(count):
        url = ShopPage(path=f"/p/shop-{index}").serve(server)
        async with db.transaction() as tx:
            monitor = await tx.monitors.create(
                NewMonitor(
                    name=f"headphones {index}",
                    original_query="Tell me when the Sonora QC Ultra is under $300",
                    action_criteria=RULE,
                    governor_kind=GovernorKind.RULES,
                    governor_rules=RULE,
                    urls=[url],
                    min_interval_s=3600,
                    max_interval_s=2 * 86400,
                ),
                now=clock.now(),
            )
        ids.append(monitor.id)
    return ids


async def rows(db: Database) -> dict[str, int]:
    async with db.reading() as tx:
        return {
            table.__tablename__: int(
                await tx.session.scalar(select(func.count()).select_from(table)) or 0
            )
            for table in (Run, StateVersion, Delivery)
        }


def looking_engine(run_services: RunServices, clock: VirtualClock, concurrency: int) -> Engine:
    runner = MonitorRunner(run_services)
    return Engine(run_services.db, runner, clock, concurrency=concurrency, owner=OWNER)


async def first_runs_then_due(
    db: Database, server: LoopbackServer, fetcher: Fetcher, count: int
) -> tuple[RunServices, VirtualClock, ScriptedModel, list[int]]:
    """Monitors that have read and sensed their pages once, due again three days later."""
    clock = VirtualClock(START)
    model = price_model()
    run_services = services(db, fetcher, clock, model)
    ids = await shops(db, server, clock, count)
    first = await looking_engine(run_services, clock, count).tick()
    assert {r.status for r in first.runs} == {RunStatus.SUCCEEDED}
    clock.advance(timedelta(days=3))
    return run_services, clock, model, ids


async def test_one_look_is_its_claim_and_one_write_transaction_of_two_updates(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    run_services, clock, model, [monitor_id] = await first_runs_then_due(db, server, fetcher, 1)
    engine = looking_engine(run_services, clock, 1)
    calls, before = len(model.calls), await rows(db)

    with StatementLog(db) as log:
        report = await engine.run_monitor(monitor_id)

    [run] = report.runs
    assert run.status is RunStatus.SKIPPED_NO_CHANGE
    assert len(model.calls) == calls
    # The claim's transaction: lease, newest run, pending run, latest state, history. Then
    # the look: no read of its own, one transaction of two UPDATEs.
    assert log.transactions == 2
    assert [s.verb for s in log.statements] == [
        "UPDATE",
        "SELECT",
        "INSERT",
        "SELECT",
        "SELECT",
        "UPDATE",
        "UPDATE",
    ]
    after = await rows(db)
    assert after == {**before, "runs": before["runs"] + 1}
    async with db.reading() as tx:
        stored = await tx.runs.get(run.run_id)
    assert stored.trace == []
    assert len(json.dumps(stored.decision) + json.dumps(stored.usage)) <= 64


async def test_looks_read_nothing_per_look_and_add_one_compact_row_each(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    run_services, clock, model, ids = await first_runs_then_due(db, server, fetcher, PAGES)
    engine = looking_engine(run_services, clock, PAGES)
    calls, before = len(model.calls), await rows(db)

    with StatementLog(db) as log:
        report = await engine.tick()

    assert sorted(r.monitor_id for r in report.runs) == sorted(ids)
    assert {r.status for r in report.runs} == {RunStatus.SKIPPED_NO_CHANGE}
    assert len(model.calls) == calls
    sql = [statement.sql for statement in log.statements]
    # Reads do not grow with the looks: the claim read the newest runs, the latest states
    # and the histories of all four at once (the engine's claim rounds that find nothing
    # due, as slots free up, read the monitors' queue only).
    assert sum(q.startswith("SELECT") and "FROM state_versions" in q for q in sql) == 1
    assert sum(q.startswith("SELECT") and "FROM runs" in q for q in sql) == 2
    # Writes: each transaction of looks closes its runs in one UPDATE and schedules their
    # monitors in another — at most one such transaction per look, fewer when looks end
    # together.
    closing = [q for q in sql if q.startswith("UPDATE runs")]
    scheduling = [q for q in sql if q.startswith("UPDATE monitors") and "run_count=(" in q]
    assert 1 <= len(closing) == len(scheduling) <= PAGES
    assert await rows(db) == {**before, "runs": before["runs"] + PAGES}


async def test_what_the_claim_reads_for_a_run_is_what_the_run_would_load(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    _, clock, _, monitor_ids = await first_runs_then_due(db, server, fetcher, 2)
    now = clock.now()
    async with db.transaction() as tx:
        claimed = await tx.monitors.claim_due(now, OWNER, lease_s=300, limit=2)
        pending = await tx.runs.create_pending_many([(m.id, now, 0) for m in claimed])
        pairs = [(m, run.id) for m, run in zip(claimed, pending, strict=True)]
        prepared = await peek_claimed(tx, pairs, now=now)

    assert sorted(m.id for m, _ in pairs) == sorted(monitor_ids)
    for _, run_id in pairs:
        loaded = await peek_run(db, prepared[run_id].monitor.id, run_id=run_id, now=now)
        assert loaded == prepared[run_id]
