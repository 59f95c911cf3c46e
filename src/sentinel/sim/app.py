"""The world's ASGI application: one server for every host, dispatching on the target host.

The host comes from an absolute-form request target (``GET http://news.example/a HTTP/1.1``,
what clients send to a forward proxy; uvicorn's h11 protocol passes it through as the path),
else from the ``Host`` header. Loopback names get the console (``/__world/``, ``/__site/…``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from datetime import datetime
from email.utils import format_datetime, parsedate_to_datetime
from html import escape
from http import HTTPStatus
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, unquote, urlsplit

from sentinel.errors import InvalidInput
from sentinel.sim.render import render_error, render_home, render_page

if TYPE_CHECKING:
    from sentinel.sim.world import World

__all__ = ["CONSOLE_HOSTS", "Request", "Response", "WorldApp"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

CONSOLE_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
HTML = "text/html; charset=utf-8"
TEXT = "text/plain; charset=utf-8"
JSON = "application/json"
_TRENDING_POOL = 40
# Noise that does not make a page's markup dynamic.
STATIC_NOISE = frozenset({"slow"})


@dataclass
class Request:
    """What the world needs to know about one HTTP request."""

    method: str
    host: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: bytes = b""

    def param(self, name: str) -> str | None:
        """The first value of a query (or form) parameter."""
        values = self.query.get(name)
        return values[0] if values else None


@dataclass
class Response:
    """An HTTP response to send; ``hold`` makes the server sit on it (a timeout outage)."""

    status: int
    body: bytes
    content_type: str = HTML
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    hold: bool = False

    @classmethod
    def text(cls, status: int, text: str, content_type: str = TEXT) -> Response:
        """A response with a text body."""
        return cls(status, text.encode(), content_type)

    @classmethod
    def error(cls, status: int, detail: str) -> Response:
        """An HTML error page."""
        return cls(status, render_error(status, HTTPStatus(status).phrase, detail).encode())

    @classmethod
    def json(cls, status: int, data: object) -> Response:
        """A JSON response."""
        return cls(status, json.dumps(data, ensure_ascii=False).encode(), JSON)

    def held(self) -> Response:
        """This response, to be sent only after holding the request (see ``timeout_hold``)."""
        self.hold = True
        return self

    @classmethod
    def redirect(cls, location: str) -> Response:
        """A 303 See Other."""
        return cls(303, b"", TEXT, {"location": location})


def _split_host(value: str) -> str:
    value = value.strip().lower()
    if value.startswith("["):  # [::1]:8080
        return value.split("]", 1)[0] + "]"
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def request_from_scope(scope: Scope, body: bytes) -> Request:
    """Read method, target host, path, query and headers from an ASGI HTTP scope."""
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
    raw_path = scope.get("raw_path") or scope["path"].encode()
    target = raw_path.decode("latin-1") if isinstance(raw_path, bytes) else str(raw_path)
    query_string = scope.get("query_string", b"").decode("latin-1")
    if target.lower().startswith(("http://", "https://")):
        parts = urlsplit(target)
        host = _split_host(parts.netloc)
        path = unquote(parts.path) or "/"
        query_string = query_string or parts.query
    else:
        host = _split_host(headers.get("host", ""))
        path = scope["path"]
        if not host and scope.get("server"):
            host = str(scope["server"][0])
    query = parse_qs(query_string, keep_blank_values=True)
    if scope["method"] == "POST" and headers.get("content-type", "").startswith(
        "application/x-www-form-urlencoded"
    ):
        for key, values in parse_qs(body.decode("utf-8", "replace")).items():
            query.setdefault(key, []).extend(values)
    return Request(scope["method"].upper(), host, path, query, headers, body)


class WorldApp:
    """ASGI app of a :class:`~sentinel.sim.world.World`: sites, search engine and console."""

    def __init__(self, world: World) -> None:
        self.world = world

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point."""
        if scope["type"] == "lifespan":
            await _lifespan(receive, send)
            return
        if scope["type"] != "http":
            raise ValueError(f"the simulated world serves HTTP only, not {scope['type']!r}")
        body = await _read_body(receive)
        response = await self.handle(request_from_scope(scope, body))
        if response.hold and await _held_until_disconnect(receive, self.world.timeout_hold):
            return
        if response.delay > 0:
            await asyncio.sleep(response.delay)
        await self._send(scope, send, response)

    async def handle(self, request: Request) -> Response:
        """Route one request to the console, the search engine or a site."""
        if request.method == "CONNECT":
            return Response.error(
                405, "HTTPS tunnelling is not supported: the simulated world serves http:// only"
            )
        if request.host in CONSOLE_HOSTS or not request.host:
            from sentinel.sim.console import handle_console

            return await handle_console(self, request)
        if request.method not in {"GET", "HEAD", "POST"}:
            return Response.error(405, f"method {request.method} is not allowed here")
        if request.host == self.world.search_host:
            return self._search(request)
        if self.world.site(request.host) is not None:
            if request.method == "POST":
                return Response.error(405, "this site accepts GET and HEAD only")
            return self._site(request)
        known = ", ".join(sorted(self.world.hosts))
        return Response.error(
            404,
            f"sentinel sim: no host {request.host!r} in this simulated world (known: {known})",
        )

    # -- sites -------------------------------------------------------------------------------

    def _site(self, request: Request) -> Response:
        world, host, path = self.world, request.host, request.path
        now = world.clock.now()
        if path == "/robots.txt":
            robots = f"User-agent: *\nAllow: /\n\nSitemap: http://{host}/sitemap.xml\n"
            return self._dated(Response.text(200, robots), now)
        if path == "/sitemap.xml":
            return self._sitemap(host, now)
        entry = world.page_entry(host, path)
        if entry is None:
            site = world.site(host)
            if path == "/" and site is not None:
                home = render_home(site, world.site_pages(host, now), now)
                return self._dated(Response(200, home.encode()), now)
            return self._dated(Response.error(404, f"There is no page at {path} on {host}."), now)
        _, _, page = entry
        outage = page.outage_at(now)
        if outage is not None:
            if outage.status == "timeout":
                response = Response.error(504, "The upstream server did not answer in time.")
                return self._dated(response, now).held()
            response = Response.error(outage.status, "The server cannot answer right now.")
            if outage.status == 503:
                response.headers["retry-after"] = "3600"
            return self._dated(response, now)
        view = world.view(host, path, now)
        if view is None:  # the page does not exist yet
            return self._dated(Response.error(404, f"There is no page at {path} on {host}."), now)
        visible = world.visible_pages(now)
        siblings = world.site_pages(host, now)
        trending = [
            (v.headline, v.url) for v in sorted(visible, key=lambda v: v.modified, reverse=True)
        ][:_TRENDING_POOL]
        html = render_page(
            view,
            now=now,
            seed=world.seed,
            request=world.next_request(view.url),
            trending=trending,
            siblings=siblings,
        )
        response = Response(200, html.encode())
        if not set(page.noise) - STATIC_NOISE:
            # A static page says when it last changed, with an entity tag of its bytes, and
            # honours conditional requests (If-None-Match first, as RFC 9110 orders them);
            # pages with dynamic furniture (ads, relative times…) are generated fresh every
            # time and carry neither.
            response.headers["last-modified"] = format_datetime(view.modified, usegmt=True)
            etag = _etag(response.body)
            response.headers["etag"] = etag
            if _not_modified(request, etag, view.modified):
                response = Response(304, b"", headers=dict(response.headers))
        if "slow" in page.noise:
            response.delay = world.slow_delay
        return self._dated(response, now)

    def _sitemap(self, host: str, now: datetime) -> Response:
        urls = "".join(
            f"<url><loc>{escape(v.url)}</loc><lastmod>{v.modified:%Y-%m-%d}</lastmod></url>"
            for v in self.world.site_pages(host, now)
        )
        xml = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>\n'
        )
        return self._dated(Response(200, xml.encode(), "application/xml"), now)

    @staticmethod
    def _dated(response: Response, now: datetime) -> Response:
        # The Date header follows virtual time, like everything else the world says.
        response.headers["date"] = format_datetime(now, usegmt=True)
        return response

    # -- search ------------------------------------------------------------------------------

    def _search(self, request: Request) -> Response:
        from sentinel.sim.console import search_page_html

        now = self.world.clock.now()
        if request.path == "/robots.txt":
            return Response.text(200, "User-agent: *\nDisallow: /search\n")
        if request.path == "/healthz":
            return Response.text(200, "OK")
        if request.path == "/":
            return self._dated(Response(200, search_page_html(None, None).encode()), now)
        if request.path != "/search":
            return Response.error(404, f"There is no page at {request.path} on the search engine.")
        output = request.param("format") or "html"
        query = (request.param("q") or "").strip()
        if output not in {"json", "html"}:
            return Response.error(403, f"format {output!r} is not enabled (json and html are)")
        if not query:
            return Response.error(400, "missing search query: q")
        try:
            page = self.world.search.search(
                query,
                time_range=request.param("time_range") or None,
                pageno=int(request.param("pageno") or "1"),
            )
        except (InvalidInput, ValueError) as exc:
            return Response.error(400, str(exc))
        if output == "json":
            return self._dated(Response.json(200, page.as_json()), now)
        return self._dated(Response(200, search_page_html(query, page).encode()), now)

    # -- sending -----------------------------------------------------------------------------

    @staticmethod
    async def _send(scope: Scope, send: Send, response: Response) -> None:
        headers = [(b"content-type", response.content_type.encode())]
        headers += [(k.encode(), v.encode("latin-1")) for k, v in response.headers.items()]
        body = b"" if scope["method"] == "HEAD" else response.body
        headers.append((b"content-length", str(len(response.body)).encode()))
        await send({"type": "http.response.start", "status": response.status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _etag(body: bytes) -> str:
    """A strong entity tag for a response body."""
    return '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


def _not_modified(request: Request, etag: str, modified: datetime) -> bool:
    """Whether a conditional GET may be answered 304: the client's copy is current."""
    if request.method not in {"GET", "HEAD"}:
        return False
    match = request.headers.get("if-none-match")
    if match is not None:
        tags = {tag.strip().removeprefix("W/") for tag in match.split(",")}
        return "*" in tags or etag in tags
    since = _http_date(request.headers.get("if-modified-since"))
    return since is not None and modified.replace(microsecond=0) <= since


def _http_date(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return moment if moment.tzinfo is not None else None


async def _read_body(receive: Receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


async def _held_until_disconnect(receive: Receive, limit: float) -> bool:
    """Sit on a request for up to ``limit`` seconds; True if the client gave up meanwhile."""

    async def disconnected() -> None:
        while (await receive())["type"] != "http.disconnect":
            pass

    try:
        await asyncio.wait_for(disconnected(), timeout=limit)
    except TimeoutError:
        return False
    return True


async def _lifespan(receive: Receive, send: Send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
