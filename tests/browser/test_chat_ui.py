"""The chat page in a real browser: a turn streams in (persona, actions with results, the
answer, suggestions, the receipt), a suggestion asks the next turn with the history, Stop
cancels the turn on the server. The real flow on the scripted model, under uvicorn."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, ConsoleMessage, Page, ViewportSize, expect

from sentinel.assistant.memory import MemoryService
from sentinel.assistant.tasks import TaskService
from sentinel.llm import ScriptedRequest
from sentinel.receipts import ReceiptLedger
from sentinel.storage import Database, open_database
from sentinel.storage.settings import sqlite_url
from tests.assistant.chat.conftest import Script
from tests.browser.world import Served, artifacts_dir, serve
from tests.cli.chat_conversation import ASK, SUGGESTION, conversation

DESKTOP = ViewportSize(width=1280, height=900)
FIRST_TURN_MS = 120_000


@pytest.fixture
async def database(tmp_path: Path, sqlite_template: Path) -> AsyncIterator[Database]:
    path = tmp_path / "sentinel.db"
    shutil.copy(sqlite_template, path)
    db = await open_database(sqlite_url(path), migrate=False)
    try:
        yield db
    finally:
        await db.close()


async def chat_page(browser: Browser, served: Served) -> tuple[Page, list[str]]:
    """The chat page, opened from the nav; console errors (a CSP violation…) collected."""
    page = await browser.new_page(viewport=DESKTOP)
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        # The browser asks for /favicon.ico on its own; the UI has none.
        if message.type == "error" and not message.location["url"].endswith("/favicon.ico"):
            errors.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(served.url + "/")
    await page.get_by_role("link", name="Chat").click()
    await expect(page.get_by_role("heading", name="Chat")).to_be_visible()
    return page, errors


async def test_a_turn_streams_in_and_a_suggestion_asks_the_next(
    browser: Browser, database: Database
) -> None:
    script = conversation()
    async with serve(database, chat_model=script.model) as served:
        page, errors = await chat_page(browser, served)
        await page.get_by_label("Message").fill(ASK)
        await page.get_by_role("button", name="Send").click()

        turn = page.locator("article.turn").nth(0)
        await expect(turn.locator(".bubble.user")).to_have_text(ASK)
        # The first search loads the packaged embedding model: give it time on a busy machine.
        await expect(turn.locator(".persona-name")).to_have_text("CONFIDANT", timeout=FIRST_TURN_MS)
        await expect(turn.locator(".confidence")).to_have_text("86% confident")
        await expect(turn.locator(".action-name")).to_have_text(["CREATE_MEMORY", "CREATE_TASK"])
        await expect(turn.locator(".action.ok")).to_have_count(2)
        await expect(turn.locator(".action-result")).to_have_text(
            ["memory #1 “Ana lives in Porto”", "task #1 “Call Ana on Sunday” · no subtasks"]
        )
        # What was done is stated from the actions' results, then the model's answer.
        answer = turn.locator(".bubble.answer")
        await expect(answer).to_contain_text("I saved this to your memories: “Ana lives in Porto”")
        await expect(answer).to_contain_text(
            "I will remember that Ana lives in Porto, and I added “Call Ana on Sunday” to "
            "your tasks."
        )
        await expect(turn.locator("button.suggestion")).to_have_text(
            [SUGGESTION, "Should I watch flight prices to Porto?"]
        )
        await expect(turn.locator(".receipt")).to_contain_text("Receipt #1 · sha256 ")
        await expect(turn.locator(".chat-status")).to_contain_text("1 iteration(s)")
        [receipt] = await ReceiptLedger(database).list("local")
        assert await turn.locator(".receipt").get_attribute("title") == receipt.hash
        assert [m.text for m in await MemoryService(database, embedder=None).list("local")] == [
            "Ana lives in Porto"
        ]
        assert [t.title for t in await TaskService(database).list("local")] == [
            "Call Ana on Sunday"
        ]

        await turn.get_by_role("button", name=SUGGESTION).click()
        second = page.locator("article.turn").nth(1)
        await expect(second.locator(".bubble.user")).to_have_text(SUGGESTION)
        await expect(second.locator(".persona-name")).to_have_text("MENTOR")
        await expect(second.locator(".action-name")).to_have_text(["LIST_TASKS"])
        # What the listing found is shown first, as the code states it; then the answer.
        await expect(second.locator(".bubble.answer")).to_have_text(
            "Your tasks: “Call Ana on Sunday”.\n\n"
            "Ask her about the Porto half marathon and her new flat."
        )
        await expect(second.locator(".receipt")).to_contain_text("Receipt #2")
        await page.screenshot(path=artifacts_dir() / "chat-desktop.png", full_page=True)

        # The second answer was written from the whole conversation.
        answer_call = [call for call in script.model.calls if call.streamed][1]
        said = [(m.role, m.content) for m in answer_call.messages if m.role != "system"]
        assert said[-3:-1] == [
            ("user", ASK),
            (
                "assistant",
                "I saved this to your memories: “Ana lives in Porto”\n"
                "I added the task “Call Ana on Sunday”.\n\n"
                "I will remember that Ana lives in Porto, and I added “Call Ana on Sunday” to "
                "your tasks.",
            ),
        ]
        assert said[-1][0] == "user"
        assert SUGGESTION in said[-1][1]
        assert errors == []


async def test_stop_cancels_the_turn_on_the_server(browser: Browser, database: Database) -> None:
    started, cancelled = asyncio.Event(), asyncio.Event()

    async def thinks_forever(_: ScriptedRequest) -> str:
        started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return "never"

    script = Script(texts=[thinks_forever])
    async with serve(database, chat_model=script.model) as served:
        page, errors = await chat_page(browser, served)
        await page.get_by_label("Message").fill("What should I do today?")
        await page.get_by_role("button", name="Send").click()
        turn = page.locator("article.turn").nth(0)
        # The decision is the script's default; the answer is the call that never ends.
        await expect(turn.locator(".chat-status")).to_have_text(
            "Writing the answer...", timeout=FIRST_TURN_MS
        )
        await asyncio.wait_for(started.wait(), timeout=60)
        await page.get_by_role("button", name="Stop").click()
        await expect(turn.locator(".chat-status")).to_have_text("Stopped.")
        await asyncio.wait_for(cancelled.wait(), timeout=60)
        # The message is back in the box to send again; nothing was signed.
        await expect(page.get_by_label("Message")).to_have_value("What should I do today?")
        await expect(page.get_by_role("button", name="Send")).to_be_enabled()
        assert await ReceiptLedger(database).list("local") == []
        assert errors == []


async def test_a_stream_cut_short_is_shown_as_failed_and_the_message_kept(
    browser: Browser, database: Database
) -> None:
    # A connection that dies mid-turn cannot be made on purpose with a real server: the
    # browser is given a response that stops after one event (the page's parser under test).
    async with serve(database) as served:
        page, errors = await chat_page(browser, served)
        status = 'event: status\ndata: {"status":"Selecting persona mode...","stage":"persona"}\n\n'
        await page.route(
            "**/chat/stream",
            lambda route: route.fulfill(status=200, content_type="text/event-stream", body=status),
        )
        await page.get_by_label("Message").fill("hello")
        await page.get_by_role("button", name="Send").click()
        turn = page.locator("article.turn").nth(0)
        await expect(turn.locator(".errors")).to_have_text(
            "request: the connection closed before the turn ended"
        )
        await expect(turn.locator(".chat-status")).to_have_text("Failed.")
        await expect(page.get_by_role("alert")).to_have_text(
            "the connection closed before the turn ended"
        )
        await expect(page.get_by_label("Message")).to_have_value("hello")
        assert errors == []


async def test_a_refused_turn_shows_the_servers_problem(
    browser: Browser, database: Database
) -> None:
    async with serve(database) as served:
        page, _ = await chat_page(browser, served)
        await page.context.clear_cookies()  # the session is gone: its CSRF token with it
        await page.get_by_label("Message").fill("hello")
        await page.get_by_role("button", name="Send").click()
        await expect(page.get_by_role("alert")).to_have_text(
            "the form has expired or did not come from this site; reload the page"
        )
        await expect(page.get_by_label("Message")).to_have_value("hello")
