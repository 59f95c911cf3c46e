"""The A2A server's routes on a FastAPI app: the agent card and the JSON-RPC endpoint.

``install_a2a(app)`` adds them to an app carrying Sentinel's ``ApiState`` (``create_app``'s,
or the one ``create_a2a_app`` builds for ``sentinel a2a serve``): the card at both
well-known paths (public), JSON-RPC 2.0 at ``/a2a`` (protocol 1.0 method names, and the 0.3
names such as ``message/stream`` through the SDK's compatibility layer), SSE for streaming.
The JSON-RPC endpoint is guarded like ``/api/v1``: once an API key exists, a request without
a valid one is refused with 401 before the SDK sees it, and tasks belong to the key's owner
(another owner's task is "not found").
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import httpx
from a2a.auth.user import User
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.request_handlers.response_helpers import agent_card_to_dict
from a2a.server.routes import DefaultServerCallContextBuilder, create_jsonrpc_routes
from a2a.server.tasks import BasePushNotificationSender
from fastapi import FastAPI, HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from sentinel.api.auth import require_api_key
from sentinel.api.lifespan import Lifespan, close_on_shutdown
from sentinel.api.limits import mark_jsonrpc
from sentinel.api.research_jobs import ResearchRunner
from sentinel.api.routers import health
from sentinel.api.state import DEFAULT_RATE_PER_MINUTE, ApiState, install_api_state
from sentinel.api.version import sentinel_version
from sentinel.assistant.chat.deps import ChatDeps
from sentinel.clock import Clock, SystemClock
from sentinel.errors import bounded_problem
from sentinel.protocols.a2a.card import CARD_PATHS, RPC_PATH, agent_card
from sentinel.protocols.a2a.executor import SentinelAgentExecutor
from sentinel.protocols.a2a.push import MonitorPushConfigs, quiet_expected_push_failures
from sentinel.protocols.a2a.tasks import SentinelTaskStore
from sentinel.research.runlog import RunLog
from sentinel.storage import Database
from sentinel.web.outbound import guarded_client

PARSE_ERROR = -32700


@dataclass
class A2AService:
    """What the A2A routes hold open: the SDK's request handler and the push HTTP client."""

    handler: DefaultRequestHandler
    push_client: httpx.AsyncClient
    push: MonitorPushConfigs

    async def aclose(self) -> None:
        """Stop running tasks and close the push client (the server is stopping)."""
        await self.handler.aclose()
        await self.push_client.aclose()


def install_a2a(app: FastAPI, *, chat_deps: ChatDeps | None = None) -> A2AService:
    """Add the agent card and the JSON-RPC endpoint to ``app`` (its ``ApiState`` gives the
    database, clock and research runner); the caller closes the returned service. Chat turns
    use ``chat_deps``, by default the configured assistant's, opened at the first turn."""
    state: ApiState = app.state.sentinel
    push = MonitorPushConfigs(state.db, state.clock)
    # The SDK's own pushes (task updates) connect only where the outbound guard allows; one
    # that fails is logged in one line.
    push_client = guarded_client(timeout_s=10.0)
    quiet_expected_push_failures()
    runner = state.research.runner

    def chat() -> ChatDeps:
        if chat_deps is not None:
            return chat_deps
        return ChatDeps.open(state.db, clock=state.clock, research=chat_research(runner))

    executor = SentinelAgentExecutor(state.db, state.clock, runner, push, chat)
    handler = DefaultRequestHandler(
        agent_executor=executor,
        task_store=SentinelTaskStore(state.db),
        agent_card=agent_card("http://localhost"),
        push_config_store=push,
        push_sender=BasePushNotificationSender(push_client, push),
    )
    routes = create_jsonrpc_routes(
        handler, rpc_url=RPC_PATH, context_builder=OwnerContext(), enable_v0_3_compat=True
    )
    guarded = [Route(route.path, _guarded(route), methods=["POST"]) for route in routes]
    cards = [Route(path, _serve_card, methods=["GET"]) for path in CARD_PATHS]
    # First, so no UI route pattern can shadow them.
    app.router.routes[:0] = [*cards, *guarded]
    mark_jsonrpc(app, RPC_PATH)
    return A2AService(handler, push_client, push)


class KeyOwner(User):
    """The caller as the SDK sees it: the owner of the API key it presented."""

    def __init__(self, owner: str | None) -> None:
        self.owner = owner

    @property
    def is_authenticated(self) -> bool:
        """Whether a valid key was presented."""
        return self.owner is not None

    @property
    def user_name(self) -> str:
        """The key's owner; empty for the open (keyless) loopback server."""
        return self.owner or ""


class OwnerContext(DefaultServerCallContextBuilder):
    """Call contexts whose user is the API key's owner: tasks and push configs are kept per
    owner, so one key's caller cannot read or cancel another's tasks."""

    def build_user(self, request: Request) -> User:
        """The owner ``require_api_key`` recorded for this request, if any."""
        return KeyOwner(getattr(request.state, "sentinel_owner", None))


def create_a2a_app(
    db: Database,
    *,
    clock: Clock | None = None,
    research_runner: ResearchRunner | None = None,
    open_without_keys: bool = True,
    rate_per_minute: float = DEFAULT_RATE_PER_MINUTE,
    lifespan: Lifespan | None = None,
    chat_deps: ChatDeps | None = None,
) -> FastAPI:
    """An app serving only the A2A agent (and ``/health``), for ``sentinel a2a serve``."""
    app = FastAPI(
        title="Sentinel A2A agent",
        version=sentinel_version(),
        openapi_url=None,
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    install_api_state(
        app,
        db,
        clock or SystemClock(),
        rate_per_minute=rate_per_minute,
        open_without_keys=open_without_keys,
        research_runner=research_runner,
    )
    app.include_router(health.router)
    close_on_shutdown(app, install_a2a(app, chat_deps=chat_deps).aclose)
    return app


def chat_research(runner: ResearchRunner) -> Callable[[str], Awaitable[dict[str, Any]]]:
    """The chat's RESEARCH action on the server's research runner (as API jobs run it)."""

    async def research(question: str) -> dict[str, Any]:
        return await runner(question, RunLog())

    return research


async def _serve_card(request: Request) -> Response:
    """The agent card, addressed at the host and port the caller reached."""
    return JSONResponse(agent_card_to_dict(agent_card(str(request.base_url))))


def _guarded(route: Route) -> Callable[[Request], Awaitable[Response]]:
    endpoint = route.endpoint

    async def guarded(request: Request) -> Response:
        """The SDK's JSON-RPC endpoint behind Sentinel's API keys and rate limits."""
        try:
            await require_api_key(request)
        except HTTPException as exc:
            return JSONResponse(
                {"error": exc.detail, "status": exc.status_code},
                status_code=exc.status_code,
                headers=exc.headers,
            )
        try:
            body = json.loads(await request.body())
        except ValueError as exc:
            # The SDK answers invalid JSON with a parse error, but bytes that are not text
            # at all (UnicodeDecodeError) with an internal error: answer both here.
            return JSONResponse(
                {"jsonrpc": "2.0", "id": None, "error": {"code": PARSE_ERROR, "message": str(exc)}}
            )
        if mismatch := _legacy_method_of_another_version(request, body):
            return mismatch
        response: Response = await endpoint(request)
        return _without_internals(response, body)

    return guarded


INTERNAL_ERROR = -32603
INTERNAL_MESSAGE = "internal error; the server's log has the details"


def _without_internals(response: Response, sent: Any) -> Response:
    """A JSON-RPC error answer that echoes at most 200 characters of what was ``sent``, and
    an internal error's answer with a fixed message: the SDK answers an unexpected exception
    with its text, which can hold file paths and whatever value caused it."""
    if not isinstance(response, JSONResponse):
        return response  # a stream: Sentinel's own work fails tasks with safe messages
    try:
        document = json.loads(bytes(response.body))
    except ValueError:
        return response
    error = document.get("error") if isinstance(document, dict) else None
    if not isinstance(error, dict):
        return response
    if error.get("code") == INTERNAL_ERROR:
        safe = {"code": INTERNAL_ERROR, "message": INTERNAL_MESSAGE}
    else:
        safe = {**error, "message": bounded_problem(str(error.get("message", "")), sent)}
        safe.pop("data", None)  # the SDK's details repeat the message
    return JSONResponse({**document, "error": safe}, status_code=response.status_code)


LEGACY_METHODS = frozenset(
    {
        "message/send",
        "message/stream",
        "tasks/get",
        "tasks/cancel",
        "tasks/resubscribe",
        "tasks/pushNotificationConfig/set",
        "tasks/pushNotificationConfig/get",
        "tasks/pushNotificationConfig/list",
        "tasks/pushNotificationConfig/delete",
        "agent/getAuthenticatedExtendedCard",
    }
)
"""A2A v0.3's method names, which the SDK serves to v0.3 clients only."""
VERSION_NOT_SUPPORTED = -32009
"""A2A 1.0's JSON-RPC code for a version the server does not serve this way."""


def _legacy_method_of_another_version(request: Request, body: Any) -> Response | None:
    """A v0.3 method asked for under another ``A2A-Version`` gets A2A's "version not
    supported" error, naming both (the SDK's v0.3 adapter answered it as an internal error)."""
    version = request.headers.get("A2A-Version", "").strip()
    if not version or version.startswith("0.3") or not isinstance(body, dict):
        return None
    method = body.get("method")
    if method not in LEGACY_METHODS:
        return None
    request_id = body.get("id")
    problem = (
        f"{method!r} is an A2A 0.3 method; this request says A2A-Version {version!r}: "
        "send it without that header, or use the version's own method name"
    )
    return JSONResponse(
        {
            "jsonrpc": "2.0",
            "id": request_id if isinstance(request_id, str | int) else None,
            "error": {"code": VERSION_NOT_SUPPORTED, "message": problem},
        }
    )


__all__ = ["A2AService", "create_a2a_app", "install_a2a"]
