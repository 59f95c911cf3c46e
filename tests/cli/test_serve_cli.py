"""``sentinel serve``: refuses to listen beyond loopback without API keys; serves the API on
loopback (here with --no-worker, on a free port) and shuts down cleanly."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from sentinel.api import create_app
from sentinel.api.binding import check_bind_address, is_loopback
from sentinel.cli import serve as serve_module
from sentinel.cli.serve import build_server, has_active_keys
from sentinel.clock import Clock, SystemClock
from sentinel.errors import ConfigError, InvalidInput
from sentinel.storage import Database, open_database
from sentinel.storage.api_keys import ApiKeyRepository
from sentinel.storage.settings import sqlite_url
from tests.cli.test_watch_cli import home, invoke, sqlite_template

__all__ = ["home", "sqlite_template"]


def test_serving_beyond_loopback_without_keys_is_refused(home: Path) -> None:
    result = invoke("serve", "--host", "0.0.0.0", "--no-worker")
    assert result.exit_code == 2
    assert "0.0.0.0" in result.stderr
    assert "sentinel keys create" in result.stderr


def test_loopback_addresses_are_recognised() -> None:
    assert all(is_loopback(host) for host in ("127.0.0.1", "::1", "[::1]", "localhost"))
    assert not any(is_loopback(host) for host in ("0.0.0.0", "192.168.1.4", "example.com"))


def test_with_a_key_any_address_is_allowed() -> None:
    check_bind_address("0.0.0.0", has_keys=True)
    with pytest.raises(InvalidInput) as refused:
        check_bind_address("::", has_keys=False)
    assert refused.value.field == "host"


async def test_the_server_answers_on_loopback_and_stops(home: Path) -> None:
    db = await open_database(sqlite_url(home / "sentinel.db"), migrate=False)
    try:
        assert not await has_active_keys(db)
        server = build_server(
            db, SystemClock(), host="127.0.0.1", port=0, worker=False, has_keys=False
        )
        serving = asyncio.create_task(server.serve())
        for _ in range(200):
            if server.started:
                break
            await asyncio.sleep(0.02)
        port = server.servers[0].sockets[0].getsockname()[1]
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=5) as client:
            health = await client.get("/health")
            monitors = await client.get("/api/v1/monitors")
        server.should_exit = True
        await asyncio.wait_for(serving, timeout=10)
    finally:
        await db.close()
    assert health.json()["status"] == "ok"
    assert monitors.json() == {"items": [], "next": None}


def test_beyond_loopback_revoking_the_last_key_does_not_open_the_api(home: Path) -> None:
    token = json.loads(invoke("keys", "create", "--json").stdout)["key"]

    async def main() -> tuple[bool, int, int]:
        db = await open_database(sqlite_url(home / "sentinel.db"), migrate=False)
        try:
            keys = await has_active_keys(db)
            server = build_server(
                db, SystemClock(), host="0.0.0.0", port=0, worker=False, has_keys=keys
            )
            async with db.transaction() as tx:
                await ApiKeyRepository(tx.session).revoke(1, now=SystemClock().now())
            app = server.config.app
            assert isinstance(app, FastAPI)
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
                anonymous = await client.get("/api/v1/monitors")
                revoked = await client.get("/api/v1/monitors", headers={"X-API-Key": token})
        finally:
            await db.close()
        return keys, anonymous.status_code, revoked.status_code

    assert asyncio.run(main()) == (True, 401, 401)


class FakeEngine:
    """Stands in for the configured engine: runs until told to stop."""

    owner = "fake-engine"

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.stopped = False

    async def run_forever(self, stop: asyncio.Event) -> None:
        self.started.set()
        await stop.wait()
        self.stopped = True


async def test_the_engine_runs_with_the_server_and_stops_with_it(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = FakeEngine()

    @asynccontextmanager
    async def fake_worker_engine(db: Database, clock: Clock) -> AsyncIterator[FakeEngine]:
        yield engine

    monkeypatch.setattr(serve_module, "worker_engine", fake_worker_engine)
    db = await open_database(sqlite_url(home / "sentinel.db"), migrate=False)
    try:
        app = create_app(db, lifespan=serve_module.engine_lifespan(db, SystemClock()))
        async with app.router.lifespan_context(app):
            await asyncio.wait_for(engine.started.wait(), timeout=5)
            assert not engine.stopped
        assert engine.stopped
    finally:
        await db.close()


def test_serve_names_the_web_ui_and_the_api() -> None:
    open_lines = serve_module.serving_lines("127.0.0.1", 8000, keys_required=False)
    assert open_lines[0] == "Web UI: http://127.0.0.1:8000/ (open to this machine)."
    assert open_lines[1].startswith("API: http://127.0.0.1:8000/api/v1 (no API key")
    [ui, _] = serve_module.serving_lines("::1", 9000, keys_required=True)
    assert ui == "Web UI: http://[::1]:9000/ (sign in with an API key)."


async def test_the_served_app_answers_with_the_web_ui(home: Path) -> None:
    db = await open_database(sqlite_url(home / "sentinel.db"), migrate=False)
    try:
        server = build_server(
            db, SystemClock(), host="127.0.0.1", port=0, worker=False, has_keys=False
        )
        app = server.config.app
        assert isinstance(app, FastAPI)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            page = await client.get("/")
    finally:
        await db.close()
    assert page.status_code == 200
    assert "No monitors yet" in page.text


async def test_the_rate_limit_reaches_the_api(home: Path) -> None:
    db = await open_database(sqlite_url(home / "sentinel.db"), migrate=False)
    try:
        server = build_server(
            db,
            SystemClock(),
            host="127.0.0.1",
            port=0,
            worker=False,
            has_keys=False,
            rate_per_minute=1000,
        )
    finally:
        await db.close()
    app = server.config.app
    assert isinstance(app, FastAPI)
    assert app.state.sentinel.limiter.per_minute == 1000


def test_the_rate_limit_comes_from_the_setting_and_bad_values_are_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SENTINEL_API_RATE_LIMIT", "600")
    assert serve_module.api_rate_limit() == 600
    monkeypatch.setenv("SENTINEL_API_RATE_LIMIT", "-1")
    with pytest.raises(ConfigError, match="SENTINEL_API_RATE_LIMIT"):
        serve_module.api_rate_limit()
    refused = invoke("serve", "--rate-limit", "-5", "--no-worker")
    assert refused.exit_code == 2
    assert "--rate-limit" in refused.output
