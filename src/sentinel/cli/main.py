"""The ``sentinel`` command. Each command group lives in its own module under sentinel.cli."""

from __future__ import annotations

import importlib

import typer

from sentinel import __version__

app = typer.Typer(
    name="sentinel",
    help="Self-scheduling AI agents that watch the web, research questions and remember.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)

# (command group name, module holding a typer.Typer called `app`, help text)
GROUPS: list[tuple[str, str, str]] = [
    ("bench", "sentinel.cli.bench", "Benchmarks that print ratios against a baseline."),
    ("models", "sentinel.cli.models", "Local model registry: list, check, path."),
    ("sim", "sentinel.cli.sim", "The simulated world: serve and validate scenarios."),
    ("watch", "sentinel.cli.watch", "Monitors: tell me when something happens."),
    ("keys", "sentinel.cli.keys", "API keys: create, list, revoke."),
]

# (command name, module, function) for single commands that live in their own module
COMMANDS: list[tuple[str, str, str]] = [
    ("research", "sentinel.cli.research", "research"),
    ("worker", "sentinel.cli.worker", "worker"),
    ("query", "sentinel.cli.query", "query"),
    ("serve", "sentinel.cli.serve", "serve"),
    ("demo", "sentinel.cli.demo", "run_demo"),
]

for _name, _module, _help in GROUPS:
    try:
        _sub = importlib.import_module(_module)
    except ModuleNotFoundError as exc:  # a group whose module is not written yet
        if exc.name != _module:
            raise
        continue
    app.add_typer(_sub.app, name=_name, help=_help)

for _name, _module, _func in COMMANDS:
    try:
        _mod = importlib.import_module(_module)
    except ModuleNotFoundError as exc:
        if exc.name != _module:
            raise
        continue
    app.command(_name)(getattr(_mod, _func))


@app.command()
def version() -> None:
    """Print Sentinel's version."""
    typer.echo(__version__)


def run() -> None:
    """Console-script entry point."""
    app()
