"""The FastAPI application: ``/api/v1`` behind API keys, ``/health`` open, problem details
for every error and the OpenAPI schema at ``/api/v1/openapi.json``."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

from fastapi import APIRouter, Depends, FastAPI

from sentinel.api.auth import require_api_key
from sentinel.api.chat_turns import configure_chat
from sentinel.api.problems import install_problem_handlers
from sentinel.api.ratelimit import RateLimiter
from sentinel.api.research_jobs import ResearchJobs, ResearchRunner, configured_research
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
from sentinel.api.state import DEFAULT_RATE_PER_MINUTE, ApiState
from sentinel.api.ui import install_ui
from sentinel.api.version import sentinel_version
from sentinel.clock import Clock, SystemClock
from sentinel.llm import LanguageModel
from sentinel.storage import Database

API_PREFIX = "/api/v1"
Lifespan = Callable[[FastAPI], AbstractAsyncContextManager[None]]


def create_app(
    db: Database,
    *,
    clock: Clock | None = None,
    rate_per_minute: float = DEFAULT_RATE_PER_MINUTE,
    lifespan: Lifespan | None = None,
    open_without_keys: bool = True,
    research_runner: ResearchRunner | None = None,
    chat_model: LanguageModel | None = None,
) -> FastAPI:
    """The API over ``db``; ``lifespan`` runs around serving (``sentinel serve`` starts the
    engine there). ``open_without_keys`` False requires a key even when none exists (for a
    server listening beyond loopback). Research jobs run with ``research_runner`` (default:
    the configured models over the local index), chat turns with ``chat_model`` (default: the
    assistant role's configured model). The caller owns ``db`` and closes it."""
    clock = clock or SystemClock()
    jobs = ResearchJobs(research_runner or configured_research, clock)

    @asynccontextmanager
    async def run(app: FastAPI) -> AsyncIterator[None]:
        try:
            if lifespan is None:
                yield
            else:
                async with lifespan(app):
                    yield
        finally:
            await jobs.close()

    app = FastAPI(
        title="Sentinel",
        version=sentinel_version(),
        description="Monitors that watch the web, their runs, states and notifications.",
        openapi_url=f"{API_PREFIX}/openapi.json",
        docs_url=f"{API_PREFIX}/docs",
        redoc_url=None,
        lifespan=run,
    )
    app.state.sentinel = ApiState(
        db=db,
        clock=clock,
        limiter=RateLimiter(rate_per_minute),
        research=jobs,
        open_without_keys=open_without_keys,
    )
    configure_chat(app.state, chat_model)
    install_problem_handlers(app)
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
