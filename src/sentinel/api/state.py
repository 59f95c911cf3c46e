"""What the API's routes share: the database, the clock, the rate limiter, research jobs."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from fastapi import FastAPI, Request

from sentinel.api.lifespan import close_on_shutdown
from sentinel.api.ratelimit import DEFAULT_RATE_PER_MINUTE, RateLimiter
from sentinel.api.research_jobs import ResearchJobs, ResearchRunner, configured_research
from sentinel.clock import Clock
from sentinel.storage import Database

__all__ = ["DEFAULT_RATE_PER_MINUTE", "ApiState", "api_state", "install_api_state"]


@dataclass(slots=True)
class ApiState:
    """The application's shared objects (on ``app.state.sentinel``)."""

    db: Database
    clock: Clock
    limiter: RateLimiter
    research: ResearchJobs
    # False when listening beyond loopback: revoking the last key must not open the API.
    open_without_keys: bool = True
    monotonic: Callable[[], float] = field(default=time.monotonic)


def install_api_state(
    app: FastAPI,
    db: Database,
    clock: Clock,
    *,
    rate_per_minute: float,
    open_without_keys: bool,
    research_runner: ResearchRunner | None,
) -> ApiState:
    """Give ``app`` its ``ApiState``; research jobs run with ``research_runner`` (default: the
    configured models over the local index) and are closed when the app's lifespan ends."""
    jobs = ResearchJobs(research_runner or configured_research, clock, db)
    close_on_shutdown(app, jobs.close)
    state = ApiState(
        db=db,
        clock=clock,
        limiter=RateLimiter(rate_per_minute),
        research=jobs,
        open_without_keys=open_without_keys,
    )
    app.state.sentinel = state
    return state


def api_state(request: Request) -> ApiState:
    """The ``ApiState`` of the app serving ``request``."""
    state = request.app.state.sentinel
    assert isinstance(state, ApiState)
    return state
