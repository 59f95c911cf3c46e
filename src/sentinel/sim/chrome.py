"""Site boilerplate per kind of site: navigation, labels and footers around the content.

Real pages carry far more boilerplate than content; extraction has to find the article inside
it. Each kind of site gets the furniture such sites have.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

__all__ = ["CHROME", "Chrome", "byline"]


@dataclass(frozen=True)
class Chrome:
    """The furniture of one kind of site."""

    sections: tuple[str, ...]
    tagline: str
    og_type: str
    article: bool  # dated, bylined articles (article:published_time, NewsArticle JSON-LD)
    footer_links: tuple[str, ...]
    footer_note: str
    jsonld_type: str | None = None  # generated when the scenario gives no JSON-LD
    label: str | None = None  # a kicker above the headline


CHROME: dict[str, Chrome] = {
    "news": Chrome(
        sections=("World", "Business", "Technology", "Science", "Sport", "Opinion", "Culture"),
        tagline="Independent journalism since 1968",
        og_type="article",
        article=True,
        footer_links=("About us", "Contact the newsroom", "Corrections", "Privacy", "Terms"),
        footer_note="Reporting you can trust. Read our editorial standards.",
        jsonld_type="NewsArticle",
    ),
    "official": Chrome(
        sections=("Products", "Support", "Newsroom", "Investors", "About"),
        tagline="",
        og_type="website",
        article=False,
        footer_links=("Privacy policy", "Terms of use", "Accessibility", "Sitemap", "Contact"),
        footer_note="All rights reserved.",
    ),
    "rumor": Chrome(
        sections=("Latest", "Leaks", "Rumors", "Deals", "Podcast"),
        tagline="Tomorrow's news, today",
        og_type="article",
        article=True,
        footer_links=("Tip us off", "About", "Advertise", "Privacy"),
        footer_note="Reports are based on sources and may not be confirmed.",
        jsonld_type="NewsArticle",
        label="Rumor",
    ),
    "shop": Chrome(
        sections=("Deals", "Electronics", "Home & Kitchen", "Gaming", "Gift cards", "Help"),
        tagline="Free delivery on orders over $35",
        og_type="product",
        article=False,
        footer_links=("Shipping", "Returns", "Price match", "Store locator", "Privacy"),
        footer_note="Prices and availability are subject to change.",
    ),
    "blog": Chrome(
        sections=("Posts", "Archive", "About", "RSS"),
        tagline="Notes from the workshop",
        og_type="article",
        article=True,
        footer_links=("RSS feed", "About", "Code of conduct"),
        footer_note="Content licensed CC BY 4.0.",
        jsonld_type="BlogPosting",
    ),
    "forum": Chrome(
        sections=("Forums", "Latest", "Unanswered", "Members", "Rules"),
        tagline="The community discussion board",
        og_type="website",
        article=False,
        footer_links=("Forum rules", "Contact moderators", "Privacy"),
        footer_note="Posts are the views of their authors.",
        label="Discussion",
    ),
    "social": Chrome(
        sections=("Home", "Explore", "Notifications", "Messages", "Profile"),
        tagline="",
        og_type="profile",
        article=False,
        footer_links=("Terms", "Privacy", "Cookies", "Accessibility"),
        footer_note="",
    ),
}

_REPORTERS = (
    "Maya Okafor",
    "Daniel Reyes",
    "Priya Natarajan",
    "Tomás Lindqvist",
    "Hannah Cole",
    "Kenji Watanabe",
    "Amara Diallo",
    "Lukas Brandt",
    "Sofia Marchetti",
    "Owen Gallagher",
)


def byline(url: str) -> str:
    """A reporter's name for an article, stable for the page."""
    digest = hashlib.sha256(url.encode()).digest()
    return _REPORTERS[digest[0] % len(_REPORTERS)]
