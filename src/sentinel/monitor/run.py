"""One monitor run — one iteration of the deconstructed agent loop — and its contract.

``await execute_run(services, monitor_id)`` performs exactly one iteration for a monitor the
caller has leased (``claim_due(now, services.lease_owner, …)``):

1. load the monitor, its latest state version and recent runs (a transaction that only
   reads). A monitor that reads only its named pages first *looks* at them with conditional
   requests (:mod:`sentinel.monitor.look`): when every one is unchanged the run is recorded as
   ``skipped-no-change`` with its next time in one transaction, without an agent, an app or a
   model request. A monitor watching a brief state between its daily searches looks at its
   known pages (:mod:`sentinel.monitor.known_look`): unchanged, the run is recorded the same
   way; a page's relevant content changed, the run reads the known pages instead of
   searching. Otherwise the run record is started;
2. sense (:mod:`sentinel.monitor.sensing.sensor`): search, read the chosen pages, pre-filter. When
   every source is unchanged and no search hit is new, stop here: the run is recorded as
   ``skipped-no-change`` (``skipped-nothing-read`` when there was no page to read at all, with
   the reason and the fix), the schedule backs off, and no model is called (``calls_saved``);
3. persist the new state version (state is the asset: its own transaction, before governing),
   with the source snapshot the next run's pre-filter compares with;
4. govern (LLM or rules), then grounding (a notification must quote a page read this run)
   and dedupe (notify=always never sends the same facts twice);
5. in ONE transaction: the run record (succeeded, sensor output, decision, trace, usage), one
   outbox row per channel, the dedupe memory, and the schedule: ``next_run_at`` from the
   governor's ``next_check``, or ``completed`` (notify=once and acted).

Contract with the engine
------------------------
- ``execute_run`` never raises for an expected failure (provider, network, model output, bad
  definition; see :mod:`sentinel.monitor.failures`). It records the run as ``failed`` — or
  ``retrying`` when ``services.retry_policy`` returns a delay — with ``error_category``,
  the message and the raw model output, and it ALWAYS writes the next schedule itself: the
  retry time, or the regular cadence when not retried. The monitor stays scheduled; the engine
  has nothing to write after a run. Retries are counted from the run history (``attempt``).
- It writes the schedule through ``monitors.record_run(…, services.lease_owner)``, which also
  releases the lease; a lease lost meanwhile (paused, reaped) leaves the schedule alone and
  ``RunOutcome.next_run_at`` is None.
- ``run_id``: a run record the engine created with ``runs.create_pending``; else one is
  started here. Unexpected exceptions (storage down, bugs) propagate; the run then stays
  ``running`` until the engine's reaper abandons it.
- A monitor that is gone or no longer active is not run: the outcome is ``failed`` with
  category ``user`` and ``run_id`` None (nothing is written).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from sentinel.clock import Clock
from sentinel.llm import LanguageModel
from sentinel.monitor.failures import (
    EXPECTED_ERRORS,
    STANDALONE_RETRIES,
    ErrorCategory,
    RunFailure,
    RunRetries,
    classify_error,
)
from sentinel.monitor.governing.governor import make_governor
from sentinel.monitor.iteration import RunIteration
from sentinel.monitor.known_look import record_known_look, take_known_look
from sentinel.monitor.look import record_look, take_look
from sentinel.monitor.outcome import RunOutcome, RunStatusName
from sentinel.monitor.recording import NotRunnable, PeekedRun, peek_run, start_run
from sentinel.monitor.trace import RunTrace
from sentinel.monitor.workspace import PageFetcher
from sentinel.storage import Database, MonitorRecord
from sentinel.web.fetch import Fetcher
from sentinel.web.search.base import SearchProvider

# A monitor's own sources: given the monitor and the run's search and fetcher, the ones its
# run uses (e.g. wrappers also asking the A2A agents it names: ``protocols.a2a.source``).
MonitorSources = Callable[
    [MonitorRecord, SearchProvider, PageFetcher], tuple[SearchProvider, PageFetcher]
]

__all__ = [
    "DEFAULT_LEASE_OWNER",
    "STANDALONE_RETRIES",
    "ErrorCategory",
    "MonitorSources",
    "RunFailure",
    "RunOutcome",
    "RunRetries",
    "RunServices",
    "RunStatusName",
    "execute_run",
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
    full_look_records: bool = False


async def execute_run(
    services: RunServices,
    monitor_id: int,
    *,
    run_id: int | None = None,
    prepared: PeekedRun | None = None,
) -> RunOutcome:
    """Perform one iteration of ``monitor_id``'s loop (see the module documentation): load,
    look (named pages all unchanged: recorded at once, :mod:`sentinel.monitor.look`), sense,
    then skip (nothing changed), fail, or persist the state, govern and conclude.
    ``prepared``: what the run starts from, already read with its claim
    (:func:`sentinel.monitor.recording.peek_claimed`); the load is then skipped."""
    peeked = prepared or await peek_run(
        services.db, monitor_id, run_id=run_id, now=services.clock.now()
    )
    if isinstance(peeked, NotRunnable):
        return RunOutcome(None, monitor_id, "failed", "user", peeked.reason, reason=peeked.reason)
    try:
        look = await take_look(services, peeked)
    except EXPECTED_ERRORS:
        look = None
    if look is not None:
        return await record_look(services, peeked, look)
    try:
        known = await take_known_look(services, peeked)
    except EXPECTED_ERRORS:
        known = None
    if known is not None and not known.changed:
        return await record_known_look(services, peeked, known)
    loaded = await start_run(services.db, peeked)
    run = RunIteration(services, loaded, RunTrace(services.clock.now), known_look=known)
    with run.usage:
        try:
            run.start()
            governor = make_governor(loaded.monitor, services.governor_model)
            sensed = await run.sense()  # sensing: pre-filter, read, report the state
            if sensed.status in ("skipped", "empty"):
                return await run.skip(sensed, calls_saved=1 + governor.model_calls)
            if sensed.status == "failed" or sensed.output is None:
                failure = sensed.failure or RunFailure("model", sensed.reason, retryable=False)
                return await run.fail(failure)
            await run.persist(sensed)  # the state is saved before anything is decided
            decision = await run.govern(governor, sensed)  # governing: decide, then guard
            return await run.conclude(sensed, decision)  # notifying and scheduling
        except EXPECTED_ERRORS as error:
            return await run.fail(classify_error(error))
