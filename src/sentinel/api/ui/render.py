"""Rendering pages: the Jinja2 environment (autoescaping everything), its filters, and the
response headers every page carries (no framing, no inline scripts, the session cookie)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from sentinel.api.ui.access import Viewer, ui_signer
from sentinel.api.ui.session import COOKIE, SESSION_LIFETIME

TEMPLATES = Path(__file__).parent / "templates"
# Scripts only from this server (htmx and the research page's script): page content that
# slipped through escaping still could not run. Inline styles are allowed for the chart.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'"
)


def when(moment: datetime | None, now: datetime | None = None) -> str:
    """A time for people: ``2026-11-22 09:00 UTC``, ``-`` when unknown, ``(due)`` if passed."""
    if moment is None:
        return "-"
    text = moment.strftime("%Y-%m-%d %H:%M UTC")
    return f"{text} (due)" if now is not None and moment <= now else text


def pretty_json(value: Any) -> str:
    """Indented JSON (escaped by the template like any text)."""
    return json.dumps(value, indent=2, ensure_ascii=False, default=str, sort_keys=True)


def short_json(value: Any, limit: int = 120) -> str:
    """One-line JSON, cut to ``limit`` characters."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def channel_label(channel: dict[str, Any]) -> str:
    """A channel for people: its kind and where it goes."""
    target = channel.get("url") or ", ".join(channel.get("to", []))
    return f"{channel.get('kind')} {target}"


environment = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=True,
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
environment.filters |= {
    "when": when,
    "pretty_json": pretty_json,
    "short_json": short_json,
    "channel": channel_label,
}


def secure_headers(response: Response) -> Response:
    """The headers of every UI response."""
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    response.headers["Cache-Control"] = "no-store"
    return response


def with_session(request: Request, response: Response, viewer: Viewer | None) -> Response:
    """Set the session cookie when ``viewer``'s session was just issued."""
    if viewer is not None and viewer.issued:
        response.set_cookie(
            COOKIE,
            ui_signer(request).dump(viewer.session),
            max_age=int(SESSION_LIFETIME.total_seconds()),
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
            path="/",
        )
    return secure_headers(response)


def page(
    request: Request,
    template: str,
    viewer: Viewer | None,
    status_code: int = 200,
    **context: Any,
) -> Response:
    """The rendered ``template`` with ``context`` (plus the viewer and its CSRF token)."""
    html = environment.get_template(template).render(
        viewer=viewer, csrf=viewer.csrf if viewer else "", path=request.url.path, **context
    )
    return with_session(request, HTMLResponse(html, status_code=status_code), viewer)


def redirect(url: str) -> Response:
    """See other: after a post, the browser gets ``url``."""
    return secure_headers(RedirectResponse(url, status_code=303))
