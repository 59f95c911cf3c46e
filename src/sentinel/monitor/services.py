"""What a run is given: its database, search, fetcher, clock, models and limits."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from sentinel.clock import Clock
from sentinel.llm import LanguageModel
from sentinel.monitor.budget import RequestBudget
from sentinel.monitor.failures import STANDALONE_RETRIES, RunRetries
from sentinel.monitor.workspace import PageFetcher
from sentinel.storage import Database, MonitorRecord
from sentinel.web.fetch import Fetcher
from sentinel.web.search.base import SearchProvider

# A monitor's own sources: given the monitor and the run's search and fetcher, the ones its
# run uses (e.g. wrappers also asking the A2A agents it names: ``protocols.a2a.source``).
MonitorSources = Callable[
    [MonitorRecord, SearchProvider, PageFetcher], tuple[SearchProvider, PageFetcher]
]

DEFAULT_LEASE_OWNER = "sentinel-run"


@dataclass(frozen=True)
class RunServices:
    """Everything a run needs, injectable.

    ``lease_owner`` is the owner the caller claimed the monitor with. ``max_pages`` bounds the
    pages read per run, ``page_chars`` the excerpt of each page a model reads, ``num_results``
    the search hits asked for. ``retry_policy`` decides whether a failure is retried and when.
    ``sensor_timeout_s`` bounds the sensor's activation (a slow local model included).
    ``extra_sources`` adds a monitor's own sources to the run's search and fetcher.
    ``full_look_records`` records a look as a whole run record (trace, usage) instead of the
    compact one (:class:`sentinel.storage.LookEnding`): the engine benchmark's baseline.
    ``request_budget`` is the process-wide budget of look requests and
    ``monitor_requests_per_day`` the daily budget of a monitor whose definition sets none
    (see :mod:`sentinel.monitor.budget`; None: no limit).
    """

    db: Database
    search: SearchProvider
    fetcher: Fetcher
    clock: Clock
    sensor_model: LanguageModel
    governor_model: LanguageModel | None
    rng: random.Random
    lease_owner: str = DEFAULT_LEASE_OWNER
    max_pages: int = 3
    page_chars: int = 2000
    num_results: int = 8
    retry_policy: RunRetries = STANDALONE_RETRIES
    sensor_timeout_s: float = 600.0
    extra_sources: MonitorSources | None = None
    request_budget: RequestBudget | None = None
    monitor_requests_per_day: int | None = None
    full_look_records: bool = False

    def sources(self, monitor: MonitorRecord) -> tuple[SearchProvider, PageFetcher]:
        """The search and fetcher ``monitor``'s run uses (its own sources added)."""
        if self.extra_sources is None:
            return self.search, self.fetcher
        return self.extra_sources(monitor, self.search, self.fetcher)
