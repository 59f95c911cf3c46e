"""Page noise: what changes on real pages when nothing that matters has changed.

Every generator is deterministic: its randomness is seeded by the world's seed, the page and a
time bucket (and, for per-request noise, the page's request count), so a benchmark run replays
exactly. Noise lives outside the article's main text, where a real site puts it; a good change
detector must see through it, a naive byte diff must not.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from html import escape

__all__ = [
    "Churn",
    "NoiseSeed",
    "ad_slot",
    "cookie_banner",
    "relative_time",
    "trending_box",
]


@dataclass(frozen=True)
class NoiseSeed:
    """What noise may depend on: the world's seed, the page, the time and the request count."""

    seed: int
    url: str
    now: datetime
    request: int

    def rng(self, kind: str, bucket: str) -> random.Random:
        """A generator seeded by this page, a noise kind and a bucket (an hour, a day…)."""
        digest = hashlib.sha256(f"{self.seed}|{self.url}|{kind}|{bucket}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    @property
    def hour(self) -> str:
        """The hour bucket of ``now``."""
        return self.now.strftime("%Y-%m-%dT%H")

    @property
    def day(self) -> str:
        """The day bucket of ``now``."""
        return self.now.strftime("%Y-%m-%d")


# -- relative timestamps ---------------------------------------------------------------------


def relative_time(now: datetime, then: datetime) -> str:
    """How long ago ``then`` was, the way sites say it: "5 minutes ago", "3 days ago"."""
    seconds = int((now - then).total_seconds())
    if seconds < 60:
        return "just now"
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''} ago"
    raise AssertionError("unreachable: seconds >= 60 matched no unit")


# -- advertising -----------------------------------------------------------------------------

_ADVERTISERS = (
    ("Helix Sleep", "mattresses", "helix-sleep.example"),
    ("Brightline Bank", "savings accounts", "brightline-bank.example"),
    ("Nordvale VPN", "VPN plans", "nordvale.example"),
    ("Kettle & Crumb", "meal kits", "kettleandcrumb.example"),
    ("Orbit Mobile", "5G plans", "orbit-mobile.example"),
    ("Wayfarer Travel", "flights", "wayfarer.example"),
    ("Tessellate", "project management software", "tessellate.example"),
    ("Greenleaf Solar", "home solar panels", "greenleaf-solar.example"),
)
_PITCHES = (
    "Save {pct}% on {thing} — this week only",
    "{brand}: {thing} from ${price}/month",
    "Why everyone is switching to {brand} in {month}",
    "{thing}: the {n} deals worth knowing about",
    "Last chance: {pct}% off {thing} ends {weekday}",
    "Rated #1 for {thing} by {n},000 customers",
)


def ad_slot(noise: NoiseSeed, slot: str) -> str:
    """An advertisement box whose creative changes on every request."""
    rng = noise.rng("rotating_ads", f"{noise.hour}|{noise.request}|{slot}")
    brand, thing, domain = rng.choice(_ADVERTISERS)
    pitch = rng.choice(_PITCHES).format(
        pct=rng.choice((15, 20, 25, 30, 40, 50)),
        thing=thing,
        brand=brand,
        price=rng.choice((4, 9, 12, 19, 29)),
        month=noise.now.strftime("%B"),
        n=rng.randint(3, 12),
        weekday=(noise.now + timedelta(days=rng.randint(1, 6))).strftime("%A"),
    )
    campaign = f"{rng.getrandbits(40):010x}"
    return (
        f'<aside class="ad-slot ad-{slot}" aria-label="Advertisement" data-ad-slot="{slot}" '
        f'data-campaign="{campaign}"><p class="ad-label">Advertisement</p>'
        f'<a class="ad-link" rel="sponsored nofollow" href="http://{domain}/?utm_campaign='
        f'{campaign}">{escape(pitch)}</a><p class="ad-sponsor">Sponsored by {escape(brand)}</p>'
        "</aside>"
    )


# -- cookie consent --------------------------------------------------------------------------


def cookie_banner(noise: NoiseSeed, site_name: str) -> str:
    """A consent dialog carrying a per-request consent id and a daily partner count."""
    partners = noise.rng("cookie_banner", noise.day).randint(180, 920)
    per_request = noise.rng("cookie_banner", f"{noise.now.isoformat()}|{noise.request}")
    consent_id = f"{per_request.getrandbits(64):016x}"
    return (
        f'<div id="cookie-consent" class="cookie-banner" role="dialog" aria-modal="true" '
        f'aria-label="Cookie consent" data-consent-id="{consent_id}">'
        f"<p>{escape(site_name)} and our {partners} partners use cookies and similar technologies "
        "to store and access information on your device, to measure audiences and to show you "
        "personalised advertising.</p>"
        '<form class="cookie-actions" method="post" action="/consent">'
        f'<input type="hidden" name="consent_id" value="{consent_id}">'
        '<button type="submit" name="choice" value="accept">Accept all</button>'
        '<button type="submit" name="choice" value="reject">Reject all</button>'
        '<button type="button" class="cookie-settings">Manage preferences</button>'
        "</form></div>"
    )


# -- trending --------------------------------------------------------------------------------

_FILLER_HEADLINES = (
    "Heatwave warnings extended across the south as temperatures climb",
    "Central bank holds rates steady, signals caution on inflation",
    "The five-minute habit that sleep researchers swear by",
    "Stadium renovation plan approved after two-year delay",
    "Review: the quiet electric hatchback that does everything well",
    "Why airline fares are falling just before the holidays",
    "Scientists map the deepest cave system yet discovered in Europe",
    "Local bakery's sourdough wins national award",
    "Streaming prices are going up again: here is what changes",
    "Marathon organisers announce new route through the old town",
    "Opinion: our cities need more trees, not more parking",
    "Ten photos that defined the week",
    "Housing starts rise for the third month in a row",
    "How a tiny startup beat the giants at battery recycling",
    "Quiz: how well do you know this week's news?",
)


def trending_box(noise: NoiseSeed, headlines: Sequence[tuple[str, str]], size: int = 5) -> str:
    """A "Trending now" list mixing the world's other headlines with filler; rotates hourly.

    ``headlines`` are ``(title, url)`` pairs of pages visible elsewhere in the world.
    """
    rng = noise.rng("trending_box", noise.hour)
    pool = [(title, url) for title, url in headlines if url != noise.url]
    pool += [(title, "") for title in _FILLER_HEADLINES]
    picks = rng.sample(pool, k=min(size, len(pool)))
    items = "".join(
        f'<li><a href="{escape(url)}">{escape(title)}</a></li>'
        if url
        else f"<li><span>{escape(title)}</span></li>"
        for title, url in picks
    )
    return (
        '<aside class="trending" aria-label="Trending now"><h2 class="trending-title">'
        f'Trending now</h2><ol class="trending-list">{items}</ol></aside>'
    )


# -- markup churn ----------------------------------------------------------------------------


class Churn:
    """Daily markup churn: hashed class names, extra wrappers, reordered attributes.

    What a site's front-end build does on every deploy, without any change of content. An
    inactive ``Churn`` leaves markup exactly as written.
    """

    def __init__(self, noise: NoiseSeed | None) -> None:
        self._noise = noise
        self._rng = noise.rng("markup_churn", noise.day) if noise is not None else None
        self._salt = f"{self._rng.getrandbits(32):08x}" if self._rng is not None else ""
        self.scope = f"data-v-{self._salt[:6]}" if self._rng is not None else ""

    @property
    def active(self) -> bool:
        """Whether churn applies to this page."""
        return self._rng is not None

    def cls(self, *names: str) -> str:
        """Class names, suffixed with a build hash (CSS-modules style) when active."""
        if not self.active:
            return " ".join(names)
        return " ".join(
            f"{name}_{hashlib.sha1(f'{self._salt}{name}'.encode()).hexdigest()[:5]}"
            for name in names
        )

    def attrs(self, pairs: Sequence[tuple[str, str]]) -> str:
        """Render attributes (values escaped), in an order that changes daily when active."""
        items = list(pairs)
        if self._rng is not None:
            self._rng.shuffle(items)
            items.append((self.scope, ""))
        return "".join(
            f' {name}="{escape(value)}"' if value or name != self.scope else f" {name}"
            for name, value in items
        )

    def wrap(self, html: str) -> str:
        """Wrap content in zero to three layout divs, a different number each day."""
        if self._rng is None:
            return html
        for depth in range(self._rng.randint(0, 3)):
            html = f'<div class="{self.cls(f"layout-{depth}")}">{html}</div>'
        return html
