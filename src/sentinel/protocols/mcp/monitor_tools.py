"""The monitor tools: create, list, read (with its state and history), pause, resume, run
now and delete — validated and stored by the same code as ``/api/v1/monitors``."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.tools import Tool
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, Field

from sentinel.api.dependencies import MAX_ID, MAX_OFFSET
from sentinel.api.pagination import MAX_LIMIT
from sentinel.api.routers.monitors import CreatedMonitor
from sentinel.monitor.models import parse_monitor_spec
from sentinel.monitor.named_sources import StateField
from sentinel.monitor.service import new_monitor, with_default_criteria
from sentinel.notify import vet_channel_destinations
from sentinel.protocols.mcp.answers import answer
from sentinel.protocols.mcp.backend import McpBackend, caller_owner
from sentinel.storage import MonitorRecord, MonitorState, RunRecord, StateVersionRecord

MAX_HISTORY = 50

MonitorId = Annotated[int, Field(ge=1, le=MAX_ID, description="The monitor's id.")]


class MonitorList(BaseModel):
    """Monitors in id order; ``next_offset`` fetches the following page (null on the last)."""

    items: list[MonitorRecord]
    next_offset: int | None


class MonitorDetail(BaseModel):
    """A monitor with its latest state and its recent history, newest first."""

    monitor: MonitorRecord
    latest_state: StateVersionRecord | None
    states: list[StateVersionRecord]
    runs: list[RunRecord]


class DeletedMonitor(BaseModel):
    """The monitor that was deleted with its states, runs and deliveries."""

    id: int
    deleted: bool = True


def monitor_tools(backend: McpBackend) -> list[Tool]:
    """The monitor tools over ``backend``."""
    db, clock = backend.db, backend.clock

    async def create_monitor(
        query: Annotated[str, Field(description="What to watch, e.g. 'Tell me when …'.")],
        ctx: Context,
        name: Annotated[str | None, Field(description="A short label (default: query).")] = None,
        criteria: Annotated[
            str | None, Field(description="When to notify, in words (default: the query).")
        ] = None,
        notify: Annotated[
            str | None,
            Field(description="'once' (default: then the monitor completes) or 'always'."),
        ] = None,
        channels: Annotated[
            list[str] | None,
            Field(description="Where to deliver: webhook URLs, mailto: or Apprise URLs."),
        ] = None,
        min_interval: Annotated[
            str | None, Field(description="Never check sooner, e.g. '1 hour'.")
        ] = None,
        max_interval: Annotated[
            str | None, Field(description="Never wait longer, e.g. '7 days'.")
        ] = None,
        governor: Annotated[
            str | None, Field(description="'llm' (default) or 'rules' (then give rules).")
        ] = None,
        rules: Annotated[
            str | None,
            Field(description="The rules governor's rule, e.g. 'price_usd < 100'."),
        ] = None,
        timezone: Annotated[
            str | None, Field(description="IANA zone for times like 'tomorrow 9am'.")
        ] = None,
        urls: Annotated[
            list[str] | None,
            Field(
                description="Pages to read on every check (http/https); without any (and no "
                "URL in the query) the monitor searches the web."
            ),
        ] = None,
        fields: Annotated[
            list[StateField] | None,
            Field(description="The state's fields, e.g. [{'name': 'price', 'type': 'number'}]."),
        ] = None,
    ) -> Annotated[CallToolResult, CreatedMonitor]:
        """Create a monitor that watches the web (the pages in ``urls``, else a search) and
        notifies when its criteria hold. Its first check is due now; it then schedules
        itself. The result carries the secret its webhooks are signed with
        (``signing_secret``), shown this once."""
        # The arguments are the API's request body: what was given, validated as a whole.
        given = {
            "query": query,
            "name": name,
            "criteria": criteria,
            "notify": notify,
            "channels": channels,
            "min_interval": min_interval,
            "max_interval": max_interval,
            "governor": governor,
            "rules": rules,
            "timezone": timezone,
            "urls": urls,
            "fields": [field.model_dump() for field in fields] if fields is not None else None,
        }
        body = {field: value for field, value in given.items() if value is not None}

        async def create() -> CreatedMonitor:
            new = new_monitor(parse_monitor_spec(with_default_criteria(body)))
            await vet_channel_destinations(new.channels)
            async with db.transaction(owner=caller_owner(ctx)) as tx:
                record = await tx.monitors.create(new, now=clock.now())
                secret = await tx.monitors.signing_secret(record.id)
            return CreatedMonitor(**asdict(record), signing_secret=secret)

        return await answer(create())

    async def list_monitors(
        ctx: Context,
        state: Annotated[
            MonitorState | None, Field(description="Only monitors in this state.")
        ] = None,
        limit: Annotated[int, Field(ge=1, le=MAX_LIMIT, description="Monitors per page.")] = 50,
        offset: Annotated[int, Field(ge=0, le=MAX_OFFSET, description="Monitors to skip.")] = 0,
    ) -> Annotated[CallToolResult, MonitorList]:
        """List monitors in id order, with their state and next check."""

        async def find() -> MonitorList:
            async with db.transaction(owner=caller_owner(ctx)) as tx:
                rows = await tx.monitors.find(state=state, limit=limit + 1, offset=offset)
            more = len(rows) > limit
            return MonitorList(items=rows[:limit], next_offset=offset + limit if more else None)

        return await answer(find())

    async def get_monitor(
        monitor_id: MonitorId,
        ctx: Context,
        history: Annotated[
            int, Field(ge=1, le=MAX_HISTORY, description="How many recent states and runs.")
        ] = 5,
    ) -> Annotated[CallToolResult, MonitorDetail]:
        """One monitor: its definition, its latest sensed state and its recent states and
        runs (each run with its activity trace and decision)."""

        async def read() -> MonitorDetail:
            async with db.transaction(owner=caller_owner(ctx)) as tx:
                monitor = await tx.monitors.get(monitor_id)
                states = await tx.states.history(monitor_id, limit=history)
                runs = await tx.runs.for_monitor(monitor_id, limit=history)
            latest = states[0] if states else None
            return MonitorDetail(monitor=monitor, latest_state=latest, states=states, runs=runs)

        return await answer(read())

    async def pause_monitor(
        monitor_id: MonitorId, ctx: Context
    ) -> Annotated[CallToolResult, MonitorRecord]:
        """Stop scheduling a monitor's checks until it is resumed."""
        return await answer(
            _transition(backend, caller_owner(ctx), monitor_id, MonitorState.PAUSED)
        )

    async def resume_monitor(
        monitor_id: MonitorId, ctx: Context
    ) -> Annotated[CallToolResult, MonitorRecord]:
        """Schedule a paused monitor's checks again (due now if its next check has passed)."""
        return await answer(
            _transition(backend, caller_owner(ctx), monitor_id, MonitorState.ACTIVE)
        )

    async def run_monitor_now(
        monitor_id: MonitorId, ctx: Context
    ) -> Annotated[CallToolResult, MonitorRecord]:
        """Make an active monitor due now; a running engine checks it within its poll."""

        async def due() -> MonitorRecord:
            async with db.transaction(owner=caller_owner(ctx)) as tx:
                return await tx.monitors.run_now(monitor_id, now=clock.now())

        return await answer(due())

    async def delete_monitor(
        monitor_id: MonitorId, ctx: Context
    ) -> Annotated[CallToolResult, DeletedMonitor]:
        """Delete a monitor with its states, runs and deliveries. This cannot be undone."""

        async def delete() -> DeletedMonitor:
            async with db.transaction(owner=caller_owner(ctx)) as tx:
                await tx.monitors.delete(monitor_id)
            return DeletedMonitor(id=monitor_id)

        return await answer(delete())

    return [
        Tool.from_function(
            create_monitor,
            annotations=ToolAnnotations(destructive_hint=False, idempotent_hint=False),
        ),
        Tool.from_function(list_monitors, annotations=ToolAnnotations(read_only_hint=True)),
        Tool.from_function(get_monitor, annotations=ToolAnnotations(read_only_hint=True)),
        Tool.from_function(
            pause_monitor, annotations=ToolAnnotations(destructive_hint=False, idempotent_hint=True)
        ),
        Tool.from_function(
            resume_monitor,
            annotations=ToolAnnotations(destructive_hint=False, idempotent_hint=True),
        ),
        Tool.from_function(
            run_monitor_now,
            annotations=ToolAnnotations(destructive_hint=False, idempotent_hint=True),
        ),
        Tool.from_function(
            delete_monitor,
            annotations=ToolAnnotations(destructive_hint=True, idempotent_hint=False),
        ),
    ]


async def _transition(
    backend: McpBackend, owner: str, monitor_id: int, to: MonitorState
) -> MonitorRecord:
    async with backend.db.transaction(owner=owner) as tx:
        return await tx.monitors.transition(monitor_id, to, now=backend.clock.now())
