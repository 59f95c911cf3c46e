"""``sentinel db``: database maintenance — ``prune`` applies the retention settings now.

Workers prune in the background too (every ``SENTINEL_RETENTION_INTERVAL_S``); this command is
for a first clean-up, a cron job, or to see what would go (``--dry-run``).
"""

from __future__ import annotations

from typing import Annotated

import typer

from sentinel.cli import common
from sentinel.cli.common import database, print_json, run, stdout

app = typer.Typer(no_args_is_help=True)


@app.command("prune")
def prune_command(
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Count what would go; change nothing.")
    ] = False,
    trace_days: Annotated[
        int | None,
        typer.Option(min=0, help="Compact traces older than this (default: the setting)."),
    ] = None,
    run_days: Annotated[
        int | None,
        typer.Option(min=0, help="Delete runs older than this (default: the setting)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Compact old run traces and delete old runs (SENTINEL_RETENTION_*), in small batches."""
    from dataclasses import asdict, replace

    from pydantic import ValidationError

    from sentinel.errors import ConfigError
    from sentinel.storage.retention import PruneReport, RetentionPolicy, prune

    try:
        policy = RetentionPolicy.from_settings()
    except ValidationError as exc:
        problems = "; ".join(f"{e['loc'][0]}: {e['msg']}" for e in exc.errors())
        raise common.fail(ConfigError(f"SENTINEL_RETENTION_*: {problems}")) from None
    if trace_days is not None:
        policy = replace(policy, trace_days=trace_days)
    if run_days is not None:
        policy = replace(policy, run_days=run_days)

    async def main() -> PruneReport:
        async with database(listen=False) as db:
            return await prune(db, policy, now=common.cli_clock().now(), dry_run=dry_run)

    report = run(main)
    if as_json:
        print_json({**asdict(report), **asdict(policy)})
        return
    verb = "Would compact" if dry_run else "Compacted"
    deleted = "would delete" if dry_run else "deleted"
    stdout.print(
        f"{verb} {report.traces_compacted} trace(s) older than {policy.trace_days} day(s); "
        f"{deleted} {report.runs_deleted} run(s) older than {policy.run_days} day(s) "
        "(0 days: never)."
    )
