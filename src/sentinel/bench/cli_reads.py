"""``sentinel bench cli``: the CPU a read command costs, and where it goes.

Each read command (``watch list --limit 1``, ``watch show 1``, ``memories list``, ``tasks
list``) runs as a new process against a home holding 20 monitors, 20 memories and 20 tasks
at the current schema, ``--runs`` times; the CPU of each process (user + system, from the
kernel's accounting of waited-for children) is recorded and the median reported, beside the
wall time and the 1-minute load average. CPU, not wall time, is what the machine's other work
does not change much.

The floor rows say where the CPU goes: a fresh interpreter importing what every such command
must (the CLI framework: typer, which coerces every parameter through pydantic; SQLAlchemy's
asyncio ORM; the storage layer), each measured the same way.
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from sentinel.bench.assistant_cli import sentinel_command
from sentinel.bench.assistant_memory import _commit

COMMANDS: tuple[tuple[str, ...], ...] = (
    ("watch", "list", "--limit", "1"),
    ("watch", "show", "1"),
    ("memories", "list"),
    ("tasks", "list"),
)
FLOORS: tuple[tuple[str, str], ...] = (
    ("python", "pass"),
    ("+ typer (pydantic coerces parameters)", "import typer._adapters"),
    ("+ SQLAlchemy asyncio ORM", "import typer._adapters, sqlalchemy.ext.asyncio"),
    (
        "+ Sentinel's storage layer",
        "import typer._adapters, sqlalchemy.ext.asyncio, sentinel.storage.database",
    ),
)
TARGET_CPU_S = 0.3
"""Issue 35: ``watch list --limit 1`` at most 0.3 s of CPU on a quiet 2-core machine."""
SEEDED = 20


@dataclass(frozen=True, slots=True)
class Measured:
    """One command's (or floor's) runs."""

    name: str
    runs: int
    cpu_p50_s: float
    cpu_min_s: float
    wall_p50_s: float
    load_1m: float


def _timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        argv, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=120, check=False
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed: {done.stderr.decode()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def measure(name: str, argv: list[str], env: dict[str, str], runs: int) -> Measured:
    """``argv`` run ``runs`` times (after one unmeasured run that warms the disk cache)."""
    _timed(argv, env)
    load = os.getloadavg()[0]
    samples = [_timed(argv, env) for _ in range(runs)]
    cpus = [cpu for cpu, _ in samples]
    return Measured(
        name,
        runs,
        round(statistics.median(cpus), 3),
        round(min(cpus), 3),
        round(statistics.median(wall for _, wall in samples), 3),
        round(load, 2),
    )


async def seed(home: Path) -> None:
    """20 monitors, memories and tasks of the local user, at the current schema."""
    from sentinel.owners import LOCAL_OWNER
    from sentinel.storage import open_database
    from sentinel.storage.monitor_fields import NewMonitor
    from sentinel.storage.settings import sqlite_url

    now = datetime.now(UTC)
    db = await open_database(sqlite_url(home / "sentinel.db"))
    try:
        async with db.transaction() as tx:
            for i in range(SEEDED):
                query = f"Tell me when the Kestrel {i} ships"
                await tx.monitors.create(NewMonitor(f"kestrel-{i}", query, query), now=now)
                await tx.memories.add(LOCAL_OWNER, f"Note {i}: Ana likes topic {i}", [], now=now)
                await tx.tasks.add(LOCAL_OWNER, f"Task {i}", now=now)
    finally:
        await db.close()


def run_benchmark(runs: int) -> dict[str, Any]:
    """Every command and floor, measured; the JSON document."""
    home = Path(tempfile.mkdtemp(prefix="sentinel-bench-cli-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("SENTINEL_")}
    env |= {"SENTINEL_HOME": str(home), "COLUMNS": "120"}
    try:
        asyncio.run(seed(home))
        commands = [
            measure(" ".join(args), [*sentinel_command(), *args], env, runs) for args in COMMANDS
        ]
        floors = [measure(name, [sys.executable, "-c", code], env, runs) for name, code in FLOORS]
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return {
        "benchmark": "cli-reads",
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": _commit(),
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
        },
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "seeded": {"monitors": SEEDED, "memories": SEEDED, "tasks": SEEDED},
        "target_cpu_s": TARGET_CPU_S,
        "commands": [asdict(m) for m in commands],
        "floors": [asdict(m) for m in floors],
    }


def render(document: dict[str, Any], console: Console) -> None:
    """The two tables."""
    for key, title in (("commands", "Read commands"), ("floors", "What every one of them pays")):
        table = Table(
            "what", "runs", "CPU p50 s", "CPU min s", "wall p50 s", "load 1m", title=title
        )
        for row in document[key]:
            table.add_row(
                row["name"],
                str(row["runs"]),
                f"{row['cpu_p50_s']:.2f}",
                f"{row['cpu_min_s']:.2f}",
                f"{row['wall_p50_s']:.2f}",
                f"{row['load_1m']:.2f}",
            )
        console.print(table)


def command(
    output: Annotated[
        Path | None, typer.Option("--json", help="Also write the result as JSON to this file.")
    ] = None,
    runs: Annotated[int, typer.Option(help="Runs of each command.", min=1)] = 5,
) -> None:
    """CPU seconds of the read commands (watch list, watch show, memories list, tasks list),
    each a new process, and of the imports every one of them pays."""
    document = run_benchmark(runs)
    render(document, Console())
    if output is not None:
        output.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
