"""``sentinel mcp``: Sentinel as an MCP server over stdio, for an assistant on this machine.

The assistant starts it as a subprocess and speaks MCP on its stdin and stdout (so nothing
else may print there: logs go to stderr). It acts for the local user, like the CLI, on the
database of ``SENTINEL_HOME`` / ``SENTINEL_DATABASE_URL``. Monitors it creates run where the
engine runs: ``sentinel serve`` or ``sentinel worker``. ``sentinel serve`` also serves the same
tools over streamable HTTP at ``/mcp``.
"""

from __future__ import annotations

import functools
from typing import Annotated

import typer

from sentinel.api.research_jobs import ResearchRunner, configured_research
from sentinel.cli import common
from sentinel.cli.common import database, run
from sentinel.research import ResearchModels, RunLog, report_payload, run_research


def mcp(
    world: Annotated[
        str | None,
        typer.Option(
            "--world",
            help="run_research inside a simulated world (a scenario file or bundled id) "
            "instead of the local index.",
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
) -> None:
    """Serve Sentinel's tools to an MCP client over stdio."""
    from sentinel.protocols.mcp import installed

    if not installed():
        raise typer.BadParameter(
            "the MCP SDK is not installed: pip install 'sentinel[mcp]'", param_hint="mcp"
        )
    from sentinel.protocols.mcp.backend import McpBackend
    from sentinel.protocols.mcp.server import build_mcp_server

    async def main() -> None:
        async with database() as db:
            backend = McpBackend.local(
                db, common.cli_clock(), research_runner=research_runner(world, research_model)
            )
            try:
                await build_mcp_server(backend).run_stdio_async()
            finally:
                await backend.research.close()

    run(main)


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
