"""Sentinel's web UI: server-rendered pages (Jinja2, htmx) over the API's state.

``install_ui(app)`` adds the dashboard (``/``), the create form (``/monitors/new``), each
monitor's page, the research page (``/research``), the memories page (``/memories``), the
chat page (``/chat``, streaming from ``/chat/stream``), the login page and ``/static``.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from sentinel.api.ui import chat_page, create, login, memory_pages, pages, research_pages
from sentinel.api.ui.session import Signer

STATIC = Path(__file__).parent / "static"


def install_ui(app: FastAPI, *, secret: bytes | None = None) -> None:
    """Add the UI's pages and static files to ``app`` (sessions signed under ``secret``,
    random by default: a restart signs everyone out)."""
    app.state.sentinel_ui_signer = Signer(secret)
    for module in (login, create, pages, research_pages, memory_pages, chat_page):
        app.include_router(module.router)
    app.include_router(chat_page.stream_router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")


__all__ = ["install_ui"]
