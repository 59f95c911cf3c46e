"""The world's console for people: ``/__world/`` lists sites and pages at the current time,
``/__site/<host>/<path>`` shows any page to a browser that cannot use a proxy, and
``/__world/advance`` moves a virtual clock forward.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from html import escape
from typing import TYPE_CHECKING

from sentinel.clock import VirtualClock
from sentinel.sim.search import TIME_RANGES, SearchPage

if TYPE_CHECKING:
    from sentinel.sim.app import Request, Response, WorldApp
    from sentinel.sim.world import World

__all__ = ["handle_console", "parse_step", "search_page_html"]

_STEP = re.compile(r"^(?P<count>\d{1,4})(?P<unit>[mhdw])$")
_UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
_LINK = re.compile(r'\b(href|action)="([^"]*)"')
_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}"
    "table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{padding:.2em .8em;text-align:left;"
    "border-bottom:1px solid #eee}.future{color:#999}.down{color:#b00}code{background:#f4f4f4}"
)


def parse_step(text: str) -> timedelta:
    """A step like ``30m``, ``6h``, ``1d`` or ``2w`` as a duration."""
    match = _STEP.match(text.strip().lower())
    if match is None:
        raise ValueError(f"step {text!r} must be a count and m|h|d|w, e.g. 6h or 1d")
    return timedelta(**{_UNITS[match["unit"]]: int(match["count"])})


def _when(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"


async def handle_console(app: WorldApp, request: Request) -> Response:
    """Serve the console paths on loopback host names."""
    from sentinel.sim.app import Response

    world, path = app.world, request.path
    if path == "/":
        return Response.redirect("/__world/")
    if path in {"/__world", "/__world/"}:
        return Response(200, _index(world).encode())
    if path == "/__world/advance":
        return _advance(world, request)
    if path.startswith("/__site/"):
        return await _through(app, request)
    return Response.error(
        404, f"{path} is not a console page: see /__world/ (world pages are under /__site/)"
    )


def _advance(world: World, request: Request) -> Response:
    from sentinel.sim.app import Response

    clock = world.clock
    if not isinstance(clock, VirtualClock):
        return Response.error(409, "this world runs on the real clock, which cannot be moved")
    try:
        if request.param("to") == "next":
            upcoming = [t for t in world.boundaries() if t > clock.now()]
            if upcoming:
                clock.set(upcoming[0])
        else:
            clock.advance(parse_step(request.param("by") or "1h"))
    except ValueError as exc:
        return Response.error(400, str(exc))
    return Response.redirect("/__world/")


async def _through(app: WorldApp, request: Request) -> Response:
    """A world page fetched on behalf of a browser, links rewritten to stay in ``/__site/``."""
    from sentinel.sim.app import CONSOLE_HOSTS, Request, Response

    host, _, rest = request.path.removeprefix("/__site/").partition("/")
    host = host.lower()
    if not host or host in CONSOLE_HOSTS:
        return Response.error(404, "usage: /__site/<host>/<path>, e.g. /__site/news.example/")
    inner = Request(request.method, host, "/" + rest, request.query, request.headers, request.body)
    response = await app.handle(inner)
    if response.content_type.startswith("text/html"):
        html = response.body.decode("utf-8")
        response.body = _rewrite_links(html, host, app.world.hosts).encode("utf-8")
    return response


def _rewrite_links(html: str, host: str, hosts: frozenset[str]) -> str:
    def rewrite(match: re.Match[str]) -> str:
        attribute, target = match.groups()
        if target.startswith("/") and not target.startswith("//"):
            return f'{attribute}="/__site/{host}{target}"'
        if target.startswith("http://"):
            target_host, _, rest = target.removeprefix("http://").partition("/")
            if target_host in hosts:
                return f'{attribute}="/__site/{target_host}/{rest}"'
        return match.group(0)

    return _LINK.sub(rewrite, html)


def _index(world: World) -> str:
    now = world.clock.now()
    parts = [
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
        f"<title>Simulated world at {_when(now)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>Simulated world</h1><p>Virtual time: <strong>{_when(now)}</strong>",
    ]
    if isinstance(world.clock, VirtualClock):
        steps = " · ".join(
            f'<a href="/__world/advance?by={step}">+{step}</a>' for step in ("1h", "6h", "1d", "1w")
        )
        parts.append(f' — advance: {steps} · <a href="/__world/advance?to=next">next change</a>')
    parts.append("</p>")
    parts.append(_search_form(f"/__site/{world.search_host}/search", None))
    for scenario in world.scenarios:
        truth = ", ".join(
            f"{'✓' if e.at <= now else '…'} {_when(e.at)} → {e.condition}" for e in scenario.events
        )
        parts.append(
            f"<h2>{escape(scenario.title)} <small><code>{escape(scenario.id)}</code></small></h2>"
            f"<p>Mission: {escape(scenario.mission)} (notify {scenario.notify}; "
            f"{_when(scenario.start)} → {_when(scenario.end)})<br>"
            f"Ground truth: {escape(truth) if truth else 'nothing happens'}</p>"
        )
        for site in scenario.sites:
            rows = []
            for page in site.pages:
                view = world.view(site.host, page.path, now)
                outage = page.outage_at(now)
                link = f"/__site/{site.host}{page.path}"
                if view is None:
                    rows.append(
                        f'<tr class="future"><td>{escape(page.path)}</td><td>{escape(page.title)}'
                        f"</td><td>appears {_when(page.timeline[0].at)}</td></tr>"
                    )
                    continue
                state = (
                    f"version {view.index + 1}/{len(page.timeline)} since {_when(view.modified)}"
                )
                if outage is not None:
                    state += (
                        f' <span class="down">down: {outage.status} until {_when(outage.to)}</span>'
                    )
                rows.append(
                    f'<tr><td><a href="{escape(link)}">{escape(page.path)}</a></td>'
                    f"<td>{escape(view.headline)}</td><td>{state}</td></tr>"
                )
            parts.append(
                f'<h3><a href="/__site/{site.host}/">{site.host}</a> <small>{site.kind}</small>'
                f"</h3><table>{''.join(rows)}</table>"
            )
    parts.append("</body></html>\n")
    return "".join(parts)


def _search_form(action: str, query: str | None) -> str:
    options = '<option value="">any time</option>' + "".join(
        f'<option value="{name}">past {name}</option>' for name in TIME_RANGES
    )
    return (
        f'<form method="get" action="{action}"><input type="search" name="q" '
        f'value="{escape(query or "")}" placeholder="Search the simulated web">'
        f'<select name="time_range">{options}</select><button type="submit">Search</button>'
        "</form>"
    )


def search_page_html(query: str | None, page: SearchPage | None) -> str:
    """The search engine's HTML page: the form, and results when there are some."""
    results = ""
    if page is not None:
        items = "".join(
            f'<li><a href="{escape(r["url"])}">{escape(r["title"])}</a><br><small>'
            f"{escape(r['url'])}{' · ' + escape(r['publishedDate']) if r['publishedDate'] else ''}"
            f"</small><p>{escape(r['content'])}</p></li>"
            for r in page.results
        )
        results = f"<p>{page.number_of_results} results</p><ol>{items}</ol>"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>'
        f"{escape(query + ' - ' if query else '')}Sim Search</title><style>{_STYLE}</style>"
        f"</head><body><h1>Sim Search</h1>{_search_form('/search', query)}{results}</body></html>\n"
    )
