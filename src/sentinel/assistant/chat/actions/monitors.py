"""Monitor actions: CREATE_MONITOR from a sentence, LIST_MONITORS, GET_MONITOR, and
QUERY_STATE (read-only SQL over monitor state).

A monitor made in chat is made exactly as ``sentinel watch add`` makes one
(``sentinel.monitor.service``: the same spec, the same validation, the same storage call), so
it is a normal monitor that the engine runs and every front end lists. QUERY_STATE runs on the
database's read-only path, the one ``sentinel query`` uses (the assistant's per-owner tables
are not readable there).

Monitors belong to an owner (``sentinel.owners``): these actions see, create and query the
monitors of the turn's owner only, as the API does for that owner's key.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import date, datetime
from typing import Any, Literal

from pydantic import Field

from sentinel.assistant.chat.actions.base import ActionContext, ActionEntry, Params, Result
from sentinel.monitor.models import parse_monitor_spec
from sentinel.monitor.service import last_result, new_monitor, run_detail, spec_input
from sentinel.storage import SKIPPED_STATUSES, MonitorRecord, MonitorState, RecordNotFound


class CreateMonitor(Params):
    """A monitor from a sentence ("tell me when …")."""

    sentence: str = Field(min_length=3, max_length=2000)
    name: str | None = Field(default=None, min_length=1, max_length=200)
    criteria: str | None = Field(default=None, max_length=2000)
    notify: Literal["once", "always"] = "once"
    # Pages to read on every check; URLs written in the sentence are read anyway.
    urls: list[str] = Field(default_factory=list, max_length=20)


class ListMonitors(Params):
    """Which monitors to list."""

    state: Literal["active", "paused", "completed", "failed"] | None = None
    limit: int = Field(default=20, ge=1, le=100)


class GetMonitor(Params):
    """One monitor, by id or by name."""

    monitor: int | str


class QueryState(Params):
    """One read-only SQL statement over monitors, state_versions, runs and deliveries."""

    sql: str = Field(min_length=1, max_length=4000)
    limit: int = Field(default=20, ge=1, le=1000)


class MonitorResult(Result):
    """The monitor as stored."""

    monitor: dict[str, Any]


class MonitorsResult(Result):
    """Monitors listed."""

    count: int
    monitors: list[dict[str, Any]]


class MonitorDetail(Result):
    """A monitor with its latest state and its last run's result."""

    monitor: dict[str, Any]
    state: dict[str, Any] | None
    state_version: int | None
    last_result: str


class QueryRows(Result):
    """Column names and rows (at most the limit)."""

    columns: list[str]
    rows: list[list[Any]]
    count: int


def monitor_view(record: MonitorRecord) -> dict[str, Any]:
    """What the assistant shows of a monitor."""
    return {
        "id": record.id,
        "name": record.name,
        "query": record.original_query,
        "criteria": record.action_criteria,
        "state": record.state.value,
        "notify": record.notify_behavior.value,
        "channels": len(record.channels),
        "urls": list(record.urls),
        "next_run_at": _iso(record.next_run_at),
        "last_run_at": _iso(record.last_run_at),
        "run_count": record.run_count,
    }


async def create_monitor(ctx: ActionContext, params: CreateMonitor) -> MonitorResult:
    """CREATE_MONITOR."""
    spec = parse_monitor_spec(
        spec_input(
            params.sentence,
            name=params.name,
            criteria=params.criteria,
            notify=params.notify,
            urls=params.urls,
        )
    )
    new = new_monitor(spec)
    async with ctx.deps.db.transaction(owner=ctx.owner) as tx:
        record = await tx.monitors.create(new, now=ctx.deps.clock.now())
    return MonitorResult(monitor=monitor_view(record))


async def list_monitors(ctx: ActionContext, params: ListMonitors) -> MonitorsResult:
    """LIST_MONITORS."""
    state = MonitorState(params.state) if params.state else None
    async with ctx.deps.db.transaction(owner=ctx.owner) as tx:
        records = await tx.monitors.find(state=state, limit=params.limit)
    return MonitorsResult(count=len(records), monitors=[monitor_view(r) for r in records])


async def get_monitor(ctx: ActionContext, params: GetMonitor) -> MonitorDetail:
    """GET_MONITOR."""
    key = params.monitor
    async with ctx.deps.db.transaction(owner=ctx.owner) as tx:
        if isinstance(key, int) or key.strip().lstrip("#").isdigit():
            record = await tx.monitors.get(int(str(key).strip().lstrip("#")))
        else:
            try:
                record = await tx.monitors.get_by_name(key.strip())
            except RecordNotFound:
                raise RecordNotFound("monitor", key) from None
        state = await tx.states.latest(record.id)
        runs = await tx.runs.for_monitor(record.id, limit=1)
        notified = await tx.outbox.latest_notifications([record.id])
    last = runs[0] if runs else None
    return MonitorDetail(
        monitor=monitor_view(record),
        state=_jsonable(asdict(state)["state"]) if state is not None else None,
        state_version=state.version if state is not None else None,
        last_result=last_result(last, notification=notified.get(record.id))
        + (f": {run_detail(last)}" if last and last.status in SKIPPED_STATUSES else ""),
    )


async def query_state(ctx: ActionContext, params: QueryState) -> QueryRows:
    """QUERY_STATE."""
    settings = ctx.deps.settings
    result = await ctx.deps.db.query_readonly(
        params.sql,
        owner=ctx.owner,
        limit=min(params.limit, settings.query_rows),
        timeout_s=settings.action_timeout_s,
    )
    rows = [[_jsonable(value) for value in row] for row in result.rows]
    return QueryRows(columns=list(result.columns), rows=rows, count=len(rows))


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _jsonable(value: Any) -> Any:
    """A value as JSON can carry it (dates as ISO text, anything odd as its text)."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return json.loads(json.dumps(value, default=str))
    return value


ENTRIES = (
    ActionEntry(
        "CREATE_MONITOR",
        "monitors",
        'watch the web for something ("tell me when ..."): a monitor that notifies',
        CreateMonitor,
        create_monitor,
    ),
    ActionEntry("LIST_MONITORS", "monitors", "list the monitors", ListMonitors, list_monitors),
    ActionEntry(
        "GET_MONITOR",
        "monitors",
        "one monitor's state and last result (id or name)",
        GetMonitor,
        get_monitor,
    ),
    ActionEntry(
        "QUERY_STATE",
        "monitors",
        "read-only SQL over monitors, state_versions, runs, deliveries",
        QueryState,
        query_state,
    ),
)
