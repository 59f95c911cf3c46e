"""``sentinel mcp``: Sentinel as an MCP server over stdio, for an assistant on this machine.

The assistant starts it as a subprocess and speaks MCP on its stdin and stdout (so nothing
else may print there: logs go to stderr). It acts for the local user, like the CLI, on the
database of ``SENTINEL_HOME`` / ``SENTINEL_DATABASE_URL``. Monitors it creates run where the
engine runs: ``sentinel serve``, ``sentinel worker``, or this process with ``--worker`` (for as
long as the assistant keeps it running; several engines share the work through leases).
``sentinel serve`` also serves the same tools over streamable HTTP at ``/mcp``.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated

import typer

from sentinel.api.research_jobs import ResearchRunner, configured_research
from sentinel.cli import common
from sentinel.cli.common import database, run, stderr, worker_engine
from sentinel.cli.options import given_as
from sentinel.clock import Clock
from sentinel.engine.temporal.settings import engine_settings
from sentinel.errors import InvalidInput
from sentinel.research import ResearchModels, RunLog, report_payload, run_research
from sentinel.storage import Database

log = logging.getLogger(__name__)


def mcp(
    ctx: typer.Context,
    world: Annotated[
        str | None,
        typer.Option(
            "--world",
            help="Research inside a simulated world (a scenario file or bundled id) instead "
            "of the local index.",
        ),
    ] = None,
    research_model: Annotated[
        str | None,
        typer.Option(
            "--research-model",
            envvar="SENTINEL_RESEARCH_MODEL",
            help="One model for every research node: local:NAME, openai:MODEL, scripted or "
            "extractive (default: SENTINEL_LLM with its per-role settings).",
        ),
    ] = None,
    worker: Annotated[
        bool,
        typer.Option(
            "--worker", help="Also run the engine here: monitors run while this server runs."
        ),
    ] = False,
) -> None:
    """Serve Sentinel's tools to an MCP client over stdio."""
    from sentinel.protocols.mcp import installed

    if not installed():
        raise typer.BadParameter(
            "the MCP SDK is not installed: pip install 'sentinel[mcp]'", param_hint="mcp"
        )
    check_research_model(ctx, research_model)
    if worker and engine_settings().engine != "embedded":
        raise typer.BadParameter(
            "under Temporal, monitors run in `sentinel worker --engine temporal`",
            param_hint="--worker",
        )
    from sentinel.protocols.mcp.backend import McpBackend
    from sentinel.protocols.mcp.server import build_mcp_server

    async def main() -> None:
        clock = common.cli_clock()
        async with database() as db:
            backend = McpBackend.local(
                db, clock, research_runner=research_runner(world, research_model)
            )
            try:
                async with engine_running(db, clock, enabled=worker):
                    await build_mcp_server(backend).run_stdio_async()
            finally:
                await backend.research.close()

    run(main)


def check_research_model(ctx: typer.Context, model: str | None) -> None:
    """Refuse a bad ``--research-model`` now, naming it, rather than on every research call
    (whose MCP client has no such option to change)."""
    if model is None:
        return
    try:
        ResearchModels.configured(model)
    except InvalidInput as error:
        name = given_as(ctx, "research_model", "--research-model", "SENTINEL_RESEARCH_MODEL")
        raise typer.BadParameter(f"{model!r}: {error.problem}", param_hint=name) from None


def research_runner(world: str | None, model: str | None) -> ResearchRunner:
    """How ``run_research`` researches: in the simulated ``world`` when given, else over the
    local index; with ``model`` on every node when given, else the configured models."""
    if world is None:
        return functools.partial(configured_research, model=model)

    async def in_world(question: str, log: RunLog) -> dict[str, object]:
        from sentinel.cli.research import world_tools

        async with world_tools(world) as tools:
            result = await run_research(question, tools, ResearchModels.configured(model), log=log)
        return report_payload(result)

    return in_world


@asynccontextmanager
async def engine_running(db: Database, clock: Clock, *, enabled: bool) -> AsyncIterator[None]:
    """The configured engine running in this process while the block runs (when ``enabled``),
    stopped gracefully after: runs in progress finish."""
    if not enabled:
        yield
        return
    stop = asyncio.Event()
    async with worker_engine(db, clock) as engine:
        task = asyncio.create_task(engine.run_forever(stop), name="sentinel-engine")
        task.add_done_callback(_report_engine_end)
        stderr.print(f"Engine {engine.owner} running in this process.", markup=False)
        try:
            yield
        finally:
            stop.set()
            await asyncio.gather(task, return_exceptions=True)


def _report_engine_end(task: asyncio.Task[None]) -> None:
    # The tools keep answering if the engine dies; the operator must hear about it.
    if not task.cancelled() and task.exception() is not None:
        log.error("the engine stopped: %r", task.exception(), exc_info=task.exception())
