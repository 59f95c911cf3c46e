"""Request budgets: how many page requests the looks of monitors may make.

Two budgets, both set by the user:

- **per monitor**: requests a day (``requests_per_day`` in a monitor's definition, else
  ``SENTINEL_WATCH_MONITOR_REQUESTS_PER_DAY``): the wait between looks is stretched so that
  a look at every watched page, repeated all day, keeps to it
  (:func:`sentinel.monitor.scheduling.looks.budget_floor`);
- **global**: requests an hour across every monitor a process runs
  (``SENTINEL_WATCH_REQUESTS_PER_HOUR``, :class:`RequestBudget`): a look that would overspend
  it is not made; its run is recorded as having read nothing and comes back when the budget
  has room.

A full run (search, read, sense) is not held back by either: it is already rare, and the
schedule, not the budget, keeps it so.
"""

from __future__ import annotations

from collections import deque
from datetime import datetime, timedelta
from typing import Any

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from sentinel.errors import InvalidInput

REQUESTS_PER_DAY = "requests_per_day"
"""The key of a monitor's own daily request budget in its ``context``."""
WINDOW = timedelta(hours=1)


class WatchSettings(BaseSettings):
    """``SENTINEL_WATCH_*``: the request budgets of looks (see the module documentation)."""

    model_config = SettingsConfigDict(env_prefix="SENTINEL_WATCH_", extra="ignore")

    monitor_requests_per_day: int | None = Field(
        default=1000,
        ge=1,
        description="Page requests a day one monitor's looks may make, unless its definition "
        "sets requests_per_day (empty: no limit).",
    )
    requests_per_hour: int | None = Field(
        default=None,
        ge=1,
        description="Page requests an hour the looks of all monitors of one process may make "
        "(empty: no limit).",
    )


class RequestBudget:
    """At most ``per_hour`` requests in any hour, on the run's clock (a sliding window)."""

    def __init__(self, per_hour: int) -> None:
        if per_hour < 1:
            raise InvalidInput("per_hour", per_hour, "must be at least 1")
        self.per_hour = per_hour
        self._spent: deque[datetime] = deque()

    def take(self, requests: int, now: datetime) -> datetime | None:
        """Spend ``requests`` at ``now`` and return None; or, when they do not fit in the
        hour before ``now``, spend nothing and return when they will."""
        while self._spent and self._spent[0] <= now - WINDOW:
            self._spent.popleft()
        wanted = min(requests, self.per_hour)
        room = self.per_hour - len(self._spent)
        if wanted <= room:
            self._spent.extend([now] * wanted)
            return None
        # The (wanted - room)-th oldest request leaves the window first.
        return self._spent[wanted - room - 1] + WINDOW

    @property
    def spent(self) -> int:
        """Requests spent in the window as last seen."""
        return len(self._spent)


def monitor_requests_per_day(context: dict[str, Any], default: int | None) -> int | None:
    """A monitor's daily request budget: its own (``context[REQUESTS_PER_DAY]``), else
    ``default`` (the process's setting)."""
    own = context.get(REQUESTS_PER_DAY)
    if isinstance(own, int) and not isinstance(own, bool) and own >= 1:
        return own
    return default
