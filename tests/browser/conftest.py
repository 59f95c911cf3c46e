"""Fixtures of the browser tests: Debian's Chromium driven by Playwright's bundled driver
(never a downloaded browser), and the real server over a fresh SQLite database.

Without Chromium these tests fail, saying how to install it (``scripts/install-browser.sh``,
which ``make test`` runs first). Only ``SENTINEL_SKIP_BROWSER=1`` outside CI skips them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, async_playwright, expect

from sentinel.storage import Database, open_database
from sentinel.storage.settings import sqlite_url
from tests.browser.world import Served, serve
from tests.storage.databases import sqlite_template

__all__ = ["sqlite_template"]

CHROMIUM = Path(os.environ.get("SENTINEL_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# What a page shows is waited for, not timed: the default 5 s of an ``expect`` failed a stopped
# turn's "Stopped." with two test suites and a benchmark sharing 2 cores. Nothing here is a
# speed measurement, so the wait is generous; a page that never shows the text still fails.
EXPECT_TIMEOUT_MS = 60_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here is a browser test."""
    for item in items:
        if item.path.parent == Path(__file__).parent:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium() -> Path:
    """Debian's Chromium; its absence fails the test (skips only when asked, never in CI)."""
    if CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    message = (
        f"{CHROMIUM} is missing: run scripts/install-browser.sh as root "
        "(apt-get install chromium), or set SENTINEL_CHROMIUM to a Chromium binary"
    )
    if os.environ.get("SENTINEL_SKIP_BROWSER") == "1" and os.environ.get("CI") != "true":
        pytest.skip(message + " (skipped: SENTINEL_SKIP_BROWSER=1)")
    pytest.fail(message, pytrace=False)


@pytest.fixture
async def browser(chromium: Path) -> AsyncIterator[Browser]:
    """A headless Chromium for one test."""
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(
            executable_path=str(chromium), args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield launched
        finally:
            await launched.close()


@pytest.fixture
async def served(tmp_path: Path, sqlite_template: Path) -> AsyncIterator[Served]:
    """The app with its engine on 127.0.0.1 over a fresh database."""
    path = tmp_path / "sentinel.db"
    shutil.copy(sqlite_template, path)
    db: Database = await open_database(sqlite_url(path), migrate=False)
    try:
        async with serve(db) as running:
            yield running
    finally:
        await db.close()
