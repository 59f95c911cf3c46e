"""``sentinel receipts``: the hash-chained decision receipts — list them, verify the chain."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from sentinel.assistant.views import receipt_view
from sentinel.cli import common
from sentinel.cli.common import database, print_json, run, stdout, when
from sentinel.owners import LOCAL_OWNER
from sentinel.receipts import ChainVerification, ReceiptLedger, ReceiptRecord

app = typer.Typer(no_args_is_help=True)

OwnerOption = Annotated[str, typer.Option("--owner", help="Whose chain (default: the local user).")]


@app.command("list")
def list_receipts(
    owner: OwnerOption = LOCAL_OWNER,
    limit: Annotated[int, typer.Option("--limit", min=1, max=1000)] = 20,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The newest receipts: what was asked or sensed, by which persona, with which actions."""

    async def main() -> list[ReceiptRecord]:
        async with database() as db:
            return await ReceiptLedger(db, clock=common.cli_clock()).list(owner, limit=limit)

    records = run(main)
    if as_json:
        print_json([receipt_view(r) for r in records])
        return
    if not records:
        stdout.print(f"No receipts for {escape(owner)!r} yet.")
        return
    table = Table("seq", "kind", "when", "query", "persona", "actions", "hash")
    for record in records:
        payload = record.payload
        actions = ", ".join(str(a.get("name")) for a in payload.get("actions", []))
        table.add_row(
            str(record.seq),
            record.kind,
            when(record.created_at),
            escape(str(payload.get("query", ""))[:80]),
            escape(str(payload.get("persona") or "-")),
            escape(actions or "-"),
            record.hash[:12] + "…",
        )
    stdout.print(table)


@app.command()
def verify(
    owner: OwnerOption = LOCAL_OWNER,
    every_owner: Annotated[bool, typer.Option("--all", help="Verify every owner's chain.")] = False,
) -> None:
    """Recompute the chain's hashes; name the first broken link (exit code 1 when broken)."""

    async def main() -> list[ChainVerification]:
        async with database() as db:
            ledger = ReceiptLedger(db, clock=common.cli_clock())
            owners = await ledger.owners() if every_owner else [owner]
            return [await ledger.verify(name) for name in owners]

    results = run(main)
    broken = False
    for result in results:
        if result.ok:
            head = (result.head_hash or "")[:12]
            stdout.print(
                f"[green]ok[/] {escape(result.owner)}: {result.checked} receipts, head {head}…"
            )
        else:
            broken = True
            stdout.print(
                f"[red]broken[/] {escape(result.owner)}: receipt #{result.broken_seq}: "
                f"{escape(str(result.problem))} ({result.checked} receipts before it verify)",
                soft_wrap=True,
            )
    if broken:
        raise typer.Exit(1)
