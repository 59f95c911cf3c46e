"""A product page served for real on 127.0.0.1 that honours conditional requests, and a
scripted sensor that reads its price: what the named-source tests watch.

The page carries an ``ETag`` and a ``Last-Modified``; a request whose ``If-None-Match`` (or,
without one, ``If-Modified-Since``) matches the current version is answered 304 with no body,
as a well-behaved server does. Setting :attr:`ShopPage.price` publishes a new version.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from sentinel.demo.scripted import sentence_with, shown_pages
from sentinel.llm import ScriptedModel, ScriptedRequest
from tests.web.loopback import LoopbackServer, Reply, Request

PATH = "/p/sonora-qc-ultra"
_PRICE = r"\$(\d[\d,]*\.\d{2})"
# HTTP dates of the two versions a test publishes (any fixed, well-formed dates do).
_DATES = ("Mon, 01 Sep 2025 08:00:00 GMT", "Tue, 02 Sep 2025 08:00:00 GMT")


@dataclass
class ShopPage:
    """The page's current version; ``serve`` installs it on a loopback server's ``path``."""

    price: str = "349.99"
    path: str = PATH
    version: int = 1
    served: list[Request] = field(default_factory=list)

    def publish(self, price: str) -> None:
        """A new version of the page with this price (new ETag and Last-Modified)."""
        self.price = price
        self.version += 1

    @property
    def etag(self) -> str:
        return f'"sonora-v{self.version}"'

    @property
    def last_modified(self) -> str:
        return _DATES[min(self.version - 1, len(_DATES) - 1)]

    def html(self) -> str:
        return (
            "<html><head><title>Sonora QC Ultra Wireless Headphones | Voltmart</title></head>"
            "<body><main><article><h1>Sonora QC Ultra Wireless Headphones</h1>"
            "<p>The Sonora QC Ultra has adaptive noise cancelling, 30 hours of battery and a "
            "carrying case. Voltmart ships it free to every address in the country.</p>"
            f"<p>Price at Voltmart: ${self.price}. In stock, ships tomorrow.</p>"
            "<p>Customers rate the comfort and the call quality highly; the case folds flat "
            "and the ear cushions can be replaced.</p></article></main></body></html>"
        )

    def answer(self, request: Request) -> Reply:
        """304 to a request naming the current version, else the page."""
        self.served.append(request)
        validators = {"ETag": self.etag, "Last-Modified": self.last_modified}
        match = request.headers.get("if-none-match")
        since = request.headers.get("if-modified-since")
        if match == self.etag or (match is None and since == self.last_modified):
            return Reply(304, b"", validators)
        headers = {"Content-Type": "text/html; charset=utf-8", **validators}
        return Reply(200, self.html(), headers)

    def serve(self, server: LoopbackServer) -> str:
        """Install the page; its URL."""
        server.routes[self.path] = self.answer
        return server.url(self.path)

    def conditional(self) -> list[bool]:
        """For each request of the page, whether it was conditional."""
        return [
            "if-none-match" in r.headers or "if-modified-since" in r.headers for r in self.served
        ]


def read_price(request: ScriptedRequest) -> dict[str, Any]:
    """The sensor's report: the price the shown page states, quoted verbatim."""
    for page in shown_pages(request.prompt):
        price = re.search(_PRICE, page.text)
        quote = sentence_with(page, _PRICE)
        if price and quote:
            return _report({"price_usd": float(price.group(1))}, [(page.number, quote)])
    return _report({"price_usd": None}, [])


def _report(state: dict[str, Any], quotes: list[tuple[int, str]]) -> dict[str, Any]:
    return {
        "action": "report_state",
        "payload": {
            "updated_state": state,
            "evidence": [{"page": n, "quote": q} for n, q in quotes],
            "volatility_hint": None,
            "query_update": None,
        },
    }


def price_model() -> ScriptedModel:
    """A scripted sensor model reading the price; ``calls`` counts what runs asked of it."""
    return ScriptedModel(read_price, name="scripted-price")
