"""``sentinel bench crash``: kill a real worker at random moments and count every notification.

A ``sentinel worker`` subprocess (the embedded engine, on a scratch SQLite or PostgreSQL
database) runs notify-once monitors against the bench's loopback server — their pages, a
scripted OpenAI-compatible model, and a webhook receiver that verifies each request's
signature with the monitor's secret. Once per trial the worker is SIGKILLed (at a random
moment, during the governor's model call, or during a webhook POST, as the seeded RNG picks)
and a new one started. See :mod:`sentinel.bench.crash.report` for what is counted.
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from sentinel.bench.crash.campaign import DEFAULT_PG_SERVER, CrashOptions, run_campaign
from sentinel.bench.crash.report import ROW_HEADER, document, failed, row, summarize
from sentinel.errors import ConfigError

__all__ = ["command", "run_databases"]

DATABASES = {"sqlite": ("sqlite",), "postgresql": ("postgresql",), "both": ("sqlite", "postgresql")}


def command(
    trials: Annotated[int, typer.Option("--trials", min=1, help="Kills per database.")] = 20,
    database: Annotated[
        str, typer.Option("--database", help="sqlite, postgresql or both.")
    ] = "both",
    monitors: Annotated[
        int, typer.Option("--monitors", min=1, max=200, help="Monitors added per trial.")
    ] = 10,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the kill points.")] = 0,
    lease: Annotated[
        float, typer.Option("--lease", min=1.0, help="The worker's --lease, in seconds.")
    ] = 4.0,
    pg_server: Annotated[
        str, typer.Option("--pg", help="PostgreSQL server (a scratch database is made there).")
    ] = DEFAULT_PG_SERVER,
    logs: Annotated[
        Path | None, typer.Option("--logs", help="Keep the workers' logs in this folder.")
    ] = None,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Also write the results to this JSON file.")
    ] = None,
) -> None:
    """Kill a real worker (SIGKILL) at random moments, restart it, and count every expected
    notification at a signature-verifying receiver: once, twice under the same key, under a
    new key, lost or stuck."""
    if database not in DATABASES:
        raise typer.BadParameter(f"--database must be sqlite, postgresql or both, not {database!r}")
    options = CrashOptions(trials=trials, monitors=monitors, seed=seed, lease_s=lease)
    # The campaign's receivers are its own, on loopback: registering their webhooks is the
    # opt-in SENTINEL_NOTIFY_ALLOW_HOSTS exists for (the workers get it in their environment).
    os.environ["SENTINEL_NOTIFY_ALLOW_HOSTS"] = "127.0.0.1"
    try:
        summaries = run_databases(DATABASES[database], options, pg_server, logs)
    except ConfigError as error:
        Console(stderr=True).print(f"[bold red]Error:[/] {error}")
        raise typer.Exit(2) from None
    out = Table(title=f"Worker killed with SIGKILL once per trial ({monitors} monitors a trial)")
    for header in ROW_HEADER:
        out.add_column(header, justify="left" if header == "database" else "right")
    for summary in summaries:
        out.add_row(*row(summary))
    Console(width=max(Console().width, 150)).print(out)
    if json_file is not None:
        doc = document(summaries, asdict(options) | {"databases": list(DATABASES[database])})
        json_file.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    bad = [s for s in summaries if failed(s)]
    for summary in bad:
        Console(stderr=True).print(
            f"[bold red]{summary['database']}:[/] {json.dumps(summary['problems'][:5])}"
            f"; leases left {summary['leases_left']}"
            f"; last worker exit {summary['last_worker_exit']}"
        )
    if bad:
        raise typer.Exit(1)


def run_databases(
    databases: tuple[str, ...], options: CrashOptions, pg_server: str, logs: Path | None
) -> list[dict[str, Any]]:
    """The campaign on each database in turn; their summaries."""
    summaries = []
    for backend in databases:
        with tempfile.TemporaryDirectory(prefix=f"sentinel-crash-{backend}-") as scratch:
            folder = Path(scratch)
            try:
                result = asyncio.run(run_campaign(backend, options, folder, pg_server))
            finally:
                log = folder / f"worker-{backend}.log"
                if logs is not None and log.exists():
                    logs.mkdir(parents=True, exist_ok=True)
                    (logs / log.name).write_bytes(log.read_bytes())
        summaries.append(summarize(result))
    return summaries
