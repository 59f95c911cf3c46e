"""The FastAPI application: ``/api/v1`` behind API keys, ``/health`` open, problem details
for every error and the OpenAPI schema at ``/api/v1/openapi.json``."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

from fastapi import APIRouter, Depends, FastAPI

from sentinel.api.auth import require_api_key
from sentinel.api.problems import install_problem_handlers
from sentinel.api.ratelimit import RateLimiter
from sentinel.api.routers import health, history, monitors, query
from sentinel.api.state import DEFAULT_RATE_PER_MINUTE, ApiState
from sentinel.api.version import sentinel_version
from sentinel.clock import Clock, SystemClock
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
) -> FastAPI:
    """The API over ``db``; ``lifespan`` runs around serving (``sentinel serve`` starts the
        engine there). ``open_without_keys`` False requires a key even when none exists (for a
    server listening beyond loopback). The caller owns ``db`` and closes it."""

    @asynccontextmanager
    async def run(app: FastAPI) -> AsyncIterator[None]:
        if lifespan is None:
            yield
            return
        async with lifespan(app):
            yield

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
        clock=clock or SystemClock(),
        limiter=RateLimiter(rate_per_minute),
        open_without_keys=open_without_keys,
    )
    install_problem_handlers(app)
    api = APIRouter(prefix=API_PREFIX, dependencies=[Depends(require_api_key)])
    for module in (monitors, history, query):
        api.include_router(module.router)
    app.include_router(api)
    app.include_router(health.router)
    return app
