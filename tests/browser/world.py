"""The server the browser tests drive: the real app on loopback (see :mod:`tests.served_world`:
its engine runs monitors in a simulated world with the demo's scripted sensor, research runs
in another simulated world with the extractive model), with webhooks caught in memory."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from sentinel.api import create_app
from sentinel.clock import VirtualClock
from sentinel.llm import LanguageModel, ScriptedModel
from sentinel.storage import Database
from tests.loopback import running
from tests.served_world import MOMENTS, engine_lifespan, research

HOOK = "https://hooks.example/sentinel"
OWNER = "browser-test"


@dataclass
class Inbox:
    """Webhook posts, caught by an in-memory transport."""

    received: list[dict[str, Any]] = field(default_factory=list)

    def handle(self, request: httpx.Request) -> httpx.Response:
        self.received.append(json.loads(request.content))
        return httpx.Response(204)


@dataclass
class Served:
    """The running server: its address, the world's clock and the webhook inbox."""

    url: str
    world_clock: VirtualClock
    inbox: Inbox
    db: Database


@asynccontextmanager
async def serve(db: Database, *, chat_model: LanguageModel | None = None) -> AsyncIterator[Served]:
    """The app with its engine on a free loopback port, stopped afterwards; its chat runs on
    ``chat_model`` (default: the scripted model answering every step with example values)."""
    clock = VirtualClock(MOMENTS[0])
    inbox = Inbox()
    async with httpx.AsyncClient(transport=httpx.MockTransport(inbox.handle)) as hooks:
        app = create_app(
            db,
            lifespan=engine_lifespan(db, clock, owner=OWNER, client=hooks),
            research_runner=research,
            chat_model=chat_model or ScriptedModel.filling(),
        )
        async with running(app) as url:
            yield Served(url, clock, inbox, db)


def artifacts_dir() -> Path:
    """Where the browser tests leave their screenshots (ignored by git)."""
    folder = Path(__file__).resolve().parents[2] / "artifacts" / "browser"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
