"""The pages a user names for a monitor, and the fields its state declares.

A monitor reads its named pages (``urls``) on every run, beside or instead of search
(:mod:`sentinel.monitor.sensing.sensor`). They come from ``--url`` / the API's ``urls`` and
from the mission itself: "Tell me when the price on https://shop.example/p/1 drops" names
``https://shop.example/p/1`` (:func:`urls_in_text`). Only http(s) URLs with a host are taken,
at most :data:`MAX_URLS`, each at most :data:`MAX_URL_CHARS` characters; whether the address may
be connected to is the fetcher's SSRF guard's decision at run time (a private address needs
``SENTINEL_FETCH_ALLOW_HOSTS``).

The declared fields (``fields``, ``--field name:type``) say which fields the sensed state has
and of which type (:data:`FIELD_TYPES`); what they mean for the sensor and the rules is the
rules' business.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field

MAX_URLS = 20
MAX_URL_CHARS = 2000
MAX_FIELDS = 30
MAX_FIELD_NAME_CHARS = 64

FieldType = Literal["number", "string", "boolean", "date"]
FIELD_TYPES: tuple[str, ...] = ("number", "string", "boolean", "date")

# An http(s) URL in running text: up to whitespace or a character that never ends one.
_URL_IN_TEXT = re.compile(r"\bhttps?://[^\s<>\"'`{}|\\^]+", re.IGNORECASE)
# Punctuation that ends a sentence rather than the URL ("… on https://x.example/p/1.").
_TRAILING = ".,;:!?*_~"
_CLOSING = {")": "(", "]": "["}
_FIELD_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def urls_in_text(text: str) -> list[str]:
    """The http(s) URLs written in ``text``, in order, without the punctuation that ends the
    sentence around them ("… at https://x.example/p/1)." → ``https://x.example/p/1``)."""
    found = []
    for match in _URL_IN_TEXT.finditer(text):
        url = _strip_trailing(match.group())
        if urlsplit(url).hostname:
            found.append(url)
    return list(dict.fromkeys(found))


def _strip_trailing(url: str) -> str:
    while url:
        last = url[-1]
        if last in _TRAILING:
            url = url[:-1]
        elif last in _CLOSING and url.count(last) > url.count(_CLOSING[last]):
            url = url[:-1]  # the parenthesis closes the sentence's, not one in the URL
        else:
            break
    return url


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot be a monitor's source (naming it), or None when it can."""
    shown = url if len(url) <= 80 else url[:79] + "…"
    if len(url) > MAX_URL_CHARS:
        return f"{shown!r} is {len(url)} characters; the limit is {MAX_URL_CHARS}"
    if any(char.isspace() for char in url):
        return f"{shown!r} contains whitespace"
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a malformed port
    except ValueError as error:
        return f"{shown!r} is not a valid URL ({error})"
    if parts.scheme.lower() not in ("http", "https"):
        return f"{shown!r} is not an http:// or https:// URL"
    if not parts.hostname:
        return f"{shown!r} has no host name"
    return None


def check_urls(urls: Iterable[str]) -> list[str]:
    """The URLs stripped and without repeats, or ``ValueError`` naming the first bad one (or
    saying there are more than :data:`MAX_URLS`)."""
    cleaned = list(dict.fromkeys(url.strip() for url in urls))
    for url in cleaned:
        if not url:
            raise ValueError("a URL must not be empty")
        problem = url_problem(url)
        if problem is not None:
            raise ValueError(problem)
    if len(cleaned) > MAX_URLS:
        raise ValueError(f"has {len(cleaned)} URLs; the limit is {MAX_URLS}")
    return cleaned


class StateField(BaseModel):
    """A field the monitor's state declares: its name and its type."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)

    name: str = Field(description="The field's name, e.g. 'price_usd'.")
    type: FieldType = Field(description="number, string, boolean or date.")


def check_fields(fields: list[StateField]) -> list[StateField]:
    """The fields, or ``ValueError`` naming a bad or repeated name."""
    seen: set[str] = set()
    for field in fields:
        if len(field.name) > MAX_FIELD_NAME_CHARS or not _FIELD_NAME.match(field.name):
            raise ValueError(
                f"{field.name!r} is not a field name: letters, digits and _, not starting "
                f"with a digit, at most {MAX_FIELD_NAME_CHARS} characters"
            )
        if field.name in seen:
            raise ValueError(f"{field.name!r} is declared twice")
        seen.add(field.name)
    if len(fields) > MAX_FIELDS:
        raise ValueError(f"has {len(fields)} fields; the limit is {MAX_FIELDS}")
    return fields


def parse_field(text: str) -> dict[str, str]:
    """``"price_usd:number"`` as ``{"name": "price_usd", "type": "number"}`` (the command
    line's ``--field``); ``ValueError`` when the text is not ``name:type``. The values are
    validated with the spec (:class:`StateField`)."""
    name, colon, kind = text.partition(":")
    if not colon or not name.strip() or not kind.strip():
        raise ValueError(f"{text!r} is not name:type, e.g. price_usd:number")
    return {"name": name.strip(), "type": kind.strip().lower()}
