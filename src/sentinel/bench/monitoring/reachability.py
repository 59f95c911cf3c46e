"""Which of a world's events a monitor that only searches could reach at all.

A monitor that finds its pages by searching can only see an event on a page the search engine
returns, or on a page one of those links to. An event is **reachable** when one of its pages
is indexed by the world's search engine (:meth:`SearchRealism.profile`: the realistic engine
never indexes a tenth of the pages), or is linked from a page that is (one hop), as that page
is served when the event's text appears on the event's page.

An event's **pages** are those with a version dated from an hour before the event (a page
updated just ahead of the moment the event is dated, as
:data:`~sentinel.bench.monitoring.oracle_facts.EVENT_TEXT_LEAD` says) to the end of its window
(the next event, or the scenario's end): the text saying the condition became true or false.
An event whose text no page carries in that window (its pages changed earlier) takes every
page that exists at its time. Links are read from the served HTML (body links, the site's
"More from" list, a trending box), so only links a crawler would see count; a site's generated
front page and sitemap are not search results, so they do not count as indexed pages.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urljoin, urlsplit

import lxml.html
from lxml import etree

from sentinel.bench.monitoring.oracle_facts import EVENT_TEXT_LEAD
from sentinel.clock import VirtualClock
from sentinel.sim import Scenario, World
from sentinel.sim.app import Request
from sentinel.sim.search_realism import REALISTIC, SearchRealism

__all__ = ["EventReach", "event_pages", "reachable_events"]


@dataclass(frozen=True)
class EventReach:
    """Whether one event is reachable, and through what: ``indexed`` names the event's pages
    the engine indexes, ``linked`` those reached by a link from an indexed page."""

    at: datetime
    pages: tuple[str, ...]
    indexed: tuple[str, ...] = ()
    linked: tuple[str, ...] = ()

    @property
    def reachable(self) -> bool:
        """Whether a searching monitor could have read one of the event's pages."""
        return bool(self.indexed or self.linked)


def _url(host: str, path: str) -> str:
    return f"http://{host}{path}"


def event_pages(scenario: Scenario) -> list[list[tuple[str, datetime]]]:
    """For each event, its pages (see the module documentation) with the moment to look for
    links to each: when its version in the window is in effect and the event has happened."""
    found: list[list[tuple[str, datetime]]] = []
    for i, event in enumerate(scenario.events):
        until = scenario.events[i + 1].at if i + 1 < len(scenario.events) else scenario.end
        since = event.at - EVENT_TEXT_LEAD
        pages: dict[str, datetime] = {}
        for site, page in scenario.pages():
            dated = [v.at for v in page.timeline if since <= v.at < until]
            if dated:
                pages.setdefault(_url(site.host, page.path), max(dated[0], event.at))
        if not pages:
            pages = {
                _url(site.host, page.path): event.at
                for site, page in scenario.pages()
                if page.version_index(event.at) is not None
            }
        found.append(sorted(pages.items()))
    return found


def _links(html: bytes, base: str) -> set[str]:
    try:
        root = lxml.html.fromstring(html)
    except (etree.ParserError, ValueError):
        return set()
    links = set()
    for href in root.xpath("//a/@href"):
        parts = urlsplit(urljoin(base, str(href)))
        links.add(f"{parts.scheme}://{parts.netloc}{parts.path}")
    return links


async def reachable_events(
    scenario: Scenario, *, seed: int, search: SearchRealism = REALISTIC
) -> list[EventReach]:
    """Each event of ``scenario`` with how it is reachable in the world built with ``seed``
    and the engine ``search`` (see the module documentation)."""
    clock = VirtualClock(scenario.start)
    world = World.from_scenario(
        scenario, clock, seed=seed, slow_delay=0.0, timeout_hold=0.0, search_realism=search
    )
    engine = world.search
    app = world.asgi_app
    indexed_urls = [
        _url(site.host, page.path)
        for site, page in scenario.pages()
        if engine.profile(_url(site.host, page.path)).indexed
    ]
    links_at: dict[datetime, dict[str, set[str]]] = {}

    async def linking(moment: datetime) -> dict[str, set[str]]:
        if moment not in links_at:
            clock.set(moment)
            served: dict[str, set[str]] = {}
            for url in indexed_urls:
                parts = urlsplit(url)
                response = await app.handle(
                    Request("GET", parts.netloc, parts.path, {}, {"user-agent": "crawler"})
                )
                if response.status == 200 and not response.hold:
                    served[url] = _links(response.body, url)
            links_at[moment] = served
        return links_at[moment]

    found: list[EventReach] = []
    for event, pages in zip(scenario.events, event_pages(scenario), strict=True):
        indexed = tuple(url for url, _ in pages if url in indexed_urls)
        linked: list[str] = []
        if not indexed:
            for url, moment in pages:
                served = await linking(moment)
                if any(url in links for source, links in served.items() if source != url):
                    linked.append(url)
        found.append(EventReach(event.at, tuple(u for u, _ in pages), indexed, tuple(linked)))
    return found
