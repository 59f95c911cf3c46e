"""``sentinel watch``: create, inspect and steer monitors.

``add`` validates everything (query, criteria, rule syntax, intervals, every channel) before
storing anything; ``list``/``show``/``history`` read (``--json`` for machines); ``import`` and
``export`` move monitors in bulk (``sentinel.cli.watch_bulk``); ``pause``,
``resume``, ``run`` and ``delete`` act on one monitor, given by id or name. ``run`` makes the
monitor due now, which a running ``sentinel worker`` notices within its poll interval; with
``--here`` the run happens in this process and its outcome is printed, with why it ended so
(a run that read nothing says why and what fixes it). ``secret`` prints or rotates the key a
webhook receiver verifies notifications with (``sentinel.cli.watch_secret``).
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from sentinel.cli import common, watch_bulk, watch_secret
from sentinel.cli.common import (
    database,
    find_monitor,
    print_json,
    run,
    stdout,
    when,
    worker_engine,
)
from sentinel.errors import InvalidInput
from sentinel.owners import LOCAL_OWNER
from sentinel.storage.enums import MonitorState

# The monitor, database and protocol layers load when a command runs, not for `--help`.
if TYPE_CHECKING:
    from sentinel.storage import MonitorRecord, NotificationState, RunRecord

app = typer.Typer(no_args_is_help=True)
PAGE = 100
# A run's detail in ``history`` (wrapped by the table): room for a reason and its fix.
DETAIL_CHARS = 240
Repeated = list[str] | None


@app.command()
def add(
    query: str = typer.Argument(..., help='What to watch, e.g. "Tell me when the iPhone 17 …"'),
    name: str | None = typer.Option(None, help="A short label (default: the query)."),
    criteria: str | None = typer.Option(None, help="When to notify, in words (default: query)."),
    notify: str = typer.Option("once", help="once: notify then complete; always: every match."),
    webhook: Annotated[Repeated, typer.Option(help="Webhook URL to POST to (repeatable).")] = None,
    email: Annotated[Repeated, typer.Option(help="E-mail address to notify (repeatable).")] = None,
    apprise: Annotated[
        Repeated, typer.Option(help="Apprise URL, e.g. ntfy://x (repeatable).")
    ] = None,
    min_interval: str | None = typer.Option(None, help='Never run sooner, e.g. "15 minutes".'),
    max_interval: str | None = typer.Option(None, help='Never wait longer, e.g. "7 days".'),
    rules: str | None = typer.Option(None, help='Rules governor, e.g. "price_usd < 100".'),
    timezone: str | None = typer.Option(None, help="IANA zone for calendar times (UTC)."),
    url: Annotated[
        Repeated,
        typer.Option(
            "--url", help="A page to read on every run (repeatable); URLs in the query count."
        ),
    ] = None,
    field: Annotated[
        Repeated,
        typer.Option(
            "--field", help="A state field as name:type, e.g. price_usd:number (repeatable)."
        ),
    ] = None,
    as_json: bool = typer.Option(False, "--json", help="Print the stored monitor as JSON."),
    a2a_source: Annotated[
        Repeated,
        typer.Option(
            "--a2a-source",
            help="Also ask this A2A agent on every run (repeatable); its answer is a source.",
        ),
    ] = None,
) -> None:
    """Create a monitor; nothing is stored unless every value is valid."""
    from sentinel.monitor.models import parse_monitor_spec
    from sentinel.monitor.service import (
        model_may_compile,
        new_monitor,
        spec_input,
        typed_channels,
        with_model_contract,
    )
    from sentinel.notify import vet_channel_destinations
    from sentinel.protocols.a2a import CONTEXT_KEY, a2a_available, agent_urls

    data = spec_input(
        query,
        name=name,
        criteria=criteria,
        notify=notify,
        rules=rules,
        timezone=timezone,
        min_interval=min_interval,
        max_interval=max_interval,
        urls=url or [],
        fields=field or [],
    )

    async def main() -> tuple[MonitorRecord, str]:
        spec = parse_monitor_spec(data)
        channels = typed_channels(webhook=webhook or [], email=email or [], apprise=apprise or [])
        new = new_monitor(spec, channels=channels)
        await vet_channel_destinations(new.channels)
        if model_may_compile(spec, new):
            # The code has no form for this sentence: one model call may find one, which
            # is checked against the sentence (and printed below, for the user to judge).
            from sentinel.llm import get_model

            new = await with_model_contract(spec, new, get_model("sensor"))
        if a2a_source:
            if not a2a_available():
                raise InvalidInput("--a2a-source", a2a_source, "needs the a2a extra (a2a-sdk)")
            new = replace(new, context=new.context | {CONTEXT_KEY: agent_urls(a2a_source)})
        async with database() as db, db.transaction(owner=LOCAL_OWNER) as tx:
            record = await tx.monitors.create(new, now=common.cli_clock().now())
            return record, await tx.monitors.signing_secret(record.id)

    created, secret = run(main)
    if as_json:
        print_json(asdict(created) | {"signing_secret": secret})
        return
    channels = ", ".join(channel_label(c) for c in created.channels) or "no channel (state only)"
    reads = f"reads {len(created.urls)} page(s)" if created.urls else "searches the web"
    stdout.print(
        f"Created monitor [bold]#{created.id}[/] {escape(created.name)!r}: first run now, "
        f"{reads}, notify {created.notify_behavior.value} via {escape(channels)}.",
        soft_wrap=True,
    )
    from sentinel.cli.watch_contract import contract_lines

    # The secret matters to whoever receives the webhooks: shown once, where it is needed.
    if any(channel.get("kind") == "webhook" for channel in created.channels):
        watch_secret.print_created_secret(created.id, secret)
    governor = created.governor_kind.value
    stdout.print("\n".join(contract_lines(created.contract, governor=governor)), soft_wrap=True)


def channel_label(channel: dict[str, Any]) -> str:
    """A channel for people: its kind and where it goes."""
    target = channel.get("url") or ", ".join(channel.get("to", []))
    return f"{channel.get('kind')} {target}"


app.command("list")(watch_bulk.list_monitors)
app.command("import")(watch_bulk.import_monitors)
app.command("export")(watch_bulk.export_monitors)
app.command("secret")(watch_secret.secret)


@app.command()
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


@app.command()
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


@app.command()
def pause(monitor: str = typer.Argument(..., help="Monitor id or name.")) -> None:
    """Stop running the monitor until it is resumed (its schedule is kept)."""
    _move(monitor, MonitorState.PAUSED, "paused")


@app.command()
def resume(monitor: str = typer.Argument(..., help="Monitor id or name.")) -> None:
    """Run a paused, completed or failed monitor again (now, if it was due)."""
    _move(monitor, MonitorState.ACTIVE, "resumed")


@app.command("run")
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


@app.command()
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
