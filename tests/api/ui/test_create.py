"""The create form: one text box, advanced options read as ``sentinel watch add`` reads
them, and each problem shown next to its field with the API's own message."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from sentinel.storage import Database
from tests.api.ui.helpers import field_problems, post_form

QUERY = "Tell me when the Sonora QC Ultra is under $300 at Voltmart"


async def _monitors(db: Database) -> list[Any]:
    async with db.transaction() as tx:
        return await tx.monitors.find(limit=10)


async def test_one_text_box_creates_a_monitor_and_shows_it(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    form = (await client.get("/monitors/new")).text
    assert 'name="query"' in form
    assert '<details class="advanced">' in form
    created = await post_form(client, "/monitors/new", {"query": QUERY, "notify": "once"})
    assert (created.status_code, created.headers["location"]) == (303, "/monitors/1?done=created")
    [monitor] = await _monitors(api_db)
    assert (monitor.original_query, monitor.action_criteria) == (QUERY, QUERY)
    page = (await client.get(created.headers["location"])).text
    assert "Created: the first run is due now." in page


async def test_advanced_options_are_stored_like_watch_add_stores_them(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    fields = {
        "query": QUERY,
        "name": "headphones",
        "notify": "always",
        "webhook": "https://hooks.example/a\n\nhttps://hooks.example/b",
        "email": "ana@example.com",
        "apprise": "ntfy://alerts",
        "min_interval": "1 hour",
        "max_interval": "2 days",
        "rules": "price_usd < 300",
        "timezone": "Europe/Lisbon",
    }
    created = await post_form(client, "/monitors/new", fields)
    assert created.status_code == 303, created.text
    [monitor] = await _monitors(api_db)
    assert [c["kind"] for c in monitor.channels] == ["webhook", "webhook", "email", "apprise"]
    assert (monitor.governor_kind.value, monitor.governor_rules) == ("rules", "price_usd < 300")
    assert monitor.action_criteria == "price_usd < 300"
    assert (monitor.min_interval_s, monitor.max_interval_s) == (3600, 2 * 86400)
    assert (monitor.notify_behavior.value, monitor.context) == (
        "always",
        {"timezone": "Europe/Lisbon"},
    )


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"query": "  "}, "query", "must not be empty"),
        ({"webhook": "ntfy://alerts"}, "webhook", "must start with http:// or https://"),
        ({"email": "ana@"}, "email", "invalid e-mail address &#39;ana@&#39;"),
        ({"min_interval": "soonish"}, "min_interval", "not a duration"),
        (
            {"min_interval": "2 days", "max_interval": "1 day"},
            "min_interval",
            "exceeds max_interval",
        ),
        ({"rules": "price <"}, "rules", "price &lt;"),
        ({"timezone": "Mars/Olympus"}, "timezone", "is not an IANA time zone"),
    ],
)
async def test_each_problem_is_shown_next_to_its_field_and_nothing_is_stored(
    client: httpx.AsyncClient, api_db: Database, fields: dict[str, str], field: str, message: str
) -> None:
    shown = await post_form(client, "/monitors/new", {"query": QUERY, **fields})
    assert shown.status_code == 422
    problems = field_problems(shown.text)
    assert message in " ".join(problems.get(field, [])), problems
    assert '<details class="advanced" open>' in shown.text or field == "query"
    assert await _monitors(api_db) == []


async def test_the_form_gives_the_apis_message(client: httpx.AsyncClient) -> None:
    bad = {"query": QUERY, "criteria": "c" * 2001}
    api = await client.post("/api/v1/monitors", json=bad)
    [api_problem] = api.json()["errors"]
    shown = await post_form(client, "/monitors/new", bad)
    assert field_problems(shown.text)["criteria"] == [api_problem["message"]]


async def test_the_values_entered_are_shown_back_escaped(client: httpx.AsyncClient) -> None:
    shown = await post_form(
        client, "/monitors/new", {"query": "</textarea><script>x()</script>", "min_interval": "?"}
    )
    assert "<script>x()" not in shown.text
    assert "&lt;/textarea&gt;&lt;script&gt;x()&lt;/script&gt;</textarea>" in shown.text


async def test_a_taken_name_is_refused_on_the_form(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    await post_form(client, "/monitors/new", {"query": QUERY, "name": "hp"})
    again = await post_form(client, "/monitors/new", {"query": "other", "name": "hp"})
    assert again.status_code == 422
    assert "already exists" in again.text
    assert len(await _monitors(api_db)) == 1


async def test_the_form_names_the_default_intervals(client: httpx.AsyncClient) -> None:
    form = (await client.get("/monitors/new")).text
    assert "(default 15 minutes)" in form
    assert "(default 30 days)" in form


async def test_check_shows_the_contract_before_anything_is_saved(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    shown = await post_form(
        client, "/monitors/new", {"query": QUERY, "notify": "once", "action": "preview"}
    )
    assert shown.status_code == 200, shown.text
    assert "How Sentinel will decide" in shown.text
    assert "Sonora QC Ultra at Voltmart" in shown.text
    assert "price &lt; 300.0 &amp;&amp; currency == &#34;USD&#34;" in shown.text
    assert await _monitors(api_db) == []
    created = await post_form(client, "/monitors/new", {"query": QUERY, "notify": "once"})
    page = (await client.get(created.headers["location"])).text
    assert "the contract: the price is below $300.00" in page


async def test_check_says_when_the_model_decides(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    shown = await post_form(
        client,
        "/monitors/new",
        {"query": "Tell me who wins the Valmont Open", "notify": "once", "action": "preview"},
    )
    assert "Decided by the model" in shown.text
    assert await _monitors(api_db) == []
