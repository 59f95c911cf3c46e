"""The resources: the list of monitors, and each monitor's latest sensed state."""

from __future__ import annotations

import json
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceNotFoundError
from pydantic import TypeAdapter

from sentinel.api.dependencies import MAX_ID
from sentinel.protocols.mcp.backend import McpBackend, current_caller
from sentinel.storage import MonitorRecord, RecordNotFound, StateVersionRecord

MONITORS_URI = "sentinel://monitors"
STATE_URI = "sentinel://monitors/{monitor_id}/state"
JSON = "application/json"
# The list resource is a summary; list_monitors pages through any number of them.
MAX_LISTED = 200

_state = TypeAdapter(StateVersionRecord)


def state_uri(monitor_id: int) -> str:
    """The resource of a monitor's latest state."""
    return STATE_URI.format(monitor_id=monitor_id)


def register_resources(server: MCPServer, backend: McpBackend) -> None:
    """Add the resources to ``server``."""

    @server.resource(MONITORS_URI, name="monitors", mime_type=JSON)
    async def monitors() -> str:
        """Every monitor (the first 200 by id): its state, next check and the URI of its
        latest sensed state."""
        async with backend.db.transaction(owner=current_caller()) as tx:
            rows = await tx.monitors.find(limit=MAX_LISTED)
        return json.dumps([_summary(row) for row in rows], ensure_ascii=False)

    @server.resource(STATE_URI, name="monitor_state", mime_type=JSON)
    async def monitor_state(monitor_id: str) -> str:
        """A monitor's latest sensed state with its evidence (``state`` is null before its
        first run)."""
        number = int(monitor_id) if monitor_id.isdigit() else 0
        if not 1 <= number <= MAX_ID:
            raise ResourceNotFoundError(f"monitor {monitor_id!r} not found: ids are 1, 2, 3…")
        try:
            async with backend.db.transaction(owner=current_caller()) as tx:
                monitor = await tx.monitors.get(number)
                latest = await tx.states.latest(number)
        except RecordNotFound as error:
            raise ResourceNotFoundError(str(error)) from None
        document: dict[str, Any] = {"monitor_id": monitor.id, "name": monitor.name}
        if latest is None:
            document |= {"version": None, "state": None, "evidence": [], "created_at": None}
        else:
            document |= _state.dump_python(latest, mode="json", include=_STATE_FIELDS)
        return json.dumps(document, ensure_ascii=False)


_STATE_FIELDS = {"version", "state", "volatility_hint", "evidence", "run_id", "created_at"}


def _summary(row: MonitorRecord) -> dict[str, Any]:
    return {
        "id": row.id,
        "name": row.name,
        "query": row.original_query,
        "state": row.state.value,
        "next_run_at": row.next_run_at.isoformat() if row.next_run_at else None,
        "last_run_at": row.last_run_at.isoformat() if row.last_run_at else None,
        "run_count": row.run_count,
        "state_uri": state_uri(row.id),
    }
