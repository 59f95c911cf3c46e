"""One monitor run — one iteration of the deconstructed agent loop — and its contract.

``await execute_run(services, monitor_id)`` performs exactly one iteration for a monitor the
caller has leased (``claim_due(now, services.lease_owner, …)``). Its stages read in one
direction:

1. **what to read** (:mod:`sentinel.monitor.read_plan`): load the monitor, its latest state
   version and recent runs (a transaction that only reads), and plan the read from its named
   pages or its watch set and its schedule: a *look* or a *full read*;
2. **read**: a look (:mod:`sentinel.monitor.look`) asks the pages with conditional requests;
   when every one is unchanged (a 304, or the same fingerprint) the run is recorded as
   ``skipped-no-change`` with its next time in one transaction, without an agent, an app or a
   model request — a look is a read whose answer was 304. Otherwise the run record is started
   and the full read searches and/or reads the pages (a watched page that changed: the watch
   set instead of a search), then follows the links, and the addresses its hosts' sitemaps
   list, that lead towards the watched state (:mod:`sentinel.monitor.watch_links`,
   :mod:`sentinel.monitor.watch_sitemaps`);
3. **sense** (:mod:`sentinel.monitor.sensing.sensor`): pre-filter and report the state. When
   every source is unchanged and no search hit is new, stop here: the run is recorded as
   ``skipped-no-change`` (``skipped-nothing-read`` when there was no page to read at all, with
   the reason and the fix), the schedule backs off, and no model is called (``calls_saved``);
   otherwise the new state version is persisted (state is the asset: its own transaction,
   before governing), with the source snapshot the next run's pre-filter compares with;
4. **govern** (LLM or rules), then grounding (a notification must quote a page read this run)
   and dedupe (notify=always never sends the same facts twice);
5. **act and schedule**, in ONE transaction: the run record (succeeded, sensor output,
   decision, trace, usage), one outbox row per channel, the dedupe memory, the watch set, and
   the schedule: ``next_run_at`` from the governor's ``next_check`` or the next look, or
   ``completed`` (notify=once and acted).

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
from sentinel.monitor.look import record_look, take_look
from sentinel.monitor.outcome import RunOutcome, RunStatusName
from sentinel.monitor.read_plan import plan_read
from sentinel.monitor.recording import NotRunnable, PeekedRun, peek_run, start_run
from sentinel.monitor.services import DEFAULT_LEASE_OWNER, MonitorSources, RunServices
from sentinel.monitor.trace import RunTrace

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


async def execute_run(
    services: RunServices,
    monitor_id: int,
    *,
    run_id: int | None = None,
    prepared: PeekedRun | None = None,
) -> RunOutcome:
    """Perform one iteration of ``monitor_id``'s loop (see the module documentation): what to
    read, read (a look recorded at once when nothing changed), sense, then skip (nothing
    changed), fail, or persist the state, govern, act and schedule. ``prepared``: what the run
    starts from, already read with its claim (:func:`sentinel.monitor.recording.peek_claimed`);
    the load is then skipped."""
    peeked = prepared or await peek_run(
        services.db, monitor_id, run_id=run_id, now=services.clock.now()
    )
    if isinstance(peeked, NotRunnable):
        return RunOutcome(None, monitor_id, "failed", "user", peeked.reason, reason=peeked.reason)
    plan = plan_read(services, peeked)  # what to read: the named pages or the watch set
    look = None
    if plan.kind == "look":
        try:
            look = await take_look(services, peeked, plan)  # a conditional read
        except EXPECTED_ERRORS:
            look = None
        if look is not None and not look.read_in_full:
            return await record_look(services, peeked, plan, look)
    loaded = await start_run(services.db, peeked)
    run = RunIteration(services, loaded, RunTrace(services.clock.now), plan, look=look)
    with run.usage:
        try:
            run.start()
            governor = make_governor(loaded.monitor, services.governor_model)
            sensed = await run.sense()  # read in full, pre-filter, report the state
            await run.follow(sensed)  # links and sitemap pages towards the watched state
            if sensed.status in ("skipped", "empty"):
                return await run.skip(sensed, calls_saved=1 + governor.model_calls)
            if sensed.status == "failed" or sensed.output is None:
                failure = sensed.failure or RunFailure("model", sensed.reason, retryable=False)
                return await run.fail(failure)
            await run.persist(sensed)  # the state is saved before anything is decided
            decision = await run.govern(governor, sensed)  # governing: decide, then guard
            return await run.conclude(sensed, decision)  # act and schedule
        except EXPECTED_ERRORS as error:
            return await run.fail(classify_error(error))
