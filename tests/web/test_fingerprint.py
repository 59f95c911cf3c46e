"""The content fingerprint ignores noise (ads, trending boxes, cookie banners, relative times,
whitespace, markup) and changes on real edits (a number, a sentence, a price).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from sentinel.web.extract import extract_html
from sentinel.web.fingerprint import content_fingerprint, normalize_text
from sentinel.web.structured import Offer
from tests.web.conftest import fixture_text


def fingerprint(markup: str) -> str:
    page = extract_html(markup)
    return content_fingerprint(page.text, page.offers, page.events, title=page.title)


def rotate_ads(html: str) -> str:
    html = html.replace(
        "Save 40% on noise-cancelling headphones today only", "New smartwatches from $199"
    )
    html = html.replace("Refinance your mortgage at 5.1% APR", "Try our meal kits free")
    return html.replace(
        "Big summer sale at Harbor Furniture – 30% off sofas this weekend.",
        "Open house at Lakeside Realty on Sunday.",
    )


def rotate_trending(html: str) -> str:
    html = html.replace("Samsung cuts Galaxy Fold price in Europe", "Best budget phones of 2025")
    html = html.replace("Farmers market moves to Saturdays", "Bridge repairs delayed again")
    return html.replace("Customers also bought", "Trending in coffee")


def add_cookie_banner(html: str) -> str:
    banner = (
        '<div class="cookie-banner"><p>We use cookies to personalise content and ads. '
        "<button>Accept all</button> <button>Reject</button></p></div>"
    )
    return re.sub(r"(<body[^>]*>)", r"\1" + banner, html, count=1)


def add_unlabelled_cookie_notice(html: str) -> str:
    # No telling class name: the notice sits inside the content and only its words give it away.
    notice = "<p>By continuing to use this site you agree to our use of cookies.</p>"
    return re.sub(r"(<p>)", notice + r"\1", html, count=1)


def change_relative_times(html: str) -> str:
    html = html.replace("Updated 5 minutes ago", "Updated 3 hours ago")
    html = html.replace("2 hours ago", "yesterday")
    return html.replace("just now", "12 min ago")


def change_whitespace(html: str) -> str:
    return re.sub(r">\s+<", ">\n      <", re.sub(r"[ \t]+", "  ", html))


def change_markup(html: str) -> str:
    html = html.replace('class="story-body"', 'data-x="1" class="article__body js-body"')
    html = html.replace('class="entry-content"', 'class="post-content prose" id="c"')
    html = html.replace('class="product-description"', 'class="pdp-copy"')
    # Wrap each paragraph in an extra div.
    return re.sub(r"<p>(.*?)</p>", r'<div class="para"><p>\1</p></div>', html, flags=re.S)


NOISE: dict[str, Callable[[str], str]] = {
    "rotating ads": rotate_ads,
    "trending box": rotate_trending,
    "cookie banner": add_cookie_banner,
    "unlabelled cookie notice": add_unlabelled_cookie_notice,
    "relative timestamps": change_relative_times,
    "whitespace": change_whitespace,
    "markup": change_markup,
}
FIXTURES = ["news_article.html", "product_page.html", "event_page.html", "noisy_blog.html"]


@pytest.mark.parametrize("fixture", FIXTURES)
@pytest.mark.parametrize("noise", list(NOISE), ids=list(NOISE))
def test_fingerprint_is_stable_under_noise(fixture: str, noise: str) -> None:
    original = fixture_text(fixture)
    assert fingerprint(NOISE[noise](original)) == fingerprint(original)


def test_all_noise_at_once_keeps_the_fingerprint() -> None:
    original = fixture_text("news_article.html")
    noisy = original
    for transform in NOISE.values():
        noisy = transform(noisy)
    assert noisy != original
    assert fingerprint(noisy) == fingerprint(original)


REAL_EDITS: list[tuple[str, str, str]] = [
    ("news_article.html", "The base model starts at $999", "The base model starts at $1,049"),
    ("news_article.html", "85 million units", "80 million units"),
    (
        "news_article.html",
        "after the announcement.</p>",
        "after the announcement. Rivals are expected to respond next week.</p>",
    ),
    ("noisy_blog.html", "voted 7 to 2", "voted 6 to 3"),
    ("noisy_blog.html", "begin in September", "begin in October"),
    ("product_page.html", '"price": "39.95"', '"price": "34.95"'),
    ("product_page.html", "schema.org/InStock", "schema.org/OutOfStock"),
    ("event_page.html", "EventScheduled", "EventCancelled"),
    ("event_page.html", "2026-03-14T20:00:00+01:00", "2026-03-21T20:00:00+01:00"),
]


@pytest.mark.parametrize(("fixture", "old", "new"), REAL_EDITS)
def test_fingerprint_changes_on_real_edits(fixture: str, old: str, new: str) -> None:
    original = fixture_text(fixture)
    assert old in original
    assert fingerprint(original.replace(old, new, 1)) != fingerprint(original)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Updated 5 minutes ago. Price is $10.", "updated 2 hours ago.  price is $10."),
        ("Posted just now", "Posted yesterday"),
        ("Edited 3h ago: text", "Edited 10m ago: text"),
        (
            "**Bold** and [a link](http://a.example/?utm=1)",
            "Bold and [a link](http://a.example/?utm=2)",
        ),
        ("Line one\nline two", "line one line two"),
        ("Advertisement\nReal text", "Real text"),
        ("We use cookies. Accept?\nReal text", "Real text"),
        ("By continuing you agree to our use of cookies.\nReal text", "Real text"),
        ("ﬁne\u200bprint", "fineprint"),
    ],
)
def test_normalization_equates_presentational_differences(a: str, b: str) -> None:
    assert normalize_text(a) == normalize_text(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Price is $10.", "Price is $11."),
        ("Doors at 19:00", "Doors at 20:00"),
        ("The plan was approved.", "The plan was rejected."),
        ("The bakery sold 500 cookies on Sunday.", "The bakery sold 600 cookies on Sunday."),
    ],
)
def test_normalization_keeps_real_differences(a: str, b: str) -> None:
    assert normalize_text(a) != normalize_text(b)


def test_structured_offers_count_even_when_text_is_equal() -> None:
    cheap = Offer(product="Kettle", price=20.0, currency="USD")
    dear = Offer(product="Kettle", price=25.0, currency="USD")
    assert content_fingerprint("same", [cheap]) != content_fingerprint("same", [dear])
    assert content_fingerprint("same", [cheap, dear]) == content_fingerprint("same", [dear, cheap])


def test_title_counts_but_a_heading_repeating_it_does_not() -> None:
    body = "First paragraph."
    with_heading = "# Big news\n\nFirst paragraph."
    assert content_fingerprint(with_heading, title="Big news") == content_fingerprint(
        body, title="Big news"
    )
    assert content_fingerprint(body, title="Big news") != content_fingerprint(
        body, title="Bigger news"
    )


def test_fingerprint_is_a_sha256_hex_digest() -> None:
    value = content_fingerprint("hello")
    assert re.fullmatch(r"[0-9a-f]{64}", value)
