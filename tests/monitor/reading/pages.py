"""Pages for the reading tests: HTML as a shop, a status page or a council would serve it,
read through the real extraction into the record a run holds."""

from __future__ import annotations

from datetime import UTC, datetime

from sentinel.monitor.sensing.sources import PageRecord
from sentinel.web.extract import extract_html
from sentinel.web.fetch_result import FetchResult

NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


def page(html: str, url: str = "https://shop.example/p/1") -> PageRecord:
    """The record of ``html`` served at ``url``."""
    found = extract_html(html, url)
    return PageRecord.of(
        FetchResult(
            url=url,
            final_url=url,
            status=200,
            content_type="text/html",
            title=found.title,
            text=found.text,
            offers=found.offers,
            events=found.events,
            software=found.software,
            page_text=found.page_text,
            fingerprint="-",
            fetched_at=NOW,
            elapsed_s=0.0,
        )
    )


def document(title: str, body: str, head: str = "") -> str:
    """A whole page: the title, extra head markup (JSON-LD, meta), navigation, the body in
    ``<main>``, and a footer."""
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title>{head}</head>"
        "<body><nav><a href='/'>Home</a> &gt; <a href='/c'>Catalogue</a></nav>"
        "<div class='cookie-banner'>We use cookies. <button>Accept all</button></div>"
        f"<main>{body}</main><footer>Company Ltd. All prices include VAT.</footer></body></html>"
    )


def jsonld(data: str) -> str:
    """A JSON-LD block for the head."""
    return f'<script type="application/ld+json">{data}</script>'
