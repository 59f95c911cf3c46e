"""``sentinel research "question"``: a validated, cited FinalReport on stdout.

Logs and progress go to stderr, so stdout is the report alone (JSON by default, Markdown with
``--format md``). Offline by default: the local index (``--index DIR``) and the embedded model;
``--world`` researches inside a simulated world instead (its search engine and pages at a
virtual time, through the SearXNG adapter and the fetcher on the world's in-process transport).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from sentinel.cli.options import given_as
from sentinel.clock import VirtualClock
from sentinel.errors import ConfigError, InvalidInput, SentinelError
from sentinel.protocols.a2a import a2a_available
from sentinel.research import (
    EmptyIndexError,
    ResearchModels,
    ResearchResult,
    ResearchSettings,
    ResearchTools,
    RunLog,
    deliver_report,
    report_markdown,
    report_payload,
    run_research,
)
from sentinel.research.delivery import vet_webhook_url
from sentinel.research.render import plural, sources_line
from sentinel.research.runlog import Event, describe_event
from sentinel.web.search.registry import get_search_provider


class OutputFormat(StrEnum):
    """How the report is printed."""

    json = "json"
    md = "md"


EXIT_FAILURE = 1
EXIT_BAD_INPUT = 2  # as every sentinel command: the input or the configuration was at fault
SOURCES_HINT = (
    "pass --index DIR with documents, --world SCENARIO for a simulated world, "
    "or --search searxng|brave|tavily|google_cse for a web search provider"
)


def research(
    ctx: typer.Context,
    question: Annotated[str, typer.Argument(help="The research question.")],
    max_iters: Annotated[
        int, typer.Option("--max-iters", min=1, max=20, help="Searches before a forced finish.")
    ] = 3,
    search: Annotated[
        str | None,
        typer.Option(
            "--search",
            help="Search provider: local (default), searxng, brave, tavily or google_cse "
            "(credentials from their usual environment variables).",
        ),
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write the report to FILE instead of stdout.")
    ] = None,
    output_format: Annotated[
        OutputFormat, typer.Option("--format", help="json (FinalReport) or md.")
    ] = OutputFormat.json,
    index: Annotated[
        Path | None,
        typer.Option("--index", help="Folder of .md, .txt and .html documents to research."),
    ] = None,
    world: Annotated[
        str | None,
        typer.Option("--world", help="Research a simulated world: a scenario file or bundled id."),
    ] = None,
    at: Annotated[
        str | None,
        typer.Option(
            "--at", help="The world's virtual time, ISO 8601 (UTC if no zone); default: its end."
        ),
    ] = None,
    webhook: Annotated[
        str | None, typer.Option("--webhook", help="POST the finished report (JSON) to URL.")
    ] = None,
    webhook_secret: Annotated[
        str | None,
        typer.Option(
            "--webhook-secret",
            envvar="SENTINEL_WEBHOOK_SECRET",
            help="Sign the webhook body (Sentinel-Signature header, HMAC-SHA256).",
        ),
    ] = None,
    trace: Annotated[
        Path | None,
        typer.Option("--trace", help="Write every node's input, output and query (JSON lines)."),
    ] = None,
    model: Annotated[
        str | None,
        typer.Option(
            "--model",
            envvar="SENTINEL_RESEARCH_MODEL",
            help="One model for every node: local:NAME, openai:MODEL, scripted or extractive "
            "(default: SENTINEL_LLM with its per-role settings).",
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr.")] = False,
    a2a_source: Annotated[
        list[str] | None,
        typer.Option(
            "--a2a-source",
            help="Ask this A2A agent too (repeatable); its answer is a source cited by its URL. "
            "Alone (no --index/--world/--search) the agents are the only sources.",
        ),
    ] = None,
    a2a_key: Annotated[
        str | None,
        typer.Option("--a2a-key", envvar="SENTINEL_A2A_KEY", help="API key for the A2A agents."),
    ] = None,
) -> None:
    """Research a question and print a validated FinalReport with citations."""
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        moment = _moment(at)
        if webhook is not None:
            asyncio.run(vet_webhook_url(webhook))  # refused now, not after a long run
        models = ResearchModels.configured(model)
        tools = _tools(search, index, world, moment, agents=a2a_source or [], key=a2a_key)
        settings = ResearchSettings(max_iters=max_iters)
        log = RunLog(trace, on_event=None if quiet else _progress(err))
        with log:
            result = asyncio.run(_research(question, tools, models, settings, log))
    except InvalidInput as exc:
        if exc.field == "model":  # the option (or its variable) the user set
            name = given_as(ctx, "model", "--model ", "SENTINEL_RESEARCH_MODEL=")
            err.print(f"error: {name}{exc.value!r}: {exc.problem}", markup=False)
        else:
            err.print(f"error: {exc}", markup=False)
        raise typer.Exit(EXIT_BAD_INPUT) from exc
    except SentinelError as exc:
        err.print(f"error: {exc}", markup=False)
        raise typer.Exit(EXIT_BAD_INPUT if isinstance(exc, ConfigError) else EXIT_FAILURE) from exc
    text = (
        result.report.model_dump_json(indent=2) + "\n"
        if output_format is OutputFormat.json
        else report_markdown(result.report)
    )
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")
        err.print(f"report written to {out}", markup=False)
    if not quiet:
        err.print(
            f"{sources_line(result.report)}, "
            f"{plural(result.iterations, 'search', 'searches')}, "
            f"{plural(result.model_calls, 'model call')}, "
            f"{result.wall_s:.1f}s",
            markup=False,
        )
    if webhook is not None:
        try:
            status = asyncio.run(
                deliver_report(webhook, report_payload(result), secret=webhook_secret)
            )
        except SentinelError as exc:
            err.print(f"error: the report was not delivered: {exc}", markup=False)
            raise typer.Exit(1) from exc
        err.print(f"delivered to {webhook} (HTTP {status})", markup=False)


async def _research(
    question: str,
    tools: ResearchTools,
    models: ResearchModels,
    settings: ResearchSettings,
    log: RunLog,
) -> ResearchResult:
    async with tools:
        return await run_research(question, tools, models, settings=settings, log=log)


def _moment(at: str | None) -> datetime | None:
    if at is None:
        return None
    try:
        moment = datetime.fromisoformat(at.strip())
    except ValueError as exc:
        raise typer.BadParameter(f"{at!r} is not an ISO 8601 time", param_hint="--at") from exc
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _tools(
    search: str | None,
    index: Path | None,
    world: str | None,
    at: datetime | None,
    *,
    agents: list[str] | None = None,
    key: str | None = None,
) -> ResearchTools:
    """The search provider and page reader the options ask for; A2A agents first if any."""
    if agents:
        if not a2a_available():
            raise typer.BadParameter("needs the a2a extra (a2a-sdk)", param_hint="--a2a-source")
        from sentinel.protocols.a2a.source import (
            with_agents,  # the `a2a` extra, for this option only
        )

        alone = search is None and index is None and world is None
        return with_agents(None if alone else _tools(search, index, world, at), agents, api_key=key)
    provider = (search or ("searxng" if world else "local")).strip().lower()
    if world is not None:
        if provider not in ("searxng", "searx") or index is not None:
            raise typer.BadParameter(
                "a world brings its own search engine; drop --search/--index", param_hint="--world"
            )
        return world_tools(world, at)
    if at is not None:
        raise typer.BadParameter("--at needs --world", param_hint="--at")
    if provider == "local":
        if index is not None and not index.is_dir():
            raise typer.BadParameter(f"{index} is not a folder", param_hint="--index")
        try:
            return ResearchTools.home_index(index)
        except EmptyIndexError as error:
            if index is not None:
                raise typer.BadParameter(
                    f"{index} holds no .md, .txt or .html documents", param_hint="--index"
                ) from None
            raise EmptyIndexError(error.location, f"{error}; {SOURCES_HINT}") from None
    if index is not None:
        raise typer.BadParameter("--index is for --search local", param_hint="--index")
    from sentinel.web.settings import configured_fetcher, search_transport

    # Both through SENTINEL_WEB_PROXY when it is set (e.g. a world of `sentinel sim serve`).
    searcher = get_search_provider(provider, transport=search_transport())
    return ResearchTools.web(searcher, fetcher=configured_fetcher(keep_blocks=True))


def world_tools(ref: str, at: datetime | None = None) -> ResearchTools:
    """Tools inside the simulated world of scenario ``ref`` (a file or a bundled id), as it is
    at ``at`` (default: the scenario's end, when its whole timeline has happened)."""
    from sentinel.sim import World, resolve_scenario  # the world is for --world runs only

    scenario = resolve_scenario(ref)
    clock = VirtualClock(at or scenario.end)
    sim = World.from_scenario(scenario, clock)
    return ResearchTools.searxng_over(
        sim.search_url, sim.transport(), hosts=sim.hosts, clock=clock.now
    )


def _progress(console: Console) -> Callable[[Event], None]:
    def show(event: Event) -> None:
        line = describe_event(event)
        if line:
            console.print(line, markup=False)

    return show
