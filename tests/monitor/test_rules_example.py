"""The README's rules example, end to end, against a product page on 127.0.0.1.

``sentinel watch add "Tell me when the Sonora QC Ultra is under $300 at Voltmart" --rules
"price_usd < 300"``: the sensor is told the state schema the rule implies (``price_usd``, a
number), so it reports ``price_usd`` and not ``Price``, and the rule notifies. The page is
served for real on a loopback port, found by the local search provider and read by the
product's fetcher.

(When monitors read the pages a user names, ``watch add --url``, the search index here can give
way to the monitor's URL; the sensing and the schema are the same.)
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest

from sentinel.clock import VirtualClock
from sentinel.llm import LanguageModel, ScriptedModel, ScriptedRequest
from sentinel.monitor.run import RunOutcome, RunServices, execute_run
from sentinel.storage import Database, GovernorKind, NewMonitor, NotifyBehavior
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.search.local import Document, LocalIndex, LocalSearch
from tests.loopback import running
from tests.monitor.pipeline_fixtures import OWNER, WEBHOOK, first_sentence, shown_pages

MISSION = "Tell me when the Sonora QC Ultra is under $300 at Voltmart"
RULE = "price_usd < 300"  # the README's example
PATH = "/headphones/sonora-qc-ultra"
PAGE = """<!doctype html>
<html><head><title>Sonora QC Ultra headphones | Voltmart</title></head>
<body><main>
<h1>Sonora QC Ultra wireless noise-cancelling headphones</h1>
<p>Voltmart price: $279.99. In stock, ready to ship.</p>
<p>The Sonora QC Ultra has adaptive noise cancelling and 24 hours of battery life.</p>
</main></body></html>"""
SCHEMA_LINE = re.compile(r"^State keys \(exactly these; [^)]*\): (.*)$", re.M)


async def shop(
    scope: dict[str, Any],
    receive: Callable[[], Awaitable[Any]],
    send: Callable[[dict[str, Any]], Awaitable[None]],
) -> None:
    """Voltmart: the product page, 404 for anything else (robots.txt included)."""
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    found = scope["path"] == PATH
    body = PAGE.encode() if found else b"not found"
    kind = b"text/html; charset=utf-8" if found else b"text/plain"
    await send(
        {
            "type": "http.response.start",
            "status": 200 if found else 404,
            "headers": [(b"content-type", kind)],
        }
    )
    await send({"type": "http.response.body", "body": body})


@dataclass
class Shop:
    """The served page, a search index holding it, and a fetcher allowed onto loopback."""

    url: str
    clock: VirtualClock
    search: LocalSearch
    fetcher: Fetcher

    def services(self, db: Database, sensor: LanguageModel) -> RunServices:
        return RunServices(
            db=db,
            search=self.search,
            fetcher=self.fetcher,
            clock=self.clock,
            sensor_model=sensor,
            governor_model=None,
            rng=random.Random(7),
            lease_owner=OWNER,
            max_pages=1,
            page_chars=600,
        )


@pytest.fixture
async def voltmart() -> AsyncIterator[Shop]:
    async with running(shop) as base:
        url = base + PATH
        index = LocalIndex()
        index.upsert(Document(url=url, title="Sonora QC Ultra headphones | Voltmart", text=PAGE))
        clock = VirtualClock(datetime(2025, 11, 3, 9, tzinfo=UTC))
        fetcher = Fetcher(
            guard=SSRFGuard(allow_networks=["127.0.0.0/8"]),
            politeness=Politeness(min_interval=0),
            timeout=10.0,
            clock=clock.now,
        )
        try:
            yield Shop(url, clock, LocalSearch(index, clock=clock.now), fetcher)
        finally:
            await fetcher.aclose()
            index.close()


async def watch_and_run(db: Database, shop_: Shop, sensor: LanguageModel) -> RunOutcome:
    """``watch add MISSION --rules RULE``, then one run, as the engine would run it."""
    async with db.transaction() as tx:
        monitor = await tx.monitors.create(
            NewMonitor(
                name="sonora",
                original_query=MISSION,
                action_criteria=MISSION,
                notify_behavior=NotifyBehavior.ONCE,
                channels=[WEBHOOK],
                min_interval_s=3600,
                max_interval_s=86400,
                governor_kind=GovernorKind.RULES,
                governor_rules=RULE,
            ),
            now=shop_.clock.now(),
        )
    async with db.transaction() as tx:
        await tx.monitors.claim_due(shop_.clock.now(), OWNER, 600, 10)
    return await execute_run(shop_.services(db, sensor), monitor.id)


def read_as_told(request: ScriptedRequest) -> dict[str, Any]:
    """A scripted sensor that reports the keys its prompt names, from the page it is shown:
    a number for a key the prompt types as a number."""
    prompt = next(m.content for m in request.messages if m.role == "user")
    told = SCHEMA_LINE.search(prompt)
    assert told is not None, "the sensor was not told the state's keys"
    keys = re.findall(r"(\w+) \(a number\)", told.group(1))
    page = shown_pages(request)[0]
    quote = first_sentence(page, r"\$\d")
    price = re.search(r"\$(\d+(?:\.\d+)?)", quote or "")
    state = {key: float(price.group(1)) if price else None for key in keys}
    return {
        "action": "report_state",
        "payload": {
            "updated_state": state,
            "evidence": [{"page": page.number, "quote": quote}] if quote else [],
            "volatility_hint": None,
            "query_update": None,
        },
    }


async def assert_notified(db: Database, outcome: RunOutcome) -> None:
    assert outcome.status == "succeeded", outcome.error
    assert outcome.notified, outcome
    async with db.transaction() as tx:
        (run,) = await tx.runs.for_monitor(outcome.monitor_id, limit=5)
        (delivery,) = await tx.outbox.find(monitor_id=outcome.monitor_id)
        version = await tx.states.latest(outcome.monitor_id)
    assert version is not None
    assert version.state == {"price_usd": 279.99}
    assert run.decision is not None
    assert run.decision["reasoning"] == "rule 'price_usd < 300' holds"
    assert "price_usd is 279.99" in delivery.payload["message"]


async def test_the_readme_rule_notifies_with_a_scripted_sensor(
    db: Database, voltmart: Shop
) -> None:
    sensor = ScriptedModel(read_as_told, name="scripted-sensor")

    outcome = await watch_and_run(db, voltmart, sensor)

    await assert_notified(db, outcome)
    assert outcome.model_calls == 1


# The same rule on the embedded model, through `watch add --url` and a verifying receiver, is
# test_the_embedded_model_watches_a_named_page_and_notifies_a_verifying_receiver in
# tests/cli/test_watch_sources_cli.py.


def read_freely(request: ScriptedRequest) -> dict[str, Any]:
    """A sensor that names its own key, as the embedded model did before it was told."""
    page = shown_pages(request)[0]
    return {
        "action": "report_state",
        "payload": {
            "updated_state": {"Price": 279.99},
            "evidence": [{"page": page.number, "quote": first_sentence(page, r"\$\d")}],
            "volatility_hint": None,
            "query_update": None,
        },
    }


async def test_a_reply_with_keys_other_than_the_schemas_is_refused_not_stored(
    db: Database, voltmart: Shop
) -> None:
    sensor = ScriptedModel(read_freely, name="scripted-sensor")

    outcome = await watch_and_run(db, voltmart, sensor)

    assert outcome.status == "failed"
    assert "Price" in (outcome.error or "")
    async with db.transaction() as tx:
        assert await tx.states.latest(outcome.monitor_id) is None
