"""The prices a page's text states for the subject, with their currency.

Every amount of money in a sentence about the subject (:func:`sentinel.text.money.money_in`)
is a candidate, except one struck through (``~~£499~~``) and one the words around it say is
not the price — an old, unit or delivery price (:mod:`sentinel.monitor.reading.lexicon`).
When the subject is for a day and the page dates its prices, only that day's count
(:func:`~sentinel.monitor.reading.text_readers.days.on_the_subjects_day`).
"""

from __future__ import annotations

import re

from sentinel.monitor.reading import lexicon
from sentinel.monitor.reading.readings import Candidate
from sentinel.monitor.reading.subject import SubjectMatcher
from sentinel.monitor.reading.text_readers.about import about_sentences
from sentinel.monitor.reading.text_readers.days import on_the_subjects_day
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.text.money import money_in

_STRUCK = re.compile(r"~~[^~]*~~")


def price_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """The current prices the page's text states for the subject, with their currency (on the
    subject's day, when it is for one and the page dates its prices)."""
    return on_the_subjects_day(_prices(page, matcher), matcher)


def _prices(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    found: list[Candidate] = []
    for about in about_sentences(page, matcher):
        sentence, score = about.sentence, about.score
        text = sentence.text
        struck = [m.span() for m in _STRUCK.finditer(text)]
        for money in money_in(text):
            if any(a <= money.start < b for a, b in struck):
                continue
            before, after = text[: money.start], text[money.end :]
            if lexicon.NOT_THE_PRICE.search(before[-40:]) or lexicon.NOT_THE_PRICE_AFTER.match(
                after
            ):
                continue
            found.append(
                Candidate(
                    money.amount,
                    sentence.text,
                    page.url,
                    "page",
                    score,
                    sentence.position,
                    note=f"price in the text: {money.text}",
                    currency=money.currency,
                )
            )
    return found
