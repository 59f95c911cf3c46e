"""Typed errors of the engine."""

from __future__ import annotations

from datetime import datetime

from sentinel.errors import InvalidInput, SentinelError


class EngineError(SentinelError):
    """Base class of the errors the engine raises on purpose."""


class MonitorBusy(EngineError):
    """A run was asked for a monitor that another worker holds the lease of."""

    def __init__(self, monitor_id: int, owner: str | None, until: datetime | None) -> None:
        self.monitor_id = monitor_id
        self.owner = owner
        self.until = until
        held = f" until {until.isoformat()}" if until is not None else ""
        super().__init__(f"monitor {monitor_id} is being run by {owner or 'another worker'}{held}")


class MonitorNotActive(InvalidInput):
    """A run was asked for a monitor that is paused, completed or failed."""

    def __init__(self, monitor_id: int, state: str) -> None:
        self.monitor_id = monitor_id
        self.state = state
        super().__init__("monitor", monitor_id, f"is {state}; resume it first")
