"""What the API's routes share: the database, the clock, the rate limiter, research jobs."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from fastapi import Request

from sentinel.api.ratelimit import RateLimiter
from sentinel.api.research_jobs import ResearchJobs
from sentinel.clock import Clock
from sentinel.storage import Database

DEFAULT_RATE_PER_MINUTE = 60.0


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


def api_state(request: Request) -> ApiState:
    """The ``ApiState`` of the app serving ``request``."""
    state = request.app.state.sentinel
    assert isinstance(state, ApiState)
    return state
