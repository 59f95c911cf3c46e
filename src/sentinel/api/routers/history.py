"""A monitor's history: runs (with their activity trace), state versions and their diff,
and the deliveries of its notifications."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request

from sentinel.api.dependencies import MAX_ID, MAX_OFFSET, MonitorId, RunId, Tx, Version
from sentinel.api.diff import StateDiff, diff_documents
from sentinel.api.pagination import Limit, Page, cursor_page, offset_page
from sentinel.api.problems import PROBLEM_RESPONSES
from sentinel.errors import InvalidInput
from sentinel.storage import (
    DeliveryRecord,
    DeliveryStatus,
    RecordNotFound,
    RunRecord,
    StateVersionRecord,
)

router = APIRouter(prefix="/monitors/{monitor_id}", tags=["history"], responses=PROBLEM_RESPONSES)
Cursor = Annotated[int | None, Query(ge=1, le=MAX_ID, description="The `next` link's cursor.")]


@router.get("/runs")
async def list_runs(
    monitor_id: MonitorId, request: Request, tx: Tx, limit: int = Limit, cursor: Cursor = None
) -> Page[RunRecord]:
    """Runs, newest first."""
    await tx.monitors.get(monitor_id)
    rows = await tx.runs.for_monitor(monitor_id, limit=limit + 1, before_id=cursor)
    return cursor_page(request, rows, limit=limit, cursor=lambda run: run.id)


@router.get("/runs/{run_id}")
async def get_run(monitor_id: MonitorId, run_id: RunId, tx: Tx) -> RunRecord:
    """One run with its activity trace, usage and outcome."""
    run = await tx.runs.get(run_id)
    if run.monitor_id != monitor_id:
        raise RecordNotFound("run of monitor", (monitor_id, run_id))
    return run


@router.get("/states")
async def list_states(
    monitor_id: MonitorId, request: Request, tx: Tx, limit: int = Limit, cursor: Cursor = None
) -> Page[StateVersionRecord]:
    """State versions, newest first."""
    await tx.monitors.get(monitor_id)
    rows = await tx.states.history(monitor_id, limit=limit + 1, before_version=cursor)
    return cursor_page(request, rows, limit=limit, cursor=lambda state: state.version)


@router.get("/states/diff")
async def diff_states(
    monitor_id: MonitorId,
    tx: Tx,
    from_version: Annotated[
        int, Query(alias="from", ge=1, le=MAX_ID, description="The older version.")
    ],
    to_version: Annotated[
        int, Query(alias="to", ge=1, le=MAX_ID, description="The newer version.")
    ],
) -> StateDiff:
    """What changed in the sensed state from one version to another."""
    if from_version == to_version:
        raise InvalidInput("to", to_version, "must differ from 'from'")
    before = await tx.states.get(monitor_id, from_version)
    after = await tx.states.get(monitor_id, to_version)
    return diff_documents(before.state, after.state)


@router.get("/states/{version}")
async def get_state(monitor_id: MonitorId, version: Version, tx: Tx) -> StateVersionRecord:
    """One state version with its evidence."""
    return await tx.states.get(monitor_id, version)


@router.get("/deliveries")
async def list_deliveries(
    monitor_id: MonitorId,
    request: Request,
    tx: Tx,
    limit: int = Limit,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET, description="Deliveries to skip.")] = 0,
    status: Annotated[DeliveryStatus | None, Query(description="Only this status.")] = None,
) -> Page[DeliveryRecord]:
    """Notification deliveries (one per channel and notification), oldest first."""
    await tx.monitors.get(monitor_id)
    rows = await tx.outbox.find(monitor_id=monitor_id, status=status, limit=offset + limit + 1)
    return offset_page(request, rows[offset:], limit=limit, offset=offset)
