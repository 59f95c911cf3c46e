"""close_on_shutdown: what an app holds open is closed after its lifespan, even a failed one."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import pytest
from fastapi import FastAPI

from sentinel.api.lifespan import close_on_shutdown


def recorder(events: list[str], name: str) -> Callable[[], Awaitable[None]]:
    async def close() -> None:
        events.append(f"close {name}")

    return close


def app_with_lifespan(events: list[str], *, fail: bool = False) -> FastAPI:
    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        events.append("start")
        yield
        if fail:
            raise RuntimeError("the engine failed")
        events.append("stop")

    return FastAPI(lifespan=lifespan)


async def test_closers_run_after_the_lifespan_in_the_order_registered() -> None:
    events: list[str] = []
    app = app_with_lifespan(events)
    close_on_shutdown(app, recorder(events, "jobs"))
    close_on_shutdown(app, recorder(events, "agent"))
    async with app.router.lifespan_context(app):
        events.append("serving")
    assert events == ["start", "serving", "stop", "close jobs", "close agent"]


async def test_closers_run_when_the_lifespan_fails() -> None:
    events: list[str] = []
    app = app_with_lifespan(events, fail=True)
    close_on_shutdown(app, recorder(events, "jobs"))
    with pytest.raises(RuntimeError, match="the engine failed"):
        async with app.router.lifespan_context(app):
            pass
    assert events == ["start", "close jobs"]


async def test_an_app_without_a_lifespan_still_closes() -> None:
    events: list[str] = []
    app = FastAPI()
    close_on_shutdown(app, recorder(events, "jobs"))
    async with app.router.lifespan_context(app):
        assert events == []
    assert events == ["close jobs"]
