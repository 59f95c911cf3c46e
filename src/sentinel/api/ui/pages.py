"""The dashboard and a monitor's page: its timeline of runs and notifications, its state with
a diff between two versions, charts of its numeric fields, each run's activity trail, and the
buttons that pause, resume, run now or delete it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from sentinel.api.dependencies import MAX_ID, MonitorId, State
from sentinel.api.diff import StateDiff, diff_documents
from sentinel.api.routers.notifications import MAX_DELIVERIES, Notification, group_notifications
from sentinel.api.ui.access import CurrentViewer, checked_form
from sentinel.api.ui.chart import charts
from sentinel.api.ui.render import page, redirect
from sentinel.api.ui.routing import UiRoute
from sentinel.monitor.service import last_result, run_detail
from sentinel.storage import (
    SKIPPED_STATUSES,
    DeliveryStatus,
    MonitorRecord,
    MonitorState,
    RunRecord,
    RunStatus,
    StateVersionRecord,
    Transaction,
)
from sentinel.storage.summary import engine_summary

router = APIRouter(route_class=UiRoute, include_in_schema=False)
DASHBOARD_LIMIT = 200
RUNS_SHOWN = 50
STATES_READ = 500
DONE = {
    "paused": "Paused: no run until you resume it.",
    "resumed": "Resumed.",
    "due": "Due now: the engine starts the run within seconds.",
    "created": "Created: the first run is due now.",
}
# Which buttons a monitor in each state shows.
RESUMABLE = frozenset({MonitorState.PAUSED, MonitorState.COMPLETED, MonitorState.FAILED})
UNSETTLED = frozenset({DeliveryStatus.PENDING, DeliveryStatus.SENDING})


async def dashboard_rows(tx: Transaction) -> list[dict[str, Any]]:
    """Each monitor with its latest run (and how its notification fares) and latest state:
    four statements for the whole table, however many monitors it shows."""
    rows = []
    monitors = await tx.monitors.find(limit=DASHBOARD_LIMIT)
    ids = [m.id for m in monitors]
    notified = await tx.outbox.latest_notifications(ids)
    latest_runs = await tx.runs.latest_of(ids)
    latest_states = await tx.states.latest_of(ids)
    for monitor in monitors:
        last = latest_runs.get(monitor.id)
        latest = latest_states.get(monitor.id)
        rows.append(
            {
                "monitor": monitor,
                "last": last,
                "result": last_result(last, notification=notified.get(monitor.id)),
                "reason": run_detail(last) if last and last.status in SKIPPED_STATUSES else "",
                "state": latest.state if latest else None,
            }
        )
    return rows


@router.get("/")
async def dashboard(request: Request, viewer: CurrentViewer, state: State) -> Response:
    """Every monitor: state, last result, next run; a summary above refreshes itself."""
    async with state.db.reading(owner=viewer.owner) as tx:
        rows = await dashboard_rows(tx)
        summary = await engine_summary(tx.session, owner=viewer.owner)
    return page(
        request,
        "dashboard.html",
        viewer,
        rows=rows,
        summary=summary,
        limit=DASHBOARD_LIMIT,
        now=state.clock.now(),
    )


@router.get("/partials/summary")
async def dashboard_summary(request: Request, viewer: CurrentViewer, state: State) -> Response:
    """Counts of monitors by state, deliveries unsent, the last run's end: what the
    dashboard polls (cheap at any number of monitors)."""
    async with state.db.reading(owner=viewer.owner) as tx:
        summary = await engine_summary(tx.session, owner=viewer.owner)
    return page(request, "_summary.html", viewer, summary=summary, now=state.clock.now())


@router.get("/partials/monitors")
async def dashboard_table(request: Request, viewer: CurrentViewer, state: State) -> Response:
    """The dashboard's table alone."""
    async with state.db.reading(owner=viewer.owner) as tx:
        rows = await dashboard_rows(tx)
    return page(
        request,
        "_monitor_table.html",
        viewer,
        rows=rows,
        limit=DASHBOARD_LIMIT,
        now=state.clock.now(),
    )


def timeline(runs: list[RunRecord], notifications: list[Notification]) -> list[dict[str, Any]]:
    """Runs and notifications in one list, newest first."""
    entries: list[dict[str, Any]] = [
        {"kind": "run", "at": run.finished_at or run.started_at or run.scheduled_at, "run": run}
        for run in runs
    ]
    entries += [
        {"kind": "notification", "at": n.created_at, "notification": n} for n in notifications
    ]
    entries.sort(key=lambda entry: (entry["at"], entry["kind"] == "notification"), reverse=True)
    return entries


def is_live(monitor: MonitorRecord, notifications: list[Notification], now: datetime) -> bool:
    """Whether the monitor page should refresh itself: a run is due or under way, or a
    notification is still being delivered."""
    due = monitor.next_run_at is not None and monitor.next_run_at <= now
    running = monitor.lease_owner is not None
    active = monitor.state is MonitorState.ACTIVE and (due or running)
    sending = any(d.status in UNSETTLED for n in notifications for d in n.deliveries)
    return active or sending


def chosen_diff(
    states: list[StateVersionRecord], before: int | None, after: int | None
) -> tuple[int | None, int | None, StateDiff | None, str | None]:
    """The two versions to compare (default: the last two), their diff, or why there is none."""
    by_version = {s.version: s for s in states}
    if before is None and after is None:
        if len(states) < 2:
            return None, None, None, None
        before, after = states[1].version, states[0].version
    if before is None or after is None:
        return before, after, None, "choose two versions to compare"
    missing = [v for v in (before, after) if v not in by_version]
    if missing:
        return before, after, None, f"no state version {missing[0]}"
    if before == after:
        return before, after, None, "choose two different versions"
    return before, after, diff_documents(by_version[before].state, by_version[after].state), None


def _read_nothing(runs: list[RunRecord]) -> str:
    """Why the last run read nothing and what fixes it, or "" when it read something."""
    last = runs[0] if runs else None
    if last is None or last.status is not RunStatus.SKIPPED_NOTHING_READ:
        return ""
    return run_detail(last)


@router.get("/monitors/{monitor_id}")
async def monitor_page(
    request: Request,
    monitor_id: MonitorId,
    viewer: CurrentViewer,
    state: State,
    before: int | None = Query(None, alias="from", ge=1, le=MAX_ID),
    after: int | None = Query(None, alias="to", ge=1, le=MAX_ID),
    done: str | None = None,
) -> Response:
    """One monitor: what it watches, its state and history."""
    async with state.db.reading(owner=viewer.owner) as tx:
        monitor = await tx.monitors.get(monitor_id)
        runs = await tx.runs.for_monitor(monitor_id, limit=RUNS_SHOWN)
        states = await tx.states.history(monitor_id, limit=STATES_READ)
        deliveries = await tx.outbox.find(monitor_id=monitor_id, limit=MAX_DELIVERIES)
    notifications = group_notifications(deliveries)
    before, after, diff, diff_problem = chosen_diff(states, before, after)
    now = state.clock.now()
    return page(
        request,
        "monitor.html",
        viewer,
        monitor=monitor,
        latest=states[0] if states else None,
        read_nothing=_read_nothing(runs),
        states=states,
        timeline=timeline(runs, notifications),
        runs_cut=len(runs) == RUNS_SHOWN,
        runs_shown=RUNS_SHOWN,
        notifications=notifications,
        charts=charts(states),
        diff=diff,
        diff_from=before,
        diff_to=after,
        diff_problem=diff_problem,
        done=DONE.get(done or ""),
        resumable=monitor.state in RESUMABLE,
        live=is_live(monitor, notifications, now),
        now=now,
    )


async def _act(
    request: Request, viewer: CurrentViewer, state: State, monitor_id: int, verb: str
) -> MonitorRecord:
    await checked_form(request, viewer)
    now = state.clock.now()
    async with state.db.transaction(owner=viewer.owner) as tx:
        if verb == "pause":
            return await tx.monitors.transition(monitor_id, MonitorState.PAUSED, now=now)
        if verb == "resume":
            return await tx.monitors.transition(monitor_id, MonitorState.ACTIVE, now=now)
        return await tx.monitors.run_now(monitor_id, now=now)


@router.post("/monitors/{monitor_id}/pause")
async def pause(
    request: Request, monitor_id: MonitorId, viewer: CurrentViewer, state: State
) -> Response:
    """Stop running the monitor until resumed."""
    await _act(request, viewer, state, monitor_id, "pause")
    return redirect(f"/monitors/{monitor_id}?done=paused")


@router.post("/monitors/{monitor_id}/resume")
async def resume(
    request: Request, monitor_id: MonitorId, viewer: CurrentViewer, state: State
) -> Response:
    """Run the monitor again."""
    await _act(request, viewer, state, monitor_id, "resume")
    return redirect(f"/monitors/{monitor_id}?done=resumed")


@router.post("/monitors/{monitor_id}/run-now")
async def run_now(
    request: Request, monitor_id: MonitorId, viewer: CurrentViewer, state: State
) -> Response:
    """Make the monitor due now."""
    await _act(request, viewer, state, monitor_id, "run-now")
    return redirect(f"/monitors/{monitor_id}?done=due")


@router.get("/monitors/{monitor_id}/delete")
async def confirm_delete(
    request: Request, monitor_id: MonitorId, viewer: CurrentViewer, state: State
) -> Response:
    """Ask before deleting."""
    async with state.db.reading(owner=viewer.owner) as tx:
        monitor = await tx.monitors.get(monitor_id)
    return page(request, "delete.html", viewer, monitor=monitor)


@router.post("/monitors/{monitor_id}/delete")
async def delete(
    request: Request, monitor_id: MonitorId, viewer: CurrentViewer, state: State
) -> Response:
    """Delete the monitor with its history."""
    await checked_form(request, viewer)
    async with state.db.transaction(owner=viewer.owner) as tx:
        await tx.monitors.delete(monitor_id)
    return redirect("/")
