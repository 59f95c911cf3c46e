"""A site's sitemap (sentinel.web.sitemap): a urlset's pages and an index's sitemaps with their
lastmod; a document that is not a sitemap, too large, or declaring entities is refused with an
error naming the problem; a host's sitemaps are found through its robots.txt (the fetcher's
cached copy) else at /sitemap.xml, read from a real server on 127.0.0.1."""

from __future__ import annotations

import gzip
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from sentinel.web.errors import SitemapError
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.sitemap import (
    SitemapEntry,
    host_sitemaps,
    newest_first,
    parse_sitemap,
    read_host_sitemap,
)
from tests.web.loopback import LoopbackServer, Reply

SOURCE = "https://shop.example/sitemap.xml"
NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
XML = {"Content-Type": "application/xml"}
HTML = {"Content-Type": "text/html; charset=utf-8"}


def urlset(*items: str) -> bytes:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset {NS}>{"".join(items)}</urlset>'.encode()
    )


def problem(body: bytes, **limits: int) -> str:
    with pytest.raises(SitemapError) as caught:
        parse_sitemap(body, SOURCE, **limits)
    assert caught.value.url == SOURCE
    return caught.value.problem


def test_a_urlset_lists_its_pages_with_their_lastmod() -> None:
    sitemap = parse_sitemap(
        urlset(
            "<url><loc> https://shop.example/p/sonora </loc>"
            "<lastmod>2025-09-01T10:30:00+02:00</lastmod><priority>0.8</priority></url>",
            "<url><loc>https://shop.example/deals</loc><lastmod>2025-08-30</lastmod></url>",
            "<url><loc>https://shop.example/about</loc></url>",
        ),
        SOURCE,
    )

    assert sitemap.kind == "urlset"
    assert sitemap.urls == (
        "https://shop.example/p/sonora",
        "https://shop.example/deals",
        "https://shop.example/about",
    )
    assert [entry.lastmod for entry in sitemap.entries] == [
        datetime(2025, 9, 1, 8, 30, tzinfo=UTC),
        datetime(2025, 8, 30, tzinfo=UTC),
        None,
    ]


def test_an_index_lists_sitemaps() -> None:
    body = (
        f"<sitemapindex {NS}>"
        "<sitemap><loc>https://shop.example/sitemap-products.xml</loc>"
        "<lastmod>2025-09-02T00:00:00Z</lastmod></sitemap>"
        "<sitemap><loc>https://shop.example/sitemap-blog.xml</loc></sitemap>"
        "</sitemapindex>"
    ).encode()

    sitemap = parse_sitemap(body, SOURCE)

    assert sitemap.kind == "sitemapindex"
    assert sitemap.urls == (
        "https://shop.example/sitemap-products.xml",
        "https://shop.example/sitemap-blog.xml",
    )
    assert sitemap.entries[0].lastmod == datetime(2025, 9, 2, tzinfo=UTC)


def test_an_extensions_loc_or_a_loc_that_is_not_a_web_address_is_not_a_page() -> None:
    sitemap = parse_sitemap(
        (
            f'<urlset {NS} xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">'
            "<url><loc>https://shop.example/p/sonora</loc><image:image>"
            "<image:loc>https://cdn.example/sonora.png</image:loc></image:image></url>"
            "<url><loc>ftp://shop.example/catalogue.pdf</loc></url>"
            "<url><lastmod>2025-09-01</lastmod></url>"
            "<url><loc>https://shop.example/p/aria</loc><lastmod>last week</lastmod></url>"
            "</urlset>"
        ).encode(),
        SOURCE,
    )

    assert sitemap.entries == (
        SitemapEntry("https://shop.example/p/sonora"),
        SitemapEntry("https://shop.example/p/aria"),  # "last week" is no W3C date
    )


def test_a_gzipped_sitemap_is_read() -> None:
    body = gzip.compress(urlset("<url><loc>https://shop.example/p/sonora</loc></url>"))

    assert parse_sitemap(body, SOURCE).urls == ("https://shop.example/p/sonora",)


def test_a_document_that_is_not_well_formed_is_refused_naming_where() -> None:
    found = problem(urlset("<url><loc>https://shop.example/p/sonora</url>"))

    assert found.startswith("not well-formed XML (mismatched tag: line 2")


def test_a_page_that_is_not_a_sitemap_is_refused_naming_its_root() -> None:
    found = problem(b"<html><body>Not found</body></html>")

    assert found == "the root element is <html>, not <urlset> or <sitemapindex>"


def test_an_empty_answer_is_refused() -> None:
    assert problem(b"  \n") == "an empty document"


def test_an_entity_bomb_is_refused_before_anything_expands() -> None:
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
        + "".join(
            f'<!ENTITY lol{n} "{("&lol" + str(n - 1) + ";") * 10 if n > 1 else "&lol;" * 10}">\n'
            for n in range(1, 10)
        )
        + f"]>\n<urlset {NS}><url><loc>https://shop.example/&lol9;</loc></url></urlset>"
    ).encode()

    found = problem(bomb)

    assert found.startswith("a DOCTYPE declaration (<!DOCTYPE lolz>) is refused")


def test_an_external_entity_is_refused() -> None:
    xxe = (
        '<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY secret SYSTEM "file:///etc/passwd">]>'
        f"<urlset {NS}><url><loc>https://shop.example/&secret;</loc></url></urlset>"
    ).encode()

    assert "DOCTYPE" in problem(xxe)


def test_an_oversized_sitemap_is_refused_and_so_is_one_inflating_beyond_the_limit() -> None:
    big = urlset(*(f"<url><loc>https://shop.example/p/{n}</loc></url>" for n in range(100)))

    assert problem(big, max_bytes=1000) == f"{len(big):,} bytes, more than the limit of 1,000"
    assert problem(gzip.compress(big), max_bytes=1000) == (
        "inflates to more than the limit of 1,000 bytes"
    )


def test_only_the_first_entries_up_to_the_limit_are_kept() -> None:
    body = urlset(*(f"<url><loc>https://shop.example/p/{n}</loc></url>" for n in range(10)))

    assert len(parse_sitemap(body, SOURCE, max_entries=3).entries) == 3


def test_newest_first_puts_undated_entries_last_in_their_order() -> None:
    old = SitemapEntry("https://a.example/old", datetime(2025, 1, 1, tzinfo=UTC))
    new = SitemapEntry("https://a.example/new", datetime(2025, 9, 1, tzinfo=UTC))
    undated = SitemapEntry("https://a.example/undated")

    assert newest_first((undated, old, new)) == [new, old, undated]


# -- a host's sitemaps, over real HTTP ---------------------------------------------------------


@pytest.fixture
async def fetcher() -> AsyncIterator[Fetcher]:
    opened = Fetcher(
        guard=SSRFGuard(allow_networks=["127.0.0.0/8"]),
        politeness=Politeness(min_interval=0),
    )
    yield opened
    await opened.aclose()


def serve(server: LoopbackServer, path: str, body: bytes | str, status: int = 200) -> str:
    server.reply(path, Reply(status, body, XML))
    return server.url(path)


@pytest.mark.network
async def test_the_sitemaps_robots_txt_names_are_read_with_the_robots_txt_fetched_once(
    server: LoopbackServer, fetcher: Fetcher
) -> None:
    listed = server.url("/maps/products.xml")
    server.reply("/robots.txt", Reply(200, f"User-agent: *\nAllow: /\n\nSitemap: {listed}\n"))
    server.reply("/deals", Reply(200, "<html><body><p>Deals</p></body></html>", HTML))
    serve(server, "/maps/products.xml", urlset(f"<url><loc>{server.url('/p/1')}</loc></url>"))
    await fetcher.fetch(server.url("/deals"))  # the page read checks robots.txt

    found = await read_host_sitemap(fetcher, server.url("/deals"))

    assert [entry.url for entry in found.entries] == [server.url("/p/1")]
    assert found.read == (listed,)
    assert [request.path for request in server.requests].count("/robots.txt") == 1
    assert "/sitemap.xml" not in [request.path for request in server.requests]


@pytest.mark.network
async def test_without_a_sitemap_line_the_sitemap_is_at_sitemap_xml(
    server: LoopbackServer, fetcher: Fetcher
) -> None:
    assert await host_sitemaps(fetcher, server.url("/deals")) == [server.url("/sitemap.xml")]


@pytest.mark.network
async def test_an_index_leads_to_its_newest_sitemaps_within_the_documents_read(
    server: LoopbackServer, fetcher: Fetcher
) -> None:
    old, new, newest = (server.url(f"/sitemap-{name}.xml") for name in ("old", "new", "newest"))
    serve(
        server,
        "/sitemap.xml",
        (
            f"<sitemapindex {NS}>"
            f"<sitemap><loc>{old}</loc><lastmod>2024-01-01</lastmod></sitemap>"
            f"<sitemap><loc>{newest}</loc><lastmod>2025-09-01</lastmod></sitemap>"
            f"<sitemap><loc>{new}</loc><lastmod>2025-06-01</lastmod></sitemap>"
            "</sitemapindex>"
        ).encode(),
    )
    for name in ("old", "new", "newest"):
        page = server.url(f"/p/{name}")
        serve(server, f"/sitemap-{name}.xml", urlset(f"<url><loc>{page}</loc></url>"))

    found = await read_host_sitemap(fetcher, server.url("/"), documents=3)

    assert found.read == (server.url("/sitemap.xml"), newest, new)
    assert [entry.url for entry in found.entries] == [server.url("/p/newest"), server.url("/p/new")]


@pytest.mark.network
async def test_a_missing_or_malformed_sitemap_is_a_failure_not_an_error(
    server: LoopbackServer, fetcher: Fetcher
) -> None:
    missing = await read_host_sitemap(fetcher, server.url("/"))

    serve(server, "/sitemap.xml", "<html><body>Welcome</body></html>")
    malformed = await read_host_sitemap(fetcher, server.url("/"))

    assert (missing.entries, missing.read) == ((), ())
    (gone,) = missing.failed
    assert "HTTP 404" in gone.reason
    assert not gone.retryable
    (wrong,) = malformed.failed
    assert "the root element is <html>" in wrong.reason
    assert not wrong.retryable
