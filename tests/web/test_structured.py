"""schema.org JSON-LD: blocks in every shape, offers and events, and malformed input."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import lxml.html
import pytest

from sentinel.web.structured import jsonld_blocks, offers_and_events, parse_price


def page(*blocks: str) -> lxml.html.HtmlElement:
    scripts = "".join(f'<script type="application/ld+json">{b}</script>' for b in blocks)
    return lxml.html.document_fromstring(f"<html><head>{scripts}</head><body>x</body></html>")


def nodes_of(*blocks: object) -> list[dict]:
    return jsonld_blocks(page(*(b if isinstance(b, str) else json.dumps(b) for b in blocks)))


def test_single_object_list_and_graph_are_all_flattened() -> None:
    found = nodes_of(
        {"@type": "Organization", "name": "A"},
        [{"@type": "WebSite"}, {"@type": "Person"}],
        {"@context": "https://schema.org", "@graph": [{"@type": "Product"}, {"@type": "Offer"}]},
    )
    assert [n["@type"] for n in found] == ["Organization", "WebSite", "Person", "Product", "Offer"]


@pytest.mark.parametrize(
    "block",
    [
        "{not json at all",
        "",
        "   ",
        '{"@type": "Product", "name": "Kettle"',
        "null",
        "42",
    ],
)
def test_malformed_blocks_are_skipped_without_raising(block: str) -> None:
    assert nodes_of(block, {"@type": "Thing", "name": "ok"}) == [{"@type": "Thing", "name": "ok"}]


def test_trailing_commas_comment_wrappers_and_control_characters_are_forgiven() -> None:
    found = nodes_of(
        '<!-- {"@type": "Product", "name": "Lamp", } -->',
        '{"@type": "Event", "name": "Line\nbreak"}',
    )
    assert [n["name"] for n in found] == ["Lamp", "Line\nbreak"]


def test_script_type_with_parameters_and_case_is_recognised() -> None:
    tree = lxml.html.document_fromstring(
        '<html><head><script type="Application/LD+JSON; charset=utf-8">{"@type": "Thing"}'
        '</script><script type="text/javascript">{"@type": "Nope"}</script></head></html>'
    )
    assert jsonld_blocks(tree) == [{"@type": "Thing"}]


def test_product_offer_with_schema_url_availability() -> None:
    offers, events = offers_and_events(
        nodes_of(
            {
                "@type": "Product",
                "name": "Kettle",
                "sku": "K-1",
                "offers": {
                    "@type": "Offer",
                    "price": "24.99",
                    "priceCurrency": "eur",
                    "availability": "https://schema.org/OutOfStock",
                },
            }
        )
    )
    (offer,) = offers
    assert (offer.product, offer.price, offer.currency, offer.availability, offer.sku) == (
        "Kettle",
        24.99,
        "EUR",
        "OutOfStock",
        "K-1",
    )
    assert events == []


def test_aggregate_offer_gives_a_price_range_and_its_nested_offers() -> None:
    offers, _ = offers_and_events(
        nodes_of(
            {
                "@type": ["Product", "http://schema.org/IndividualProduct"],
                "name": "Sofa",
                "offers": {
                    "@type": "AggregateOffer",
                    "lowPrice": 499,
                    "highPrice": "899.00",
                    "priceCurrency": "USD",
                    "offers": [{"@type": "Offer", "price": 499, "priceCurrency": "USD"}],
                },
            }
        )
    )
    assert [(o.price, o.high_price) for o in offers] == [(499.0, 899.0), (499.0, None)]
    assert {o.product for o in offers} == {"Sofa"}


def test_price_specification_is_used_when_price_is_absent() -> None:
    offers, _ = offers_and_events(
        nodes_of(
            {
                "@type": "Offer",
                "priceSpecification": [
                    {"@type": "UnitPriceSpecification", "price": 12.5, "priceCurrency": "GBP"}
                ],
            }
        )
    )
    assert (offers[0].price, offers[0].currency, offers[0].product) == (12.5, "GBP", None)


def test_product_nested_inside_an_item_list_is_found() -> None:
    offers, _ = offers_and_events(
        nodes_of(
            {
                "@type": "ItemList",
                "itemListElement": [
                    {
                        "@type": "ListItem",
                        "item": {
                            "@type": "Product",
                            "name": "Mug",
                            "offers": {"@type": "Offer", "price": "8"},
                        },
                    }
                ],
            }
        )
    )
    assert [(o.product, o.price) for o in offers] == [("Mug", 8.0)]


def test_event_fields_and_status_term() -> None:
    _, events = offers_and_events(
        nodes_of(
            {
                "@type": "SportsEvent",
                "name": "Cup final",
                "startDate": "2026-05-30",
                "eventStatus": "https://schema.org/EventPostponed",
                "location": [{"@type": "Place", "name": "National Stadium"}],
                "url": "http://tickets.example/final",
            }
        )
    )
    (event,) = events
    assert event.name == "Cup final"
    assert event.start_date == datetime(2026, 5, 30, tzinfo=UTC)
    assert event.status == "EventPostponed"
    assert event.location == "National Stadium"


def test_event_without_a_name_and_wrongly_typed_fields_are_tolerated() -> None:
    offers, events = offers_and_events(
        nodes_of(
            {"@type": "Event", "startDate": "2026-01-01"},
            {"@type": "Event", "name": ["Concert"], "startDate": 20260101, "location": 7},
            {"@type": "Offer", "price": {"weird": True}, "availability": 3},
        )
    )
    assert [e.name for e in events] == ["Concert"]
    assert events[0].start_date is None
    assert events[0].location is None
    assert (offers[0].price, offers[0].availability) == (None, None)


def test_duplicate_offers_are_reported_once() -> None:
    offer = {"@type": "Offer", "price": "5", "priceCurrency": "USD"}
    offers, _ = offers_and_events(nodes_of(offer, offer))
    assert len(offers) == 1


def test_deeply_nested_json_does_not_recurse_forever() -> None:
    deep: dict = {"@type": "Thing"}
    for _ in range(200):
        deep = {"@type": "Thing", "child": deep}
    assert offers_and_events(nodes_of(deep)) == ([], [])


@pytest.mark.parametrize(
    ("raw", "price"),
    [
        (39.95, 39.95),
        (12, 12.0),
        ("1,299.00", 1299.0),
        ("1.299,00", 1299.0),
        ("12,50", 12.5),
        ("1,299", 1299.0),
        ("$39.95", 39.95),
        ("EUR 89.50", 89.5),
        ("free", None),
        (True, None),
        (None, None),
        ("", None),
    ],
)
def test_parse_price_reads_common_price_formats(raw: object, price: float | None) -> None:
    assert parse_price(raw) == price
