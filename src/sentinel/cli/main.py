"""The ``sentinel`` command. Each command group lives in its own module under sentinel.cli.

Commands are registered by name, place and one-line help (``COMMANDS``) and imported only
when they run: ``sentinel --help`` starts without the database, web or model layers.
"""

from __future__ import annotations

import typer

from sentinel import __version__
from sentinel.cli.lazy import LazyCommand, lazy_group

# In the order `sentinel --help` lists them. A command's help is the first paragraph of its
# function's docstring; a group's help is given here (tests/cli/test_main_lazy.py checks both).
COMMANDS: tuple[LazyCommand, ...] = (
    LazyCommand(
        "research",
        "sentinel.cli.research:research",
        "Research a question and print a validated FinalReport with citations.",
    ),
    LazyCommand(
        "worker",
        "sentinel.cli.worker:worker",
        "Run monitors as they fall due and deliver their notifications.",
    ),
    LazyCommand(
        "query", "sentinel.cli.query:query", "Run a read-only SQL query; writes are refused."
    ),
    LazyCommand(
        "serve",
        "sentinel.cli.serve:serve",
        "Serve the HTTP API (and run monitors unless --no-worker).",
    ),
    LazyCommand(
        "mcp", "sentinel.cli.mcp_server:mcp", "Serve Sentinel's tools to an MCP client over stdio."
    ),
    LazyCommand(
        "demo",
        "sentinel.cli.demo:run_demo",
        "Run the main job: monitors on a simulated web, offline, on the embedded model.",
    ),
    LazyCommand("version", "sentinel.cli.main:version", "Print Sentinel's version."),
    LazyCommand(
        "config",
        "sentinel.cli.config:config",
        "Show every SENTINEL_* setting with its effective value and source (secrets masked).",
    ),
    LazyCommand(
        "bench", "sentinel.cli.bench:app", "Benchmarks that print ratios against a baseline."
    ),
    LazyCommand(
        "models", "sentinel.cli.models:app", "Local models: list, check, path; the model server."
    ),
    LazyCommand(
        "sim", "sentinel.cli.sim:app", "The simulated world: serve and validate scenarios."
    ),
    LazyCommand("watch", "sentinel.cli.watch:app", "Monitors: tell me when something happens."),
    LazyCommand("keys", "sentinel.cli.keys:app", "API keys: create, list, revoke."),
    LazyCommand(
        "memories",
        "sentinel.cli.memories:app",
        "The assistant's memories: list, add, edit, delete, search.",
    ),
    LazyCommand(
        "tasks", "sentinel.cli.tasks:app", "The assistant's tasks: list, add, done, delete."
    ),
    LazyCommand("db", "sentinel.cli.db:app", "Database maintenance: prune old runs and traces."),
    LazyCommand(
        "receipts", "sentinel.cli.receipts:app", "Decision receipts: list, verify the hash chain."
    ),
    LazyCommand(
        "chat",
        "sentinel.cli.chat:chat",
        "Talk to the assistant: it remembers, manages tasks, monitors and research, signs each "
        "turn.",
    ),
    LazyCommand("a2a", "sentinel.cli.a2a:app", "Sentinel as an A2A agent (agent to agent)."),
)

app = typer.Typer(
    name="sentinel",
    help="Self-scheduling AI agents that watch the web, research questions and remember.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    cls=lazy_group(*COMMANDS),
)


@app.callback()
def main() -> None:
    # Typer builds a group only for an app with a callback or commands of its own; every
    # command here is lazy, so this (empty) callback makes `sentinel` a group.
    pass


def version() -> None:
    """Print Sentinel's version."""
    typer.echo(__version__)


def run() -> None:
    """Console-script entry point."""
    app()
