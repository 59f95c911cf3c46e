"""The loopback site of the sensing bench answers like a real site: validators on every page,
304 to a conditional request that still holds, a new ETag when the page changes."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from sentinel.bench.sensing.server import PageServer

pytestmark = pytest.mark.network


@pytest.fixture
def site() -> Iterator[PageServer]:
    with PageServer() as server:
        server.serve("/p/thing", "<!DOCTYPE html><p>£449.99</p>")
        yield server


def test_a_page_is_served_with_its_validators(site: PageServer) -> None:
    answer = httpx.get(site.url("/p/thing"))
    assert answer.status_code == 200
    assert answer.text == "<!DOCTYPE html><p>£449.99</p>"
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    assert answer.headers["etag"].startswith('"')
    assert answer.headers["last-modified"].endswith("GMT")


def test_a_conditional_request_that_still_holds_gets_304(site: PageServer) -> None:
    first = httpx.get(site.url("/p/thing"))
    again = httpx.get(site.url("/p/thing"), headers={"If-None-Match": first.headers["etag"]})
    since = httpx.get(
        site.url("/p/thing"), headers={"If-Modified-Since": first.headers["last-modified"]}
    )
    assert (again.status_code, again.content) == (304, b"")
    assert since.status_code == 304
    assert [r.status for r in site.requests] == [200, 304, 304]
    assert [r.conditional for r in site.requests] == [False, True, True]


def test_a_changed_page_has_a_new_etag_and_a_later_date(site: PageServer) -> None:
    first = httpx.get(site.url("/p/thing"))
    site.serve("/p/thing", "<!DOCTYPE html><p>£399.99</p>")
    after = httpx.get(site.url("/p/thing"), headers={"If-None-Match": first.headers["etag"]})
    assert after.status_code == 200
    assert "399.99" in after.text
    assert after.headers["etag"] != first.headers["etag"]
    old = httpx.Headers({"d": first.headers["last-modified"]})["d"]
    assert httpx.get(site.url("/p/thing"), headers={"If-Modified-Since": old}).status_code == 200


def test_any_other_path_is_not_found(site: PageServer) -> None:
    assert httpx.get(site.url("/robots.txt")).status_code == 404
    assert httpx.head(site.url("/p/thing")).status_code == 200


def test_the_webhook_receiver_keeps_what_it_was_sent(site: PageServer) -> None:
    sent = httpx.post(site.hook_url, json={"title": "Price drop", "run_id": 7})
    assert sent.status_code == 200
    assert site.hooks == [{"title": "Price drop", "run_id": 7}]
    site.reset()
    assert site.hooks == []
    assert site.requests == []
