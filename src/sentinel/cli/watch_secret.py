"""``sentinel watch secret``: the key a webhook receiver verifies a monitor's notifications with.

Every monitor has a signing secret. Its webhooks carry ``Sentinel-Signature: t=<unix>,v1=<hex>``
where ``v1`` is the HMAC-SHA256 of ``"<t>.<body>"`` under that secret (see
``sentinel.notify.signing`` and docs/monitors-webhooks.md). ``watch add`` prints it once;
``watch secret ID`` prints it again (alone on stdout, for scripts), and ``--rotate`` replaces it
in one transaction. Deliveries are signed when they are sent, so every delivery not yet sent —
retries included — is signed with the new secret from then on.
"""

from __future__ import annotations

import typer
from rich.markup import escape

from sentinel.cli import common
from sentinel.cli.common import database, find_monitor, print_json, run, stderr, stdout
from sentinel.notify.signing import SIGNATURE_HEADER
from sentinel.owners import LOCAL_OWNER

HOW_TO_VERIFY = (
    f"Receivers check that {SIGNATURE_HEADER}'s v1 is the HMAC-SHA256 of "
    '"<t>.<raw body>" under this secret (docs/monitors-webhooks.md).'
)


def print_created_secret(monitor_id: int, secret: str) -> None:
    """The secret of a monitor just created, and how a receiver uses it (``watch add``)."""
    stdout.print(
        f"Signing secret: {secret} (shown once here; `sentinel watch secret {monitor_id}` "
        "prints it again)",
        soft_wrap=True,
        markup=False,
    )
    stdout.print(HOW_TO_VERIFY, soft_wrap=True, markup=False)


def secret(
    monitor: str = typer.Argument(..., help="Monitor id or name."),
    rotate: bool = typer.Option(
        False, "--rotate", help="Replace the secret; unsent deliveries get signed with the new one."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Print the monitor's webhook signing secret (alone on stdout), or replace it."""

    async def main() -> tuple[int, str, str]:
        async with database(listen=False) as db, db.transaction(owner=LOCAL_OWNER) as tx:
            record = await find_monitor(tx, monitor)
            if rotate:
                value = await tx.monitors.rotate_signing_secret(
                    record.id, now=common.cli_clock().now()
                )
            else:
                value = await tx.monitors.signing_secret(record.id)
            return record.id, record.name, value

    monitor_id, name, value = run(main)
    if as_json:
        print_json({"monitor_id": monitor_id, "signing_secret": value, "rotated": rotate})
        return
    typer.echo(value)
    if rotate:
        stderr.print(
            f"Rotated the secret of monitor #{monitor_id} {escape(name)!r}: every delivery "
            "sent from now on (retries too) is signed with it; give it to the receivers.",
            soft_wrap=True,
        )
