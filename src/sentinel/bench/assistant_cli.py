"""Chat turns as a user meets them: each turn a new ``sentinel chat --json`` process.

The in-process rows (``assistant_tasks.run_tasks``) keep one model and its prompt cache warm
for a whole conversation; a person typing ``sentinel chat "…"`` starts a new process every
time. Here each task of :data:`~sentinel.bench.assistant_tasks.TASKS` is one real CLI
command in a fresh home (so no history: each command is a conversation of its own), timed
from the moment the process starts: seconds to its first ``content`` line, to its exit, and
the CPU it cost. Two ways:

- ``server``: the default, ``SENTINEL_LLM_SERVER=auto``. No model server runs before the
  first command; it starts one (paying the load and the system prompts), the others find it.
  The server's CPU is counted with the commands'.
- ``in-process``: ``SENTINEL_LLM_SERVER=off``: every command loads the model and evaluates
  its prompts from scratch.

Success is judged as in the in-process rows, from the command's events and the home's
database. The 1-minute load average is recorded before every turn: these rows are taken on
the machine as it is.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import typer
from rich.table import Table

from sentinel.assistant.chat.claims import unsupported_claim
from sentinel.bench.assistant_tasks import (
    _SENTENCE,
    ANSWER_CHARS,
    TASKS,
    ChatTask,
    TaskTurn,
    _has_words,
    summary,
)
from sentinel.owners import LOCAL_OWNER
from sentinel.storage import open_database
from sentinel.storage.settings import sqlite_url

Mode = Literal["server", "in-process"]
MODES: tuple[Mode, ...] = ("server", "in-process")
TURN_TIMEOUT_S = 900.0
"""A command that has not finished after this long is killed and its turn fails."""


@dataclass
class CliTurn:
    """One command's turn, with the load it met."""

    turn: TaskTurn
    load_1m: float
    server_cpu_s: float
    """CPU the model server spent during the turn (0 in-process)."""
    server_threads: int | None = None
    """The threads the model server runs with (None in-process: each command chooses)."""

    def row(self) -> dict[str, Any]:
        """The turn as JSON."""
        return {
            **self.turn.row(),
            "load_1m": self.load_1m,
            "server_cpu_s": self.server_cpu_s,
            "server_threads": self.server_threads,
        }


def sentinel_command() -> list[str]:
    """``sentinel`` of this installation (the script beside this Python)."""
    script = Path(sys.executable).with_name("sentinel")
    return [str(script)] if script.exists() else [sys.executable, "-m", "sentinel.cli.main"]


def run_cli_tasks(
    mode: Mode,
    *,
    model: str,
    threads: int | None,
    tasks: tuple[ChatTask, ...] = TASKS,
    write: Callable[[list[CliTurn]], None] | None = None,
) -> list[CliTurn]:
    """Each task as a new ``sentinel chat --json`` process in one fresh home; the server the
    first command starts (``server``) is stopped at the end."""
    home = Path(tempfile.mkdtemp(prefix="sentinel-bench-cli-"))
    env = {
        **os.environ,
        "SENTINEL_HOME": str(home),
        "SENTINEL_LLM_ASSISTANT": f"local:{model}",
        "SENTINEL_LLM_SERVER": "auto" if mode == "server" else "off",
        "CI": "true",
        "COLUMNS": "200",
    }
    if threads is not None:
        env["SENTINEL_LLM_THREADS"] = str(threads)
    turns: list[CliTurn] = []
    try:
        for task in tasks:
            turns.append(_cli_turn(task, env, home, model))
            if write is not None:
                write(turns)
    finally:
        _stop_server(home, model)
        shutil.rmtree(home, ignore_errors=True)
    return turns


def _cli_turn(task: ChatTask, env: dict[str, str], home: Path, model: str) -> CliTurn:
    load_1m = round(os.getloadavg()[0], 2)
    server_before = _server_cpu(home, model)
    children_before = _children_cpu()
    started = time.perf_counter()
    process = subprocess.Popen(
        [*sentinel_command(), "chat", "--json", task.query],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    first: float | None = None
    answer, errors, removed, iterations = "", [], 0, 0
    actions: list[dict[str, Any]] = []
    assert process.stdout is not None
    for line in process.stdout:
        try:
            event = json.loads(line)
        except ValueError:
            continue
        name, data = event.get("event"), event.get("data") or {}
        if name == "content":
            first = first if first is not None else time.perf_counter() - started
            answer += data["content"]
        elif name == "reasoning" and data.get("actions"):
            actions += data["actions"]
        elif name == "error":
            errors.append(f"{data['stage']}: {str(data['error'])[:160]}")
        elif name == "status" and "Removed a claim" in data["status"]:
            removed += 1
        elif name == "done":
            iterations = int(data["iterations"])
    try:
        code = process.wait(timeout=TURN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        code = process.wait()
    turn_s = time.perf_counter() - started
    stderr = process.stderr.read() if process.stderr else ""
    if code != 0 and not errors:
        errors.append(f"exit {code}: {stderr.strip()[-300:]}")
    server_cpu = max(0.0, _server_cpu(home, model) - server_before)
    ran_ok = {a["action"] for a in actions if a["ok"]}
    turn = TaskTurn(
        query=task.query,
        first_content_s=None if first is None else round(first, 1),
        turn_s=round(turn_s, 1),
        cpu_s=round(_children_cpu() - children_before + server_cpu, 1),
        model_calls=0,
        prompt_tokens=0,
        cached_tokens=0,
        completion_tokens=0,
        iterations=iterations,
        actions=[f"{a['action']}{'' if a['ok'] else ' (failed)'}" for a in actions],
        action_ok=task.expect_action is None or task.expect_action in ran_ok,
        memory_whole=asyncio.run(_memory_whole(home, task)),
        answer_ok=_has_words(answer, task.answer_words) if task.answer_words else None,
        claims_removed=removed,
        unsupported_claims=sum(
            unsupported_claim(s, ran_ok) is not None for s in _SENTENCE.split(answer)
        ),
        errors=errors,
        answer=answer[:ANSWER_CHARS],
    )
    return CliTurn(turn, load_1m, round(server_cpu, 1), _server_threads(home, model))


async def _memory_whole(home: Path, task: ChatTask) -> bool | None:
    if not task.memory_words:
        return None
    db = await open_database(sqlite_url(home / "sentinel.db"))
    try:
        async with db.transaction() as tx:
            stored = await tx.memories.list(LOCAL_OWNER, limit=1000)
    finally:
        await db.close()
    return any(_has_words(m.text, task.memory_words) for m in stored)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _server_cpu(home: Path, model: str) -> float:
    """CPU seconds of the home's model server so far (0 when none runs)."""
    from sentinel.llm.local.endpoint import ServerFiles

    endpoint = ServerFiles(home, model).read_live()
    if endpoint is None:
        return 0.0
    try:
        fields = Path(f"/proc/{endpoint.pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    # utime and stime are fields 14 and 15 of stat(5): 12 and 13 after the command name.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _server_threads(home: Path, model: str) -> int | None:
    from sentinel.llm.local.endpoint import ServerFiles

    endpoint = ServerFiles(home, model).read_live()
    return None if endpoint is None else endpoint.threads


def _stop_server(home: Path, model: str) -> None:
    from sentinel.llm.local.endpoint import ServerFiles
    from sentinel.llm.local.launch import stop

    stop(ServerFiles(home, model))


def cli_json(turns: list[CliTurn]) -> dict[str, Any]:
    """One mode's rows with their summary (what ``assistant-turn.json`` holds under
    ``cli``)."""
    loads = [t.load_1m for t in turns]
    return {
        "summary": {
            **summary([t.turn for t in turns]),
            "load_1m_min": min(loads, default=None),
            "load_1m_max": max(loads, default=None),
        },
        "turns": [t.row() for t in turns],
    }


def cli_table(mode: str, turns: list[CliTurn], model: str | None, threads: int | None) -> Table:
    """The rows of one mode, for the terminal."""
    table = Table(
        "query",
        "load",
        "first content s",
        "turn s",
        "CPU s",
        "rounds",
        "success",
        title=f"Chat turns, a new `sentinel chat` process each ({mode}), {model} "
        f"({threads or 'idle'} threads)",
    )
    for row in turns:
        turn = row.turn
        table.add_row(
            turn.query[:48],
            f"{row.load_1m:.2f}",
            "-" if turn.first_content_s is None else f"{turn.first_content_s}",
            f"{turn.turn_s}",
            f"{turn.cpu_s}",
            str(turn.iterations),
            "yes" if turn.success else "no",
        )
    return table


def cli_modes(value: str) -> list[Mode]:
    """``--cli``'s modes, in order; BadParameter naming an unknown one."""
    if value.strip() == "none":
        return []
    chosen: list[Mode] = []
    for part in (p.strip() for p in value.split(",")):
        if part == "both":
            chosen += [m for m in MODES if m not in chosen]
            continue
        mode = next((m for m in MODES if m == part), None)
        if mode is None:
            known = ", ".join((*MODES, "both", "none"))
            raise typer.BadParameter(f"{part!r} is not one of {known}", param_hint="--cli")
        if mode not in chosen:
            chosen.append(mode)
    return chosen
