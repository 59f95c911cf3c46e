"""The dashboard and a monitor's page: what they show (escaped), the diff between chosen
versions, the charts, the timeline with each run's trail, and the buttons' actions."""

from __future__ import annotations

import re

import httpx
import pytest

from sentinel.api.ui import pages
from sentinel.storage import Database, MonitorState, RunEnding, RunStatus
from tests.api.conftest import START
from tests.api.helpers import create
from tests.api.ui.helpers import history, post_form

HOSTILE = '<img src=x onerror="alert(1)">'


async def test_the_dashboard_lists_each_monitor_with_state_last_result_and_next_run(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    monitor = await create(client, name=HOSTILE)
    await history(api_db, monitor["id"], [{"price_usd": 319.0}, {"price_usd": 279.0}])
    page = await client.get("/")
    assert page.status_code == 200
    assert HOSTILE not in page.text
    assert "&lt;img src=x onerror=&#34;alert(1)&#34;&gt;" in page.text
    assert "succeeded" in page.text
    assert "2026-11-22 09:00 UTC (due)" in page.text  # next run: created now, due now
    assert "{&#34;price_usd&#34;: 279.0}" in page.text
    # The page polls the cheap summary (counts), not the table of monitors.
    assert 'hx-get="/partials/summary" hx-trigger="every 5s"' in page.text
    assert page.text.count("hx-trigger") == 1
    partial = await client.get("/partials/monitors")
    assert partial.text.lstrip().startswith('<div id="monitors"')
    assert "<html" not in partial.text
    summary = await client.get("/partials/summary")
    assert summary.text.lstrip().startswith('<div id="summary"')
    said = " ".join(summary.text.split())
    assert "monitor(s) · " in said
    assert "active" in said
    assert "1 monitor(s) · 1 active · 1 notification(s) to send" in said
    assert "last run 2026-11-22" in said


async def test_pages_forbid_inline_scripts_and_framing(client: httpx.AsyncClient) -> None:
    page = await client.get("/")
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    static = await client.get("/static/htmx.min.js")
    assert static.status_code == 200
    assert static.text.startswith("/* htmx 2.0.11")


async def test_an_empty_dashboard_says_how_to_start(client: httpx.AsyncClient) -> None:
    page = await client.get("/")
    assert "No monitors yet" in page.text


async def test_the_monitor_page_shows_state_chart_diff_timeline_and_trail(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    monitor = await create(client)
    states = [
        {"price_usd": 349.0, "shop": "Voltmart"},
        {"price_usd": 319.0, "shop": "Voltmart", "stock": 4},
        {"price_usd": 279.0, "shop": "Voltmart"},
    ]
    run_ids = await history(api_db, monitor["id"], states)
    page = (await client.get(f"/monitors/{monitor['id']}")).text
    assert "&#34;price_usd&#34;: 279.0" in page  # the latest state, pretty-printed
    # One chart per numeric field: three points for the price, one for the stock.
    charts = re.findall(r"<figcaption>(\S+) ", page)
    assert charts == ["price_usd", "stock"]
    circles = re.findall(r'<path class="dot" d="M([\d.]+) ([\d.]+)h0">', page)
    price = circles[:3]
    assert [float(y) for _, y in price] == sorted(float(y) for _, y in price)  # falling price
    assert float(price[0][0]) < float(price[1][0]) < float(price[2][0])
    # The diff of the last two versions by default: the stock removed, the price changed.
    assert (
        '<tr class="changed"><td><code>/price_usd</code></td><td>319.0</td><td>279.0</td>' in page
    )
    assert '<tr class="removed"><td><code>/stock</code></td><td>4</td>' in page
    # The timeline: the notification (escaped), then the runs with their trails.
    assert "Notified:</strong> Price dropped" in page
    assert "&lt;b&gt;now&lt;/b&gt; $279" in page
    assert page.index("Notified:") < page.index(f"Run {run_ids[-1]}</strong>")
    assert all(f"Run {run_id}</strong>" in page for run_id in run_ids)
    assert "Activity trail (1 steps)" in page
    assert "<code>search</code> searched &#39;sonora price&#39;" in page
    assert "decided 2" in page


async def test_any_two_versions_can_be_compared(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    monitor = await create(client)
    await history(api_db, monitor["id"], [{"v": "1.0"}, {"v": "1.1"}, {"v": "2.0"}])
    url = f"/monitors/{monitor['id']}"
    page = (await client.get(url, params={"from": 1, "to": 3})).text
    assert "<td><code>/v</code></td><td>&#34;1.0&#34;</td><td>&#34;2.0&#34;</td>" in page
    assert "no state version 9" in (await client.get(url, params={"from": 1, "to": 9})).text
    assert "two different" in (await client.get(url, params={"from": 2, "to": 2})).text


async def test_a_missing_monitor_is_a_404_page(client: httpx.AsyncClient) -> None:
    page = await client.get("/monitors/77")
    assert page.status_code == 404
    assert "text/html" in page.headers["content-type"]
    assert "no monitor 77" in page.text


async def test_the_buttons_pause_resume_run_now_and_delete(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    monitor = await create(client)
    url = f"/monitors/{monitor['id']}"
    paused = await post_form(client, f"{url}/pause", {}, token_from=url)
    assert (paused.status_code, paused.headers["location"]) == (303, f"{url}?done=paused")
    page = (await client.get(paused.headers["location"])).text
    assert "Paused: no run until you resume it." in page
    assert f'action="{url}/resume"' in page
    assert f'action="{url}/pause"' not in page
    refused = await post_form(client, f"{url}/run-now", {}, token_from=url)
    assert refused.status_code == 422  # as the API says: a paused monitor is not made due
    assert "is paused, not active" in refused.text
    resumed = await post_form(client, f"{url}/resume", {}, token_from=url)
    assert resumed.headers["location"] == f"{url}?done=resumed"
    due = await post_form(client, f"{url}/run-now", {}, token_from=url)
    assert due.headers["location"] == f"{url}?done=due"
    async with api_db.transaction() as tx:
        assert (await tx.monitors.get(monitor["id"])).state is MonitorState.ACTIVE
    confirm = await client.get(f"{url}/delete")
    assert "cannot be undone" in confirm.text
    deleted = await post_form(client, f"{url}/delete", {}, token_from=f"{url}/delete")
    assert (deleted.status_code, deleted.headers["location"]) == (303, "/")
    assert (await client.get(url)).status_code == 404


async def test_the_page_refreshes_itself_only_while_something_is_pending(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    monitor = await create(client)
    url = f"/monitors/{monitor['id']}"
    live = 'hx-trigger="every 2s"'
    assert live in (await client.get(url)).text  # created due now
    await post_form(client, f"{url}/pause", {}, token_from=url)
    assert live not in (await client.get(url)).text
    await history(api_db, monitor["id"], [{"price_usd": 279.0}])  # a notification pending
    assert live in (await client.get(url)).text


async def test_long_lists_say_they_are_cut(
    client: httpx.AsyncClient, api_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pages, "DASHBOARD_LIMIT", 2)
    monkeypatch.setattr(pages, "RUNS_SHOWN", 2)
    first = await create(client, name="one")
    await create(client, name="two")
    await create(client, name="three")
    dashboard = (await client.get("/")).text
    assert "The first 2 monitors by id" in dashboard
    assert "three" not in dashboard
    await history(api_db, first["id"], [{"n": 1}, {"n": 2}, {"n": 3}])
    page = (await client.get(f"/monitors/{first['id']}")).text
    assert "The latest 2 runs" in page


READ_NOTHING = "search found nothing to read: add --url, or configure a search provider"


async def test_a_run_that_read_nothing_shows_why_on_the_dashboard_and_the_monitor_page(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    monitor = await create(client, name="quiet")
    async with api_db.transaction() as tx:
        run = await tx.runs.start(monitor["id"], scheduled_at=START, started_at=START)
        ending = RunEnding(RunStatus.SKIPPED_NOTHING_READ, decision={"skipped": READ_NOTHING})
        await tx.runs.finish(run.id, ending, finished_at=START)
    dashboard = (await client.get("/")).text
    assert "skipped-nothing-read" in dashboard
    assert READ_NOTHING in dashboard
    page = (await client.get(f"/monitors/{monitor['id']}")).text
    assert f"Nothing sensed yet: the last run read nothing. {READ_NOTHING}" in page
    assert f'<p class="decision skipped">{READ_NOTHING}</p>' in page
    assert "Wait" not in page, "a skipped run was never a decision to wait"


async def test_the_dashboard_says_a_notification_is_pending_not_that_it_was_sent(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    monitor = await create(client, name="loud")
    async with api_db.transaction() as tx:
        run = await tx.runs.start(monitor["id"], scheduled_at=START, started_at=START)
        decision = {"should_act": True, "notified": True}
        await tx.runs.finish(
            run.id, RunEnding(RunStatus.SUCCEEDED, decision=decision), finished_at=START
        )
        await tx.outbox.enqueue(
            monitor_id=monitor["id"],
            run_id=run.id,
            channel={"kind": "webhook", "url": "https://example.com/hook"},
            payload={"message": "now"},
            idempotency_key=f"run-{run.id}:hook",
            now=START,
        )
    dashboard = (await client.get("/")).text
    assert "succeeded, notification pending" in dashboard
    assert "notified" not in dashboard
