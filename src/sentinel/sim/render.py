"""Full HTML documents for simulated pages: head metadata, site boilerplate, content, noise.

The content sits in ``<main><article>`` as on real sites; boilerplate and noise sit around it
(header, nav, asides, footer, consent dialog), where main-text extractors expect them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from html import escape
from typing import Any

from sentinel.sim.chrome import CHROME, byline
from sentinel.sim.markdown import markdown_to_html
from sentinel.sim.noise import Churn, NoiseSeed, ad_slot, cookie_banner, relative_time, trending_box
from sentinel.sim.scenario import Site
from sentinel.sim.view import PageView

__all__ = ["render_error", "render_home", "render_page"]

_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:0;color:#222}"
    "header,footer{background:#f3f3f3;padding:.6em 1.2em}"
    "nav ul{list-style:none;padding:0;margin:.3em 0}nav li{display:inline;margin-right:1em}"
    ".page{display:flex;gap:2em;padding:1em 1.2em;max-width:70em}"
    "main{flex:3}aside{flex:1;font-size:.9em}"
    ".cookie-banner{background:#ffe;border:1px solid #cc9;padding:.6em 1.2em}"
    ".ad-slot{border:1px dashed #bbb;padding:.4em;margin:.6em 0;color:#555}"
)


def _date(moment: datetime) -> str:
    return f"{moment:%B} {moment.day}, {moment:%Y}"


def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def _jsonld(view: PageView) -> dict[str, Any] | None:
    data = view.jsonld
    chrome = CHROME[view.site.kind]
    if data is None and chrome.jsonld_type is not None:
        data = {
            "@type": chrome.jsonld_type,
            "headline": view.headline,
            "datePublished": _iso(view.published),
            "dateModified": _iso(view.modified),
            "author": {"@type": "Person", "name": byline(view.url)},
            "publisher": {"@type": "Organization", "name": view.site.name},
        }
    if data is None:
        return None
    return {"@context": "https://schema.org", **data} if "@context" not in data else data


def _script_json(data: dict[str, Any]) -> str:
    # Markup characters escaped as JSON unicode escapes: scenario text can never close the
    # script element or open another one, and JSON readers decode them back.
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _head(title: str, view: PageView | None, site: Site, description: str, url: str) -> str:
    chrome = CHROME[site.kind]
    parts = [
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f'<meta name="description" content="{escape(description)}">',
        f'<link rel="canonical" href="{escape(url)}">',
        f'<meta property="og:site_name" content="{escape(site.name)}">',
        f'<meta property="og:type" content="{chrome.og_type if view else "website"}">',
        f'<meta property="og:title" content="{escape(view.headline if view else site.name)}">',
        f'<meta property="og:url" content="{escape(url)}">',
        f'<meta property="og:description" content="{escape(description)}">',
    ]
    if view is not None and chrome.article:
        parts += [
            f'<meta property="article:published_time" content="{_iso(view.published)}">',
            f'<meta property="article:modified_time" content="{_iso(view.modified)}">',
            f'<meta name="author" content="{escape(byline(view.url))}">',
        ]
    if view is not None and (data := _jsonld(view)) is not None:
        parts.append(f'<script type="application/ld+json">{_script_json(data)}</script>')
    parts.append(f"<style>{_STYLE}</style>")
    return "<head>" + "".join(parts) + "</head>"


def _header(site: Site, churn: Churn) -> str:
    chrome = CHROME[site.kind]
    links = "".join(
        f'<li><a href="/#{section.lower().replace(" ", "-")}">{escape(section)}</a></li>'
        for section in chrome.sections
    )
    tagline = f'<p class="{churn.cls("tagline")}">{escape(chrome.tagline)}</p>' * bool(
        chrome.tagline
    )
    return (
        f'<header class="{churn.cls("site-header")}">'
        f'<a class="{churn.cls("logo")}" href="/">{escape(site.name)}</a>{tagline}'
        f'<nav class="{churn.cls("site-nav")}" aria-label="Main"><ul>{links}</ul></nav>'
        "</header>"
    )


def _footer(site: Site, now: datetime, churn: Churn) -> str:
    chrome = CHROME[site.kind]
    links = "".join(f'<li><a href="/">{escape(label)}</a></li>' for label in chrome.footer_links)
    return (
        f'<footer class="{churn.cls("site-footer")}"><nav aria-label="Footer"><ul>{links}</ul>'
        f"</nav><p>© {now.year} {escape(site.name)}. {escape(chrome.footer_note)}</p></footer>"
    )


def _meta_line(view: PageView, now: datetime, relative: bool, churn: Churn) -> str:
    chrome = CHROME[view.site.kind]
    pieces: list[str] = []
    if chrome.article:
        pieces.append(f"By {escape(byline(view.url))}")
        pieces.append(f'<time datetime="{_iso(view.published)}">{_date(view.published)}</time>')
    if relative:
        pieces.append(
            f'<time class="{churn.cls("updated")}" datetime="{_iso(view.modified)}">'
            f"Updated {relative_time(now, view.modified)}</time>"
        )
    if not pieces:
        return ""
    name = "byline" if chrome.article else "page-meta"
    return f'<div class="{churn.cls(name)}">{" · ".join(pieces)}</div>'


def _related(view: PageView, siblings: Sequence[PageView], churn: Churn) -> str:
    others = [s for s in siblings if s.url != view.url][:4]
    if not others:
        return ""
    items = "".join(
        f'<li><a href="{escape(s.page.path)}">{escape(s.headline)}</a></li>' for s in others
    )
    return (
        f'<aside class="{churn.cls("related")}" aria-label="More from {escape(view.site.name)}">'
        f"<h2>More from {escape(view.site.name)}</h2><ul>{items}</ul></aside>"
    )


def render_page(
    view: PageView,
    *,
    now: datetime,
    seed: int,
    request: int,
    trending: Sequence[tuple[str, str]] = (),
    siblings: Sequence[PageView] = (),
) -> str:
    """The HTML document of ``view`` at ``now``, with its noise for request number ``request``."""
    noise = NoiseSeed(seed=seed, url=view.url, now=now, request=request)
    kinds = set(view.page.noise)
    churn = Churn(noise if "markup_churn" in kinds else None)
    chrome = CHROME[view.site.kind]
    kicker = f'<p class="{churn.cls("kicker")}">{escape(chrome.label)}</p>' if chrome.label else ""
    article = (
        f"<article{churn.attrs([('class', churn.cls('story', view.site.kind)), ('id', 'story')])}>"
        f'{kicker}<h1 class="{churn.cls("headline")}">{escape(view.headline)}</h1>'
        f"{_meta_line(view, now, 'relative_timestamp' in kinds, churn)}"
        f'<div class="{churn.cls("story-body")}">{markdown_to_html(view.version.markdown)}</div>'
        "</article>"
    )
    main = (
        f"<main{churn.attrs([('id', 'main-content'), ('class', churn.cls('content'))])}>"
        f"{churn.wrap(article)}</main>"
    )
    sidebar = ""
    if "rotating_ads" in kinds:
        sidebar += ad_slot(noise, "sidebar")
    if "trending_box" in kinds:
        sidebar += trending_box(noise, trending)
    sidebar += _related(view, siblings, churn)
    body = (
        (cookie_banner(noise, view.site.name) if "cookie_banner" in kinds else "")
        + _header(view.site, churn)
        + (ad_slot(noise, "leaderboard") if "rotating_ads" in kinds else "")
        + f'<div class="{churn.cls("page")}">{main}'
        + (f'<div class="{churn.cls("sidebar")}">{sidebar}</div>' if sidebar else "")
        + "</div>"
        + _footer(view.site, now, churn)
    )
    title = f"{view.headline} | {view.site.name}"
    head = _head(title, view, view.site, view.description, view.url)
    return (
        f'<!DOCTYPE html>\n<html lang="en">{head}'
        f'<body class="{churn.cls("kind-" + view.site.kind)}">{body}</body></html>\n'
    )


def render_home(site: Site, views: Sequence[PageView], now: datetime) -> str:
    """A site's front page listing its visible pages, newest first (for sites without '/')."""
    items = "".join(
        f'<li><h2><a href="{escape(v.page.path)}">{escape(v.headline)}</a></h2>'
        f'<p><time datetime="{_iso(v.modified)}">{_date(v.modified)}</time> — '
        f"{escape(v.description)}</p></li>"
        for v in sorted(views, key=lambda v: (v.modified, v.page.path), reverse=True)
    )
    churn = Churn(None)
    head = _head(
        site.name, None, site, CHROME[site.kind].tagline or site.name, f"http://{site.host}/"
    )
    return (
        f'<!DOCTYPE html>\n<html lang="en">{head}<body>{_header(site, churn)}'
        f'<div class="page"><main id="main-content"><h1>{escape(site.name)}</h1>'
        f'<ul class="front">{items}</ul></main></div>{_footer(site, now, churn)}</body></html>\n'
    )


def render_error(status: int, reason: str, detail: str) -> str:
    """A plain error document."""
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{status} '
        f"{escape(reason)}</title></head><body><h1>{status} {escape(reason)}</h1>"
        f"<p>{escape(detail)}</p></body></html>\n"
    )
