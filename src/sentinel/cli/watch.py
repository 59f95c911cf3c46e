"""``sentinel watch``: create, inspect and steer monitors.

``add`` validates everything (query, criteria, rule syntax, intervals, every channel) before
storing anything; ``list``/``show``/``history`` read (``--json`` for machines); ``import`` and
``export`` move monitors in bulk (``sentinel.cli.watch_bulk``); ``pause``,
``resume``, ``run`` and ``delete`` act on one monitor, given by id or name. ``run`` makes the
monitor due now, which a running ``sentinel worker`` notices within its poll interval; with
``--here`` the run happens in this process and its outcome is printed, with why it ended so
(a run that read nothing says why and what fixes it). ``secret`` prints or rotates the key a
webhook receiver verifies notifications with (``sentinel.cli.watch_secret``).

This module holds ``add`` and the group; ``show`` and ``history`` live in
``sentinel.cli.watch_inspect``, ``pause``, ``resume``, ``run`` and ``delete`` in
``sentinel.cli.watch_steer``, all registered here in the order ``sentinel watch --help`` lists
them.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from sentinel.cli import common, watch_bulk, watch_inspect, watch_secret, watch_steer
from sentinel.cli.common import database, print_json, run, stdout
from sentinel.cli.watch_inspect import channel_label
from sentinel.errors import InvalidInput
from sentinel.owners import LOCAL_OWNER

# The monitor, database and protocol layers load when a command runs, not for `--help`.
if TYPE_CHECKING:
    from sentinel.storage import MonitorRecord

app = typer.Typer(no_args_is_help=True)
PAGE = 100
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
    requests_per_day: int | None = typer.Option(
        None,
        min=1,
        help="Page requests a day its looks may make "
        "(default: SENTINEL_WATCH_MONITOR_REQUESTS_PER_DAY).",
    ),
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
    from sentinel.monitor.budget import REQUESTS_PER_DAY
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
        requests_per_day=requests_per_day,
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
    budget = created.context.get(REQUESTS_PER_DAY)
    budget_note = f", at most {budget} page requests a day" if budget is not None else ""
    stdout.print(
        f"Created monitor [bold]#{created.id}[/] {escape(created.name)!r}: first run now, "
        f"{reads}{budget_note}, notify {created.notify_behavior.value} via {escape(channels)}.",
        soft_wrap=True,
    )
    from sentinel.cli.watch_contract import contract_lines

    # The secret matters to whoever receives the webhooks: shown once, where it is needed.
    if any(channel.get("kind") == "webhook" for channel in created.channels):
        watch_secret.print_created_secret(created.id, secret)
    governor = created.governor_kind.value
    stdout.print("\n".join(contract_lines(created.contract, governor=governor)), soft_wrap=True)


app.command("list")(watch_bulk.list_monitors)
app.command("import")(watch_bulk.import_monitors)
app.command("export")(watch_bulk.export_monitors)
app.command("secret")(watch_secret.secret)
app.command()(watch_inspect.show)
app.command()(watch_inspect.history)
app.command()(watch_steer.pause)
app.command()(watch_steer.resume)
app.command("run")(watch_steer.run_now)
app.command()(watch_steer.delete)
