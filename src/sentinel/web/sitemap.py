"""A site's sitemap (sitemaps.org 0.9): the pages it lists, and where a host publishes it.

A sitemap is XML a server sends, so it is parsed defensively with the standard library's
expat, as defusedxml does: a DOCTYPE — and with it any entity declaration (the "billion
laughs", an external entity naming a local file) — is refused outright, a sitemap never needs
one; a document is at most :data:`MAX_SITEMAP_BYTES` (after un-gzipping a ``.xml.gz``) and at
most :data:`MAX_ENTRIES` of its entries are kept. It comes in two kinds: a ``<urlset>`` lists
pages (``<url>`` with ``<loc>`` and an optional ``<lastmod>``), a ``<sitemapindex>`` lists
further sitemaps (``<sitemap>`` with the same two). A document that is none of these raises
:class:`~sentinel.web.errors.SitemapError` naming what is wrong.

A host says where its sitemaps are in its robots.txt (``Sitemap:`` lines: the fetcher's cached
copy of the file is read, not fetched again), else they are at ``/sitemap.xml``
(:func:`host_sitemaps`); :func:`read_host_sitemap` reads a few of them, following an index to
its newest sitemaps first.
"""

from __future__ import annotations

import zlib
from collections import deque
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal, NoReturn, Protocol
from urllib.parse import urlsplit, urlunsplit
from xml.parsers import expat

from sentinel.web.errors import FetchError, SitemapError
from sentinel.web.robots import RobotsRules

MAX_SITEMAP_BYTES = 10_000_000
"""The largest sitemap read, in bytes, fetched and after un-gzipping (sitemaps.org allows
50 MB; a list of pages worth choosing a few from is much smaller)."""
MAX_ENTRIES = 50_000
"""The most entries kept of one sitemap, and of one host's (the protocol's own limit)."""
MAX_DOCUMENTS = 3
"""The most sitemap documents one read of a host fetches: an index and its newest sitemaps."""

SitemapKind = Literal["urlset", "sitemapindex"]
_ITEM: dict[str, str] = {"urlset": "url", "sitemapindex": "sitemap"}
_GZIP_MAGIC = b"\x1f\x8b"


@dataclass(frozen=True)
class SitemapEntry:
    """One entry: a page's (or, in an index, a sitemap's) absolute address, and when the
    site says it last changed (``<lastmod>``; None when absent or not a W3C date)."""

    url: str
    lastmod: datetime | None = None


@dataclass(frozen=True)
class Sitemap:
    """One sitemap document: its kind (pages or an index of sitemaps) and its entries in
    document order."""

    kind: SitemapKind
    entries: tuple[SitemapEntry, ...]

    @property
    def urls(self) -> tuple[str, ...]:
        """The entries' addresses."""
        return tuple(entry.url for entry in self.entries)


@dataclass(frozen=True)
class SitemapFailure:
    """A sitemap that could not be read, why, and whether trying again later may succeed (a
    timeout or a 503 may; a 404 or a malformed document will not)."""

    url: str
    reason: str
    retryable: bool = False


@dataclass(frozen=True)
class HostSitemap:
    """What one read of a host's sitemaps found: the pages they list (each once, in the order
    read), the documents read, and those that could not be."""

    entries: tuple[SitemapEntry, ...] = ()
    read: tuple[str, ...] = ()
    failed: tuple[SitemapFailure, ...] = ()


class SitemapFetcher(Protocol):
    """What reading a host's sitemaps needs of a fetcher (``sentinel.web.fetch.Fetcher``)."""

    async def robots_rules(self, url: str) -> RobotsRules:
        """The robots.txt rules of ``url``'s origin (cached)."""
        ...

    async def fetch_document(self, url: str, *, max_bytes: int) -> bytes:
        """The body of ``url`` as sent; raises ``FetchError``."""
        ...


def parse_sitemap(
    body: bytes,
    source: str,
    *,
    max_bytes: int = MAX_SITEMAP_BYTES,
    max_entries: int = MAX_ENTRIES,
) -> Sitemap:
    """The sitemap in ``body`` (XML, or XML gzipped), read from ``source``: at most
    ``max_entries`` entries, those whose ``<loc>`` is an absolute http(s) address. Raises
    :class:`SitemapError` for a document larger than ``max_bytes``, not well-formed, with a
    DOCTYPE, or whose root is neither ``<urlset>`` nor ``<sitemapindex>``."""
    if body.startswith(_GZIP_MAGIC):
        body = _gunzip(body, source, max_bytes)
    if len(body) > max_bytes:
        raise SitemapError(source, f"{len(body):,} bytes, more than the limit of {max_bytes:,}")
    if not body.strip():
        raise SitemapError(source, "an empty document")
    reader = _Reader(source, max_entries)
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartDoctypeDeclHandler = reader.doctype
    parser.EntityDeclHandler = reader.entity
    parser.StartElementHandler = reader.start
    parser.EndElementHandler = reader.end
    parser.CharacterDataHandler = reader.characters
    try:
        parser.Parse(body, True)
    except _Enough:
        pass
    except expat.ExpatError as exc:
        raise SitemapError(source, f"not well-formed XML ({exc})") from exc
    if reader.kind is None:
        raise SitemapError(source, "no root element")
    return Sitemap(reader.kind, tuple(reader.entries))


async def host_sitemaps(fetcher: SitemapFetcher, url: str) -> list[str]:
    """Where the host of ``url`` publishes its sitemaps: the ``Sitemap:`` lines of its
    robots.txt (the copy the fetcher checks rules against), else ``/sitemap.xml``."""
    listed = (await fetcher.robots_rules(url)).sitemaps()
    if listed:
        return listed
    parts = urlsplit(url)
    return [urlunsplit((parts.scheme, parts.netloc, "/sitemap.xml", "", ""))]


async def read_host_sitemap(
    fetcher: SitemapFetcher,
    url: str,
    *,
    documents: int = MAX_DOCUMENTS,
    max_entries: int = MAX_ENTRIES,
) -> HostSitemap:
    """The pages the sitemaps of ``url``'s host list (:func:`host_sitemaps`), reading at most
    ``documents`` of them: an index leads to its sitemaps, newest ``<lastmod>`` first. A
    sitemap that cannot be fetched or parsed is a :class:`SitemapFailure`, not an error."""
    queue = deque(await host_sitemaps(fetcher, url))
    seen: set[str] = set()
    entries: dict[str, SitemapEntry] = {}
    read: list[str] = []
    failed: list[SitemapFailure] = []
    while queue and len(read) + len(failed) < documents:
        location = queue.popleft()
        if location in seen:
            continue
        seen.add(location)
        try:
            body = await fetcher.fetch_document(location, max_bytes=MAX_SITEMAP_BYTES)
            sitemap = parse_sitemap(body, location, max_entries=max_entries)
        except (FetchError, SitemapError) as exc:
            failed.append(SitemapFailure(location, str(exc), retryable=exc.retryable))
            continue
        read.append(location)
        if sitemap.kind == "sitemapindex":
            queue.extend(entry.url for entry in newest_first(sitemap.entries))
            continue
        for entry in sitemap.entries:
            if len(entries) >= max_entries:
                break
            entries.setdefault(entry.url, entry)
    return HostSitemap(tuple(entries.values()), tuple(read), tuple(failed))


def newest_first(entries: tuple[SitemapEntry, ...]) -> list[SitemapEntry]:
    """``entries`` by ``lastmod``, newest first; those without one after, in their order."""
    dated = [entry for entry in entries if entry.lastmod is not None]
    undated = [entry for entry in entries if entry.lastmod is None]
    return sorted(dated, key=lambda entry: entry.lastmod or datetime.min, reverse=True) + undated


class _Enough(Exception):
    """Raised inside the parser once ``max_entries`` entries are kept: the rest is not read."""


class _Reader:
    """The expat handlers: the root says the kind; each item (``<url>``/``<sitemap>``, a child
    of the root) gives one entry from its own ``<loc>`` and ``<lastmod>`` children, in the
    root's namespace (an extension's ``<image:loc>``, deeper and in another namespace, is not
    the page's address)."""

    def __init__(self, source: str, max_entries: int) -> None:
        self.source = source
        self.max_entries = max_entries
        self.kind: SitemapKind | None = None
        self.namespace = ""
        self.entries: list[SitemapEntry] = []
        self.depth = 0
        self.in_item = False
        self.field: str | None = None
        self.text: list[str] = []
        self.values: dict[str, str] = {}

    def doctype(self, name: str, *_: object) -> NoReturn:
        raise SitemapError(
            self.source,
            f"a DOCTYPE declaration (<!DOCTYPE {name}>) is refused: a sitemap needs none, and "
            "one can declare entities that expand without bound",
        )

    def entity(self, name: str, *_: object) -> NoReturn:
        raise SitemapError(self.source, f"an entity declaration ({name!r}) is refused")

    def start(self, name: str, _attributes: dict[str, str]) -> None:
        namespace, local = _split(name)
        if self.depth == 0:
            if local not in _ITEM:
                raise SitemapError(
                    self.source, f"the root element is <{local}>, not <urlset> or <sitemapindex>"
                )
            self.kind = "urlset" if local == "urlset" else "sitemapindex"
            self.namespace = namespace
        elif self.depth == 1 and self.kind is not None:
            self.in_item = namespace == self.namespace and local == _ITEM[self.kind]
            self.values = {}
        elif (
            self.depth == 2
            and self.in_item
            and namespace == self.namespace
            and local in ("loc", "lastmod")
        ):
            self.field, self.text = local, []
        self.depth += 1

    def end(self, _name: str) -> None:
        self.depth -= 1
        if self.depth == 2 and self.field is not None:
            self.values[self.field] = "".join(self.text).strip()
            self.field = None
        elif self.depth == 1 and self.in_item:
            self.in_item = False
            self._keep(self.values.get("loc", ""), self.values.get("lastmod", ""))

    def characters(self, data: str) -> None:
        if self.field is not None:
            self.text.append(data)

    def _keep(self, loc: str, lastmod: str) -> None:
        if urlsplit(loc).scheme not in ("http", "https") or not urlsplit(loc).hostname:
            return
        self.entries.append(SitemapEntry(loc, _moment(lastmod)))
        if len(self.entries) >= self.max_entries:
            raise _Enough


def _split(name: str) -> tuple[str, str]:
    """``(namespace, local name)`` of an element name as expat gives it ("ns local")."""
    namespace, _, local = name.rpartition(" ")
    return namespace, local


def _moment(text: str) -> datetime | None:
    """A ``<lastmod>`` (W3C datetime: a date, or a date and time) as an aware datetime."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _gunzip(body: bytes, source: str, max_bytes: int) -> bytes:
    """A gzipped sitemap's XML, refusing one that inflates beyond ``max_bytes``."""
    inflater = zlib.decompressobj(wbits=31)
    try:
        xml = inflater.decompress(body, max_bytes + 1)
    except zlib.error as exc:
        raise SitemapError(source, f"not valid gzip ({exc})") from exc
    if len(xml) > max_bytes or inflater.unconsumed_tail:
        raise SitemapError(source, f"inflates to more than the limit of {max_bytes:,} bytes")
    return xml
