"""Every value is checked against the page before the contract's condition sees it.

A reading holds only when, in this order:

1. ``quote-on-page`` — its quote is on the page this run read (whitespace, entities, case and
   typography folded as for any quote);
2. ``value-in-quote`` — the quote states the value: the amount (in the currency), the
   version, the day, the status or decision word, the week's opening hours; a stock or slot
   reading agrees with the quote's own wording ("sold out" is never ``true``);
3. ``about-subject`` — the quote is about the subject (its sentence, section or page names
   it; an item of the page's data is the subject's), and is not about a look-alike;
4. ``not-only-in-sentence`` — a number the user's sentence names (the threshold) is a
   reading only when the page states it too;
5. ``data-agrees-with-text`` — a value from the page's data that the page's visible text
   contradicts (its text shows other prices, or says "sold out" where the data says
   InStock) is not trusted.

A reading that fails is kept with ``verified=False`` and the name of the check and its reason:
the condition treats its field as unknown — never true, never last run's value.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from packaging.version import InvalidVersion, Version

from sentinel.monitor.contract import phrases
from sentinel.monitor.contract.model import Contract, ContractField
from sentinel.monitor.reading import lexicon
from sentinel.monitor.reading.readings import STRUCTURED_SOURCES, Candidate, Reading
from sentinel.monitor.reading.structured_readers import AVAILABILITY
from sentinel.monitor.reading.subject import SubjectMatcher
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.text.money import money_in
from sentinel.text.opening_hours import weekly_hours
from sentinel.text.quotes import normalize_for_quote
from sentinel.text.values import values_in

ABOUT_QUOTE = 0.34


def verify(
    reading: Reading,
    field: ContractField,
    *,
    contract: Contract,
    pages: Mapping[str, PageRecord],
    matcher: SubjectMatcher,
    about: float,
    text_candidates: Sequence[Candidate] = (),
) -> Reading:
    """``reading`` marked verified, or unverified with the first check it fails."""
    if reading.value is None:
        return reading
    failure = _first_failure(reading, field, contract, pages, matcher, about, list(text_candidates))
    if failure is None:
        return reading.model_copy(update={"verified": True})
    note = f"{failure}; read: {reading.note}" if reading.note else failure
    return reading.model_copy(update={"verified": False, "note": note})


def _first_failure(
    reading: Reading,
    field: ContractField,
    contract: Contract,
    pages: Mapping[str, PageRecord],
    matcher: SubjectMatcher,
    about: float,
    text_candidates: list[Candidate],
) -> str | None:
    page = pages.get(reading.url or "")
    quote = reading.quote or ""
    if page is None or not quote:
        return "quote-on-page: no quote from a page read this run"
    if normalize_for_quote(quote) not in normalize_for_quote(page.readable_text):
        return "quote-on-page: the quote is not on the page"
    if field.measure == "price" and field.currency:
        problem = _currency_in(field.currency, quote)
        if problem is not None:
            return f"value-in-quote: {field.name} is a price in {field.currency}; {problem}"
    check = _VALUE_CHECKS.get(field.measure)
    if check is not None:
        problem = check(reading.value, quote)
        if problem is not None:
            return f"value-in-quote: {problem}"
    lookalike = matcher.lookalike(quote)
    if lookalike is not None:
        return f"about-subject: the quote is about {lookalike!r}, not {contract.subject.name!r}"
    if about < ABOUT_QUOTE:
        return f"about-subject: the quote does not name {contract.subject.name!r}"
    threshold = contract.threshold
    if (
        field.measure == "price"
        and threshold is not None
        and _same_amount(reading.value, threshold)
        and not _amount_on_page(threshold, page)
    ):
        return "not-only-in-sentence: the threshold is not a price on the page"
    if reading.source in STRUCTURED_SOURCES:
        return _disagreement(reading, field, text_candidates)
    return None


def _same_amount(a: Any, b: Any) -> bool:
    try:
        return abs(float(a) - float(b)) < 0.005
    except (TypeError, ValueError):
        return False


def _amount_on_page(amount: float, page: PageRecord) -> bool:
    stated = money_in(page.readable_text, with_currency=False)
    return any(_same_amount(money.amount, amount) for money in stated)


def _price_in(value: Any, quote: str) -> str | None:
    amounts = [money.amount for money in money_in(quote, with_currency=False)]
    if any(_same_amount(amount, value) for amount in amounts):
        return None
    return f"the quote does not state {value}"


def _currency_in(value: Any, quote: str) -> str | None:
    text = quote.casefold()
    if str(value).casefold() in text:
        return None
    symbols = [word for word, code in phrases.CURRENCY_WORDS.items() if code == value]
    if any(symbol in text for symbol in symbols):
        return None
    return f"the quote does not state the currency {value}"


def _stock_in(value: Any, quote: str) -> str | None:
    term = quote.rsplit(",", 1)[-1].strip().casefold()
    if quote.startswith("offer:") and term in AVAILABILITY:
        return None if AVAILABILITY[term] == value else f"the offer says {term}"
    negative = lexicon.OUT_OF_STOCK.search(quote)
    if value is True and negative is not None:
        return f'the quote says "{negative.group()}"'
    masked = lexicon.OUT_OF_STOCK.sub(" ", quote)
    positive = lexicon.IN_STOCK.search(masked)
    if value is False and negative is None and positive is not None:
        return f'the quote says "{positive.group()}"'
    if negative is None and positive is None:
        return "the quote says nothing about stock"
    return None


def _slots_in(value: Any, quote: str) -> str | None:
    negative = lexicon.NO_SLOTS.search(quote)
    if value is True and negative is not None:
        return f'the quote says "{negative.group()}"'
    masked = lexicon.NO_SLOTS.sub(" ", quote)
    offered = lexicon.SLOTS.search(masked) or _CLOCK.search(masked)  # a listed time is one
    if value is False and negative is None and offered is not None:
        return "the quote says one is available"
    if negative is None and offered is None:
        return "the quote says nothing about availability"
    return None


_CLOCK = re.compile(r"\b(?:[01]?\d|2[0-3])[:.h][0-5]\d\b")


def _version_in(value: Any, quote: str) -> str | None:
    try:
        wanted = Version(str(value))
    except InvalidVersion:
        return f"{value!r} is not a version"
    for token in re.findall(r"v?\d+(?:\.\d+)*(?:[-.]?[a-z]+[.-]?\d*)?", quote, re.IGNORECASE):
        try:
            if Version(token.lstrip("vV")) == wanted:
                return None
        except InvalidVersion:
            continue
    return f"the quote does not state version {value}"


def _cue_in(cues: tuple[tuple[str, Any], ...]) -> Callable[[Any, str], str | None]:
    def check(value: Any, quote: str) -> str | None:
        for word, pattern in cues:
            if word == value and pattern.search(quote):
                return None
        return f"the quote does not say {value}"

    return check


def _date_in(value: Any, quote: str) -> str | None:
    if quote.startswith("event:") and str(value) in quote:
        return None
    year, month, day = (int(part) for part in str(value).split("-"))
    for stated in values_in(quote).days:
        if stated.month == month and stated.day == day and stated.year in (None, year):
            return None
    return f"the quote does not state {value}"


def _cancelled_in(value: Any, quote: str) -> str | None:
    if quote.startswith("event:"):
        return None
    if value is True and lexicon.CANCELLED.search(lexicon.NOT_CANCELLED.sub(" ", quote)):
        return None
    if value is False and (
        lexicon.NOT_CANCELLED.search(quote) or not lexicon.CANCELLED.search(quote)
    ):
        return None
    return f"the quote does not say cancelled={value}"


def _hours_in(value: Any, quote: str) -> str | None:
    if any(schedule.text == value for schedule in weekly_hours(quote.split("\n"))):
        return None
    return f"the quote does not state the hours {value}"


_VALUE_CHECKS: dict[str, Callable[[Any, str], str | None]] = {
    "price": _price_in,
    "currency": _currency_in,
    "in_stock": _stock_in,
    "available": _slots_in,
    "version": _version_in,
    "status": _cue_in(lexicon.STATUS_CUES),
    "decision": _cue_in(lexicon.DECISION_CUES),
    "cancelled": _cancelled_in,
    "date": _date_in,
    "hours": _hours_in,
}


def _disagreement(reading: Reading, field: ContractField, text: list[Candidate]) -> str | None:
    """Whether the page's visible text contradicts a value from its data."""
    if not text:
        return None
    best = max(c.about for c in text)
    top = [c for c in text if c.about >= best - 0.05]
    if field.measure == "price":
        if any(_same_amount(c.value, reading.value) for c in text):
            return None
        shown = ", ".join(sorted({f"{c.value:g}" for c in top}))
        return f"data-agrees-with-text: the page's text shows {shown}, its data {reading.value}"
    if field.measure == "in_stock":
        if any(c.value == reading.value for c in top):
            return None
        return (
            f"data-agrees-with-text: the page's text says in stock = {top[0].value} "
            f'("{top[0].quote[:80]}"), its data {reading.value}'
        )
    return None
