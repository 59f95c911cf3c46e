"""The ``sentinel`` command imports a command's module only when that command runs.

The start-up guard runs in a fresh interpreter (this one has imported everything already) and
checks ``sys.modules``, not a time: listing the commands must not load the database, web,
model or plotting stacks, and a command must load only its own module.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import typer
import typer.main
from typer import _click
from typer.testing import CliRunner

from sentinel import __version__
from sentinel.cli import bench, main
from sentinel.cli.lazy import LazyCommand, LazyGroup, Placeholder, lazy_group
from sentinel.owners import LOCAL_OWNER
from sentinel.storage import RunEnding, RunStatus, open_database
from sentinel.storage.monitor_fields import NewMonitor
from sentinel.storage.settings import sqlite_url

HEAVY = ("sqlalchemy", "fastapi", "xllamacpp", "matplotlib", "openai")
COMMAND_MODULES = sorted(
    {entry.module for entry in (*main.COMMANDS, *bench.BENCHES)} - {"sentinel.cli.main"}
)

# Runs `sentinel ARGS…` for each argument list in argv[1] (JSON), then reports which of the
# modules in argv[2] (JSON) were imported, on stderr (stdout carries the commands' output).
PROBE = """
import json, sys
from sentinel.cli.main import app
for args in json.loads(sys.argv[1]):
    try:
        app(args)
    except SystemExit as stop:
        if stop.code:
            raise
watched = json.loads(sys.argv[2])
print(json.dumps(sorted(m for m in watched if m in sys.modules)), file=sys.stderr)
"""


def imported_after(
    *commands: list[str],
    watched: Sequence[str] = (*HEAVY, *COMMAND_MODULES, "sentinel.storage", "sentinel.cli.common"),
    home: Path | None = None,
) -> list[str]:
    """Which of the ``watched`` modules a fresh interpreter holds after running ``commands``
    (with ``SENTINEL_HOME`` at ``home`` when given)."""
    env = None
    if home is not None:
        env = {k: v for k, v in os.environ.items() if k != "SENTINEL_DATABASE_URL"}
        env["SENTINEL_HOME"] = str(home)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(list(commands)), json.dumps(list(watched))],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    loaded: list[str] = json.loads(done.stderr.strip().splitlines()[-1])
    return loaded


def test_importing_the_cli_loads_no_command_and_no_heavy_library() -> None:
    assert imported_after() == []


def test_listing_commands_imports_none_of_them() -> None:
    assert imported_after(["--help"], ["bench", "--help"], ["version"]) == ["sentinel.cli.bench"]


def test_a_command_imports_its_own_module_only() -> None:
    loaded = imported_after(["sim", "list"])
    assert "sentinel.cli.sim" in loaded
    assert not set(loaded) & {*HEAVY, "sentinel.cli.watch", "sentinel.cli.serve"}


# What a command that reads monitors must not load: the engine, the run pipeline, the model
# and web stacks, the notification channels (issue 26: `watch --help` and `watch list` start
# in well under half a second once these stay out).
ENGINE_STACK = (
    "apprise",
    "trafilatura",
    "openai",
    "httpx",
    "fastapi",
    "sentinel.engine.engine",
    "sentinel.monitor.run",
    "sentinel.llm",
    "sentinel.notify.channels",
)


def test_watch_help_loads_neither_the_database_nor_the_engine() -> None:
    watched = (*ENGINE_STACK, "sqlalchemy", "alembic", "sentinel.storage.database")
    assert imported_after(["watch", "--help"], ["db", "--help"], watched=watched) == []


def test_watch_list_loads_the_database_and_nothing_of_the_engine(tmp_path: Path) -> None:
    watched = (*ENGINE_STACK, "sqlalchemy")
    assert imported_after(["watch", "list", "--limit", "1"], watched=watched, home=tmp_path) == [
        "sqlalchemy"
    ]


# What a read command on a home at the current schema must not load (issue 35): the
# migrations (Alembic), the A2A SDK, the model and API layers, the engine, the memory index,
# the monitor models.
READ_STACK = (
    *ENGINE_STACK,
    "alembic",
    "a2a",
    "sentinel.api",
    "sentinel.engine",
    "numpy",
    "bm25s",
    "sentinel.monitor.models",
    "sentinel.assistant.memory.service",
)


@pytest.mark.parametrize(
    "command",
    [
        ["watch", "list", "--limit", "1"],
        ["watch", "show", "1"],
        ["memories", "list"],
        ["tasks", "list"],
    ],
)
def test_read_commands_on_a_current_home_load_only_what_they_read(
    tmp_path: Path, command: list[str]
) -> None:
    asyncio.run(seed_current_home(tmp_path))

    assert imported_after(command, watched=READ_STACK, home=tmp_path) == []


async def seed_current_home(home: Path) -> None:
    """A home at the current schema with a monitor, a memory and a task of the local user,
    each with what its listing shows (the monitor has a run)."""
    now = datetime.now(UTC)
    db = await open_database(sqlite_url(home / "sentinel.db"))
    try:
        async with db.transaction() as tx:
            query = "Tell me when the Kestrel 2 ships"
            monitor = await tx.monitors.create(NewMonitor("kestrel", query, query), now=now)
            run = await tx.runs.start(monitor.id, scheduled_at=now, started_at=now)
            ending = RunEnding(RunStatus.SUCCEEDED, decision={"notified": False})
            await tx.runs.finish(run.id, ending, finished_at=now)
            await tx.memories.add(LOCAL_OWNER, "Ana lives in Porto", ["family"], now=now)
            await tx.tasks.add(LOCAL_OWNER, "Call Ana", now=now)
    finally:
        await db.close()


def rendered_help(group: _click.Command, name: str, capsys: pytest.CaptureFixture[str]) -> str:
    ctx = _click.Context(group, info_name=name)
    capsys.readouterr()
    text = group.get_help(ctx)  # typer's rich help prints; click's returns the text
    return text + capsys.readouterr().out


@pytest.mark.parametrize(("app", "name"), [(main.app, "sentinel"), (bench.app, "bench")])
def test_listed_help_is_what_the_loaded_commands_say(
    app: typer.Typer, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A registry entry's help must match its command's docstring (or group help)."""
    group = typer.main.get_group(app)
    assert isinstance(group, LazyGroup)
    ctx = _click.Context(group, info_name=name)
    lazy = rendered_help(group, name, capsys)
    assert group.loaded() == []
    for command in group.list_commands(ctx):
        assert command in lazy
        assert not isinstance(group.get_command(ctx, command), Placeholder)
    assert group.loaded() == [entry.name for entry in group.lazy_commands]
    assert rendered_help(group, name, capsys) == lazy


def test_every_command_and_group_still_works_through_the_lazy_app() -> None:
    runner = CliRunner()
    assert runner.invoke(main.app, ["version"]).stdout.strip() == __version__
    listed = runner.invoke(main.app, ["sim", "list"])
    assert listed.exit_code == 0, listed.output
    assert "iphone-release" in listed.stdout
    for entry in main.COMMANDS:
        shown = runner.invoke(main.app, [entry.name, "--help"])
        assert shown.exit_code == 0, shown.output
        assert f"sentinel {entry.name}" in shown.stdout


def test_unknown_commands_are_refused_with_a_suggestion() -> None:
    result = CliRunner().invoke(main.app, ["wach"])
    assert result.exit_code == 2
    assert "No such command 'wach'" in result.output
    assert "Did you mean 'watch'?" in result.output


def test_a_target_must_name_module_and_attribute() -> None:
    with pytest.raises(ValueError, match=re.escape("'sentinel.cli.sim' is not 'module:attribute'")):
        LazyCommand("sim", "sentinel.cli.sim", "help")


def test_a_target_must_be_a_typer_app_or_a_function() -> None:
    entry = LazyCommand("bad", "sentinel.cli.main:COMMANDS", "help")
    expected = "sentinel.cli.main:COMMANDS is tuple, not a typer.Typer"
    with pytest.raises(TypeError, match=re.escape(expected)):
        entry.load(None)


def test_a_missing_module_fails_when_its_command_runs() -> None:
    app = typer.Typer(cls=lazy_group(LazyCommand("gone", "sentinel.cli.no_such:app", "gone")))

    @app.callback()
    def callback() -> None:
        pass

    result = CliRunner().invoke(app, ["gone"])
    assert isinstance(result.exception, ModuleNotFoundError)
    assert "sentinel.cli.no_such" in str(result.exception)


def test_names_must_be_unique() -> None:
    twice = lazy_group(LazyCommand("a", "m:x", "h"), LazyCommand("a", "m:y", "h"))
    with pytest.raises(ValueError, match="lazy command names repeat"):
        twice(name="g")


def test_a_placeholder_cannot_run() -> None:
    placeholder = Placeholder(LazyCommand("sim", "sentinel.cli.sim:app", "help"))
    ctx: Any = _click.Context(placeholder)
    with pytest.raises(RuntimeError, match="'sim' was invoked before it was loaded"):
        placeholder.invoke(ctx)
