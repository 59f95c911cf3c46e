"""Monitors played end to end through simulated scenarios, run after run on a virtual clock.

The engine's part is played by ``play``: whenever the monitor is due, advance the clock,
claim it and ``execute_run``. The scripted models read only what their prompts show them
(the page excerpts, the states): regexes over page text, never the scenario's ground truth.
The ground truth is used by the assertions only.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest

from sentinel.storage import Database, MonitorState, RunStatus
from tests.monitor.pipeline_fixtures import (
    Played,
    Reading,
    ShownPage,
    Sim,
    create_monitor,
    first_sentence,
    governor_model,
    play,
    sensor_model,
)

_PRICE = r"\$(\d[\d,]*\.\d{2})"


@pytest.fixture
async def sims() -> AsyncIterator[list[Sim]]:
    opened: list[Sim] = []
    yield opened
    for sim in opened:
        await sim.close()


async def scenario(
    db: Database,
    sims: list[Sim],
    scenario_id: str,
    read: Any,
    *,
    decide: Any = None,
    rules: str | None = None,
    notify: str | None = None,
) -> tuple[Sim, Played]:
    sim = Sim.of(scenario_id)
    sims.append(sim)
    monitor = await create_monitor(db, sim, rules=rules, notify=notify)
    governor = governor_model(decide) if decide is not None else None
    services = sim.services(db, sensor_model(read), governor)
    return sim, await play(services, sim, monitor.id, until=sim.scenario.end)


def first_event(sim: Sim) -> datetime:
    return next(event.at for event in sim.scenario.events if event.condition)


def suppressed(played: Played, why: str) -> list[datetime]:
    """When governed runs decided to act but were stopped for ``why``."""
    return [
        run.scheduled_at
        for run in played.runs
        if run.decision and why in str(run.decision.get("reasoning"))
    ]


# -- iPhone 17: notify once, LLM governor ----------------------------------------------------


def read_iphone(pages: list[ShownPage], previous: dict[str, Any] | None) -> Reading:
    for page in pages:
        quote = first_sentence(page, r"Apple today announced iPhone 17")
        if quote and "apple.example" in page.url:
            date = re.search(r"beginning Friday, (September \d+)", page.text)
            return {"announced": True, "on_sale": date.group(1) if date else None}, [
                (page.number, quote)
            ]
    official = next((p for p in pages if "apple.example/newsroom" in p.url), None)
    quote = first_sentence(official, r"no announcements") if official else None
    return {"announced": False}, [(official.number, quote)] if official and quote else []


def decide_announced(current: dict[str, Any], previous: dict[str, Any] | None) -> dict[str, Any]:
    if current.get("announced") is True:
        return {
            "should_act": True,
            "answer": f"Apple announced iPhone 17: on sale {current.get('on_sale')}.",
            "facts": {"on_sale": current.get("on_sale")},
            "evidence": [1],
        }
    return {"next_check": "1 day"}


async def test_iphone_release_notifies_once_after_the_announcement_and_completes(
    db: Database, sims: list[Sim]
) -> None:
    sim, played = await scenario(db, sims, "iphone-release", read_iphone, decide=decide_announced)

    assert len(played.deliveries) == 1
    delivery = played.deliveries[0]
    assert delivery.created_at >= first_event(sim)
    assert delivery.payload["message"].startswith(
        "Apple announced iPhone 17: on sale September 19."
    )
    assert "apple.example" in delivery.payload["message"]
    assert played.monitor is not None
    assert played.monitor.state is MonitorState.COMPLETED
    assert played.monitor.next_run_at is None
    assert played.outcomes[-1].completed
    assert played.count("skipped-no-change") > played.count("succeeded")


# -- Sonora headphones: notify always, rules governor, new prices re-notify -----------------


def read_price(pages: list[ShownPage], previous: dict[str, Any] | None) -> Reading:
    for page in pages:
        if page.title.startswith("Sonora QC Ultra Wireless"):
            quote = first_sentence(page, _PRICE)
            price = re.search(_PRICE, page.text)
            if quote and price:
                return {"price_usd": float(price.group(1).replace(",", ""))}, [(page.number, quote)]
    return dict(previous or {}), []


async def test_headphones_notify_always_sends_each_new_price_below_the_threshold_once(
    db: Database, sims: list[Sim]
) -> None:
    sim, played = await scenario(
        db, sims, "headphones-price-drop", read_price, rules="price_usd < 350", notify="always"
    )

    prices = [d.payload["facts"]["price_usd"] for d in played.deliveries]
    assert prices == [329.99, 279.99, 349.99]
    windows = [
        (datetime(2025, 8, 29, 4, tzinfo=UTC), datetime(2025, 9, 2, 4, tzinfo=UTC)),
        (datetime(2025, 10, 3, 6, tzinfo=UTC), datetime(2025, 10, 10, 4, tzinfo=UTC)),
        (datetime(2025, 10, 10, 4, tzinfo=UTC), sim.scenario.end),
    ]
    for delivery, (start, end) in zip(played.deliveries, windows, strict=True):
        assert start <= delivery.created_at < end
    assert played.monitor is not None
    assert played.monitor.state is MonitorState.ACTIVE


# -- Lumen X100: notify always, each restock once, even with the same facts ----------------


def read_stock(pages: list[ShownPage], previous: dict[str, Any] | None) -> Reading:
    for page in pages:
        if page.url.endswith("store.lumen.example/cameras/x100"):
            stock = re.search(r"\*\*(In stock|Out of stock)\*\*", page.text)
            quote = first_sentence(page, r"\*\*(In stock|Out of stock)\*\*")
            if stock and quote:
                return {"availability": stock.group(1).lower()}, [(page.number, quote)]
    return dict(previous or {}), []


async def test_camera_each_restock_is_notified_once_even_with_the_same_facts(
    db: Database, sims: list[Sim]
) -> None:
    sim, played = await scenario(
        db, sims, "camera-stock-flipflop", read_stock, rules='availability == "in stock"'
    )

    first_restock, sold_out, second_restock = (event.at for event in sim.scenario.events)
    assert len(played.deliveries) == 2
    assert first_restock <= played.deliveries[0].created_at < sold_out
    # Sold out in between: the dedupe memory was forgotten, so the same facts are news again.
    assert played.deliveries[1].created_at >= second_restock
    for delivery in played.deliveries:
        assert delivery.payload["facts"] == {"availability": "in stock"}
    # Within one restock the same facts are held back.
    for moment in suppressed(played, "already notified"):
        assert not sold_out <= moment < second_restock


# -- Noise only: no notification, and the pre-filter spares the models ---------------------


def read_hours(pages: list[ShownPage], previous: dict[str, Any] | None) -> Reading:
    for page in pages:
        if page.url.endswith("/visit/hours"):
            rows = re.findall(r"^\| (\w+day) \| ([^|]+?) \|", page.text, re.M)
            quote = first_sentence(page, r"is open six days a week")
            hours = "; ".join(f"{day} {time}" for day, time in rows)
            return {"weekly_hours": hours}, [(page.number, quote)] if quote else []
    return dict(previous or {}), []


def decide_hours_changed(
    current: dict[str, Any], previous: dict[str, Any] | None
) -> dict[str, Any]:
    if previous and current.get("weekly_hours") != previous.get("weekly_hours"):
        return {"should_act": True, "answer": "The opening hours changed.", "facts": current}
    return {"next_check": "1 day"}


async def test_library_markup_churn_never_notifies_and_mostly_skips(
    db: Database, sims: list[Sim]
) -> None:
    _, played = await scenario(
        db, sims, "library-hours-churn", read_hours, decide=decide_hours_changed
    )

    assert played.deliveries == []
    skipped, sensed = played.count("skipped-no-change"), played.count("succeeded")
    assert skipped > 2 * sensed
    assert played.count("failed") == played.count("retrying") == 0
    assert sum(outcome.calls_saved for outcome in played.outcomes) == 2 * skipped


def read_announcement(pages: list[ShownPage], previous: dict[str, Any] | None) -> Reading:
    for page in pages:
        if "valvet.example" in page.url:
            quote = first_sentence(page, r"(?i)announc\w* Portal Odyssey 3")
            if quote:
                return {"announced": True}, [(page.number, quote)]
    return {"announced": False}, []


async def test_a_game_that_is_never_announced_never_notifies(db: Database, sims: list[Sim]) -> None:
    _, played = await scenario(
        db, sims, "game-never-announced", read_announcement, rules="announced == true"
    )

    assert played.deliveries == []
    assert played.count("skipped-no-change") > played.count("succeeded")
    assert all(run.status is not RunStatus.FAILED for run in played.runs)


# -- Grounding: a state the pages do not literally support is never notified ---------------


def read_release_paraphrased(pages: list[ShownPage], previous: dict[str, Any] | None) -> Reading:
    for page in pages:
        if page.url.endswith("quillstore.example/releases") and "## 5.0.0 (" in page.text:
            # The page says "Quillstore 5.0 is generally available."; this is a paraphrase.
            return {"released": True}, [(page.number, "Quillstore 5.0.0 shipped as final.")]
    return {"released": False}, []


def decide_released(current: dict[str, Any], previous: dict[str, Any] | None) -> dict[str, Any]:
    if current.get("released") is True:
        return {"should_act": True, "answer": "Quillstore 5.0 is out.", "facts": current}
    return {"next_check": "1 day"}


async def test_an_ungrounded_release_is_suppressed_and_the_monitor_keeps_watching(
    db: Database, sims: list[Sim]
) -> None:
    sim, played = await scenario(
        db, sims, "quillstore-release", read_release_paraphrased, decide=decide_released
    )

    assert played.deliveries == []
    stopped = suppressed(played, "notification suppressed: no evidence")
    assert stopped
    assert min(stopped) >= first_event(sim)
    assert played.monitor is not None
    assert played.monitor.state is MonitorState.ACTIVE
