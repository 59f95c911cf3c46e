"""``sentinel watch list``, ``import`` and ``export``: monitors by the thousand.

``list`` streams pages from the database (by key, a page per short transaction, the last run
of a whole page in one query), so it starts printing at once and its memory does not grow
with the number of monitors; ``--state``, ``--search`` and ``--limit`` narrow it. ``import``
reads JSON Lines or changedetection.io's datastore (``url-watches.json``, its folder or a
backup zip), validates every entry before storing any, and stores them all in one
transaction: a bad line is named
with its number and nothing is half-imported. ``export`` writes JSON Lines that ``import``
reads back (to a file atomically, or to stdout).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from dataclasses import asdict
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, TextIO

import typer

from sentinel.cli import common
from sentinel.cli.common import database, run, stdout
from sentinel.errors import InvalidInput
from sentinel.owners import LOCAL_OWNER
from sentinel.storage.enums import MonitorState

# The monitor and database layers load when a command runs, not for `--help`.
if TYPE_CHECKING:
    from sentinel.monitor.transfer import Imported
    from sentinel.storage import Database, MonitorRecord, NotificationState, RunRecord

PAGE = 500
IMPORT_CHUNK = 2000
_COLUMNS = (("ID", 7), ("Name", 32), ("State", 9), ("Next run", 26), ("Last result", 40))


class ListedMonitor(NamedTuple):
    """A monitor as ``list`` shows it: with its last run and its latest notification."""

    monitor: MonitorRecord
    last_run: RunRecord | None
    notification: NotificationState | None


class ImportFormat(StrEnum):
    """How ``watch import`` reads its file."""

    AUTO = "auto"
    JSONL = "jsonl"
    CHANGEDETECTION = "changedetection"


def run_summary(record: RunRecord | None) -> dict[str, Any] | None:
    """The last run of a monitor, as ``list`` and ``show`` print it in JSON, with the reason
    it ended so (``run_detail``: why it skipped or read nothing, the error, the reasoning)."""
    from sentinel.monitor.results import run_detail

    if record is None:
        return None
    keep = ("id", "status", "scheduled_at", "finished_at", "error_category", "error_message")
    return {key: getattr(record, key) for key in keep} | {"reason": run_detail(record)}


async def monitor_pages(
    db: Database,
    *,
    state: MonitorState | None = None,
    search: str | None = None,
    limit: int | None = None,
    with_last_run: bool = True,
) -> AsyncIterator[list[ListedMonitor]]:
    """Pages of monitors in id order with their last run and latest notification: four
    queries per page at most, each page in a transaction of its own (a long listing never
    holds the database)."""
    after, left = 0, limit
    while left is None or left > 0:
        size = PAGE if left is None else min(PAGE, left)
        latest: dict[int, RunRecord] = {}
        notified: dict[int, NotificationState] = {}
        async with db.transaction(owner=LOCAL_OWNER) as tx:
            page = await tx.monitors.page(after_id=after, limit=size, state=state, search=search)
            if with_last_run and page:
                latest = await tx.runs.latest_of(m.id for m in page)
                notified = await tx.outbox.latest_notifications(m.id for m in page)
        if not page:
            return
        yield [ListedMonitor(m, latest.get(m.id), notified.get(m.id)) for m in page]
        after = page[-1].id
        left = None if left is None else left - len(page)
        if len(page) < size:
            return


StateOption = Annotated[
    MonitorState | None, typer.Option("--state", help="Only monitors in this state.")
]
SearchOption = Annotated[
    str | None, typer.Option("--search", help="Only names containing this text.")
]


def list_monitors(
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a JSON array instead of a table.")
    ] = False,
    state: StateOption = None,
    search: SearchOption = None,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help="Print at most this many.")
    ] = None,
) -> None:
    """Monitors in id order: id, name, state, next run, last result, runs (streamed)."""
    out = sys.stdout
    now = common.cli_clock().now()

    async def main() -> int:
        count = 0
        async with database(listen=False) as db:
            pages = monitor_pages(db, state=state, search=search, limit=limit)
            async for page in pages:
                for listed in page:
                    if as_json:
                        out.write("[\n" if count == 0 else ",\n")
                        out.write(_json(listed_json(listed)))
                    else:
                        if count == 0:
                            out.write(_row([title for title, _ in _COLUMNS] + ["Runs"]))
                        out.write(_row(_cells(listed, now)))
                    count += 1
                out.flush()
        return count

    count = run(main)
    if as_json:
        out.write("[]\n" if count == 0 else "\n]\n")
    elif count == 0:
        filtered = state is not None or search
        stdout.print(
            "No monitors match."
            if filtered
            else 'No monitors yet: sentinel watch add "Tell me when …"'
        )


def listed_json(listed: ListedMonitor) -> dict[str, Any]:
    """A monitor as ``list --json`` prints it: the record, its last run and latest
    notification (``delivery``: pending, delivered, failed or "1 of 2 failed")."""
    notification = listed.notification.as_json() if listed.notification else None
    return {
        **asdict(listed.monitor),
        "last_run": run_summary(listed.last_run),
        "last_notification": notification,
    }


def _cells(listed: ListedMonitor, now: datetime) -> list[str]:
    from sentinel.monitor.results import last_result

    monitor = listed.monitor
    return [
        str(monitor.id),
        monitor.name,
        monitor.state.value,
        common.when(monitor.next_run_at, now),
        last_result(listed.last_run, notification=listed.notification, none="-"),
        str(monitor.run_count),
    ]


def _row(cells: list[str]) -> str:
    widths = [width for _, width in _COLUMNS]
    shown = [
        cell if len(cell) <= width else cell[: width - 1] + "…"
        for cell, width in zip(cells, widths, strict=False)
    ]
    padded = [cell.ljust(width) for cell, width in zip(shown, widths, strict=False)]
    return " ".join(padded + cells[len(widths) :]).rstrip() + "\n"


def _json(document: Any) -> str:
    return json.dumps(document, default=_jsonable, ensure_ascii=False)


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"not JSON-serialisable: {type(value).__name__}")


def import_monitors(
    file: Annotated[
        Path,
        typer.Argument(
            help="JSON Lines, or changedetection.io's url-watches.json, datastore folder or "
            "backup zip; - is stdin."
        ),
    ],
    file_format: Annotated[
        ImportFormat,
        typer.Option(
            "--format",
            help="auto: changedetection.io for .json/.zip or a folder, else JSON Lines.",
        ),
    ] = ImportFormat.AUTO,
) -> None:
    """Create monitors from a file, all or none: every entry is validated first."""
    from sentinel.monitor.changedetection import load_changedetection, read_changedetection
    from sentinel.monitor.transfer import ImportProblems, read_jsonl

    kind = _format_of(file, file_format)
    unmapped: dict[str, int] = {}
    notes: list[str] = []
    with common.reported_errors():
        try:
            if kind is ImportFormat.JSONL:
                entries = list(read_jsonl(_lines(file)))
            else:
                found = read_changedetection(load_changedetection(file))
                entries, unmapped, notes = found.monitors, dict(found.unmapped), found.notes
        except ImportProblems as error:
            # Every bad entry on a line of its own (the usual report keeps one line).
            for problem in error.problems:
                common.stderr.print(f"{file}: {problem}", soft_wrap=True, markup=False)
            raise InvalidInput(
                "import file", str(file), f"{len(error.problems)} bad entries; nothing was imported"
            ) from None

    async def main() -> tuple[int, int]:
        async with database() as db:
            return await store(db, entries)

    created, paused = run(main)
    stdout.print(
        f"Imported {created} monitor(s) from {file}"
        + (f", {paused} paused" if paused else "")
        + "; the first runs are due now.",
        soft_wrap=True,
        markup=False,
    )
    for note in notes:
        stdout.print(note, soft_wrap=True, markup=False)
    if unmapped:
        fields = ", ".join(f"{key} ({count})" for key, count in sorted(unmapped.items()))
        stdout.print(
            f"Not mapped (no Sentinel equivalent; watches setting it): {fields}",
            soft_wrap=True,
            markup=False,
        )


async def store(db: Database, entries: list[Imported]) -> tuple[int, int]:
    """Create ``entries`` in one transaction (inserted ``IMPORT_CHUNK`` at a time) and pause
    those marked paused; a name already taken is named with its line."""
    from sentinel.notify import vet_channel_destinations

    # Each distinct channel is checked once, named by the first entry that has it.
    first = {
        json.dumps(channel, sort_keys=True): (entry.where, channel)
        for entry in reversed(entries)
        for channel in entry.monitor.channels
    }
    for entry_where, channel in first.values():
        try:
            await vet_channel_destinations([channel])
        except InvalidInput as error:
            raise InvalidInput(
                entry_where, error.value, f"{error.problem}; nothing was imported"
            ) from None
    now = common.cli_clock().now()
    where = {entry.monitor.name: entry.where for entry in entries}
    paused = 0
    async with db.transaction(owner=LOCAL_OWNER) as tx:
        for start in range(0, len(entries), IMPORT_CHUNK):
            chunk = entries[start : start + IMPORT_CHUNK]
            try:
                ids = await tx.monitors.create_many([e.monitor for e in chunk], now=now)
            except InvalidInput as error:
                if error.field == "name" and error.value in where:
                    raise InvalidInput(
                        where[error.value], error.value, f"{error.problem}; nothing was imported"
                    ) from None
                raise
            for entry, monitor_id in zip(chunk, ids, strict=True):
                if entry.paused:
                    await tx.monitors.transition(
                        monitor_id, MonitorState.PAUSED, now=now, expected=MonitorState.ACTIVE
                    )
                    paused += 1
    return len(entries), paused


def _format_of(file: Path, chosen: ImportFormat) -> ImportFormat:
    if chosen is not ImportFormat.AUTO:
        return chosen
    if str(file) != "-" and (file.suffix.lower() in (".json", ".zip") or file.is_dir()):
        return ImportFormat.CHANGEDETECTION
    return ImportFormat.JSONL


def _lines(file: Path) -> Iterator[str]:
    if str(file) == "-":
        yield from sys.stdin
        return
    try:
        with file.open(encoding="utf-8-sig") as handle:
            yield from handle
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidInput("import file", str(file), f"is not readable: {error}") from None


def export_monitors(
    file: Annotated[
        Path | None, typer.Argument(help="Write here (atomically); default stdout.")
    ] = None,
    state: StateOption = None,
    search: SearchOption = None,
) -> None:
    """Write monitors as JSON Lines that ``sentinel watch import`` reads back."""
    from sentinel.monitor.transfer import export_line

    async def write(out: TextIO) -> int:
        count = 0
        async with database(listen=False) as db:
            pages = monitor_pages(db, state=state, search=search, with_last_run=False)
            async for page in pages:
                out.writelines(export_line(listed.monitor) + "\n" for listed in page)
                count += len(page)
        return count

    if file is None:
        run(lambda: write(sys.stdout))
        return
    target = file.resolve()
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            count = run(lambda: write(handle))
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    stdout.print(f"Exported {count} monitor(s) to {file}.", soft_wrap=True, markup=False)
