"""``sentinel demo --scripted``: a deterministic stand-in for the model that reads only prompts.

One :class:`~sentinel.llm.ScriptedModel` stands where the embedded model stands. The demo's
monitors use the rules governor, so the model is only asked for the sensor's ``SensorReply``:
it reads the ``<page>`` blocks the sensor prompt shows (regular expressions over page text,
quotes copied verbatim), with the reader of the mission named on the prompt's ``Mission:``
line. Nothing here sees a scenario's ground truth: the pipeline, the engine, the outbox and
the delivery run for real, only the model is scripted.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sentinel.errors import ModelOutputError
from sentinel.llm import ScriptedModel, ScriptedRequest
from sentinel.monitor.sensing.reply import SensorReply, conform_state

_PAGE = re.compile(r'<page n="(\d+)" url="([^"]*)" title="([^"]*)">\n(.*?)\n</page>', re.S)
_MISSION = re.compile(r"^Mission: (.*)$", re.M)
_PREVIOUS = re.compile(r"^Previous state: (.*)$", re.M)
_PRICE = r"\$(\d[\d,]*\.\d{2})"
_HOURS_ROW = re.compile(r"^\| (\w+day) \| ([^|]+?) \|", re.M)

State = dict[str, Any]


@dataclass(frozen=True)
class ShownPage:
    """A page block as the sensor prompt shows it."""

    number: int
    url: str
    title: str
    text: str


Reading = tuple[State, list[tuple[int, str]]]
"""What a scripted sensor reports: the state, and its quotes as (page number, quote)."""
Reader = Callable[[list[ShownPage], State | None], Reading]
"""A scripted sensor: ``read(pages shown, previous state shown) -> (state, quotes)``."""


def shown_pages(prompt: str) -> list[ShownPage]:
    """The ``<page>`` blocks of a sensor prompt."""
    return [ShownPage(int(n), url, title, text) for n, url, title, text in _PAGE.findall(prompt)]


def previous_state(prompt: str) -> State | None:
    """The previous state a sensor prompt shows (None on a first run)."""
    match = _PREVIOUS.search(prompt)
    if match is None or not match.group(1).startswith("{"):
        return None
    value = json.loads(match.group(1))
    return value if isinstance(value, dict) else None


def sentence_with(page: ShownPage, pattern: str) -> str | None:
    """The sentence (or line) of ``page`` in which ``pattern`` matches, copied verbatim."""
    match = re.search(pattern, page.text)
    if match is None:
        return None
    text = page.text
    dot, line = text.rfind(". ", 0, match.start()), text.rfind("\n", 0, match.start())
    start = max(dot + 2 if dot >= 0 else 0, line + 1)
    ends = [i for i in (text.find(". ", match.end()), text.find("\n", match.end())) if i >= 0]
    end = min(ends) + 1 if ends else len(text)
    return text[start:end].strip()


# -- the readers of the demo's scenarios ----------------------------------------------------


def read_launch(pages: list[ShownPage], previous: State | None) -> Reading:
    """Apple's own pages decide; rumour sites are read but not believed."""
    for page in pages:
        quote = sentence_with(page, r"Apple today announced iPhone 17")
        if quote and "apple.example" in page.url:
            day = re.search(r"beginning Friday, (September \d+)", page.text)
            release = day.group(1) if day else None
            return {"announced": True, "release_date": release}, [(page.number, quote)]
    for page in pages:
        quote = sentence_with(page, r"no announcements")
        if quote and "apple.example" in page.url:
            return {"announced": False, "release_date": None}, [(page.number, quote)]
    return {"announced": False, "release_date": None}, []


def read_release(pages: list[ShownPage], previous: State | None) -> Reading:
    """The stable version the download page states; release candidates are not stable."""
    for page in pages:
        if page.url.endswith("/download"):
            stable = re.search(r"current stable version is \*\*([\w.-]+)\*\*", page.text)
            quote = sentence_with(page, r"current stable version is")
            if stable and quote:
                return {"stable_version": stable.group(1)}, [(page.number, quote)]
    return dict(previous or {"stable_version": None}), []


def read_price(pages: list[ShownPage], previous: State | None) -> Reading:
    """The price on Voltmart's own product page; other shops and products are ignored."""
    for page in pages:
        if "voltmart.example/p/sonora-qc-ultra" in page.url:
            price = re.search(_PRICE, page.text)
            quote = sentence_with(page, _PRICE)
            if price and quote:
                value = float(price.group(1).replace(",", ""))
                return {"price_usd": value}, [(page.number, quote)]
    return dict(previous or {"price_usd": None}), []


def read_hours(pages: list[ShownPage], previous: State | None) -> Reading:
    """The weekly timetable of the hours page, one ``day time`` pair after another."""
    for page in pages:
        if page.url.endswith("/visit/hours"):
            rows = _HOURS_ROW.findall(page.text)
            quote = sentence_with(page, r"is open \w+ days a week")
            if rows:
                hours = {day: time for day, time in rows}
                return {"opening_hours": hours}, [(page.number, quote)] if quote else []
    return dict(previous or {}), []


SCRIPTS: Mapping[str, Reader] = {
    "quillstore-release": read_release,
    "iphone-release": read_launch,
    "headphones-price-drop": read_price,
    "library-hours-churn": read_hours,
}
"""The scripted readers of the demo's scenarios, by scenario id."""


class UnscriptedRequest(ModelOutputError):
    """The scripted model was asked something it has no script for: a mission without a
    reader, or anything but the sensor's report."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(f"the scripted demo model has no script for {what}", raw="")


def scripted_model(readers: Mapping[str, Reader]) -> ScriptedModel:
    """The demo's scripted model; ``readers`` maps a mission (as prompts show it) to its
    reader."""

    def respond(request: ScriptedRequest) -> dict[str, Any]:
        prompt = request.prompt
        found = _MISSION.search(prompt)
        mission = found.group(1) if found else None
        read = readers.get(mission) if mission else None
        if read is None:
            raise UnscriptedRequest(f"the mission {mission!r}")
        if not (isinstance(request.output, type) and issubclass(request.output, SensorReply)):
            raise UnscriptedRequest(f"a {getattr(request.output, '__name__', 'text')} reply")
        state, quotes = read(shown_pages(prompt), previous_state(prompt))
        return {
            "action": "report_state",
            "payload": {
                "updated_state": conform_state(state, request.output),
                "evidence": [{"page": page, "quote": quote} for page, quote in quotes],
                "volatility_hint": None,
                "query_update": None,
            },
        }

    return ScriptedModel(respond, name="scripted-demo")
