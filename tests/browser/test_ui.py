"""The web UI in a real browser: create a monitor through the form, watch it run in a
simulated world (run now), see its notification and its chart; research a question and
follow a citation. Screenshots go to ``artifacts/browser/``."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from playwright.async_api import Browser, ViewportSize, expect

from sentinel.storage.api_keys import ApiKeyRepository
from tests.browser.world import HOOK, Served, artifacts_dir
from tests.served_world import MOMENTS, QUERY, RULE

DESKTOP = ViewportSize(width=1280, height=900)
PHONE = ViewportSize(width=390, height=844)
LIVE_MS = 15_000  # a run and a refresh of the page (every 2 s) take a few seconds at most


async def test_create_a_monitor_run_it_and_see_its_notification_and_chart(
    browser: Browser, served: Served
) -> None:
    page = await browser.new_page(viewport=DESKTOP)
    await page.goto(served.url + "/")
    await expect(page.get_by_text("No monitors yet")).to_be_visible()
    await page.get_by_role("link", name="New monitor").click()

    # A bad interval first: the form says so next to the field, and keeps what was typed.
    await page.locator("#f-query").fill(QUERY)
    await page.get_by_text("Advanced options").click()
    await page.locator("#f-min_interval").fill("soonish")
    await page.get_by_role("button", name="Start watching").click()
    await expect(page.locator("#p-min_interval")).to_contain_text("not a duration")
    await expect(page.locator("#f-query")).to_have_value(QUERY)

    await page.locator("#f-min_interval").fill("1 hour")
    await page.locator("#f-rules").fill(RULE)
    await page.locator("#f-webhook").fill(HOOK)
    await page.get_by_role("button", name="Start watching").click()
    await expect(page.get_by_role("status")).to_contain_text("Created")
    monitor_url = page.url.split("?")[0]

    # The engine runs it at once (due on creation) and the page, refreshing itself while a
    # run is due, shows what it sensed: the full price, no notification.
    state = page.locator("#state")
    await expect(state).to_contain_text('"price_usd": 379.99', timeout=LIVE_MS)
    # A dashboard left open on a phone: htmx refreshes its table by itself.
    dashboard = await browser.new_page(viewport=PHONE)
    await dashboard.goto(served.url + "/")
    await expect(dashboard.locator("#monitors")).to_contain_text("379.99")

    for moment, price in zip(MOMENTS[1:], ("329.99", "279.99"), strict=True):
        served.world_clock.set(moment)
        await page.get_by_role("button", name="Run now").click()
        await expect(page.get_by_role("status")).to_contain_text("Due now")
        await expect(state).to_contain_text(price, timeout=LIVE_MS)

    notification = page.locator("li.notification")
    await expect(notification.locator(".badge")).to_have_text("delivered", timeout=LIVE_MS)
    await expect(notification).to_contain_text("Notified:")
    # Nothing is pending any more: the page stops refreshing itself.
    await expect(page.locator("#monitor-live")).not_to_have_attribute("hx-trigger", "every 2s")
    await page.goto(monitor_url)
    assert len(served.inbox.received) == 1
    assert served.inbox.received[0]["facts"]
    dots = page.locator("#charts figure").filter(has_text="price_usd").locator("path.dot")
    await expect(dots).to_have_count(3)
    await expect(page.locator("#diff table.diff")).to_contain_text("279.99")
    await page.locator("details.trail").first.locator("summary").click()
    await expect(page.locator("details.trail").first).to_contain_text("search")
    await page.screenshot(path=artifacts_dir() / "monitor-desktop.png", full_page=True)

    await page.goto(served.url + "/")
    await expect(page.locator("#monitors")).to_contain_text("completed")
    await page.screenshot(path=artifacts_dir() / "dashboard-desktop.png", full_page=True)

    # No reload: the summary above the table polls every 5 s (counts only, cheap at any
    # number of monitors) and now counts the completed monitor; the table shows the
    # notifying run when the page is refreshed.
    await expect(dashboard.locator("#summary")).to_contain_text("1 completed", timeout=12_000)
    await dashboard.reload()
    await expect(dashboard.locator("#monitors")).to_contain_text("notification delivered")
    await expect(dashboard.locator("#monitors")).to_contain_text("279.99")
    await dashboard.screenshot(path=artifacts_dir() / "dashboard-phone.png", full_page=True)

    phone = await browser.new_page(viewport=PHONE)
    await phone.goto(monitor_url)
    width = await phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the monitor page scrolls sideways on a phone ({width}px)"
    await phone.screenshot(path=artifacts_dir() / "monitor-phone.png", full_page=True)


async def test_research_a_question_and_follow_a_citation(browser: Browser, served: Served) -> None:
    page = await browser.new_page(viewport=DESKTOP)
    await page.goto(served.url + "/research")
    await page.locator("#f-question").fill("What did the Calder Marathon 2025 men's race produce?")
    await page.get_by_role("button", name="Research").click()
    report = page.locator("#report")
    await expect(report).to_be_visible(timeout=30_000)
    await expect(page.locator("#job-status")).to_have_text("succeeded")
    await expect(page.locator("#progress li").first).to_contain_text("researching:")
    await expect(page.locator("#progress")).to_contain_text("searcher:")
    await page.locator("a.cite").first.click()
    await expect(page).to_have_url(re.compile(r"/research/1#source-1$"))
    # Source 1 is whichever world page the checked report cites first (only cited sources
    # are listed, numbered in order of first citation).
    await expect(page.locator("#source-1 a")).to_have_attribute(
        "href", re.compile(r"^http://www\.[a-z-]+\.example/")
    )
    await page.screenshot(path=artifacts_dir() / "research-desktop.png", full_page=True)


async def test_with_an_api_key_the_ui_asks_for_it_first(browser: Browser, served: Served) -> None:
    async with served.db.transaction() as tx:
        _, token = await ApiKeyRepository(tx.session).create("browser", now=datetime.now(UTC))
    page = await browser.new_page(viewport=PHONE)
    await page.goto(served.url + "/research")
    assert page.url == served.url + "/login?next=/research"
    await page.locator("#key").fill("not-the-key")
    await page.get_by_role("button", name="Sign in").click()
    await expect(page.locator("#key-problem")).to_have_text("invalid or revoked API key")
    await page.locator("#key").fill(token)
    await page.get_by_role("button", name="Sign in").click()
    await expect(page.get_by_role("heading", name="Research a question")).to_be_visible()
    cookies = await page.context.cookies()
    [session] = [c for c in cookies if c["name"] == "sentinel_session"]
    assert session["httpOnly"]
    assert token not in session["value"]
    await page.get_by_role("button", name="Sign out").click()
    await expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
