"""Content fingerprints: equal when a page only changed its noise, different on a real edit.

The fingerprint hashes the extracted main content (trafilatura has already dropped navigation,
ads and sidebars, and extraction prunes cookie banners and "trending" boxes), normalized so that
what still varies between two loads of an unchanged page does not count:

- case, Unicode forms, whitespace and Markdown syntax (markup changes re-render differently);
- relative times ("5 minutes ago", "updated 2 hours ago", "just now", "yesterday");
- lines that are only an ad label or a cookie notice, should any survive extraction.

The title counts separately, and the page's structured offers and events (price, currency,
availability, start date, status) are hashed along with the text, so a price that changes
only in JSON-LD is still a change.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable

from sentinel.web.structured import EventInfo, Offer, SoftwareInfo

_NUMBER_WORD = r"(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|few|several)"
_UNIT = (
    r"(?:s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?|mos?|months?"
    r"|y|yrs?|years?)"
)
_RELATIVE_TIME = re.compile(
    rf"""
    (?:\b(?:last\s+)?(?:updated|posted|published|edited|modified|refreshed)\s*:?\s*)?
    (?:
        \b(?:about|over|almost|nearly|less\s+than|more\s+than)?\s*
        {_NUMBER_WORD}\s*{_UNIT}\.?\s+ago\b
      | \bjust\s+now\b
      | \bmoments?\s+ago\b
      | \b(?:yesterday|today)\b(?:\s+at\s+\d{{1,2}}[:.]\d{{2}}\s*(?:am|pm)?)?
      | \blast\s+(?:night|week|month|year)\b
    )
    """,
    re.IGNORECASE | re.VERBOSE,
)
_MARKDOWN_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MARKDOWN_SYNTAX = re.compile(r"[#*_>`|~]+|^\s*(?:[-+]|\d+[.)])\s+|^-{3,}$", re.MULTILINE)
_INVISIBLE = re.compile(r"[\u200b-\u200f\u2060\ufeff\u00ad]")
_LEFTOVER_LABEL = re.compile(
    r"^(?:advertisement|advertisements|sponsored|ad|ads|promoted|skip\s+ad)$", re.IGNORECASE
)
_COOKIE = re.compile(r"\bcookies?\b", re.IGNORECASE)
_CONSENT = re.compile(
    r"\b(?:accept|agree|consent|continu\w*|preferences|policy|we\s+use|this\s+site\s+uses)\b",
    re.IGNORECASE,
)
# A cookie notice is one short line; a long paragraph mentioning cookies is content.
_MAX_NOTICE_CHARS = 200


def _keep_line(line: str) -> bool:
    if not line or _LEFTOVER_LABEL.match(line):
        return False
    is_notice = len(line) < _MAX_NOTICE_CHARS and _COOKIE.search(line) and _CONSENT.search(line)
    return not is_notice


def normalize_lines(text: str) -> list[str]:
    """The text's lines as the fingerprint sees them: lowercased, markup-free, without relative
    times, ad labels or cookie notices; empty lines dropped."""
    text = unicodedata.normalize("NFKC", _INVISIBLE.sub("", text))
    text = _MARKDOWN_LINK.sub(r"\1", text)
    text = _MARKDOWN_SYNTAX.sub(" ", text)
    text = _RELATIVE_TIME.sub(" ", text)
    lines = (" ".join(line.split()).casefold() for line in text.splitlines())
    return [line for line in lines if _keep_line(line)]


def normalize_text(text: str) -> str:
    """The normalized lines joined by spaces, so a re-wrapped paragraph reads the same."""
    return " ".join(normalize_lines(text))


def _structured_lines(
    offers: Iterable[Offer], events: Iterable[EventInfo], software: Iterable[SoftwareInfo] = ()
) -> list[str]:
    lines = [
        f"offer|{o.product}|{o.name}|{o.price}|{o.high_price}|{o.currency}|{o.availability}"
        for o in offers
    ]
    lines += [
        f"event|{e.name}|{e.start_date.isoformat() if e.start_date else ''}|{e.location}|{e.status}"
        for e in events
    ]
    lines += [f"software|{s.name}|{s.version}" for s in software]
    return sorted(line.casefold() for line in lines)


def content_fingerprint(
    text: str,
    offers: Iterable[Offer] = (),
    events: Iterable[EventInfo] = (),
    *,
    title: str | None = None,
    software: Iterable[SoftwareInfo] = (),
) -> str:
    """SHA-256 (hex) of the title, the normalized main text, and the page's offers and events.

    The title is hashed on its own and a heading line equal to it is dropped from the text:
    whether trafilatura keeps the page's ``<h1>`` in the main content depends on the markup
    around it, and that must not look like an edit.
    """
    heading = normalize_text(title or "")
    body = " ".join(line for line in normalize_lines(text) if line != heading)
    payload = "\n".join([heading, body, *_structured_lines(offers, events, software)])
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()
