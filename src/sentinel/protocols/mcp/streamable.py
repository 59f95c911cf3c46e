"""MCP over streamable HTTP at ``/mcp`` of the API app, behind the API's keys.

The endpoint is guarded by ``sentinel.api.auth.require_api_key`` itself: once a key exists a
request needs ``Authorization: Bearer <key>`` (or ``X-API-Key``), each key draws from the
API's rate limit, and the key's owner is whose memories the tools see. The SDK's session
manager runs inside the app's lifespan, around the API's own (engine, research jobs).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp
from mcp.server.transport_security import TransportSecuritySettings
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from sentinel.api.auth import require_api_key
from sentinel.api.binding import is_loopback
from sentinel.api.limits import mark_jsonrpc
from sentinel.api.problems import problem_response
from sentinel.protocols.mcp import MCP_PATH
from sentinel.protocols.mcp.backend import McpBackend
from sentinel.protocols.mcp.server import build_mcp_server

# DNS rebinding: a page in the user's browser must not reach a loopback server through a
# hostile name, so on loopback only loopback names (and origins) are let in.
LOOPBACK_SECURITY = TransportSecuritySettings(
    enable_dns_rebinding_protection=True,
    allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
    allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
)


class ApiKeyGuard:
    """ASGI middleware: the API's key check and rate limit before the MCP endpoint."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            try:
                # Records the key's owner on the request's state, which the SDK's own
                # Request over this scope (and so a tool) reads back.
                await require_api_key(Request(scope))
            except HTTPException as refused:
                headers = dict(refused.headers) if refused.headers else None
                response = problem_response(
                    refused.status_code, str(refused.detail), headers=headers
                )
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def mount(app: FastAPI, *, host: str) -> None:
    """Serve Sentinel's MCP server at ``/mcp`` of ``app`` (made by ``create_app``), for a
    server listening on ``host``."""
    server = build_mcp_server(McpBackend.of_app(app))
    security = LOOPBACK_SECURITY if is_loopback(host) else None
    # Builds the SDK's session manager; the Starlette app it returns is not used: the
    # endpoint is a route of the API app, under its lifespan and its keys.
    server.streamable_http_app(
        streamable_http_path=MCP_PATH, transport_security=security, host=host
    )
    manager = server.session_manager
    endpoint = ApiKeyGuard(StreamableHTTPASGIApp(manager))
    # First, so that no catch-all route of the web UI can shadow it.
    app.router.routes.insert(0, Route(MCP_PATH, endpoint=endpoint))
    mark_jsonrpc(app, MCP_PATH)
    serving = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[Any]:
        async with serving(app) as state, manager.run():
            yield state

    app.router.lifespan_context = lifespan
