"""Every value is verified against the page before the contract's condition sees it: each
named check refuses the failure it exists for, and says so."""

from __future__ import annotations

from sentinel.monitor.contract import Contract, compile_sentence
from sentinel.monitor.reading.readings import Reading
from sentinel.monitor.reading.subject import SubjectMatcher
from sentinel.monitor.reading.verify import verify
from tests.monitor.reading.pages import document, page

URL = "https://shop.example/p/1"
SENTENCE = "Tell me when the ASUS Dual RTX 5060 Ti 16GB drops below £420 at PixelParts"
BODY = (
    "<h1>ASUS Dual GeForce RTX 5060 Ti 16GB OC Edition</h1><p>Our price: £399.99.</p>"
    "<p>Gigabyte RTX 5070 12GB Windforce, now £419.00.</p>"
)


def contract() -> Contract:
    compiled = compile_sentence(SENTENCE)
    assert compiled is not None
    return compiled


def checked(quote: str, value: object, about: float = 1.0) -> Reading:
    shop = page(document("ASUS Dual RTX 5060 Ti 16GB | PixelParts", BODY), URL)
    compiled = contract()
    price = compiled.fields[0]
    reading = Reading(field="price", value=value, quote=quote, url=URL, source="model")
    return verify(
        reading,
        price,
        contract=compiled,
        pages={URL: shop},
        matcher=SubjectMatcher(compiled.subject.name, compiled.subject.site),
        about=about,
    )


def test_a_value_its_quote_states_on_the_page_holds() -> None:
    assert checked("Our price: £399.99.", 399.99).verified


def test_a_quote_not_on_the_page_is_refused() -> None:
    reading = checked("Our price today: £399.99.", 399.99)
    assert not reading.verified
    assert reading.note.startswith("quote-on-page")


def test_a_value_the_quote_does_not_state_is_refused() -> None:
    reading = checked("Our price: £399.99.", 420.0)
    assert not reading.verified
    assert reading.note.startswith("value-in-quote")


def test_a_quote_about_a_look_alike_is_refused() -> None:
    reading = checked("Gigabyte RTX 5070 12GB Windforce, now £419.00.", 419.0)
    assert not reading.verified
    assert reading.note.startswith("about-subject")


def test_a_quote_that_does_not_name_the_subject_is_refused() -> None:
    reading = checked("Our price: £399.99.", 399.99, about=0.1)
    assert not reading.verified
    assert "does not name" in reading.note


def test_no_value_is_nothing_to_verify() -> None:
    reading = checked("Our price: £399.99.", None)
    assert (reading.value, reading.verified) == (None, False)


def test_hours_the_quote_does_not_state_are_refused() -> None:
    sentence = "Tell me when the Riverside Public Library changes its opening hours"
    compiled = compile_sentence(sentence)
    assert compiled is not None
    url = "https://www.riversidelibrary.example/hours"
    body = "<ul><li>Mon–Fri: 9:00–20:00</li><li>Sat: 10:00–17:00</li></ul>"
    library = page(document("Opening hours", body), url)
    quote = "- Mon–Fri: 9:00–20:00\n- Sat: 10:00–17:00"
    week = "Mon 09:00-20:00; Tue 09:00-20:00; Wed 09:00-20:00; Thu 09:00-20:00; Fri 09:00-20:00"

    def hours(value: str) -> Reading:
        reading = Reading(field="opening_hours", value=value, quote=quote, url=url, source="model")
        return verify(
            reading,
            compiled.fields[0],
            contract=compiled,
            pages={url: library},
            matcher=SubjectMatcher(compiled.subject.name),
            about=0.67,
        )

    assert hours(f"{week}; Sat 10:00-17:00").verified
    refused = hours(f"{week}; Sat 10:00-16:00")
    assert not refused.verified
    assert refused.note.startswith("value-in-quote")
