"""``/monitors``: create (validated like ``sentinel watch add``), list, read, update,
delete, pause, resume, run now and fork; a monitor's webhook signing secret.

A create (and a fork) answers with the new monitor's ``signing_secret``, once: later reads
never carry it. ``GET /monitors/{id}/secret`` gives it to the owner again and
``POST /monitors/{id}/secret/rotate`` replaces it (deliveries are signed when sent, so every
one not yet sent is signed with the new secret).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request, Response
from pydantic import BaseModel, Field

from sentinel.api.dependencies import MAX_ID, MAX_OFFSET, MonitorId, State, Tx
from sentinel.api.pagination import KeysetLimit, Page, keyset_page, offset_page
from sentinel.api.problems import PROBLEM_RESPONSES
from sentinel.errors import InvalidInput
from sentinel.monitor.models import MAX_NAME_CHARS, parse_monitor_spec
from sentinel.monitor.service import monitor_changes, new_monitor, with_default_criteria
from sentinel.notify import vet_channel_destinations
from sentinel.storage import MonitorRecord, MonitorState, NewMonitor

router = APIRouter(prefix="/monitors", tags=["monitors"], responses=PROBLEM_RESPONSES)

SPEC_EXAMPLE = {
    "query": "Tell me when the iPhone 17 is announced",
    "criteria": "when Apple announces it",
    "notify": "once",
    "channels": ["https://example.com/hook"],
    "min_interval": "1 hour",
    "max_interval": "7 days",
}
SpecBody = Body(
    ...,
    examples=[SPEC_EXAMPLE],
    description="query, name, criteria, notify (once|always), channels, min_interval, "
    "max_interval, governor (llm|rules), rules, timezone, urls (pages read on every run), "
    "fields ([{name, type}], type number|string|boolean|date) — as `sentinel watch add` "
    "takes them.",
)


@dataclass(frozen=True, slots=True)
class CreatedMonitor(MonitorRecord):
    """A monitor just created, with the secret its webhooks are signed with — shown in this
    answer only (``GET /monitors/{id}/secret`` gives it to the owner again)."""

    signing_secret: str = ""


class MonitorSecret(BaseModel):
    """The key a receiver verifies ``Sentinel-Signature`` with: ``v1`` is the hex
    HMAC-SHA256 of ``"<t>.<raw body>"`` under it."""

    monitor_id: int
    signing_secret: str = Field(description="64 hex characters.")


async def _created(tx: Tx, record: MonitorRecord) -> CreatedMonitor:
    secret = await tx.monitors.signing_secret(record.id)
    return CreatedMonitor(**asdict(record), signing_secret=secret)


@router.post("", status_code=201)
async def create_monitor(tx: Tx, state: State, body: dict[str, Any] = SpecBody) -> CreatedMonitor:
    """Create a monitor; nothing is stored unless every value is valid. First run: now.

    Without ``criteria`` (and without rules) the query says when to notify, as everywhere
    else. The answer carries the webhook ``signing_secret``, this once."""
    new = new_monitor(parse_monitor_spec(with_default_criteria(body)))
    await vet_channel_destinations(new.channels)
    return await _created(tx, await tx.monitors.create(new, now=state.clock.now()))


@router.get("")
async def list_monitors(
    request: Request,
    tx: Tx,
    limit: int = KeysetLimit,
    after: Annotated[
        int, Query(ge=0, le=MAX_ID, description="Monitors after this id (the `next` link's).")
    ] = 0,
    offset: Annotated[
        int | None,
        Query(ge=0, le=MAX_OFFSET, description="Deprecated (slow deep down): use `after`."),
    ] = None,
    state: Annotated[MonitorState | None, Query(description="Only monitors in this state.")] = None,
) -> Page[MonitorRecord]:
    """Monitors in id order, paged by key: ``next`` carries ``after`` (the last id)."""
    if offset is not None:
        rows = await tx.monitors.find(state=state, limit=limit + 1, offset=offset)
        return offset_page(request, rows, limit=limit, offset=offset)
    rows = await tx.monitors.page(after_id=after, limit=limit + 1, state=state)
    return keyset_page(request, rows, limit=limit, key=lambda monitor: monitor.id)


@router.get("/{monitor_id}")
async def get_monitor(monitor_id: MonitorId, tx: Tx) -> MonitorRecord:
    """One monitor."""
    return await tx.monitors.get(monitor_id)


@router.patch("/{monitor_id}")
async def update_monitor(
    monitor_id: MonitorId, tx: Tx, state: State, body: dict[str, Any] = SpecBody
) -> MonitorRecord:
    """Change name, criteria, channels, intervals, rules, notify, urls, fields; ``query`` is
    immutable (the URLs it names stay among ``urls``)."""
    record = await tx.monitors.get(monitor_id)
    changes = monitor_changes(record, body)
    if "channels" in changes:
        await vet_channel_destinations(changes["channels"])
    return await tx.monitors.update(monitor_id, now=state.clock.now(), **changes)


@router.delete("/{monitor_id}", status_code=204)
async def delete_monitor(monitor_id: MonitorId, tx: Tx) -> Response:
    """Delete the monitor with its states, runs and deliveries."""
    await tx.monitors.delete(monitor_id)
    return Response(status_code=204)


@router.post("/{monitor_id}/pause")
async def pause_monitor(monitor_id: MonitorId, tx: Tx, state: State) -> MonitorRecord:
    """Stop scheduling runs until resumed (409 if the state machine forbids it)."""
    return await tx.monitors.transition(monitor_id, MonitorState.PAUSED, now=state.clock.now())


@router.post("/{monitor_id}/resume")
async def resume_monitor(monitor_id: MonitorId, tx: Tx, state: State) -> MonitorRecord:
    """Schedule runs again (due now if its next run has passed)."""
    return await tx.monitors.transition(monitor_id, MonitorState.ACTIVE, now=state.clock.now())


@router.post("/{monitor_id}/run-now")
async def run_monitor_now(monitor_id: MonitorId, tx: Tx, state: State) -> MonitorRecord:
    """Make an active monitor due now; a running engine picks it up within its poll."""
    return await tx.monitors.run_now(monitor_id, now=state.clock.now())


@router.get("/{monitor_id}/secret")
async def get_monitor_secret(monitor_id: MonitorId, tx: Tx) -> MonitorSecret:
    """The monitor's webhook signing secret, for its owner's receivers."""
    await tx.monitors.get(monitor_id)  # 404 names the monitor, not its secret
    return MonitorSecret(
        monitor_id=monitor_id, signing_secret=await tx.monitors.signing_secret(monitor_id)
    )


@router.post("/{monitor_id}/secret/rotate")
async def rotate_monitor_secret(monitor_id: MonitorId, tx: Tx, state: State) -> MonitorSecret:
    """Replace the signing secret; every delivery sent from now on (retries too) is signed
    with the new one."""
    await tx.monitors.get(monitor_id)
    secret = await tx.monitors.rotate_signing_secret(monitor_id, now=state.clock.now())
    return MonitorSecret(monitor_id=monitor_id, signing_secret=secret)


@router.post("/{monitor_id}/fork", status_code=201)
async def fork_monitor(
    monitor_id: MonitorId,
    tx: Tx,
    state: State,
    name: str | None = Query(
        None,
        max_length=MAX_NAME_CHARS,
        description="The copy's name (default: '<name> (fork)').",
    ),
) -> CreatedMonitor:
    """A new active monitor with this one's definition (not its history), and its own
    signing secret (shown in this answer only)."""
    source = await tx.monitors.get(monitor_id)
    copy_name = name if name is not None else f"{source.name} (fork)"
    if name is None and await _name_taken(tx, copy_name):
        copy_name = f"{source.name} (fork of #{source.id})"
    if not copy_name.strip():
        raise InvalidInput("name", name, "must not be empty")
    await vet_channel_destinations(source.channels)  # a new registration of each
    new = NewMonitor(
        name=copy_name,
        original_query=source.original_query,
        action_criteria=source.action_criteria,
        current_query=source.current_query,
        notify_behavior=source.notify_behavior,
        channels=source.channels,
        min_interval_s=source.min_interval_s,
        max_interval_s=source.max_interval_s,
        governor_kind=source.governor_kind,
        governor_rules=source.governor_rules,
        context=source.context,
        urls=source.urls,
        fields=source.fields,
        contract=source.contract,
    )
    return await _created(tx, await tx.monitors.create(new, now=state.clock.now()))


async def _name_taken(tx: Tx, name: str) -> bool:
    try:
        await tx.monitors.get_by_name(name)
    except LookupError:
        return False
    return True
