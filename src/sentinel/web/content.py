"""From a response body to readable content, by media type: HTML is extracted, text and JSON
are kept, anything else (images, archives, PDF) is refused with ``unsupported_type``.
"""

from __future__ import annotations

import codecs
import json
import re
from typing import Literal

from sentinel.web.errors import FetchError
from sentinel.web.extract import Extraction, extract_html
from sentinel.web.structured import flatten_jsonld, offers_and_events

Kind = Literal["html", "text", "json"]

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
TEXT_TYPES = frozenset(
    {
        "text/plain",
        "text/markdown",
        "text/x-markdown",
        "text/csv",
        "text/xml",
        "application/xml",
        "application/rss+xml",
        "application/atom+xml",
    }
)
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.I)
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def media_type(header: str | None) -> str:
    """The bare media type of a Content-Type header (``text/html``), lowercased."""
    return (header or "").split(";", 1)[0].strip().lower()


def classify(content_type: str, body: bytes, url: str) -> Kind:
    """How to read a body, from its declared type or, when none is declared, its first bytes."""
    if content_type in HTML_TYPES:
        return "html"
    if content_type in TEXT_TYPES or content_type.startswith("text/"):
        return "text"
    if content_type == "application/json" or content_type.endswith("+json"):
        return "json"
    if not content_type:
        head = body[:512].lstrip().lower()
        if head.startswith((b"<!doctype html", b"<html")) or b"<body" in head:
            return "html"
        if head.startswith((b"{", b"[")):
            return "json"
        if b"\x00" not in body[:1024]:
            return "text"
    hint = " (PDF text extraction is not supported)" if content_type == "application/pdf" else ""
    raise FetchError(url, "unsupported_type", f"cannot read content of type {content_type!r}{hint}")


def _charset(content_type_header: str | None) -> str | None:
    for param in (content_type_header or "").split(";")[1:]:
        key, _, value = param.partition("=")
        if key.strip().lower() == "charset" and value.strip():
            return value.strip().strip("\"'")
    return None


def _known(encoding: str | None) -> str | None:
    if not encoding:
        return None
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        return None


def decode(body: bytes, content_type_header: str | None, kind: Kind) -> str:
    """Text of a body: BOM, then the declared charset, then an HTML meta charset, then UTF-8.

    Undecodable bytes are replaced rather than fatal: a page with one bad byte is still a page.
    """
    for bom, bom_encoding in _BOMS:
        if body.startswith(bom):
            return body[len(bom) :].decode(bom_encoding, errors="replace")
    encoding = _known(_charset(content_type_header))
    if encoding is None and kind == "html":
        match = _META_CHARSET.search(body[:4096])
        encoding = _known(match.group(1).decode("ascii", "ignore")) if match else None
    return body.decode(encoding or "utf-8", errors="replace")


def read_content(
    body: bytes,
    content_type_header: str | None,
    url: str,
    *,
    keep_blocks: bool = False,
    article: bool = True,
) -> tuple[str, Extraction]:
    """The media type and what can be read from the body (extraction for HTML;
    ``keep_blocks`` and ``article``: see ``extract_html``)."""
    content_type = media_type(content_type_header)
    kind = classify(content_type, body, url)
    text = decode(body, content_type_header, kind)
    if kind == "html":
        return content_type or "text/html", extract_html(
            text, url=url, keep_blocks=keep_blocks, article=article
        )
    if kind == "json":
        return content_type or "application/json", _read_json(text, content_type)
    return content_type or "text/plain", Extraction(text=text.strip())


def _read_json(text: str, content_type: str) -> Extraction:
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        # Served as JSON but is not: keep the text, an agent may still read it.
        return Extraction(text=text.strip())
    pretty = json.dumps(data, indent=2, ensure_ascii=False)
    if content_type != "application/ld+json":
        return Extraction(text=pretty)
    nodes = list(flatten_jsonld(data))
    offers, events = offers_and_events(nodes)
    return Extraction(text=pretty, jsonld=nodes, offers=offers, events=events)
