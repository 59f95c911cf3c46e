"""CREATE_MONITOR with the pages to read: given, and written in the sentence."""

from __future__ import annotations

from tests.assistant.chat.conftest import DepsFactory, Script
from tests.assistant.chat.test_actions import ok, run


async def test_a_monitor_made_in_chat_reads_the_pages_it_names(make_deps: DepsFactory) -> None:
    deps = make_deps(Script())
    sentence = "Tell me when the price on https://shop.example/p/1 drops under $300"
    [created] = await run(
        deps,
        ("CREATE_MONITOR", {"sentence": sentence, "urls": ["https://other.example/p/1"]}),
    )
    monitor = ok(created)["monitor"]
    assert monitor["urls"] == ["https://other.example/p/1", "https://shop.example/p/1"]
    async with deps.db.transaction() as tx:
        [stored] = await tx.monitors.find()
    assert stored.urls == monitor["urls"]


async def test_a_bad_page_is_refused(make_deps: DepsFactory) -> None:
    deps = make_deps(Script())
    [bad] = await run(
        deps, ("CREATE_MONITOR", {"sentence": "Tell me when X", "urls": ["file:///etc/passwd"]})
    )
    assert not bad.ok
    assert "'file:///etc/passwd' is not an http:// or https:// URL" in (bad.error or "")
