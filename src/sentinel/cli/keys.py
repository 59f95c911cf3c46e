"""``sentinel keys``: the API keys of ``sentinel serve``.

``create`` prints the key once (only its hash is stored); ``list`` shows prefixes and whether
each key is active; ``revoke`` ends a key at once. With at least one active key, every
``/api/v1`` route asks for one and the server may listen beyond loopback.
"""

from __future__ import annotations

from dataclasses import asdict

import typer
from rich.markup import escape
from rich.table import Table

from sentinel.cli import common
from sentinel.cli.common import database, print_json, run, stdout, when
from sentinel.owners import LOCAL_OWNER
from sentinel.storage.api_keys import ApiKeyRecord, ApiKeyRepository
from sentinel.storage.owned import OwnedData, owned_data

app = typer.Typer(no_args_is_help=True)


@app.command()
def create(
    name: str = typer.Option("api", help="A label to recognise the key by."),
    owner: str | None = typer.Option(
        None,
        help="Whose monitors, research, memories, tasks and receipts the key opens (default: "
        "the CLI's own, `local`, for a home's first key when the CLI made any; else the key's "
        "name).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the key and its record as JSON."),
) -> None:
    """Create a key and print it — the only time it is shown — with whose data it opens."""

    async def main() -> tuple[ApiKeyRecord, str, OwnedData, OwnedData]:
        async with database() as db, db.transaction() as tx:
            record, token = await ApiKeyRepository(tx.session).create(
                name, now=common.cli_clock().now(), owner=owner
            )
            opens = await owned_data(tx.session, record.owner)
            local = await owned_data(tx.session, LOCAL_OWNER)
            return record, token, opens, local

    record, token, opens, local = run(main)
    if as_json:
        print_json({**asdict(record), "key": token, "opens": asdict(opens)})
        return
    stdout.print(
        f"Created API key [bold]#{record.id}[/] {escape(record.name)!r}. "
        "Store it now; it is not shown again:",
        soft_wrap=True,
    )
    typer.echo(token)
    stdout.print(opens_line(opens, local), soft_wrap=True)


def opens_line(opens: OwnedData, local: OwnedData) -> str:
    """Whose data a new key opens, and where the CLI's own data is when it is not that."""
    whose = "the CLI's own" if opens.owner == LOCAL_OWNER else "owner"
    line = f"It opens the data of {whose} {escape(opens.owner)!r}: {opens.describe()}."
    if opens.owner != LOCAL_OWNER and not local.empty:
        line += (
            f" The CLI's data ({local.describe()}) belongs to {LOCAL_OWNER!r}: "
            f"`sentinel keys create --owner {LOCAL_OWNER}` makes a key that opens it."
        )
    return line


@app.command("list")
def list_keys(
    as_json: bool = typer.Option(False, "--json", help="Print the keys as JSON."),
) -> None:
    """The keys: id, name, owner, prefix, created, revoked."""

    async def main() -> list[ApiKeyRecord]:
        async with database() as db, db.transaction() as tx:
            return await ApiKeyRepository(tx.session).list()

    records = run(main)
    if as_json:
        print_json([asdict(record) for record in records])
        return
    table = Table("id", "name", "owner", "prefix", "created", "revoked")
    for record in records:
        table.add_row(
            str(record.id),
            escape(record.name),
            escape(record.owner),
            record.prefix + "…",
            when(record.created_at),
            when(record.revoked_at),
        )
    stdout.print(table)


@app.command()
def revoke(
    key_id: int = typer.Argument(..., help="The key's id (see `sentinel keys list`)."),
) -> None:
    """Revoke a key: requests carrying it are refused from now on."""

    async def main() -> ApiKeyRecord:
        async with database() as db, db.transaction() as tx:
            return await ApiKeyRepository(tx.session).revoke(key_id, now=common.cli_clock().now())

    record = run(main)
    stdout.print(f"Revoked API key #{record.id} {escape(record.name)!r}.", soft_wrap=True)
