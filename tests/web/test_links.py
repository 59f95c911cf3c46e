"""A page's links (sentinel.web.links): absolute http(s) addresses with their anchor words,
in document order, each once, without fragments, scripts or mail links."""

from __future__ import annotations

from sentinel.web.extract import extract_html, parse_html
from sentinel.web.links import MAX_LINKS, page_links

PAGE = (
    "<html><body><main><p>Tables</p>"
    '<a href="/book#top">View <b>availability</b></a>'
    '<a href="/book">again</a>'
    '<a href="mailto:x@example.com">mail</a><a href="javascript:void(0)">js</a>'
    '<a href="https://other.example/notices" title="Notices"></a>'
    "</main></body></html>"
)


def test_links_are_absolute_distinct_and_carry_their_words() -> None:
    root = parse_html(PAGE)
    assert root is not None

    links = page_links(root, "https://noma.example/venue")

    assert [(link.url, link.text) for link in links] == [
        ("https://noma.example/book", "View availability"),
        ("https://other.example/notices", "Notices"),
    ]


def test_extraction_keeps_the_links_and_caps_them() -> None:
    many = "".join(f'<a href="/p/{n}">item {n}</a>' for n in range(MAX_LINKS + 20))

    extracted = extract_html(f"<html><body>{many}</body></html>", url="https://shop.example/")

    assert len(extracted.links) == MAX_LINKS
    assert extracted.links[0].url == "https://shop.example/p/0"
