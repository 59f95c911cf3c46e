"""Reading a contract's fields from real-shaped pages: the page's data first, then its text,
the model only choosing among candidates, every value verified."""

from __future__ import annotations

import pytest

from sentinel.llm import ScriptedModel
from sentinel.monitor.contract import Contract, compile_sentence
from sentinel.monitor.reading.read import ContractReading, read_contract
from tests.monitor.reading.pages import NOW, document, jsonld, page

GPU = "Tell me when the ASUS Dual RTX 5060 Ti 16GB drops below £420 at PixelParts"
GPU_OFFER = jsonld(
    '{"@context":"https://schema.org","@type":"Product","name":"ASUS Dual GeForce RTX 5060 Ti '
    '16GB OC Edition","offers":{"@type":"Offer","price":"399.99","priceCurrency":"GBP",'
    '"availability":"https://schema.org/InStock"}}'
)
GPU_BODY = (
    "<h1>ASUS Dual GeForce RTX 5060 Ti 16GB OC Edition</h1>"
    "<div class='price-box'><span class='was-price'>Was £449.99</span> <span>£399.99</span></div>"
    "<p>In stock - order by 4pm for next-day delivery. Free delivery on orders over £50.</p>"
    "<h2>Reviews</h2><p>Bought it at £479 at launch, runs cool and quiet. - Dave</p>"
)


def contract(sentence: str) -> Contract:
    compiled = compile_sentence(sentence)
    assert compiled is not None, sentence
    return compiled


async def read(sentence: str, html: str, model: ScriptedModel | None = None) -> ContractReading:
    return await read_contract(contract(sentence), [page(html)], model=model, now=NOW)


async def test_the_offers_price_is_read_from_json_ld_without_a_model() -> None:
    reading = await read(
        GPU, document("ASUS Dual RTX 5060 Ti 16GB | PixelParts", GPU_BODY, GPU_OFFER)
    )
    assert reading.state() == {"price": 399.99, "currency": "GBP"}
    assert reading.model_calls == 0
    price = reading.by_field()["price"]
    assert (price.source, price.verified) == ("json-ld", True)
    assert "399.99 GBP" in (price.quote or "")


async def test_without_data_the_text_gives_the_price_not_the_struck_one_nor_the_review() -> None:
    reading = await read(GPU, document("ASUS Dual RTX 5060 Ti 16GB | PixelParts", GPU_BODY))
    assert reading.state() == {"price": 399.99, "currency": "GBP"}
    assert reading.by_field()["price"].source == "page"
    assert reading.model_calls == 0


async def test_data_the_visible_text_contradicts_is_not_trusted() -> None:
    stale = GPU_OFFER.replace('"399.99"', '"379.99"')
    reading = await read(GPU, document("ASUS Dual RTX 5060 Ti 16GB | PixelParts", GPU_BODY, stale))
    price = reading.by_field()["price"]
    assert price.value == 379.99
    assert not price.verified
    assert "data-agrees-with-text" in price.note
    assert reading.state()["price"] is None


async def test_the_threshold_of_the_sentence_is_never_read_as_the_price() -> None:
    body = "<h1>ASUS Dual GeForce RTX 5060 Ti 16GB OC Edition</h1><p>Call for price.</p>"
    reading = await read(GPU, document("ASUS Dual RTX 5060 Ti 16GB | PixelParts", body))
    assert reading.state() == {"price": None, "currency": None}


async def test_two_prices_for_the_subject_are_left_to_the_model_which_chooses_one() -> None:
    body = (
        "<h1>ASUS Dual GeForce RTX 5060 Ti 16GB OC Edition</h1>"
        "<p>Our price today: £409.00.</p><p>Members pay £389.00 with a PixelPlus card.</p>"
    )
    model = ScriptedModel.from_script({"CandidateChoice": [{"price": 1}]})
    reading = await read(GPU, document("ASUS Dual RTX 5060 Ti 16GB | PixelParts", body), model)
    assert reading.model_calls == 1
    assert reading.state() == {"price": 409.0, "currency": "GBP"}
    assert "chosen by the model" in reading.by_field()["price"].note
    [call] = model.calls
    assert "[1] Our price today: £409.00." in call.prompt
    assert "[2] Members pay £389.00" in call.prompt


async def test_without_a_model_an_open_choice_is_unknown() -> None:
    body = (
        "<h1>ASUS Dual GeForce RTX 5060 Ti 16GB OC Edition</h1>"
        "<p>Our price today: £409.00.</p><p>Members pay £389.00 with a PixelPlus card.</p>"
    )
    reading = await read(GPU, document("ASUS Dual RTX 5060 Ti 16GB | PixelParts", body))
    assert reading.state()["price"] is None
    assert "no model to choose" in reading.by_field()["price"].note


async def test_a_model_answering_none_leaves_the_field_unknown() -> None:
    body = (
        "<h1>ASUS Dual GeForce RTX 5060 Ti 16GB OC Edition</h1>"
        "<p>Our price today: £409.00.</p><p>Members pay £389.00 with a PixelPlus card.</p>"
    )
    model = ScriptedModel.from_script({"CandidateChoice": [{"price": 0}]})
    reading = await read(GPU, document("ASUS Dual RTX 5060 Ti 16GB | PixelParts", body), model)
    assert reading.state()["price"] is None


SONY = "Tell me when the Sony WH-1000XM5 is back in stock at SoundHaus"


@pytest.mark.parametrize(
    ("wording", "in_stock"),
    [
        ("<strong>Sold out</strong> – Back in stock soon! We'll email you when available.", False),
        ("Currently unavailable. Notify me when available.", False),
        ("Pre-order now: ships 12 December.", False),
        ("In stock – dispatched today if ordered before 2pm.", True),
        ("Only 3 left in stock.", True),
    ],
)
async def test_stock_is_read_from_the_wording_sold_out_first(wording: str, in_stock: bool) -> None:
    body = f"<h1>Sony WH-1000XM5 Wireless Headphones</h1><p>£279.00</p><p>{wording}</p>"
    reading = await read(SONY, document("Sony WH-1000XM5 | SoundHaus", body))
    assert reading.state() == {"in_stock": in_stock}


async def test_a_review_saying_it_came_back_in_stock_is_not_a_reading() -> None:
    body = (
        "<h1>Sony WH-1000XM5 Wireless Headphones</h1><p>Sold out.</p>"
        "<h2>Customer reviews</h2><p>It came back in stock last time within a week.</p>"
        "<p>In stock at my local shop, great sound.</p>"
    )
    reading = await read(SONY, document("Sony WH-1000XM5 | SoundHaus", body))
    assert reading.state() == {"in_stock": False}


async def test_the_data_says_in_stock_but_the_page_says_sold_out_so_it_is_unknown() -> None:
    data = jsonld(
        '{"@type":"Product","name":"Sony WH-1000XM5","offers":{"@type":"Offer","price":"279",'
        '"priceCurrency":"GBP","availability":"https://schema.org/InStock"}}'
    )
    body = "<h1>Sony WH-1000XM5 Wireless Headphones</h1><p>Sold out – back soon.</p>"
    reading = await read(SONY, document("Sony WH-1000XM5 | SoundHaus", body, data))
    stock = reading.by_field()["in_stock"]
    assert (stock.value, stock.verified) == (True, False)
    assert reading.state() == {"in_stock": None}


async def test_an_offer_of_a_related_product_is_not_the_subjects() -> None:
    data = jsonld(
        '{"@type":"Product","name":"Sony WH-1000XM5","offers":{"@type":"Offer",'
        '"availability":"https://schema.org/OutOfStock","price":"279","priceCurrency":"GBP"},'
        '"isRelatedTo":{"@type":"Product","name":"Sony WH-1000XM4","offers":{"@type":"Offer",'
        '"availability":"https://schema.org/InStock","price":"199","priceCurrency":"GBP"}}}'
    )
    body = "<h1>Sony WH-1000XM5 Wireless Headphones</h1><p>£279.00</p>"
    reading = await read(SONY, document("Sony WH-1000XM5 | SoundHaus", body, data))
    assert reading.state() == {"in_stock": False}


RELEASE = "Tell me when Tidewater 3.0 is released"


async def test_the_highest_final_release_counts_and_a_release_candidate_does_not() -> None:
    before = (
        "<h1>Releases</h1><h2>Tidewater 3.0.0-rc.2</h2><p>Second release candidate.</p>"
        "<p>The final 3.0 release is planned for December.</p>"
        "<h2>Tidewater 2.9.4</h2><p>Bug fixes. Requires Python 3.10 or later.</p>"
    )
    after = "<h1>Releases</h1><h2>Tidewater 3.0 is here!</h2><p>Released today.</p>" + before
    first = await read(RELEASE, document("Releases · tidewater/tidewater", before))
    second = await read(RELEASE, document("Releases · tidewater/tidewater", after))
    assert first.state() == {"version": "2.9.4", "prerelease": False}
    assert second.state() == {"version": "3.0", "prerelease": False}


@pytest.mark.parametrize(
    "guide",
    [
        "<p>The legacy_wal setting is gone in 3.0: remove it from your configuration.</p>",
        "<p>Die Option legacy_wal wurde entfernt in 3.0.</p>",
        "<p>Fixed in version 3.0: imports no longer time out.</p>",
    ],
)
async def test_a_version_named_as_where_something_changed_is_not_a_release(guide: str) -> None:
    body = (
        "<h1>Upgrading to Tidewater 3</h1><p>Tidewater 2.9.4 is the current stable release.</p>"
        + guide
    )
    reading = await read(RELEASE, document("Upgrading to Tidewater 3", body))
    assert reading.state() == {"version": "2.9.4", "prerelease": False}


async def test_only_a_release_candidate_is_read_as_a_pre_release() -> None:
    body = "<h1>Tidewater 3.0 beta 2 is out</h1><p>Try the beta and tell us what breaks.</p>"
    reading = await read(RELEASE, document("Tidewater blog", body))
    assert reading.state() == {"version": "3.0", "prerelease": True}


STATUS = "Tell me when the Paylane Payments API incident is resolved"


async def test_a_status_page_is_read_newest_update_first() -> None:
    body = (
        "<h1>Paylane Status</h1><h2>Payments API elevated error rates</h2>"
        "<p><strong>Monitoring</strong> - A fix has been implemented and we are monitoring the "
        "results.</p><p><strong>Investigating</strong> - We are investigating errors on the "
        "Payments API.</p><h2>Dashboard login delays</h2><p><strong>Resolved</strong> - This "
        "incident has been resolved.</p>"
    )
    reading = await read(STATUS, document("Paylane Status", body))
    assert reading.state() == {"status": "monitoring"}


DECISION = "Tell me the committee's decision on application 25/01873/FUL"


async def test_a_decision_on_a_look_alike_application_is_not_the_subjects() -> None:
    body = (
        "<h1>Planning committee, 18 March</h1>"
        "<p>Application 25/01837/FUL (care home): approved with conditions.</p>"
        "<p>Application 25/01873/FUL (the Old Dairy): deferred to the April meeting.</p>"
    )
    reading = await read(DECISION, document("Eastmoor planning decisions", body))
    assert reading.state() == {"decision": "pending"}


async def test_a_decision_in_bold_is_read_though_the_next_step_is_awaited() -> None:
    body = (
        "<h1>Application 25/01873/FUL – The Old Dairy</h1>"
        "<p><strong>Application 25/01873/FUL was approved by the committee (9–4).</strong> "
        "Awaiting the signed decision notice.</p>"
    )
    reading = await read(DECISION, document("25/01873/FUL | Eastmoor Council", body))
    assert reading.state() == {"decision": "approved"}


async def test_a_recommendation_is_not_a_decision() -> None:
    body = (
        "<h1>Application 25/01873/FUL – The Old Dairy</h1>"
        "<p>Officers recommend approval subject to conditions.</p>"
    )
    reading = await read(DECISION, document("25/01873/FUL | Eastmoor Council", body))
    assert reading.state() == {"decision": "pending"}


APP = "Tell me when the Fernhill Energy customer portal is working again"


@pytest.mark.parametrize(
    ("component", "status"),
    [
        # A component's label, as status pages list them.
        (
            "<li><strong>Customer portal: down.</strong> We are working to bring it back.</li>",
            "major_outage",
        ),
        (
            "<li><strong>Customer portal: up.</strong> Sorry for the interruption.</li>",
            "operational",
        ),
        (
            "<p>The customer portal has been fully restored after this morning's fault.</p>",
            "resolved",
        ),
        (
            "<p>The customer portal is back online; meter readings can be sent again.</p>",
            "resolved",
        ),
        # Working *on* a fix is not working.
        (
            "<p>The customer portal is unavailable; engineers are working on a fix.</p>",
            "major_outage",
        ),
    ],
)
async def test_a_components_status_words_are_read(component: str, status: str) -> None:
    body = f"<h1>Fernhill Energy service status</h1><ul>{component}</ul>"
    reading = await read(APP, document("Service status | Fernhill Energy", body))
    assert reading.state() == {"status": status}


@pytest.mark.parametrize(
    "post",
    [
        "<p>Readers keep asking whether Loomdb 4.0 is out. Not yet: we are still testing.</p>",
        "<p>Viele haben gefragt, ob Loomdb 4.0 schon erschienen ist.</p>",
        "<p>Nos han preguntado si Loomdb 4.0 ya está publicada.</p>",
    ],
)
async def test_an_indirect_question_about_a_release_is_not_a_release(post: str) -> None:
    body = f"<h1>Loomdb blog</h1><h2>Loomdb 3.9 is out</h2><p>Loomdb 3.9 is released.</p>{post}"
    reading = await read("Tell me when Loomdb 4.0 is released", document("Loomdb blog", body))
    assert reading.state().get("version") != "4.0"


async def test_a_release_after_a_question_answered_is_read() -> None:
    body = (
        "<h1>Loomdb blog</h1><h2>Loomdb 4.0 is released</h2>"
        "<p>You asked for faster joins; Loomdb 4.0 is released today with them.</p>"
    )
    reading = await read("Tell me when Loomdb 4.0 is released", document("Loomdb blog", body))
    assert reading.state().get("version") == "4.0"


HOURS = "Tell me when the Riverside Public Library changes its opening hours"
HOURS_TABLE = (
    "<table><tr><th>Day</th><th>Hours</th></tr>"
    "<tr><td>Monday</td><td>9:00 – 20:00</td></tr><tr><td>Tuesday</td><td>9:00 – 20:00</td></tr>"
    "<tr><td>Saturday</td><td>10:00 – {saturday}</td></tr><tr><td>Sunday</td><td>Closed</td></tr>"
    "</table>"
)


async def hours_on(body: str, url: str) -> ContractReading:
    html = document("Opening hours", "<h1>Opening hours</h1>" + body)
    return await read_contract(contract(HOURS), [page(html, url)], now=NOW)


async def test_the_places_own_site_states_its_hours_without_naming_it() -> None:
    body = "<p>The Central Library is open six days a week.</p>" + HOURS_TABLE.format(
        saturday="17:00"
    )
    reading = await hours_on(body, "https://www.riversidelibrary.example/visit/hours")
    assert reading.model_calls == 0
    assert reading.state() == {
        "opening_hours": "Mon 09:00-20:00; Tue 09:00-20:00; Sat 10:00-17:00; Sun closed"
    }
    assert reading.readings[0].verified


async def test_hours_on_another_site_count_only_when_they_name_the_place() -> None:
    table = HOURS_TABLE.format(saturday="17:00")
    elsewhere = await hours_on(table, "https://www.oakfieldpool.example/hours")
    named = await hours_on(
        "<h2>Riverside Public Library hours</h2>" + table, "https://citydirectory.example/riv"
    )
    assert elsewhere.state() == {"opening_hours": None}
    assert named.state()["opening_hours"] is not None


async def test_regular_hours_are_read_over_a_holiday_week_on_the_same_page() -> None:
    body = (
        "<h2>Opening hours</h2>"
        + HOURS_TABLE.format(saturday="17:00")
        + "<h2>Christmas week</h2><ul><li>Mon–Tue: 10:00–14:00</li><li>Sat–Sun: closed</li></ul>"
    )
    reading = await hours_on(body, "https://www.riversidelibrary.example/visit/hours")
    assert reading.model_calls == 0
    assert reading.state()["opening_hours"].endswith("Sat 10:00-17:00; Sun closed")
