"""The lifespan of Sentinel's apps: what runs around serving, and what closes after it.

``create_app`` and ``create_a2a_app`` take a ``Lifespan`` (``sentinel serve`` starts the
engine in it); what an app holds open — research jobs, the A2A agent's tasks — is closed with
:func:`close_on_shutdown` once that lifespan has ended, even when it failed.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from fastapi import FastAPI

Lifespan = Callable[[FastAPI], AbstractAsyncContextManager[None]]


def close_on_shutdown(app: FastAPI, close: Callable[[], Awaitable[None]]) -> None:
    """Await ``close`` when ``app``'s lifespan (as it is now) has ended, failed or not.

    Closers run in the order they were registered: the app's research jobs first, then what
    was mounted on it afterwards (the A2A agent)."""
    serving = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(served: Any) -> AsyncIterator[Any]:
        try:
            async with serving(served) as state:
                yield state
        finally:
            await close()

    app.router.lifespan_context = lifespan
