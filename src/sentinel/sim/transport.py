"""An httpx transport into the simulated world, without sockets.

Requests go straight into the world's ASGI app (which dispatches on the URL's host), so a client
reaches ``http://news.example/…`` as if over the network. Unlike ``httpx.ASGITransport`` alone,
it enforces the request's read timeout, so held responses (``timeout`` outages) and ``slow``
pages raise ``httpx.ReadTimeout`` exactly as a real server would make them.
"""

from __future__ import annotations

import asyncio

import httpx

from sentinel.sim.app import WorldApp

__all__ = ["WorldTransport"]


class WorldTransport(httpx.AsyncBaseTransport):
    """Routes every request into a :class:`~sentinel.sim.app.WorldApp`, honouring timeouts."""

    def __init__(self, app: WorldApp) -> None:
        self._asgi = httpx.ASGITransport(app=app, client=("127.0.0.1", 50000))

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        """Send one request into the world."""
        timeout = request.extensions.get("timeout", {}).get("read")
        if timeout is None:
            return await self._asgi.handle_async_request(request)
        try:
            return await asyncio.wait_for(self._asgi.handle_async_request(request), timeout)
        except TimeoutError:
            raise httpx.ReadTimeout(
                f"the simulated world did not answer {request.url} within {timeout}s",
                request=request,
            ) from None

    async def aclose(self) -> None:
        """Nothing to release: there are no connections."""
        await self._asgi.aclose()
