"""The memories page in a real browser: add, edit, delete; a signed-in key sees only its
owner's memories."""

from __future__ import annotations

from datetime import UTC, datetime

from playwright.async_api import Browser, ViewportSize, expect

from sentinel.assistant.memory import MemoryService
from sentinel.storage.api_keys import ApiKeyRepository
from tests.browser.world import Served, artifacts_dir

DESKTOP = ViewportSize(width=1280, height=900)


async def test_add_edit_and_delete_a_memory(browser: Browser, served: Served) -> None:
    page = await browser.new_page(viewport=DESKTOP)
    await page.goto(served.url + "/")
    await page.get_by_role("link", name="Memories").click()
    await expect(page.get_by_text("No memories yet")).to_be_visible()

    await page.locator("#add-memory textarea[name=text]").fill("My sister Ana lives in Porto")
    await page.locator("#add-memory input[name=tags]").fill("family, porto")
    await page.get_by_role("button", name="Remember").click()
    await expect(page.get_by_role("status")).to_have_text("Remembered.")
    row = page.locator("tr[data-memory-id]")
    await expect(row.locator(".memory-text")).to_have_text("My sister Ana lives in Porto")
    await expect(row.locator("a.tag")).to_have_text(["family", "porto"])
    # What the page stored, the chat's memory search finds at once.
    found = await MemoryService(served.db).search("local", "where does Ana live?")
    assert [hit.memory.text for hit in found.hits] == ["My sister Ana lives in Porto"]

    await page.get_by_role("searchbox", name="Search your memories").fill("where does Ana live?")
    await page.get_by_role("button", name="Search").click()
    await expect(page.locator("ol.hits .memory-text")).to_have_text(
        ["My sister Ana lives in Porto"]
    )
    await page.get_by_role("link", name="All memories").click()

    await row.get_by_role("link", name="Edit").click()
    await page.locator("#edit-memory textarea[name=text]").fill("Ana moved to Lisbon")
    await page.get_by_role("button", name="Save").click()
    await expect(page.get_by_role("status")).to_have_text("Saved.")
    await expect(row.locator(".memory-text")).to_have_text("Ana moved to Lisbon")
    await page.screenshot(path=artifacts_dir() / "memories-desktop.png", full_page=True)

    await row.get_by_role("button", name="Delete").click()
    await expect(page.get_by_role("status")).to_have_text("Deleted.")
    await expect(page.get_by_text("No memories yet")).to_be_visible()


async def test_a_signed_in_key_sees_only_its_owners_memories(
    browser: Browser, served: Served
) -> None:
    memories = MemoryService(served.db, embedder=None)
    await memories.create("alice", "Alice's locker code is 4711")
    await memories.create("bob", "Bob parks on level 3")
    async with served.db.transaction() as tx:
        _, token = await ApiKeyRepository(tx.session).create(
            "bob-phone", now=datetime.now(UTC), owner="bob"
        )
    page = await browser.new_page(viewport=DESKTOP)
    await page.goto(served.url + "/memories")
    await page.locator("#key").fill(token)
    await page.get_by_role("button", name="Sign in").click()
    await expect(page.locator(".memory-text")).to_have_text(["Bob parks on level 3"])
    assert "4711" not in await page.content()
