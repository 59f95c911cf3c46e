"""``sentinel serve``: the web UI (``/``), the HTTP API (``/api/v1``), MCP (``/mcp``, with
the ``mcp`` extra), the A2A agent (``/a2a``, with the ``a2a`` extra) and, unless
``--no-worker``, the engine in the same process.

Without any API key the server listens on loopback only, open to local callers; binding
another address is refused until ``sentinel keys create`` made a key. The engine starts with
the server and, on shutdown (Ctrl-C), stops claiming and lets runs in progress finish.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import typer
import uvicorn
from fastapi import FastAPI
from pydantic import ValidationError

from sentinel.api import create_app
from sentinel.api.binding import check_bind_address, is_loopback
from sentinel.api.lifespan import Lifespan
from sentinel.api.ratelimit import DEFAULT_RATE_PER_MINUTE, ApiSettings
from sentinel.cli import common
from sentinel.cli.common import database, run, stdout, worker_engine
from sentinel.cli.worker import background_pruning
from sentinel.clock import Clock
from sentinel.engine.temporal.settings import engine_settings
from sentinel.errors import ConfigError
from sentinel.protocols.a2a import a2a_available, agent_base_url, mount_a2a
from sentinel.protocols.mcp import installed as mcp_installed
from sentinel.protocols.mcp import mcp_url, mount_mcp
from sentinel.storage import Database
from sentinel.storage.api_keys import ApiKeyRepository

log = logging.getLogger(__name__)


def engine_lifespan(db: Database, clock: Clock) -> Lifespan:
    """Run the configured engine while the server runs; stop it gracefully afterwards."""

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        stop = asyncio.Event()
        async with worker_engine(db, clock) as engine:
            task = asyncio.create_task(engine.run_forever(stop), name="sentinel-engine")
            task.add_done_callback(_report_engine_end)
            pruning = asyncio.create_task(background_pruning(engine, stop))
            stdout.print(f"Engine {engine.owner} running in this process.")
            try:
                yield
            finally:
                stop.set()
                await asyncio.gather(task, pruning, return_exceptions=True)

    return lifespan


def _report_engine_end(task: asyncio.Task[None]) -> None:
    # The API keeps serving if the engine dies; the operator must hear about it.
    if not task.cancelled() and task.exception() is not None:
        log.error("the engine stopped: %r", task.exception(), exc_info=task.exception())


async def has_active_keys(db: Database) -> bool:
    """Whether at least one API key is unrevoked."""
    async with db.transaction() as tx:
        return await ApiKeyRepository(tx.session).any_active()


def build_server(
    db: Database,
    clock: Clock,
    *,
    host: str,
    port: int,
    worker: bool,
    has_keys: bool,
    rate_per_minute: float = DEFAULT_RATE_PER_MINUTE,
) -> uvicorn.Server:
    """The uvicorn server of the API on ``host:port`` (refused beyond loopback without keys),
    each caller limited to ``rate_per_minute`` requests (0: no limit)."""
    check_bind_address(host, has_keys=has_keys)
    app = create_app(
        db,
        clock=clock,
        rate_per_minute=rate_per_minute,
        lifespan=engine_lifespan(db, clock) if worker else None,
        open_without_keys=is_loopback(host),
    )
    if mcp_installed():  # MCP (streamable HTTP) at /mcp, behind the same keys
        mount_mcp(app, host=host)
    mount_a2a(app)  # the A2A agent (card and /a2a), with the `a2a` extra
    config = uvicorn.Config(app, host=host, port=port, log_level="info", lifespan="on")
    return uvicorn.Server(config)


def api_rate_limit() -> float:
    """``SENTINEL_API_RATE_LIMIT``, or a ``ConfigError`` naming the bad value."""
    try:
        return ApiSettings().rate_limit
    except ValidationError as exc:
        raise ConfigError(f"SENTINEL_API_RATE_LIMIT: {exc.errors()[0]['msg']}") from None


def serving_lines(host: str, port: int, *, keys_required: bool) -> list[str]:
    """What ``serve`` says it serves: the web UI's and the API's addresses, and who may use
    them."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    base = f"http://{shown}:{port}"
    if keys_required:
        access = ("API keys required", "sign in with an API key")
    else:
        access = ("no API key: open to this machine", "open to this machine")
    return [
        f"Web UI: {base}/ ({access[1]}).",
        f"API: {base}/api/v1 ({access[0]}; OpenAPI at {base}/api/v1/openapi.json).",
    ]


def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (beyond loopback: keys)."),
    port: int = typer.Option(8000, min=0, max=65535, help="Port to listen on."),
    no_worker: bool = typer.Option(
        False, "--no-worker", help="Serve the API only; run `sentinel worker` separately."
    ),
    rate_limit: float | None = typer.Option(
        None,
        "--rate-limit",
        min=0,
        help="API requests a minute per caller; 0: no limit (default: SENTINEL_API_RATE_LIMIT).",
    ),
) -> None:
    """Serve the HTTP API (and run monitors unless --no-worker)."""
    with common.reported_errors():
        per_minute = rate_limit if rate_limit is not None else api_rate_limit()

    async def main() -> None:
        clock = common.cli_clock()
        async with database() as db:
            keys = await has_active_keys(db)
            # Under Temporal the monitors run in `sentinel worker --engine temporal` processes.
            embedded = engine_settings().engine == "embedded"
            server = build_server(
                db,
                clock,
                host=host,
                port=port,
                worker=embedded and not no_worker,
                has_keys=keys,
                rate_per_minute=per_minute,
            )
            required = keys or not is_loopback(host)
            for line in serving_lines(host, port, keys_required=required):
                stdout.print(line, soft_wrap=True, markup=False)
            if mcp_installed():
                stdout.print(f"MCP: {mcp_url(host, port)} (streamable HTTP).", markup=False)
            if a2a_available():
                base = agent_base_url(host, port)
                card = f"{base}/.well-known/agent-card.json"
                stdout.print(f"A2A: {base}/a2a (agent card: {card}).", soft_wrap=True, markup=False)
            await server.serve()

    run(main)
