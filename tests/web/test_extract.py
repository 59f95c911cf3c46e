"""Extraction from realistic pages: title, date, main content, JSON-LD, and short pages."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from sentinel.web.extract import extract_html, prune_noise
from tests.web.conftest import fixture_text


def test_news_article_main_content_excludes_page_furniture() -> None:
    page = extract_html(fixture_text("news_article.html"), url="http://news.example/a")
    assert page.title == "Apple unveils iPhone 17 with a $999 starting price"
    assert page.published == datetime(2025, 9, 9, 17, 30, tzinfo=UTC)
    assert page.text.startswith("# Apple unveils iPhone 17")
    assert "The base model starts at $999 and ships on September 19" in page.text
    assert "Apple shares rose 1.8 percent" in page.text
    for furniture in ("Trending now", "noise-cancelling", "mortgage", "All rights reserved"):
        assert furniture not in page.text
    assert [node["@type"] for node in page.jsonld] == ["NewsArticle"]


def test_product_page_offer_and_table_without_cookie_banner_or_upsells() -> None:
    page = extract_html(fixture_text("product_page.html"))
    assert page.title == "AeroPress Clear Coffee Maker"
    (offer,) = page.offers
    assert offer.product == "AeroPress Clear Coffee Maker"
    assert (offer.price, offer.currency, offer.availability) == (39.95, "USD", "InStock")
    assert "| Material | Tritan copolyester |" in page.text
    assert "cookies" not in page.text
    assert "Customers also bought" not in page.text
    assert page.published is None


def test_event_page_events_offers_and_malformed_block_tolerated() -> None:
    page = extract_html(fixture_text("event_page.html"))
    (event,) = page.events
    assert event.name == "Radiohead – Live at Riverside Arena"
    assert event.start_date == datetime(2026, 3, 14, 19, 0, tzinfo=UTC)
    assert event.status == "EventScheduled"
    assert {(o.name, o.price, o.availability) for o in page.offers} == {
        ("General admission", 89.5, "InStock"),
        ("Seated", 129.0, "SoldOut"),
    }
    # The third block has a trailing comma; it is repaired rather than dropped.
    assert [n["@type"] for n in page.jsonld] == ["MusicEvent", "WebSite", "Organization"]


def test_blog_with_cookie_notice_ads_trending_and_comments_keeps_only_the_post() -> None:
    page = extract_html(fixture_text("noisy_blog.html"))
    assert page.title == "City council approves the new bike lane plan"
    assert page.published == datetime(2025, 5, 2, tzinfo=UTC)
    assert "voted 7 to 2" in page.text
    for noise in ("cookies", "Harbor Furniture", "Farmers market", "Finally!", "Subscribe"):
        assert noise not in page.text


def test_short_page_still_yields_its_text() -> None:
    page = extract_html("<html><head><title>Status</title></head><body><p>Sold out.</p></body>")
    assert (page.title, page.text) == ("Status", "Sold out.")


def test_page_with_only_navigation_like_text_falls_back_to_visible_text() -> None:
    markup = (
        "<html><body><ul><li><a href='/a'>Alpha</a></li><li><a href='/b'>Beta</a></li></ul>"
        "<script>var hidden = 1;</script></body></html>"
    )
    page = extract_html(markup)
    assert "Alpha" in page.text
    assert "Beta" in page.text
    assert "hidden" not in page.text


@pytest.mark.parametrize("markup", ["", "   ", "<html></html>", "<<<>>>"])
def test_empty_or_broken_markup_gives_an_empty_extraction(markup: str) -> None:
    page = extract_html(markup)
    assert len(page.text) < 20
    assert page.offers == []
    assert page.jsonld == []


def test_xml_declaration_does_not_break_parsing() -> None:
    page = extract_html("<?xml version='1.0' encoding='utf-8'?><html><body><p>Hi</p></body></html>")
    assert page.text == "Hi"


def test_title_falls_back_to_h1_when_there_is_no_title_element() -> None:
    page = extract_html("<html><body><h1>Only a heading</h1><p>And a line.</p></body></html>")
    assert page.title == "Only a heading"


def test_prune_noise_keeps_a_mislabelled_wrapper_holding_most_of_the_page() -> None:
    import lxml.html

    tree = lxml.html.document_fromstring(
        "<html><body><div class='page has-cookie-banner'><p>"
        + "Real content words. " * 30
        + "</p></div><div class='ad'>Buy now</div></body></html>"
    )
    assert prune_noise(tree) == 1
    text = tree.text_content()
    assert "Real content words." in text
    assert "Buy now" not in text


def test_meta_and_time_dates_are_used_when_there_is_no_json_ld() -> None:
    with_meta = extract_html(
        "<html><head><meta property='article:published_time' content='2024-02-03T04:05:06+01:00'>"
        "</head><body><p>Text.</p></body></html>"
    )
    assert with_meta.published == datetime(2024, 2, 3, 3, 5, 6, tzinfo=UTC)
    with_time = extract_html(
        "<html><body><time datetime='2024-02-03'>Feb 3</time><p>Text.</p></body></html>"
    )
    assert with_time.published == datetime(2024, 2, 3, tzinfo=UTC)


@pytest.mark.parametrize("name", ["product_page.html", "news_article.html", "noisy_blog.html"])
def test_a_monitors_reader_reads_the_visible_blocks_without_the_article_pass(name: str) -> None:
    article = extract_html(fixture_text(name), url="http://shop.example/p")
    page = extract_html(fixture_text(name), url="http://shop.example/p", article=False)
    # What a monitor reads (page_text) and everything but the article text is the same.
    assert page.page_text == article.page_text
    assert page.text == page.page_text
    assert (page.title, page.published, page.offers, page.links) == (
        article.title,
        article.published,
        article.offers,
        article.links,
    )


def test_a_monitors_reader_falls_back_to_the_article_when_nothing_is_visible() -> None:
    markup = "<html><body><script>var x = 1;</script><noscript></noscript></body></html>"
    assert extract_html(markup, article=False).text == extract_html(markup).text
