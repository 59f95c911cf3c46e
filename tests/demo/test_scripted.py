"""The scripted stand-in reads only what the real prompts show, in both roles."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from sentinel.demo.scripted import (
    SCRIPTS,
    ShownPage,
    UnscriptedRequest,
    read_hours,
    read_launch,
    read_price,
    read_release,
    scripted_model,
    sentence_with,
    shown_pages,
)
from sentinel.llm import Message
from sentinel.monitor.governing.governor import GovernorReply
from sentinel.monitor.models import GovernorContext
from sentinel.monitor.prompts import (
    GOVERNOR_INSTRUCTIONS,
    SENSOR_INSTRUCTIONS,
    render_governor_context,
    render_sensor_context,
)
from sentinel.monitor.sensing.reply import SensorReply
from sentinel.monitor.sensing.sources import PageRecord

MISSION = "Tell me when Apple announces the iPhone 17 release date"
NOW = datetime(2025, 9, 10, tzinfo=UTC)
ANNOUNCEMENT = (
    "# Apple unveils iPhone 17\n\nCUPERTINO — Apple today announced iPhone 17, featuring the "
    "A19 chip. iPhone 17 will be available beginning Friday, September 19.\n\nMore text."
)


def page(url: str, text: str, title: str = "Apple Newsroom") -> PageRecord:
    return PageRecord(url=url, final_url=url, title=title, text=text, fingerprint="f")


def sensor_prompt(*pages: PageRecord, previous: dict[str, Any] | None = None) -> str:
    return render_sensor_context(
        mission=MISSION,
        query=MISSION,
        now=NOW,
        run_count=0,
        previous_state=previous,
        pages=list(pages),
        terms=frozenset({"iphone", "17"}),
        page_chars=2000,
    )


def shown(url: str, text: str, number: int = 1, title: str = "t") -> ShownPage:
    return ShownPage(number, url, title, text)


async def test_the_sensor_role_reports_what_the_shown_pages_say_with_verbatim_quotes() -> None:
    model = scripted_model({MISSION: SCRIPTS["iphone-release"]})
    prompt = sensor_prompt(page("http://www.apple.example/newsroom/iphone-17", ANNOUNCEMENT))

    reply = await model.complete(
        [Message.system(SENSOR_INSTRUCTIONS), Message.user(prompt)], output=SensorReply
    )

    payload = reply.parsed.payload
    assert payload.updated_state == {"announced": True, "release_date": "September 19"}
    assert [e.page for e in payload.evidence] == [1]
    assert payload.evidence[0].quote in ANNOUNCEMENT


async def test_anything_but_the_sensors_report_is_refused() -> None:
    model = scripted_model({MISSION: SCRIPTS["iphone-release"]})
    prompt = render_governor_context(
        GovernorContext(original_query=MISSION, action_criteria="announced", current_state={})
    )

    with pytest.raises(UnscriptedRequest, match="GovernorReply"):
        await model.complete(
            [Message.system(GOVERNOR_INSTRUCTIONS), Message.user(prompt)], output=GovernorReply
        )


async def test_a_mission_without_a_script_is_an_error_not_a_made_up_answer() -> None:
    model = scripted_model({})
    prompt = sensor_prompt(page("http://www.apple.example/newsroom/iphone-17", ANNOUNCEMENT))

    with pytest.raises(UnscriptedRequest, match="iPhone 17"):
        await model.complete([Message.user(prompt)], output=SensorReply)


def test_prompt_pages_are_read_back_with_their_numbers_and_addresses() -> None:
    prompt = sensor_prompt(
        page("http://a.example/1", "First page."), page("http://b.example/2", "Second page.")
    )

    pages = shown_pages(prompt)

    assert [(p.number, p.url, p.text) for p in pages] == [
        (1, "http://a.example/1", "First page."),
        (2, "http://b.example/2", "Second page."),
    ]


def test_a_quote_is_the_whole_sentence_around_the_match() -> None:
    text = "One thing. Apple today announced iPhone 17, at last. Another thing."

    assert (
        sentence_with(shown("u", text), "announced") == "Apple today announced iPhone 17, at last."
    )
    assert sentence_with(shown("u", text), "nowhere") is None


def test_rumour_sites_do_not_count_as_an_announcement() -> None:
    rumour = shown("http://www.rumorbyte.example/leak", "Apple today announced iPhone 17 maybe.")
    official = shown("http://www.apple.example/newsroom", "There are no announcements today.", 2)

    state, quotes = read_launch([rumour, official], None)

    assert state == {"announced": False, "release_date": None}
    assert quotes == [(2, "There are no announcements today.")]


def test_the_stable_version_comes_from_the_download_page_not_from_candidates() -> None:
    notes = shown("http://www.quillstore.example/releases", "## 5.0.0-rc2 (September 17)")
    download = shown(
        "http://www.quillstore.example/download",
        "# Download\n\nThe current stable version is **4.8.2**. Packages are available.",
        2,
    )

    assert read_release([notes], None) == ({"stable_version": None}, [])
    assert read_release([notes, download], None) == (
        {"stable_version": "4.8.2"},
        [(2, "The current stable version is **4.8.2**.")],
    )


def test_only_voltmarts_product_page_gives_the_price() -> None:
    other = shown("http://www.gearhaven.example/products/sonora-qc-ultra-black", "**$289.00**")
    voltmart = shown("http://www.voltmart.example/p/sonora-qc-ultra", "**$279.99** · In stock", 2)

    assert read_price([other], {"price_usd": 379.99}) == (
        {"price_usd": 379.99},
        [],
    )
    assert read_price([other, voltmart], None) == (
        {"price_usd": 279.99},
        [(2, "**$279.99** · In stock")],
    )


def test_the_timetable_is_read_row_by_row_and_kept_when_not_shown() -> None:
    hours = shown(
        "http://www.riversidelibrary.example/visit/hours",
        "The library is open six days a week.\n| Monday | 9:00 – 20:00 |\n| Sunday | Closed |",
    )

    state, quotes = read_hours([hours], None)

    assert state == {"opening_hours": {"Monday": "9:00 – 20:00", "Sunday": "Closed"}}
    assert quotes == [(1, "The library is open six days a week.")]
    assert read_hours([], state) == (state, [])


async def test_the_previous_state_the_prompt_shows_is_kept_when_the_page_is_not_shown() -> None:
    mission = "Tell me when the Sonora QC Ultra headphones cost less than $300 at Voltmart"
    model = scripted_model({mission: SCRIPTS["headphones-price-drop"]})
    prompt = render_sensor_context(
        mission=mission,
        query=mission,
        now=NOW,
        run_count=3,
        previous_state={"price_usd": 379.99},
        pages=[page("http://www.dealhound.example/deals", "Nothing about prices.", "Deals")],
        terms=frozenset({"sonora"}),
        page_chars=2000,
    )

    reply = await model.complete([Message.user(prompt)], output=SensorReply)

    assert reply.parsed.payload.updated_state == {"price_usd": 379.99}
    assert reply.parsed.payload.evidence == []
