"""An app served in process, as a server runs it: inside its lifespan.

A test that spoke to an app over ``httpx.ASGITransport`` alone never ran its lifespan, so
what the app holds open (research jobs, the A2A agent's tasks) outlived the test and could
write to a database its fixture had already closed. :func:`asgi_client` closes them first.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
from fastapi import FastAPI

__all__ = ["asgi_client"]


@asynccontextmanager
async def asgi_client(app: FastAPI, **options: Any) -> AsyncIterator[httpx.AsyncClient]:
    """A client of ``app`` over ASGI, inside the app's lifespan; ``options`` go to the
    client (headers, for one)."""
    transport = httpx.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://testserver", **options) as client,
    ):
        yield client
