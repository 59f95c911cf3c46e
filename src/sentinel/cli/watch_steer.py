"""``sentinel watch pause``, ``resume``, ``run`` and ``delete``: act on one monitor.

Each takes the monitor by id or name. ``pause`` and ``resume`` move it between states (its
schedule is kept); ``run`` makes it due now, which a running ``sentinel worker`` notices within
its poll interval, or with ``--here`` runs it in this process and prints its outcome, with why
it ended so (a run that read nothing says why and what fixes it); ``delete`` removes it with
its history, after asking. Registered on the ``watch`` group by :mod:`sentinel.cli.watch`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer
from rich.markup import escape

from sentinel.cli import common
from sentinel.cli.common import database, find_monitor, run, stdout, when, worker_engine
from sentinel.errors import InvalidInput
from sentinel.owners import LOCAL_OWNER
from sentinel.storage.enums import MonitorState

# The monitor, database and engine layers load when a command runs, not for `--help`.
if TYPE_CHECKING:
    from sentinel.storage import MonitorRecord, NotificationState, RunRecord


def _move(ref: str, target: MonitorState, verb: str) -> None:
    async def main() -> MonitorRecord:
        async with database() as db, db.transaction(owner=LOCAL_OWNER) as tx:
            record = await find_monitor(tx, ref)
            if record.state is target:
                raise InvalidInput("monitor", record.id, f"is already {target.value}")
            return await tx.monitors.transition(
                record.id, target, now=common.cli_clock().now(), expected=record.state
            )

    moved = run(main)
    stdout.print(
        f"Monitor #{moved.id} {escape(moved.name)!r} {verb}; next run: {when(moved.next_run_at)}",
        soft_wrap=True,
    )


def pause(monitor: str = typer.Argument(..., help="Monitor id or name.")) -> None:
    """Stop running the monitor until it is resumed (its schedule is kept)."""
    _move(monitor, MonitorState.PAUSED, "paused")


def resume(monitor: str = typer.Argument(..., help="Monitor id or name.")) -> None:
    """Run a paused, completed or failed monitor again (now, if it was due)."""
    _move(monitor, MonitorState.ACTIVE, "resumed")


def run_now(
    monitor: str = typer.Argument(..., help="Monitor id or name."),
    here: bool = typer.Option(False, "--here", help="Run it in this process and report."),
) -> None:
    """Run the monitor now: through a running worker, or ``--here``."""
    if here:
        run_here(monitor)
        return

    async def main() -> MonitorRecord:
        async with database() as db, db.transaction(owner=LOCAL_OWNER) as tx:
            record = await find_monitor(tx, monitor)
            return await tx.monitors.run_now(record.id, now=common.cli_clock().now())

    due = run(main)
    stdout.print(
        f"Monitor #{due.id} {escape(due.name)!r} is due now: a running `sentinel worker` "
        "starts it within seconds.",
        soft_wrap=True,
    )


def run_here(ref: str) -> None:
    """Run one monitor in this process with the configured services; print the outcome."""
    from sentinel.cli.watch_contract import notification_line
    from sentinel.monitor.service import delivery_state, run_detail

    async def main() -> tuple[Any, RunRecord, NotificationState | None, list[Any]]:
        clock = common.cli_clock()
        async with database() as db:
            async with db.transaction(owner=LOCAL_OWNER) as tx:
                record = await find_monitor(tx, ref)
            async with worker_engine(db, clock, concurrency=1) as engine:
                report = await engine.run_monitor(record.id)
            [outcome] = report.runs
            async with db.transaction(owner=LOCAL_OWNER) as tx:
                finished = await tx.runs.get(outcome.run_id)
                notified = await tx.outbox.latest_notifications([record.id])
            return outcome, finished, notified.get(record.id), record.channels

    outcome, finished, notification, record_channels = run(main)
    status = outcome.status.value
    if outcome.error_category:
        status += f" ({outcome.error_category}): {outcome.error}"
    stdout.print(
        f"Run {outcome.run_id} of monitor #{outcome.monitor_id}: {escape(status)}", soft_wrap=True
    )
    detail = run_detail(finished)
    if detail and not outcome.error_category:
        stdout.print(f"Why: {escape(detail)}", soft_wrap=True)
    if outcome.notified:
        state = delivery_state(notification, outcome.run_id)
        line = notification_line(record_channels, state, outcome.monitor_id)
        stdout.print(escape(line), soft_wrap=True)
    stdout.print(f"Next run: {when(outcome.next_run_at)}")


def delete(
    monitor: str = typer.Argument(..., help="Monitor id or name."),
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation."),
) -> None:
    """Delete the monitor with its runs, states and deliveries."""

    async def lookup() -> MonitorRecord:
        async with database() as db, db.transaction(owner=LOCAL_OWNER) as tx:
            return await find_monitor(tx, monitor)

    record = run(lookup)
    if not yes:
        typer.confirm(f"Delete monitor #{record.id} {record.name!r} and its history?", abort=True)

    async def main() -> None:
        async with database() as db, db.transaction(owner=LOCAL_OWNER) as tx:
            await tx.monitors.delete(record.id)

    run(main)
    stdout.print(f"Deleted monitor #{record.id} {escape(record.name)!r}.", soft_wrap=True)
