"""``sentinel sim …``: list, validate and serve simulated-world scenarios."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from sentinel.clock import VirtualClock
from sentinel.errors import SentinelError
from sentinel.sim import ScenarioError, World, bundled_scenarios, resolve_scenario
from sentinel.sim.loader import load_scenario, scenario_files

app = typer.Typer(no_args_is_help=True)


@app.command("list")
def list_scenarios() -> None:
    """List the bundled scenarios: id, window, notify mode, events and title."""
    for scenario in bundled_scenarios():
        window = f"{scenario.start:%Y-%m-%d} → {scenario.end:%Y-%m-%d}"
        events = f"{len(scenario.events)} event{'s' if len(scenario.events) != 1 else ''}"
        typer.echo(
            f"{scenario.id:<28} {window}  {scenario.notify:<6}  {events:<8}  {scenario.title}"
        )


@app.command()
def validate(
    paths: Annotated[
        list[Path], typer.Argument(help="Scenario files, or directories to search for *.yaml.")
    ],
) -> None:
    """Validate scenario files; prints OK or the errors per file, exits 1 if any is invalid."""
    failed = False
    for path in paths:
        if not path.exists():
            typer.echo(f"{path}: no such file or directory", err=True)
            failed = True
        elif path.is_dir() and not scenario_files([path]):
            typer.echo(f"{path}: no scenario files (*.yaml, *.yml) in this directory", err=True)
            failed = True
    for file in scenario_files(p for p in paths if p.exists()):
        try:
            scenario = load_scenario(file)
        except ScenarioError as exc:
            failed = True
            for issue in exc.issues:
                typer.echo(f"{file}: {issue}", err=True)
            continue
        typer.echo(f"OK {file} ({scenario.id})")
    if failed:
        raise typer.Exit(1)


def parse_moment(text: str) -> datetime:
    """An ISO 8601 time for ``--at``; a time without a zone is read as UTC."""
    try:
        moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise typer.BadParameter(
            f"{text!r} is not an ISO 8601 time, e.g. 2025-09-09T17:00Z"
        ) from None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def instructions(world: World, url: str) -> str:
    """How to reach a served world: browser, proxy, search, Python, and Sentinel itself
    (monitors and research fetch and search through ``SENTINEL_WEB_PROXY``)."""
    sample = next(iter(world.visible_pages()), None)
    page = sample.url if sample else f"http://{sorted(world.site_hosts)[0]}/"
    lines = [
        f"Simulated world at {world.clock.now():%Y-%m-%d %H:%M} UTC (virtual time):",
        *(f"  {line}" for line in _describe(world)),
        "",
        f"Browse:  {url}/__world/   (every site under {url}/__site/<host>/)",
        f"Proxy:   curl -x {url} {page}",
        f"Search:  curl -x {url} '{world.search_url}/search?q=news&format=json'",
        f'Python:  httpx.AsyncClient(proxy="{url}")',
        f"Sentinel: SENTINEL_WEB_PROXY={url} SENTINEL_SEARCH=searxng "
        f"SEARXNG_URL={world.search_url}",
        "Press Ctrl+C to stop.",
    ]
    return "\n".join(lines)


def _describe(world: World) -> list[str]:
    return [
        f"{s.id}: {s.start:%Y-%m-%d} → {s.end:%Y-%m-%d}, sites "
        + ", ".join(site.host for site in s.sites)
        for s in world.scenarios
    ]


@app.command()
def serve(
    scenarios: Annotated[list[str], typer.Argument(help="Scenario files or bundled scenario ids.")],
    at: Annotated[
        str | None, typer.Option(help="Virtual start time (ISO 8601); default: earliest start.")
    ] = None,
    port: Annotated[int, typer.Option(help="Port on 127.0.0.1 (0: any free port).")] = 8377,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    seed: Annotated[int, typer.Option(help="Seed of the pages' noise.")] = 0,
) -> None:
    """Serve scenarios on loopback for a browser, curl or a proxy-aware client."""
    from sentinel.sim.server import bind_socket, make_server

    try:
        loaded = [resolve_scenario(ref) for ref in scenarios]
        start = parse_moment(at) if at else min(s.start for s in loaded)
        world = World(loaded, VirtualClock(start), seed=seed)
        sock = bind_socket(host, port)
    except (SentinelError, OSError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    bound_host, bound_port = sock.getsockname()[:2]
    shown = f"[{bound_host}]" if ":" in bound_host else bound_host
    typer.echo(instructions(world, f"http://{shown}:{bound_port}"))
    server = make_server(world.asgi_app, log_level="warning")
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
