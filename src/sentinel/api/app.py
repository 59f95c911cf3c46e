"""The FastAPI application: ``/api/v1`` behind API keys, ``/health`` open, problem details
for every error and the OpenAPI schema at ``/api/v1/openapi.json``."""

from __future__ import annotations

from fastapi import APIRouter, Depends, FastAPI

from sentinel.api.auth import require_api_key
from sentinel.api.chat_turns import configure_chat
from sentinel.api.lifespan import Lifespan
from sentinel.api.limits import ApiLimits, RequestLimits
from sentinel.api.problems import install_problem_handlers
from sentinel.api.research_jobs import ResearchRunner
from sentinel.api.routers import (
    chat,
    health,
    history,
    memories,
    monitors,
    notifications,
    query,
    receipts,
    research,
    tasks,
)
from sentinel.api.state import DEFAULT_RATE_PER_MINUTE, install_api_state
from sentinel.api.ui import install_ui
from sentinel.api.version import sentinel_version
from sentinel.clock import Clock, SystemClock
from sentinel.llm import LanguageModel
from sentinel.storage import Database

API_PREFIX = "/api/v1"


def create_app(
    db: Database,
    *,
    clock: Clock | None = None,
    rate_per_minute: float = DEFAULT_RATE_PER_MINUTE,
    lifespan: Lifespan | None = None,
    open_without_keys: bool = True,
    research_runner: ResearchRunner | None = None,
    chat_model: LanguageModel | None = None,
    max_body_bytes: int | None = None,
) -> FastAPI:
    """The API over ``db``; ``lifespan`` runs around serving (``sentinel serve`` starts the
    engine there). ``open_without_keys`` False requires a key even when none exists (for a
    server listening beyond loopback). Research jobs run with ``research_runner`` (default:
    the configured models over the local index), chat turns with ``chat_model`` (default: the
    assistant role's configured model). Bodies past ``max_body_bytes`` (default
    ``SENTINEL_API_MAX_BODY_BYTES``) are refused before parsing, as is text no database can
    store (``sentinel.api.limits``). The caller owns ``db`` and closes it."""
    app = FastAPI(
        title="Sentinel",
        version=sentinel_version(),
        description="Monitors that watch the web, their runs, states and notifications.",
        openapi_url=f"{API_PREFIX}/openapi.json",
        docs_url=f"{API_PREFIX}/docs",
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
    configure_chat(app.state, chat_model)
    install_problem_handlers(app)
    limit = max_body_bytes if max_body_bytes is not None else ApiLimits().max_body_bytes
    app.add_middleware(RequestLimits, max_body_bytes=limit)
    api = APIRouter(prefix=API_PREFIX, dependencies=[Depends(require_api_key)])
    for module in (
        monitors,
        history,
        notifications,
        query,
        research,
        memories,
        tasks,
        receipts,
        chat,
    ):
        api.include_router(module.router)
    app.include_router(api)
    app.include_router(health.router)
    install_ui(app)
    return app
