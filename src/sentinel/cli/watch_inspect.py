"""``sentinel watch show`` and ``history``: one monitor as it stands, and its past.

``show`` prints the monitor's settings, contract, current state, last run (with why it ended),
last notification, last decision and the readings of its last run; ``history`` its runs (each
with its reason, folded rather than cut: a reason's last words are often its fix), its state
versions and its notification deliveries, newest first. Both print JSON with ``--json``.
Registered on the ``watch`` group by :mod:`sentinel.cli.watch`.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import typer
from rich.markup import escape
from rich.table import Table

from sentinel.cli import watch_bulk
from sentinel.cli.common import database, find_monitor, print_json, run, stdout, when
from sentinel.owners import LOCAL_OWNER

# A run's detail in ``history`` (wrapped by the table): room for a reason and its fix.
DETAIL_CHARS = 240


def channel_label(channel: dict[str, Any]) -> str:
    """A channel for people: its kind and where it goes."""
    target = channel.get("url") or ", ".join(channel.get("to", []))
    return f"{channel.get('kind')} {target}"


def show(
    monitor: str = typer.Argument(..., help="Monitor id or name."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """The monitor's current state, last decision and reasoning, next run and channels."""

    async def main() -> dict[str, Any]:
        # A read: no engine listener (it would load the engine's settings and stack).
        async with database(listen=False) as db, db.transaction(owner=LOCAL_OWNER) as tx:
            record = await find_monitor(tx, monitor)
            state = await tx.states.latest(record.id)
            runs = await tx.runs.for_monitor(record.id, limit=50)
            notified = await tx.outbox.latest_notifications([record.id])
        decided = next((r for r in runs if r.decision and "should_act" in r.decision), None)
        notification = notified.get(record.id)
        sensed = next((r.sensor_output for r in runs if r.sensor_output), None) or {}
        return {
            "readings": sensed.get("readings") or [],
            "monitor": asdict(record),
            "state": asdict(state) if state else None,
            "last_run": watch_bulk.run_summary(runs[0] if runs else None),
            "last_notification": notification.as_json() if notification else None,
            "last_decision": {"run_id": decided.id, **(decided.decision or {})}
            if decided
            else None,
        }

    document = run(main)
    if as_json:
        print_json(document)
        return
    print_show(document)


def print_show(document: dict[str, Any]) -> None:
    """``watch show`` for people."""
    from sentinel.cli.watch_contract import contract_lines, reading_lines

    m = document["monitor"]
    lines = [
        f"[bold]#{m['id']} {escape(m['name'])}[/] ({m['state']})",
        f"Query: {escape(m['original_query'])}",
    ]
    if m["current_query"] != m["original_query"]:
        lines.append(f"Searching as: {escape(m['current_query'])}")
    governor = "rules: " + m["governor_rules"] if m["governor_kind"] == "rules" else "llm"
    if m.get("contract"):
        governor = "the contract"
    channels = ", ".join(channel_label(c) for c in m["channels"]) or "none (state only)"
    if m["urls"]:
        lines.append("Reads: " + escape(", ".join(m["urls"])))
    if m["fields"]:
        declared = ", ".join(f"{f['name']}:{f['type']}" for f in m["fields"])
        lines.append(f"Fields: {escape(declared)}")
    lines += [
        f"Criteria: {escape(m['action_criteria'])}",
        f"Governor: {escape(governor)}; notify {m['notify_behavior']}",
        f"Channels: {escape(channels)}",
        *contract_lines(m.get("contract"), governor=m["governor_kind"]),
        f"Next run: {when(m['next_run_at'])}; runs: {m['run_count']}, "
        f"failures in a row: {m['consecutive_failures']}",
    ]
    last = document["last_run"]
    if last is not None:
        category = f" ({last['error_category']})" if last["error_category"] else ""
        outcome = last["status"] + category
        reason = f": {escape(last['reason'])}" if last["reason"] else ""
        lines.append(f"Last run: {last['id']}, {when(last['finished_at'])}, {outcome}{reason}")
    notification = document["last_notification"]
    if notification is not None:
        lines.append(f"Last notification: run {notification['run_id']}, {notification['delivery']}")
    state = document["state"]
    if state is None:
        lines.append("State: nothing sensed yet")
    else:
        lines.append(f"State (version {state['version']}, {when(state['created_at'])}):")
    stdout.print("\n".join(lines), soft_wrap=True)
    if state is not None:
        stdout.print_json(data=state["state"])
    decision = document["last_decision"]
    if decision is not None:
        verdict = "act" if decision.get("should_act") else "do not act"
        stdout.print(
            f"Last decision (run {decision['run_id']}): {verdict}; "
            f"reasoning: {escape(str(decision.get('reasoning') or '-'))}",
            soft_wrap=True,
        )
    readings = document.get("readings") or []
    if readings:
        stdout.print("\n".join(["Readings of the last run:", *reading_lines(readings)]))


def history(
    monitor: str = typer.Argument(..., help="Monitor id or name."),
    limit: int = typer.Option(20, min=1, max=500, help="Newest entries of each kind."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Runs, state versions and notification deliveries, newest first."""
    from sentinel.monitor.service import run_detail

    async def main() -> dict[str, Any]:
        async with database() as db, db.transaction(owner=LOCAL_OWNER) as tx:
            record = await find_monitor(tx, monitor)
            runs = await tx.runs.for_monitor(record.id, limit=limit)
            states = await tx.states.history(record.id, limit=limit)
            deliveries = await tx.outbox.find(monitor_id=record.id, limit=10_000)
        return {
            "monitor": {"id": record.id, "name": record.name},
            "runs": [asdict(r) | {"reason": run_detail(r)} for r in runs],
            "states": [asdict(s) for s in states],
            "deliveries": [asdict(d) for d in reversed(deliveries)][:limit],
        }

    document = run(main)
    if as_json:
        print_json(document)
        return
    print_history(document)


def print_history(document: dict[str, Any]) -> None:
    """``watch history`` for people: three tables."""
    runs = Table(title=f"Runs of #{document['monitor']['id']}")
    for column in ("Run", "Status", "Scheduled", "Finished", "Retry"):
        runs.add_column(column, no_wrap=column == "Status")
    # Folded, not cut: a reason's last words are often its fix ("…(SENTINEL_SEARCH)").
    runs.add_column("Detail", overflow="fold", ratio=1)
    for r in document["runs"]:
        detail = r["reason"]
        runs.add_row(
            str(r["id"]),
            r["status"] + (f" ({r['error_category']})" if r["error_category"] else ""),
            when(r["scheduled_at"]),
            when(r["finished_at"]),
            str(r["retry_count"]),
            escape(detail[:DETAIL_CHARS]),
        )
    states = Table(title="State versions")
    for column in ("Version", "Sensed", "Run", "State"):
        states.add_column(column)
    for s in document["states"]:
        text = str(s["state"])
        states.add_row(
            str(s["version"]), when(s["created_at"]), str(s["run_id"]), escape(text[:80])
        )
    deliveries = Table(title="Notifications")
    for column in ("Delivery", "Run", "Channel", "Status", "Attempts", "Detail"):
        deliveries.add_column(column)
    for d in document["deliveries"]:
        deliveries.add_row(
            str(d["id"]),
            str(d["run_id"]),
            escape(channel_label(d["channel"])),
            d["status"],
            str(d["attempts"]),
            escape(d["last_error"] or when(d["delivered_at"])),
        )
    for table in (runs, states, deliveries):
        stdout.print(table)
