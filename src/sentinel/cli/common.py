"""What every command shares: the database from settings, errors rendered for people, and the
services a worker runs monitors with.

Expected errors (``SentinelError``) become one red line and an exit code — 2 when the input
was at fault (a bad value, an unknown monitor, a state that forbids the action, a bad
configuration), 1 when something failed — never a traceback.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from contextlib import asynccontextmanager, contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from sentinel.clock import Clock, SystemClock
from sentinel.errors import ConfigError, InvalidInput, SentinelError
from sentinel.storage.errors import InvalidTransition, RecordNotFound
from sentinel.worker import build_run_services as build_run_services
from sentinel.worker import monitor_runner as monitor_runner

# The engine, the database and the web stacks are imported where they are used: a command
# that only prints its help (or only reads the database) starts without them
# (tests/cli/test_main_lazy.py checks which modules a command loads).
if TYPE_CHECKING:
    from sentinel.engine import Engine
    from sentinel.storage import Database, MonitorRecord, Transaction

T = TypeVar("T")

EXIT_FAILURE = 1
EXIT_BAD_INPUT = 2
# Errors caused by what the user asked for, as opposed to something failing.
BAD_INPUT = (InvalidInput, ConfigError, RecordNotFound, InvalidTransition)
SHOWN_VALUE_CHARS = 80

stdout = Console()
stderr = Console(stderr=True)


def shorten(value: Any, limit: int = SHOWN_VALUE_CHARS) -> str:
    """``repr(value)``, cut to ``limit`` characters with its full length noted."""
    text = repr(value)
    if len(text) <= limit:
        return text
    size = f" ({len(value)} characters)" if isinstance(value, str) else ""
    return text[: limit - 1] + "…" + size


def describe_error(error: SentinelError) -> str:
    """The error as one line for people: the field, the (shortened) value, the problem."""
    from sentinel.monitor.models import InvalidMonitorSpec  # its models load only on error

    if isinstance(error, InvalidMonitorSpec):
        data = error.value if isinstance(error.value, dict) else {}
        parts = []
        for field, message in error.problems:
            value = data.get(field)
            shown = f"{field} {shorten(value)}: " if value not in (None, "") else f"{field}: "
            # Model-level problems (field "monitor") already name the fields they are about.
            parts.append(("" if field == "monitor" else shown) + _first_line(message))
        return "invalid monitor: " + "; ".join(parts)
    if isinstance(error, InvalidInput):
        problem = _first_line(error.problem)
        return f"invalid {error.field} {shorten(error.value)}: {problem}"
    return _first_line(str(error)) or type(error).__name__


def _first_line(text: str) -> str:
    # Multi-line details (a rule error's caret under the rule) do not fit one line.
    return " ".join(text.strip().splitlines()[0].split()) if text.strip() else ""


def exit_code(error: SentinelError) -> int:
    """2 for bad input, 1 for failures."""
    return EXIT_BAD_INPUT if isinstance(error, BAD_INPUT) else EXIT_FAILURE


def fail(error: SentinelError) -> typer.Exit:
    """Print ``error`` as one red line and return the ``typer.Exit`` to raise."""
    stderr.print(f"[bold red]Error:[/] {escape(describe_error(error))}", soft_wrap=True)
    return typer.Exit(exit_code(error))


@contextmanager
def reported_errors() -> Iterator[None]:
    """Turn expected errors raised inside the block into a red line and an exit code."""
    try:
        yield
    except SentinelError as error:
        raise fail(error) from None


def run(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run an async command body with its expected errors reported for people."""
    with reported_errors():
        return asyncio.run(main())


def cli_clock() -> Clock:
    """The clock commands run on: the wall clock (tests substitute a simulated world's)."""
    return SystemClock()


@asynccontextmanager
async def database(*, listen: bool = True) -> AsyncIterator[Database]:
    """The database of ``SENTINEL_DATABASE_URL`` or ``SENTINEL_HOME`` (migrated), closed after.

    With ``listen``, monitor changes committed through it reach the configured engine
    (``SENTINEL_ENGINE=temporal``: the monitors' workflows are started and signalled).
    """
    from sentinel.storage import open_database

    db = await open_database()
    if listen:
        from sentinel.engine.temporal.settings import lifecycle_listener

        db.listener = lifecycle_listener()
    try:
        yield db
    finally:
        await db.close()


async def find_monitor(tx: Transaction, ref: str) -> MonitorRecord:
    """The monitor whose id (digits) or name is ``ref``."""
    text = ref.strip()
    if text.isdigit():
        return await tx.monitors.get(int(text))
    try:
        return await tx.monitors.get_by_name(text)
    except RecordNotFound:
        raise RecordNotFound("monitor with id or name", ref) from None


def when(moment: datetime | None, now: datetime | None = None) -> str:
    """A time for a table: ISO minutes in UTC, with "(due)" when it has passed."""
    if moment is None:
        return "-"
    text = moment.strftime("%Y-%m-%d %H:%M UTC")
    if now is not None and moment <= now:
        return f"{text} (due)"
    return text


def print_json(document: Any) -> None:
    """Machine-readable output: indented JSON on stdout, nothing else."""
    typer.echo(json.dumps(document, indent=2, default=_jsonable, ensure_ascii=False))


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"not JSON-serialisable: {type(value).__name__}")


# -- what a worker runs monitors with ------------------------------------------------------
# (the wiring itself is sentinel.worker, which the real-run benchmark uses too)


@asynccontextmanager
async def worker_engine(
    db: Database,
    clock: Clock,
    *,
    concurrency: int = 2,
    poll_s: float | None = None,
    grace_s: float | None = None,
    lease_s: float | None = None,
    delivery_lease_s: float | None = None,
) -> AsyncIterator[Engine]:
    """An engine running monitors with the configured services and delivering their
    notifications through the default channels; its HTTP clients are closed afterwards.
    ``lease_s`` and ``delivery_lease_s`` (default: the settings'): how long a claim on a
    monitor or on a batch of deliveries lasts without a heartbeat (a killed worker's work
    waits that long)."""
    from sentinel.engine import Engine, RunRetryPolicy, engine_owner
    from sentinel.engine.engine import DEFAULT_GRACE_S, DEFAULT_LEASE_S, DEFAULT_POLL_S
    from sentinel.notify import DeliveryWorker, default_channels
    from sentinel.notify.worker import DEFAULT_DELIVERY_LEASE_S

    policy = RunRetryPolicy()
    owner = engine_owner()
    services = build_run_services(db, clock, owner, policy)
    channels = default_channels(clock)
    try:
        yield Engine(
            db,
            monitor_runner(services),
            clock,
            concurrency=concurrency,
            owner=owner,
            lease_s=DEFAULT_LEASE_S if lease_s is None else lease_s,
            delivery=DeliveryWorker(
                db,
                channels,
                clock,
                lease_s=DEFAULT_DELIVERY_LEASE_S if delivery_lease_s is None else delivery_lease_s,
            ),
            policy=policy,
            poll_s=DEFAULT_POLL_S if poll_s is None else poll_s,
            grace_s=DEFAULT_GRACE_S if grace_s is None else grace_s,
        )
    finally:
        # Neither Channel nor SearchProvider declares a close; the HTTP-based ones have one.
        for resource in (*channels.values(), services.search):
            closer = getattr(resource, "aclose", None)
            if closer is not None:
                await closer()
        await services.fetcher.aclose()
