"""``diff-fixed-<interval>``: changedetection.io's default behaviour.

What a changedetection.io user gets out of the box: every watched URL is fetched at a fixed
interval, the page's text (all of it: navigation, ads, footers) is compared with the last
snapshot after collapsing whitespace — the default "ignore whitespace" and nothing else —
and any difference sends a notification, one per changed watch.

Which URLs are watched: a user who added every URL they could find when setting it up. For
each of the scenario's sites of kind ``official``, ``news`` or ``shop`` (the sources one would
trust for the mission; rumour mills, blogs, forums and social feeds are left out), the site's
front page (``/``, so new articles show up as a change of its listing) and every page that
exists at the scenario's start. Pages that appear later cannot have been added, but the front
page reveals them.

Semantics: the first successful fetch of a watch is its baseline (no notification); an error
(404, 5xx, timeout) changes nothing — the last snapshot stays, as in changedetection.io.
Pages are read straight from the world's HTTP application (the same bytes as over a socket,
without a network stack), which keeps a thousand-check hourly policy fast.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from datetime import timedelta

import lxml.html
from lxml import etree

from sentinel.bench.monitoring.harness import ScenarioWorld
from sentinel.bench.monitoring.policy import BenchContext, PolicyResult, fixed_rounds, fixed_times
from sentinel.sim import Scenario
from sentinel.sim.app import Request

WATCHED_KINDS = frozenset({"official", "news", "shop"})
_INVISIBLE = ("script", "style", "noscript", "template", "head")


def watched_urls(scenario: Scenario) -> list[tuple[str, str]]:
    """The (host, path) pairs a user adds: see the module documentation."""
    watched: list[tuple[str, str]] = []
    for site in scenario.sites:
        if site.kind not in WATCHED_KINDS:
            continue
        paths = ["/"] + [page.path for page in site.pages if page.timeline[0].at <= scenario.start]
        watched += [(site.host, path) for path in dict.fromkeys(paths)]
    return watched


def page_text(html: bytes) -> str:
    """The visible text of an HTML document, whitespace collapsed (changedetection.io's
    default comparison)."""
    if not html.strip():
        return ""
    try:
        root = lxml.html.fromstring(html)
    except (etree.ParserError, ValueError):
        return " ".join(html.decode("utf-8", "replace").split())
    for element in list(root.iter(*_INVISIBLE)):
        element.drop_tree()
    return " ".join(root.text_content().split())


def text_hash(html: bytes) -> str:
    """SHA-256 of :func:`page_text`."""
    return hashlib.sha256(page_text(html).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class DiffFixedPolicy:
    """Fixed-interval text-hash change detection over every watched URL."""

    interval: timedelta
    name: str
    description: str = "fixed interval, notify on any change of the page text's hash"

    async def run(self, scenario: Scenario, ctx: BenchContext) -> PolicyResult:
        """Check every watch at every interval; one notification per changed watch."""
        started = time.perf_counter()
        env = ScenarioWorld.open(scenario, seed=ctx.seed, search=ctx.search)
        app = env.world.asgi_app
        result = PolicyResult()
        snapshots: dict[tuple[str, str], str] = {}
        watches = watched_urls(scenario)
        errors = 0
        for moment in fixed_times(scenario, self.interval, seed=ctx.seed):
            env.clock.set(moment)
            result.runs += 1
            for host, path in watches:
                result.pages += 1
                response = await app.handle(
                    Request("GET", host, path, {}, {"user-agent": "changedetection.io"})
                )
                if response.status != 200 or response.hold:
                    errors += 1
                    continue
                digest = text_hash(response.body)
                before = snapshots.get((host, path))
                snapshots[(host, path)] = digest
                if before is not None and before != digest:
                    result.notifications.append(moment)
        result.notes["fetch_errors"] = errors
        result.notes["watches"] = len(watches)
        result.wall_s = time.perf_counter() - started
        return result

    def cost_hint(self, scenario: Scenario) -> float:
        """Checks times watches."""
        return fixed_rounds(scenario, self.interval) * len(watched_urls(scenario))
