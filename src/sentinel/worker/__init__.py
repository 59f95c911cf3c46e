"""A worker's wiring: the run services of the configured providers, and the engine's runner.

``sentinel worker``, ``sentinel serve`` and ``watch run --here`` run monitors with what the
environment configures (``SENTINEL_SEARCH``, the fetch settings, ``SENTINEL_LLM`` per role,
A2A sources); the benchmarks of real runs use the same wiring, so what they time is what a
worker does. Heavy layers are imported inside the functions: importing this module is cheap.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from sentinel.errors import ConfigError

if TYPE_CHECKING:
    from sentinel.clock import Clock
    from sentinel.engine import RunRetryPolicy
    from sentinel.engine.runner import PreparingRunner
    from sentinel.monitor.recording import PeekedRun
    from sentinel.monitor.run import RunOutcome, RunServices
    from sentinel.storage import Database, MonitorRecord, Transaction
    from sentinel.web.search.base import SearchProvider

__all__ = ["MonitorRunner", "build_run_services", "configured_search", "monitor_runner"]


def configured_search() -> SearchProvider:
    """The search provider of ``SENTINEL_SEARCH`` (the local index by default)."""
    from sentinel.web.search.registry import get_search_provider
    from sentinel.web.search.settings import SearchSettings

    settings = SearchSettings()
    if not settings.search.strip():
        raise ConfigError(
            "SENTINEL_SEARCH is empty: set it to local (with SENTINEL_SEARCH_FOLDER), "
            "searxng (with SEARXNG_URL), brave, tavily or google_cse"
        )
    if settings.is_local:
        folder = settings.documents_folder()
        if not folder.is_dir():
            raise ConfigError(f"SENTINEL_SEARCH_FOLDER={folder} is not a folder")
        return get_search_provider("local", folder=folder)
    from sentinel.web.settings import search_transport

    return get_search_provider(settings.search, transport=search_transport())


def build_run_services(
    db: Database, clock: Clock, owner: str, policy: RunRetryPolicy
) -> RunServices:
    """``RunServices`` with the configured models, search provider and a fresh fetcher.

    ``owner`` is the engine's lease owner (the run writes its schedule under it); retries
    follow the engine's ``policy``. The model stack is imported here, not at start-up, so
    that commands which only read the database stay quick.
    """
    from sentinel.engine import RunnerRetries
    from sentinel.llm import get_model
    from sentinel.monitor.budget import RequestBudget, WatchSettings
    from sentinel.monitor.run import RunServices
    from sentinel.protocols.a2a import a2a_available
    from sentinel.web.search.settings import SearchSettings
    from sentinel.web.settings import configured_fetcher

    rng = random.Random()
    search_settings = SearchSettings()
    extra_sources = None
    if a2a_available():  # monitors created with --a2a-source ask those agents
        from sentinel.protocols.a2a.source import monitor_sources

        extra_sources = monitor_sources(os.environ.get("SENTINEL_A2A_KEY") or None)
    folder = search_settings.documents_folder() if search_settings.is_local else None
    watch = WatchSettings()
    per_hour = watch.requests_per_hour
    return RunServices(
        db=db,
        search=configured_search(),
        # The local search returns file:// hits from its folder: let runs read exactly those.
        # The guard admits SENTINEL_FETCH_ALLOW_HOSTS (a bad entry fails here, named); fetches
        # go through SENTINEL_WEB_PROXY when set (e.g. a world served by `sentinel sim serve`).
        # A monitor reads every visible block of a page, not trafilatura's article.
        fetcher=configured_fetcher(
            file_roots=[folder] if folder is not None else [], article=False
        ),
        clock=clock,
        sensor_model=get_model("sensor"),
        governor_model=get_model("governor"),
        rng=rng,
        lease_owner=owner,
        retry_policy=RunnerRetries(policy, rng),
        extra_sources=extra_sources,
        # The looks' request budgets (SENTINEL_WATCH_*; see sentinel.monitor.budget).
        request_budget=RequestBudget(per_hour) if per_hour is not None else None,
        monitor_requests_per_day=watch.monitor_requests_per_day,
    )


def monitor_runner(services: RunServices) -> PreparingRunner:
    """The engine's runner: one iteration of ``sentinel.monitor.run.execute_run``, whose
    load is read with the claim (:class:`MonitorRunner`)."""
    return MonitorRunner(services)


class MonitorRunner:
    """Runs ``execute_run`` for the engine; what each run starts from (the monitor, its
    latest state, its history) is read by :meth:`prepare` in the claim's transaction, for
    every monitor claimed at once (:func:`sentinel.monitor.recording.peek_claimed`), so a
    look is the claim, the conditional request and one write transaction."""

    def __init__(self, services: RunServices) -> None:
        self.services = services
        self._prepared: dict[int, PeekedRun] = {}

    async def prepare(
        self, tx: Transaction, claimed: Sequence[tuple[MonitorRecord, int]], now: datetime
    ) -> None:
        """Read what the ``claimed`` runs start from (see the class documentation)."""
        from sentinel.monitor.recording import peek_claimed

        self._prepared.update(await peek_claimed(tx, claimed, now=now))

    async def __call__(self, monitor_id: int, run_id: int) -> RunOutcome:
        """Perform the run: from what :meth:`prepare` read for it, else from a load of its
        own. Its time is the run's start, not the claim's."""
        from sentinel.monitor.run import execute_run

        prepared = self._prepared.pop(run_id, None)
        if prepared is not None:
            prepared = replace(prepared, now=self.services.clock.now())
        return await execute_run(self.services, monitor_id, run_id=run_id, prepared=prepared)
