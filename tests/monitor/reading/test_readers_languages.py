"""Readers in French, German and Spanish, and the measures beyond price and stock: dates,
cancellations and free slots."""

from __future__ import annotations

import pytest

from sentinel.monitor.contract import compile_sentence
from sentinel.monitor.reading.read import read_contract
from sentinel.monitor.reading.subject import SubjectMatcher
from tests.monitor.reading.pages import NOW, document, page


async def state(sentence: str, title: str, body: str) -> dict[str, object]:
    contract = compile_sentence(sentence)
    assert contract is not None, sentence
    reading = await read_contract(contract, [page(document(title, body))], now=NOW)
    return reading.state()


@pytest.mark.parametrize(
    ("sentence", "title", "body", "expected"),
    [
        (
            "Préviens-moi quand la Kobo Clara BW passe sous 120 €",
            "Kobo Clara BW – Liseuse | Librairie Vauban",
            "<h1>Kobo Clara BW</h1><p><del>139,99 €</del> <strong>119,99 €</strong></p>"
            "<p>En stock, expédié sous 24h.</p>",
            {"price": 119.99, "currency": "EUR"},
        ),
        (
            "Sag mir Bescheid, wenn die Sony WH-1000XM5 unter 250 € fällt",
            "Sony WH-1000XM5 Kopfhörer | Klangwerk",
            "<h1>Sony WH-1000XM5</h1><p>Unser Preis: 1.249,00 € statt 1.399,00 €</p>",
            {"price": 1249.0, "currency": "EUR"},
        ),
        (
            "Avísame cuando las Sony WH-1000XM5 vuelvan a estar en stock en Sonido Ya",
            "Sony WH-1000XM5 | Sonido Ya",
            "<h1>Sony WH-1000XM5</h1><p>279,00 €</p><p>Agotado temporalmente. Avísame cuando "
            "esté disponible.</p>",
            {"in_stock": False},
        ),
        (
            "Benachrichtige mich, wenn die Sony WH-1000XM5 wieder auf Lager ist",
            "Sony WH-1000XM5 | Klangwerk",
            "<h1>Sony WH-1000XM5</h1><p>Auf Lager – Lieferung in 1-2 Werktagen.</p>",
            {"in_stock": True},
        ),
    ],
)
async def test_pages_in_other_languages_are_read(
    sentence: str, title: str, body: str, expected: dict[str, object]
) -> None:
    assert await state(sentence, title, body) == expected


async def test_announced_dates_are_future_days_of_the_subject_not_sale_or_posting_dates() -> None:
    sentence = "Tell me when the Crestfield Festival announces the dates for 2027"
    before = (
        "<h1>Crestfield Festival</h1><p>Posted 3 November 2026.</p>"
        "<p>The 2026 festival took place on 14 June 2026. Dates for 2027 will be announced "
        "soon.</p><p>Early bird tickets go on sale 1 December 2026.</p>"
    )
    after = (
        "<h1>Crestfield Festival</h1><p>Crestfield Festival 2027 takes place on 12 June 2027 "
        "on Castle Meadow.</p>"
    )
    assert await state(sentence, "Crestfield Festival", before) == {"date": None}
    assert await state(sentence, "Crestfield Festival", after) == {"date": "2027-06-12"}


async def test_the_day_a_publication_is_set_for_is_read_and_a_posting_date_is_not() -> None:
    sentence = "Tell me when Tideline Press sets a publication date for the fourth Tideline book"
    title = "Rosa Varga | Tideline Press"
    before = (
        "<h1>Rosa Varga</h1><p>Published 3 December 2026.</p><p>A fourth Tideline book is in "
        "the works and will be published soon.</p>"
    )
    after = (
        "<h1>Rosa Varga</h1><p><strong>Harbour Lights, the fourth Tideline book, will be "
        "published on 12 March 2027.</strong></p>"
    )
    assert await state(sentence, title, before) == {"date": None}
    assert await state(sentence, title, after) == {"date": "2027-03-12"}


async def test_a_cancellation_is_read_and_going_ahead_is_not_one() -> None:
    sentence = "Tell me if the Lakeside Open final is cancelled"
    ahead = "<h1>Lakeside Open final</h1><p>The final goes ahead as planned on Sunday.</p>"
    off = "<h1>Lakeside Open final</h1><p>The final has been cancelled because of the storm.</p>"
    maybe = "<h1>Lakeside Open final</h1><p>The final may be cancelled if the storm hits.</p>"
    assert await state(sentence, "Lakeside Open", ahead) == {"cancelled": False}
    assert await state(sentence, "Lakeside Open", off) == {"cancelled": True}
    assert await state(sentence, "Lakeside Open", maybe) == {"cancelled": None}


async def test_free_slots_are_read_and_fully_booked_is_not_free() -> None:
    sentence = "Tell me when a driving test slot is available at Morden test centre"
    full = "<h1>Morden test centre</h1><p>No test slots are available. Check back later.</p>"
    free = "<h1>Morden test centre</h1><p>3 test slots available on Tuesday 9 December.</p>"
    assert await state(sentence, "Book a driving test", full) == {"available": False}
    assert await state(sentence, "Book a driving test", free) == {"available": True}


def test_a_look_alike_reference_scores_nothing() -> None:
    matcher = SubjectMatcher("application 25/01873/FUL")
    assert matcher.lookalike("Application 25/01837/FUL approved") == "25/01837/ful"
    assert matcher.score("Application 25/01837/FUL approved") == 0.0
    assert matcher.score("Application 25/01873/FUL deferred") == 1.0


def test_a_different_model_number_is_a_look_alike() -> None:
    matcher = SubjectMatcher("ASUS Dual RTX 5060 Ti 16GB")
    assert matcher.lookalike("Gigabyte RTX 5070 12GB Windforce") is not None
    assert matcher.about("ASUS Dual GeForce RTX 5060 Ti 16 GB OC Edition")
