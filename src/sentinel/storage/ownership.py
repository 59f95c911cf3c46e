"""The owner filter of the monitor tables' repositories.

A repository made for an owner (``Database.transaction(owner=...)``, as every API, MCP, A2A,
chat and UI request does) sees that owner's monitors, and the runs, state versions and
deliveries of those monitors, only: another owner's row is "not found", never visible, never
changed. A repository made without an owner (``owner=None``: the engine, the notifier, the
CLI's own lookups by id) sees every row, since it acts for every owner.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, select, true
from sqlalchemy.orm import InstrumentedAttribute

from sentinel.storage.models import Monitor


def owner_filter(owner: str | None) -> ColumnElement[bool]:
    """``monitors.owner = owner``, or no filter without an owner."""
    return true() if owner is None else Monitor.owner == owner


def of_owned_monitor(
    monitor_id: ColumnElement[Any] | InstrumentedAttribute[Any], owner: str | None
) -> ColumnElement[bool]:
    """``monitor_id`` names one of ``owner``'s monitors, or no filter without an owner."""
    if owner is None:
        return true()
    return monitor_id.in_(select(Monitor.id).where(Monitor.owner == owner))
