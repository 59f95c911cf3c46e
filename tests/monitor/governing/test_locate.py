"""Evidence the code locates for reported values that no model quote states."""

from __future__ import annotations

from sentinel.monitor.governing.grounding import check_grounding
from sentinel.monitor.governing.locate import locate_evidence
from sentinel.monitor.models import Evidence
from sentinel.monitor.sensing.sources import PageRecord

SHOP = "http://www.voltmart.example/p/sonora-qc-ultra"
BLOG = "http://www.dealhound.example/2025/09/best-headphone-deals"


def page(url: str, text: str, title: str | None = None) -> PageRecord:
    return PageRecord(url=url, final_url=url, title=title, text=text, fingerprint=url)


SHOP_PAGE = page(
    SHOP,
    "# Sonora QC Ultra Wireless Noise Cancelling Headphones\n\n"
    "**Deal of the Day: $279.99** (was $379.99, save $100) · In stock · Free shipping\n\n"
    "Rated 4.6 out of 5 by 2,460 customers.",
)
BLOG_PAGE = page(BLOG, "The QC Ultra returned to $1279.99 bundles and $379.99 at most stores.")


def test_a_reported_price_gets_the_line_of_the_page_that_states_it() -> None:
    located = locate_evidence({"voltmart_price_usd": 279.99}, [BLOG_PAGE, SHOP_PAGE], [])

    assert located == [
        Evidence(
            url=SHOP,
            quote="Deal of the Day: $279.99 (was $379.99, save $100) · In stock · Free shipping",
        )
    ]
    assert check_grounding(located, {SHOP: SHOP_PAGE.readable_text}).grounded == located


def test_pages_are_searched_in_the_order_the_model_saw_them() -> None:
    located = locate_evidence({"price": 379.99}, [BLOG_PAGE, SHOP_PAGE], [])

    assert [item.url for item in located] == [BLOG]


def test_a_value_a_kept_quote_already_states_gets_nothing_more() -> None:
    kept = [Evidence(url=SHOP, quote="Deal of the Day: $279.99 (was $379.99, save $100)")]

    assert locate_evidence({"voltmart_price_usd": 279.99}, [SHOP_PAGE], kept) == []


def test_a_value_no_page_states_stays_unsupported() -> None:
    assert locate_evidence({"voltmart_price_usd": 259.99}, [SHOP_PAGE, BLOG_PAGE], []) == []


def test_numbers_match_whole_tokens_and_thousands_separators() -> None:
    assert locate_evidence({"price": 279.99}, [BLOG_PAGE], []) == []
    located = locate_evidence({"ratings": 2460}, [SHOP_PAGE], [])
    assert [item.quote for item in located] == ["Rated 4.6 out of 5 by 2,460 customers."]


def test_booleans_tiny_values_and_long_text_are_not_located() -> None:
    state = {"in_stock": True, "rating_max": 5, "note": "no", "summary": "x" * 200}

    assert locate_evidence(state, [SHOP_PAGE], []) == []


def test_text_values_and_nested_values_are_located() -> None:
    release = page("http://q.example/download", "The current stable version is **5.0.0**, out.")

    located = locate_evidence({"release": {"stable_version": "5.0.0"}}, [release], [])

    assert [item.quote for item in located] == ["The current stable version is 5.0.0, out."]
