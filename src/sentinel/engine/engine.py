"""The embedded engine: sleeps until a monitor is due, claims it with a lease, runs it.

```python
engine = Engine(db, runner, clock, concurrency=2, delivery=DeliveryWorker(db, channels, clock))
await engine.tick()                       # everything due now, then return (tests, --once)
await engine.run_until(clock.now() + timedelta(days=90))    # a simulated quarter
await engine.run_forever(stop)            # a worker process; stop.set() shuts it down
engine.wake()                             # a monitor was created or made due: look now
```

The loop sleeps until the earliest claimable ``next_run_at`` (an indexed query), a
:meth:`Engine.wake`, a finished run, or ``poll_s`` of real time (the safety net for monitors
made due by other processes, e.g. ``sentinel watch run``), whichever comes first. It never
claims more monitors than it has free slots, so a claimed monitor is always being run.

On a virtual clock, give the delivery worker a long ``poll_s``: it polls on the clock it is
given, and the engine wakes it after every run that enqueued notifications.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import socket
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from sqlalchemy.exc import SQLAlchemyError

from sentinel.clock import Clock
from sentinel.engine.claims import claim_monitor, reap_and_claim
from sentinel.engine.errors import EngineError
from sentinel.engine.execution import ExecutionSettings, RunExecutor, StartedRun
from sentinel.engine.report import EngineStats, TickReport
from sentinel.engine.retry import RunRetryPolicy
from sentinel.engine.runner import Runner
from sentinel.engine.waiting import idle, signal, wait_for_event
from sentinel.errors import InvalidInput
from sentinel.notify import DeliveryWorker
from sentinel.storage import Database

log = logging.getLogger(__name__)

# A run keeps its lease by a heartbeat every lease/3, so the lease need not cover the run
# (runs may take up to ``run_timeout_s``, 900 s); it must outlast the longest a heartbeat can
# stall: two intervals plus one beat that waits out SQLite's 30 s busy timeout and fails
# (2 × lease/3 + 30 s < lease ⇒ lease > 90 s). 120 s; after a crash, others wait that long.
DEFAULT_LEASE_S = 120.0
DEFAULT_POLL_S = 5.0
DEFAULT_GRACE_S = 30.0


def engine_owner() -> str:
    """A lease owner name unique to this engine: host, process and a random suffix."""
    return f"engine:{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class Engine:
    """Runs due monitors with ``runner``, at most ``concurrency`` at a time, on ``clock``'s time.

    ``lease_s`` is how long a claim lasts without a heartbeat (a crashed worker's monitors are
    retried after it); ``grace_s`` how long a shutdown waits for runs in progress before
    cancelling them (they are retried by the next worker); ``failure_threshold`` permanent
    failures in a row move a monitor to ``failed``. ``delivery`` drains the outbox alongside.
    """

    def __init__(
        self,
        db: Database,
        runner: Runner,
        clock: Clock,
        *,
        concurrency: int = 2,
        lease_s: float = DEFAULT_LEASE_S,
        owner: str | None = None,
        delivery: DeliveryWorker | None = None,
        policy: RunRetryPolicy | None = None,
        poll_s: float = DEFAULT_POLL_S,
        grace_s: float = DEFAULT_GRACE_S,
        failure_threshold: int = 5,
        run_timeout_s: float | None = 900.0,
        rng: random.Random | None = None,
    ) -> None:
        if concurrency < 1:
            raise InvalidInput("concurrency", concurrency, "must be at least 1")
        if poll_s <= 0:
            raise InvalidInput("poll_s", poll_s, "must be positive")
        if grace_s < 0:
            raise InvalidInput("grace_s", grace_s, "must not be negative")
        self.db = db
        self.clock = clock
        self.concurrency = concurrency
        self.delivery = delivery
        self.poll_s = poll_s
        self.grace_s = grace_s
        self.settings = ExecutionSettings(
            owner=owner or engine_owner(),
            lease_s=lease_s,
            policy=policy or RunRetryPolicy(),
            failure_threshold=failure_threshold,
            run_timeout_s=run_timeout_s,
        )
        self.stats = EngineStats()
        self._executor = RunExecutor(db, runner, clock, self.settings, rng or random.Random())
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._wake = asyncio.Event()
        self._abort = asyncio.Event()
        self._report: TickReport | None = None
        self._busy = False

    @property
    def owner(self) -> str:
        """The name this engine's leases are taken under."""
        return self.settings.owner

    @property
    def in_flight(self) -> frozenset[int]:
        """The monitors being run right now."""
        return frozenset(self._tasks)

    def wake(self) -> None:
        """Look for due monitors now (call from the engine's event loop)."""
        self._wake.set()

    def abort(self) -> None:
        """End a shutdown's grace period now: runs in progress are cancelled and retried later."""
        self._abort.set()
        self._wake.set()

    async def tick(self) -> TickReport:
        """Run every monitor due now, each at most once, then drain the outbox, and return."""
        with self._driving() as report:
            seen: set[int] = set()
            while True:
                self._wake.clear()
                await self._fill(report, seen)
                if not self._tasks:
                    break
                await wait_for_event(self.clock, self._wake)
            if self.delivery is not None:
                report.deliveries = await self.delivery.drain()
        return report

    async def run_until(self, until: datetime) -> TickReport:
        """Run monitors as they fall due until the clock reaches ``until``, then stop claiming
        and wait for the runs in progress. With an auto-advancing virtual clock, months pass in
        seconds."""
        with self._driving() as report:
            await self._serve(asyncio.Event(), until=until, report=report)
        return report

    async def run_forever(self, stop: asyncio.Event) -> None:
        """Run monitors as they fall due until ``stop`` is set, then shut down gracefully."""
        with self._driving(collect=False):
            await self._serve(stop, until=None, report=None)

    async def run_monitor(self, monitor_id: int) -> TickReport:
        """Run one monitor now, due or not, holding its lease like any run; then drain.

        Raises ``RecordNotFound``, ``MonitorNotActive`` or ``MonitorBusy`` (another worker is
        running it).
        """
        with self._driving() as report:
            now = self.clock.now()
            async with self.db.transaction() as tx:
                monitor = await claim_monitor(
                    tx, monitor_id, now=now, owner=self.owner, lease_s=self.settings.lease_s
                )
                started = await self._executor.start(tx, monitor, now)
            self._wake.clear()
            self._start(started)
            while monitor_id in self._tasks:
                await wait_for_event(self.clock, self._wake)
                self._wake.clear()
            if self.delivery is not None:
                report.deliveries = await self.delivery.drain()
        return report

    # -- the loop ----------------------------------------------------------------------------

    async def _serve(
        self, stop: asyncio.Event, *, until: datetime | None, report: TickReport | None
    ) -> None:
        delivery_stop = asyncio.Event()
        delivery = (
            asyncio.ensure_future(self._deliver(self.delivery, delivery_stop))
            if self.delivery
            else None
        )
        relay = asyncio.ensure_future(self._relay(stop))
        try:
            while not stop.is_set() and not self._abort.is_set():
                self._wake.clear()
                try:
                    deadline = await self._fill(report, None)
                except (SQLAlchemyError, OSError):
                    # A locked or briefly unreachable database must not end the worker: the
                    # claim is one transaction, so nothing was half-done; look again later.
                    log.exception("claiming due monitors failed; retrying in %s s", self.poll_s)
                    deadline = None
                if until is not None:
                    if self.clock.now() >= until:
                        break
                    deadline = until if deadline is None else min(deadline, until)
                await wait_for_event(self.clock, self._wake, deadline=deadline, poll_s=self.poll_s)
                self.stats.wakeups += 1
        finally:
            await self._shutdown(self.grace_s if until is None else None)
            relay.cancel()
            await asyncio.gather(relay, return_exceptions=True)
            if delivery is not None:
                delivery_stop.set()
                await delivery

    async def _deliver(self, worker: DeliveryWorker, stop: asyncio.Event) -> None:
        """Run the delivery worker alongside, restarting it after database trouble."""
        while not stop.is_set():
            try:
                await worker.run(stop)
            except (SQLAlchemyError, OSError):
                log.exception("the delivery worker failed; restarting in %s s", self.poll_s)
                await wait_for_event(self.clock, asyncio.Event(), poll_s=self.poll_s)

    async def _fill(self, report: TickReport | None, seen: set[int] | None) -> datetime | None:
        """Claim due monitors for the free slots and start them; return when to look next
        (None: only a wake-up, a finished run or the poll can change anything)."""
        free = self.concurrency - len(self._tasks)
        if free <= 0:
            return None
        now = self.clock.now()
        async with self.db.transaction() as tx:
            claim = await reap_and_claim(
                tx,
                now=now,
                owner=self.owner,
                lease_s=self.settings.lease_s,
                limit=free,
                running_here=self._tasks.keys(),
            )
            fresh = []
            for monitor in claim.claimed:
                if monitor.id in self._tasks:
                    continue  # ours, re-leased after a stalled heartbeat: the run is still going
                if seen is not None and monitor.id in seen:
                    # Already run in this tick and due again (a retry due at once): next tick.
                    await tx.monitors.release_lease(monitor.id, self.owner)
                    continue
                fresh.append(monitor)
            starting = await self._executor.start_many(tx, fresh, now)
            earliest = claim.earliest
            if not claim.earliest_read and len(self._tasks) + len(starting) < self.concurrency:
                # A full round of which some were not started: the slots stay free, so the
                # loop needs the wake-up time after all (read before the runs start, so a run
                # finishing meanwhile cannot end a tick early).
                earliest = await tx.monitors.earliest_next_run_at()
        self.stats.claim_rounds += 1
        self.stats.reaped += len(claim.reaped)
        if report is not None:
            report.reaped.extend(claim.reaped)
        for started in starting:
            if seen is not None:
                seen.add(started.monitor.id)
            self._start(started)
        if len(self._tasks) >= self.concurrency:
            return None
        # Due but not claimed (another worker's claim won the race): the poll will tell.
        return earliest if earliest is not None and earliest > now else None

    def _start(self, started: StartedRun) -> None:
        self._tasks[started.monitor.id] = asyncio.ensure_future(self._run(started))
        self.stats.started += 1
        self.stats.max_in_flight = max(self.stats.max_in_flight, len(self._tasks))

    async def _run(self, started: StartedRun) -> None:
        """Execute one run, then account for it and wake the loop, all before this task ends:
        see ``sentinel.engine.waiting`` for why the wake-up must come from a running task."""
        monitor_id = started.monitor.id
        try:
            run = await self._executor.execute(started)
        except asyncio.CancelledError:
            self.stats.interrupted += 1
            raise
        except Exception:
            # The lease stays taken and expires: the reaper retries the run on a later claim.
            log.exception("run of monitor %s failed inside the engine", monitor_id)
        else:
            self.stats.finished += 1
            if self._report is not None:
                self._report.runs.append(run)
            if run.notified and self.delivery is not None:
                self.delivery.wake()
        finally:
            self._tasks.pop(monitor_id, None)
            await signal(self._wake)

    async def _relay(self, stop: asyncio.Event) -> None:
        with idle(self.clock):
            await stop.wait()
        await signal(self._wake)

    async def _shutdown(self, grace_s: float | None) -> None:
        """Let runs in progress finish (within ``grace_s`` on the clock, if given), then
        cancel the rest; cancelled runs close as interrupted and stay due."""
        deadline = None if grace_s is None else self.clock.now() + timedelta(seconds=grace_s)
        while self._tasks and not self._abort.is_set():
            if deadline is not None and self.clock.now() >= deadline:
                break
            self._wake.clear()
            await wait_for_event(self.clock, self._wake, deadline=deadline)
        remaining = list(self._tasks.values())
        for task in remaining:
            task.cancel()
        if remaining:
            log.warning("shutdown cancelled %d run(s); they will be retried", len(remaining))
        while self._tasks:
            self._wake.clear()
            await wait_for_event(self.clock, self._wake)
        await asyncio.gather(*remaining, return_exceptions=True)

    @contextmanager
    def _driving(self, *, collect: bool = True) -> Iterator[TickReport]:
        """Mark the engine busy for one tick/run call, collecting its runs when asked."""
        if self._busy:
            raise EngineError("the engine is already running; one tick or run at a time")
        self._busy = True
        self._abort.clear()
        report = TickReport()
        self._report = report if collect else None
        try:
            yield report
        finally:
            self._busy = False
            self._report = None
