"""``sentinel query "SELECT …"``: read-only SQL over monitors, state versions, runs and
deliveries — the first step of "the web as a queryable database".

The database enforces read-only access (see ``sentinel.storage.readonly``): any write, DDL,
ATTACH or several statements at once is refused with an error naming what was refused.
"""

from __future__ import annotations

import csv
import io
import json
from enum import StrEnum
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from sentinel.cli.common import database, print_json, run, stdout
from sentinel.storage import QueryResult


class OutputFormat(StrEnum):
    """How rows are printed."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"


def query(
    sql: str = typer.Argument(..., help='One SELECT, e.g. "SELECT name, state FROM monitors".'),
    output: Annotated[
        OutputFormat, typer.Option("--format", help="Output format.")
    ] = OutputFormat.TABLE,
    limit: int = typer.Option(1000, min=1, max=10_000, help="Rows returned at most."),
) -> None:
    """Run a read-only SQL query; writes are refused."""

    async def main() -> QueryResult:
        async with database() as db:
            return await db.query_readonly(sql, limit=limit)

    result = run(main)
    if output is OutputFormat.JSON:
        print_json([dict(zip(result.columns, row, strict=True)) for row in result.rows])
    elif output is OutputFormat.CSV:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(result.columns)
        writer.writerows([_cell(value) for value in row] for row in result.rows)
        typer.echo(buffer.getvalue(), nl=False)
    else:
        table = Table(*result.columns, caption=f"{len(result.rows)} row(s)")
        for row in result.rows:
            table.add_row(*(escape(_cell(value)) for value in row))
        stdout.print(table)


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)
