"""notify=always: the same facts are news again after the criteria stopped being met."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest

from sentinel.monitor.notifying.actuator import sent_keys
from sentinel.storage import Database
from tests.monitor.pipeline_fixtures import (
    Reading,
    ShownPage,
    Sim,
    create_monitor,
    first_sentence,
    run_once,
    sensor_model,
)

STORE = "http://store.lumen.example/cameras/x100"


def read_stock(pages: list[ShownPage], previous: dict[str, Any] | None) -> Reading:
    """The official store's X100 page: in stock or not, quoted."""
    for page in pages:
        if page.url != STORE:
            continue
        quote = first_sentence(page, r"In stock") or first_sentence(page, r"Out of stock")
        in_stock = quote is not None and "In stock" in quote
        # Only the rule's field: the sensor's reply is held to the monitor's state schema.
        return {"in_stock": in_stock}, [(page.number, quote)] if quote else []
    return {"in_stock": None}, []


@pytest.fixture
async def camera() -> AsyncIterator[Sim]:
    sim = Sim.of("camera-stock-flipflop", start=datetime(2025, 9, 5, 11, tzinfo=UTC))
    yield sim
    await sim.close()


async def test_back_in_stock_with_the_same_facts_is_announced_again(
    db: Database, camera: Sim
) -> None:
    monitor = await create_monitor(db, camera, notify="always", rules="in_stock == true")
    services = camera.services(db, sensor_model(read_stock))

    in_stock = []
    for day in (5, 12, 13, 14):
        camera.clock.set(datetime(2025, 9, day, 11, tzinfo=UTC))
        in_stock.append(await run_once(services, camera, monitor.id))
    async with db.transaction() as tx:
        remembered = sent_keys((await tx.monitors.get(monitor.id)).context)
    camera.clock.set(datetime(2025, 9, 15, 9, tzinfo=UTC))
    gone = await run_once(services, camera, monitor.id)
    async with db.transaction() as tx:
        forgotten = sent_keys((await tx.monitors.get(monitor.id)).context)
    camera.clock.set(datetime(2025, 10, 3, 11, tzinfo=UTC))
    back = await run_once(services, camera, monitor.id)

    assert [outcome.notified for outcome in in_stock].count(True) == 1
    assert len(remembered) == 1
    assert gone.status == "succeeded"
    assert not gone.notified
    assert forgotten == []
    assert back.notified
