"""Reading a contract's fields from the pages of a run: data first, then text, then one question.

``await read_contract(contract, pages, model=…)`` returns a :class:`ContractReading`: one
:class:`~sentinel.monitor.reading.readings.Reading` per field, each verified against the page
(:mod:`sentinel.monitor.reading.verify`), and how many model calls it took — none when the
page's data and the code's rules settle every field (:mod:`sentinel.monitor.reading.resolve`),
one when some field is left with several candidates (:mod:`sentinel.monitor.reading.ask`).

With several pages (a search found a deal site, a competitor and the shop), a candidate
counts as much as its page is the subject's and the named site's: the shop's own page
outweighs a deal site quoting its price.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from sentinel.llm import LanguageModel
from sentinel.monitor.contract.model import Contract, ContractField
from sentinel.monitor.contract.phrases import BOOKABLE
from sentinel.monitor.failures import EXPECTED_ERRORS
from sentinel.monitor.reading import resolve, structured_readers
from sentinel.monitor.reading.ask import ask_model
from sentinel.monitor.reading.readings import Candidate, Reading
from sentinel.monitor.reading.resolve import Resolution
from sentinel.monitor.reading.subject import SubjectMatcher, atoms
from sentinel.monitor.reading.text_readers.cues import (
    cancelled_candidates,
    decision_candidates,
    status_candidates,
    stock_candidates,
)
from sentinel.monitor.reading.text_readers.days import date_candidates
from sentinel.monitor.reading.text_readers.hours import hours_candidates
from sentinel.monitor.reading.text_readers.prices import price_candidates
from sentinel.monitor.reading.text_readers.slots import slot_candidates
from sentinel.monitor.reading.text_readers.versions import version_candidates
from sentinel.monitor.reading.verify import verify
from sentinel.monitor.sensing.sources import PageRecord


@dataclass(frozen=True)
class ContractReading:
    """What a run read for its contract: a reading per field, and the model's part in it."""

    readings: tuple[Reading, ...]
    model_calls: int = 0
    usage: Mapping[str, Any] = field(default_factory=dict)
    model_error: str | None = None

    def state(self) -> dict[str, Any]:
        """The state to persist and decide on: each field's verified value, else null."""
        return {r.field: r.value if r.verified else None for r in self.readings}

    def by_field(self) -> dict[str, Reading]:
        """The readings by field name."""
        return {r.field: r for r in self.readings}


# A day as a sentence names it, and the words that lead to it ("for the night of Friday").
DAY_PATTERNS = re.compile(
    r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+)?\d{1,2}(?:st|nd|rd|th)?\s+"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s+\d{4})?"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?"
    r"(?:,?\s+\d{4})?|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?\b",
    re.IGNORECASE,
)
_DATE_WORDS_BEFORE = re.compile(
    r"(?:\b(?:for|on|the|night|day|weekend|evening|morning|of|am|le|el|du|del|des|pour|f[üu]r"
    r"|para)\s+)+$",
    re.IGNORECASE,
)


def matcher_for(contract: Contract) -> SubjectMatcher:
    """The subject as pages are matched against it: without the version the sentence waits
    for ("Tidewater 3.0" is about Tidewater; 3.0 is what is read), without the day a slot is
    for (the slot readers match days themselves, in every format), and with the site when the
    rest only says what kind of thing is booked ("a campsite" at "North Pines")."""
    name = contract.subject.name
    when = ""
    if contract.wanted_version:
        name = re.sub(rf"(?<![\w.])v?{re.escape(contract.wanted_version)}(?![\w.])", " ", name)
    when = " ".join(m.group() for m in DAY_PATTERNS.finditer(name))
    name = _without_days(name) or name
    if contract.field("available") is not None:
        words = [w for w in re.findall(r"\w+", name) if atoms(w)]
        left = [w for w in words if not BOOKABLE.fullmatch(w)]
        if contract.subject.site and len(left) <= 1:
            name = f"{name} {contract.subject.site}"
    name = " ".join(name.split()) or contract.subject.name
    return SubjectMatcher(name, contract.subject.site, when)


def _without_days(name: str) -> str:
    """``name`` without the days it names ("campsite for the night of Friday 9 April 2027" is
    "campsite")."""
    spans = [m.span() for m in DAY_PATTERNS.finditer(name)]
    for start, end in reversed(spans):
        before = _DATE_WORDS_BEFORE.search(name[:start])
        cut = before.start() if before else start
        name = name[:cut] + " " + name[end:]
    name = re.sub(r"\(\s*\)", " ", name)  # "(16 Jan)" gone leaves "()"
    name = re.sub(
        r"\b(?:this|next|on)?\s*(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", " ", name, flags=re.I
    )
    return " ".join(name.split())


def _site_weight(page: PageRecord, matcher: SubjectMatcher) -> float:
    host = urlsplit(page.final_url or page.url).hostname or ""
    return 0.5 + 0.5 * matcher.site_score(host, page.title or "")


def _weighted(candidates: list[Candidate], weight: float) -> list[Candidate]:
    return [replace(c, page_weight=weight) for c in candidates]


def _candidates(
    measure: str, page: PageRecord, matcher: SubjectMatcher, now: datetime | None
) -> list[Candidate]:
    if measure in ("price", "currency"):
        return structured_readers.offer_price_candidates(page, matcher) + price_candidates(
            page, matcher
        )
    if measure == "in_stock":
        return structured_readers.offer_stock_candidates(page, matcher) + stock_candidates(
            page, matcher
        )
    if measure in ("version", "prerelease"):
        return structured_readers.software_version_candidates(page, matcher) + version_candidates(
            page, matcher
        )
    if measure == "status":
        return status_candidates(page, matcher)
    if measure == "decision":
        return decision_candidates(page, matcher)
    if measure == "cancelled":
        return structured_readers.event_candidates(page, matcher, now=now)[
            1
        ] + cancelled_candidates(page, matcher)
    if measure == "date":
        return structured_readers.event_candidates(page, matcher, now=now)[0] + date_candidates(
            page, matcher, now=now
        )
    if measure == "available":
        return slot_candidates(page, matcher)
    if measure == "hours":
        return hours_candidates(page, matcher)
    return []


def _resolve(measure: str, candidates: list[Candidate]) -> tuple[Resolution, list[Candidate]]:
    """The resolution of one measure and the text candidates to cross-check data with."""
    if measure in ("price", "currency"):
        return resolve.structured_first(candidates, "price")
    if measure == "in_stock":
        return resolve.structured_first(candidates, "stock state")
    if measure in ("version", "prerelease"):
        return resolve.highest_version(candidates), []
    if measure == "status":
        return resolve.first_on_page(candidates, "status"), []
    if measure == "decision":
        return resolve.decision(candidates), []
    if measure == "cancelled":
        return resolve.structured_first(candidates, "cancellation")
    if measure == "date":
        return resolve.first_on_page(candidates, "date"), []
    if measure == "available":
        return resolve.agreeing(candidates, "availability"), []
    if measure == "hours":
        return resolve.agreeing(candidates, "opening hours"), []
    return Resolution(note=f"no reader for {measure}"), []


def _reading_from(item: ContractField, chosen: Candidate) -> Reading:
    reading = Reading.of(item.name, chosen)
    if item.measure == "currency":
        value = chosen.currency
        note = f"currency of the price ({chosen.note})"
        return reading.model_copy(update={"value": value, "note": note})
    if item.measure == "prerelease":
        return reading.model_copy(update={"value": chosen.prerelease})
    return reading


async def read_contract(
    contract: Contract,
    pages: Sequence[PageRecord],
    *,
    model: LanguageModel | None = None,
    now: datetime | None = None,
) -> ContractReading:
    """Read every field of ``contract`` from ``pages`` (see the module documentation)."""
    matcher = matcher_for(contract)
    by_url = {page.url: page for page in pages}
    pooled: dict[str, list[Candidate]] = {}
    for item in contract.fields:
        found: list[Candidate] = []
        for page in pages:
            weight = _site_weight(page, matcher)
            found += _weighted(_candidates(item.measure, page, matcher, now), weight)
        pooled[item.name] = found
    resolutions: dict[str, tuple[Resolution, list[Candidate]]] = {}
    questions: list[tuple[ContractField, Sequence[Candidate]]] = []
    for item in contract.fields:
        resolution, text = _resolve(item.measure, pooled[item.name])
        resolutions[item.name] = (resolution, text)
        depends = item.measure in ("currency", "prerelease")
        if resolution.ask and not depends:
            questions.append((item, resolution.ask))
    chosen: dict[str, Candidate | None] = {
        name: resolution.chosen for name, (resolution, _) in resolutions.items()
    }
    model_calls, usage, model_error = 0, {}, None
    notes: dict[str, str] = {}
    asked: set[str] = set()
    if questions and model is not None:
        model_calls = 1
        try:
            answer = await ask_model(model, contract.subject, questions)
        except EXPECTED_ERRORS as error:
            model_error = f"the model could not choose: {error}"
        else:
            usage = dict(answer.usage)
            for choice in answer.choices:
                chosen[choice.field] = choice.candidate
                asked.add(choice.field)
                if choice.candidate is None:
                    notes[choice.field] = "the model found no line stating it"
    # Fields that follow another (the currency of the price, the pre-release flag of the
    # version) take the candidate their leader settled on.
    for item in contract.fields:
        if item.measure in ("currency", "prerelease") and chosen.get(item.name) is None:
            leader = "price" if item.measure == "currency" else "version"
            lead = contract.field(leader)  # type: ignore[arg-type]
            if lead is not None:
                chosen[item.name] = chosen.get(lead.name)
    readings = []
    for item in contract.fields:
        resolution, text = resolutions[item.name]
        candidate = chosen.get(item.name)
        if candidate is None:
            note = notes.get(item.name) or model_error or resolution.note
            if resolution.ask and model is None:
                note = f"{resolution.note}; no model to choose among them"
            readings.append(Reading.unknown(item.name, note or "not read"))
            continue
        reading = _reading_from(item, candidate)
        if item.name in asked:
            count = len(resolution.ask)
            note = f"{reading.note}; chosen by the model among {count} candidates"
            reading = reading.model_copy(update={"note": note})
        readings.append(
            verify(
                reading,
                item,
                contract=contract,
                pages=by_url,
                matcher=matcher,
                about=candidate.about,
                text_candidates=text,
            )
        )
    return ContractReading(tuple(readings), model_calls, usage, model_error)
