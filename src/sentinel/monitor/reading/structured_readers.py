"""Candidates from a page's own data: schema.org offers, events and software.

A page's JSON-LD, microdata and OpenGraph (:mod:`sentinel.web.structured`,
:mod:`sentinel.web.metadata`) state prices, availability, versions and event dates as data.
What they state is about the subject when the item's name is, or when the page as a whole is
about the subject (its title or first heading names it) and the item is the page's own — not
an offer of a product the page merely relates to ("customers also bought"), and not a
look-alike ("RTX 5070" for "RTX 5060"). The quote of such a candidate is the item's line in
the page's structured data (:func:`~sentinel.monitor.sensing.sources.offer_statement`), which
is part of the page's readable text.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sentinel.monitor.reading.readings import Candidate, Source
from sentinel.monitor.reading.subject import ABOUT, SubjectMatcher
from sentinel.monitor.sensing.sources import (
    PageRecord,
    event_statement,
    offer_statement,
    software_statement,
)
from sentinel.web.structured import Offer

# schema.org ItemAvailability terms, as "can be ordered now": a pre-order, a back-order or a
# product sold out is not in stock.
AVAILABILITY: dict[str, bool] = {
    "instock": True,
    "limitedavailability": True,
    "onlineonly": True,
    # In stock in a shop only: it cannot be ordered, which is what "in stock" asks of a page.
    "instoreonly": False,
    "instockonly": True,
    "outofstock": False,
    "soldout": False,
    "discontinued": False,
    "preorder": False,
    "presale": False,
    "backorder": False,
    "madetoorder": True,
    "reserved": False,
}
# schema.org EventStatusType terms, as "cancelled".
EVENT_CANCELLED: dict[str, bool] = {
    "eventcancelled": True,
    "eventscheduled": False,
    "eventrescheduled": False,
    "eventpostponed": False,
    "eventmovedonline": False,
}


def page_about(page: PageRecord, matcher: SubjectMatcher) -> float:
    """How well the page as a whole is about the subject: its title or first heading."""
    first_heading = next(
        (line.lstrip("#").strip() for line in page.text.splitlines() if line.startswith("#")), ""
    )
    return max(matcher.score(page.title or ""), matcher.score(first_heading))


def _source(value: str) -> Source:
    return value if value in ("json-ld", "microdata", "opengraph") else "json-ld"  # type: ignore[return-value]


def subject_offers(page: PageRecord, matcher: SubjectMatcher) -> list[tuple[Offer, float]]:
    """The page's offers of the subject, with how well each is about it."""
    whole = page_about(page, matcher)
    found = []
    for offer in page.offers:
        label = f"{offer.product or ''} {offer.name or ''}"
        if matcher.lookalike(label):
            continue
        own = matcher.score(label)
        if offer.related and own < ABOUT:
            continue
        score = max(own, whole if not offer.related else 0.0)
        if score >= ABOUT:
            found.append((offer, score))
    return found


def offer_price_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """Prices of the subject's offers."""
    return [
        Candidate(
            offer.price,
            offer_statement(offer),
            page.url,
            _source(offer.source),
            score,
            note=f"{offer.source} offer price",
            currency=offer.currency,
        )
        for offer, score in subject_offers(page, matcher)
        if offer.price is not None
    ]


def offer_stock_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """Whether the subject's offers are in stock, by their schema.org availability."""
    found = []
    for offer, score in subject_offers(page, matcher):
        term = (offer.availability or "").rsplit("/", 1)[-1].casefold()
        if term in AVAILABILITY:
            found.append(
                Candidate(
                    AVAILABILITY[term],
                    offer_statement(offer),
                    page.url,
                    _source(offer.source),
                    score,
                    note=f"{offer.source} availability {offer.availability}",
                )
            )
    return found


def software_version_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """Versions the page's software items declare for the subject."""
    whole = page_about(page, matcher)
    found = []
    for item in page.software:
        score = max(matcher.score(item.name), whole)
        if item.version and score >= ABOUT and not matcher.lookalike(item.name):
            found.append(
                Candidate(
                    item.version.lstrip("vV"),
                    software_statement(item),
                    page.url,
                    _source(item.source),
                    score,
                    note=f"{item.source} softwareVersion",
                )
            )
    return found


def event_candidates(
    page: PageRecord, matcher: SubjectMatcher, *, now: datetime | None = None
) -> tuple[list[Candidate], list[Candidate]]:
    """The subject's events on the page: their start dates (from today on) and whether each
    is cancelled."""
    today = (now or datetime.now(UTC)).astimezone(UTC).date()
    whole = page_about(page, matcher)
    dates, cancelled = [], []
    for event in page.events:
        score = max(matcher.score(event.name), whole * 0.9)
        if score < ABOUT or matcher.lookalike(event.name):
            continue
        quote = event_statement(event)
        source = _source(event.source)
        if event.start_date is not None and event.start_date.date() >= today:
            day = event.start_date.date().isoformat()
            dates.append(Candidate(day, quote, page.url, source, score, note="event startDate"))
        term = (event.status or "").casefold()
        if term in EVENT_CANCELLED:
            note = f"eventStatus {event.status}"
            cancelled.append(
                Candidate(EVENT_CANCELLED[term], quote, page.url, source, score, note=note)
            )
    return dates, cancelled
