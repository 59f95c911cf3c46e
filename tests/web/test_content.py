"""Reading a body by media type: classification, sniffing and character decoding."""

from __future__ import annotations

import codecs

import pytest

from sentinel.web.content import classify, decode, media_type, read_content
from sentinel.web.errors import FetchError


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("text/HTML; charset=UTF-8", "text/html"),
        (None, ""),
        ("  application/json ", "application/json"),
    ],
)
def test_media_type_is_the_bare_lowercased_type(header: str | None, expected: str) -> None:
    assert media_type(header) == expected


@pytest.mark.parametrize(
    ("content_type", "body", "kind"),
    [
        ("text/html", b"", "html"),
        ("application/xhtml+xml", b"", "html"),
        ("text/plain", b"", "text"),
        ("text/markdown", b"", "text"),
        ("application/rss+xml", b"", "text"),
        ("text/vnd.custom", b"", "text"),
        ("application/json", b"", "json"),
        ("application/problem+json", b"", "json"),
        ("", b"  <!DOCTYPE html><html>", "html"),
        ("", b'{"a": 1}', "json"),
        ("", b"just words", "text"),
    ],
)
def test_classify_by_declared_type_or_first_bytes(content_type: str, body: bytes, kind: str):
    assert classify(content_type, body, "u") == kind


@pytest.mark.parametrize(
    ("content_type", "body"),
    [("application/pdf", b"%PDF-1.7"), ("image/jpeg", b"\xff\xd8"), ("", b"\x00\x01binary")],
)
def test_binary_content_is_unsupported(content_type: str, body: bytes) -> None:
    with pytest.raises(FetchError) as caught:
        classify(content_type, body, "http://x.example/f")
    assert caught.value.category == "unsupported_type"


def test_decode_prefers_bom_then_header_then_meta_then_utf8() -> None:
    assert decode(codecs.BOM_UTF8 + "é".encode(), "text/html; charset=latin-1", "html") == "é"
    assert decode("é".encode("latin-1"), "text/plain; charset=ISO-8859-1", "text") == "é"
    meta = b'<meta charset="windows-1252"><p>caf\xe9</p>'
    assert "café" in decode(meta, "text/html", "html")
    assert decode("é".encode(), "text/html; charset=bogus-charset", "html") == "é"
    assert decode(b"bad \xff byte", None, "text") == "bad \ufffd byte"


def test_invalid_json_served_as_json_is_kept_as_text() -> None:
    content_type, page = read_content(b"{not json", "application/json", "u")
    assert (content_type, page.text) == ("application/json", "{not json")


def test_json_ld_with_a_graph_is_flattened() -> None:
    body = b'{"@graph": [{"@type": "Event", "name": "Fair", "startDate": "2026-06-01"}]}'
    _, page = read_content(body, "application/ld+json", "u")
    assert [e.name for e in page.events] == ["Fair"]
    assert page.jsonld == [{"@type": "Event", "name": "Fair", "startDate": "2026-06-01"}]
