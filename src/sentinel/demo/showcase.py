"""The demonstration itself: real monitors, the real engine, a simulated web, a virtual clock.

``await run_showcase(settings, observer)`` plays the demo monitors of :mod:`sentinel.demo.cast`
one after another. For each one:

1. its scenario's world opens on an auto-advancing virtual clock at the window's start
   (:mod:`sentinel.demo.stage`);
2. the monitor is created in the demo database as a user would create it (mission, criteria,
   query, governor, one webhook channel to the demo's inbox), starting from its initial state
   when it has one;
3. the embedded :class:`~sentinel.engine.Engine` runs until the window's end: it sleeps until
   the monitor is due, leases it and calls :func:`sentinel.monitor.run.execute_run` — search,
   fetch, pre-filter, sensor, state, governor, grounding, dedupe, outbox, next check — while
   its delivery worker drains the outbox through the signed webhook channel into the inbox
   (:mod:`sentinel.demo.receiver`). Virtual time jumps from run to run; a run holds it still;
4. the monitor is paused (its window is over) and its runs are summarized against the
   scenario's ground truth (:mod:`sentinel.demo.summary`).

The database is ``<home>/demo.db``, recreated at each demo (one demo at a time per directory,
see :mod:`sentinel.demo.directory`): the user's own monitors are never touched. The
observer (:mod:`sentinel.demo.display`) is told about every step.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Protocol

from sentinel.config import get_settings
from sentinel.demo.cast import DEFAULT_SCENARIOS, DemoMonitor, cast_for
from sentinel.demo.directory import demo_directory
from sentinel.demo.model import DemoModel, local_model, scripted_stand_in
from sentinel.demo.receiver import INBOX_URL, Inbox, Received
from sentinel.demo.scripted import SCRIPTS
from sentinel.demo.stage import Stage
from sentinel.demo.summary import ScenarioSummary, summarize
from sentinel.engine import Engine, RunnerRetries, RunRetryPolicy
from sentinel.errors import InvalidInput
from sentinel.llm.local import DEFAULT_LOCAL_MODEL
from sentinel.monitor.models import MonitorSpec, parse_monitor_spec
from sentinel.monitor.run import RunOutcome, RunServices, execute_run
from sentinel.monitor.service import contract_for, spec_input, stored_contract
from sentinel.notify import DeliveryWorker
from sentinel.notify.channels import WebhookChannel
from sentinel.sim import Scenario, load_bundled
from sentinel.storage import (
    Database,
    MonitorRecord,
    MonitorState,
    NewMonitor,
    NotifyBehavior,
    RunRecord,
    open_database,
)
from sentinel.storage.settings import sqlite_url

LEASE_OWNER = "sentinel-demo"
MAX_RUNS_READ = 10_000


def default_home() -> Path:
    """Where the demo keeps its database: ``<SENTINEL_HOME>/demo``."""
    return get_settings().home / "demo"


@dataclass(frozen=True)
class ShowcaseSettings:
    """What to play and how.

    ``scenarios``: ids from the cast, in order. ``model``: a registered local model (ignored
    with ``scripted``). ``home``: the demo's directory (default ``<SENTINEL_HOME>/demo``).
    ``max_pages``/``page_chars``: pages read per run and the excerpt of each the model sees
    (the prompt's size is most of a small model's time). ``seed``: noise and jitter.
    """

    scenarios: tuple[str, ...] = DEFAULT_SCENARIOS
    model: str = DEFAULT_LOCAL_MODEL
    scripted: bool = False
    home: Path | None = None
    max_pages: int = 3
    page_chars: int = 600
    seed: int = 7

    def __post_init__(self) -> None:
        if self.max_pages < 1:
            raise InvalidInput("max_pages", self.max_pages, "must be at least 1")
        if self.page_chars < 200:
            raise InvalidInput("page_chars", self.page_chars, "must be at least 200")

    @property
    def directory(self) -> Path:
        """The demo's directory."""
        return self.home if self.home is not None else default_home()


@dataclass(frozen=True)
class Act:
    """One demo monitor with its scenario, as the observer is told about it."""

    index: int
    total: int
    monitor: DemoMonitor
    scenario: Scenario


@dataclass(frozen=True)
class Plan:
    """What the demo is about to do."""

    acts: tuple[Act, ...]
    model: DemoModel
    database: Path
    settings: ShowcaseSettings


@dataclass(frozen=True)
class ShowcaseReport:
    """What the demo did: a summary per monitor, every notification, the wall time."""

    plan: Plan
    summaries: tuple[ScenarioSummary, ...]
    notifications: tuple[Received, ...]
    wall_s: float


class Observer(Protocol):
    """Told about each step of the demo (the display implements it)."""

    def model_loading(self, label: str) -> None:
        """The model is being loaded."""
        ...

    def started(self, plan: Plan) -> None:
        """The model is ready and the database created."""
        ...

    def act_started(self, act: Act, monitor: MonitorRecord) -> None:
        """A monitor was created and its world opened."""
        ...

    def run_started(self, act: Act, now: datetime) -> None:
        """The engine started a run at virtual time ``now``."""
        ...

    def run_finished(self, act: Act, outcome: RunOutcome, run: RunRecord | None) -> None:
        """A run ended (``run`` is its record, when it has one)."""
        ...

    def notified(self, act: Act, received: Received) -> None:
        """A notification reached the inbox."""
        ...

    def act_finished(self, act: Act, summary: ScenarioSummary) -> None:
        """A monitor's window is over."""
        ...

    def finished(self, report: ShowcaseReport) -> None:
        """The demo is over."""
        ...


async def run_showcase(settings: ShowcaseSettings, observer: Observer) -> ShowcaseReport:
    """Play the demo (see the module documentation) and return what happened."""
    started = time.perf_counter()
    cast = cast_for(settings.scenarios)
    scenarios = [load_bundled(monitor.scenario_id) for monitor in cast]
    acts = tuple(
        Act(i, len(cast), monitor, scenario)
        for i, (monitor, scenario) in enumerate(zip(cast, scenarios, strict=True), start=1)
    )
    if settings.scripted:
        model = scripted_stand_in({act.scenario.mission: SCRIPTS[act.scenario.id] for act in acts})
    else:
        observer.model_loading(f"local:{settings.model}")
        model = await local_model(settings.model)
    summaries: list[ScenarioSummary] = []
    received: list[Received] = []
    with demo_directory(settings.directory) as path:
        db = await open_database(sqlite_url(path))
        plan = Plan(acts, model, path, settings)
        observer.started(plan)
        try:
            for act in acts:
                summary, inbox = await _play(db, act, model, settings, observer)
                summaries.append(summary)
                received.extend(inbox)
        finally:
            await db.close()
    report = ShowcaseReport(plan, tuple(summaries), tuple(received), time.perf_counter() - started)
    observer.finished(report)
    return report


async def _play(
    db: Database, act: Act, model: DemoModel, settings: ShowcaseSettings, observer: Observer
) -> tuple[ScenarioSummary, list[Received]]:
    """Play one demo monitor through its window (steps 1–4 of the module documentation)."""
    spec = act.monitor
    stage = Stage.open(act.scenario, spec.start, seed=settings.seed)
    clock = stage.clock
    inbox = Inbox(clock, on_notification=lambda received: observer.notified(act, received))
    client = inbox.client()
    try:
        monitor = await create_monitor(db, spec, act.scenario, now=clock.now())
        async with db.transaction() as tx:
            inbox.trust(monitor.id, await tx.monitors.signing_secret(monitor.id))
        observer.act_started(act, monitor)
        policy, rng = RunRetryPolicy(), random.Random(settings.seed * 1000 + act.index)
        services = RunServices(
            db=db,
            search=stage.search,
            fetcher=stage.fetcher,
            clock=clock,
            sensor_model=model.model,
            governor_model=model.model,
            rng=rng,
            lease_owner=LEASE_OWNER,
            max_pages=settings.max_pages,
            page_chars=settings.page_chars,
            retry_policy=RunnerRetries(policy, rng),
        )

        async def runner(monitor_id: int, run_id: int) -> RunOutcome:
            observer.run_started(act, clock.now())
            outcome = await execute_run(services, monitor_id, run_id=run_id)
            record = None
            if outcome.run_id is not None:
                async with db.transaction() as tx:
                    record = await tx.runs.get(outcome.run_id)
            observer.run_finished(act, outcome, record)
            return outcome

        channel = WebhookChannel(clock, client)
        # The engine wakes the worker after every run that notified; no polling needed.
        delivery = DeliveryWorker(db, {"webhook": channel}, clock, poll_s=86_400)
        engine = Engine(
            db, runner, clock, owner=LEASE_OWNER, delivery=delivery, policy=policy, concurrency=1
        )
        # Not inside clock.idle(): this task is the engine's loop, and its own waits say
        # when it is idle; while it claims or records, virtual time must stand still.
        await engine.run_until(spec.end)
        runs = await _close_window(db, monitor.id, now=clock.now())
    finally:
        await client.aclose()
        await stage.aclose()
    notifications = inbox.for_monitor(monitor.id)
    summary = summarize(
        act.scenario,
        governor=spec.governor_label,
        start=spec.start,
        end=spec.end,
        runs=runs,
        notified_at=[r.received_at for r in notifications],
    )
    observer.act_finished(act, summary)
    return summary, notifications


async def create_monitor(
    db: Database, spec: DemoMonitor, scenario: Scenario, *, now: datetime
) -> MonitorRecord:
    """The monitor a user would create for ``scenario``, due now, notifying the demo's inbox;
    with its initial state stored as state version 1 when it has one."""
    async with db.transaction() as tx:
        monitor = await tx.monitors.create(
            NewMonitor(
                name=scenario.id,
                original_query=scenario.mission,
                action_criteria=scenario.action_criteria,
                current_query=spec.query,
                notify_behavior=NotifyBehavior(scenario.notify),
                channels=[{"kind": "webhook", "url": INBOX_URL, "timeout_s": 10.0}],
                min_interval_s=int(spec.min_interval.total_seconds()),
                max_interval_s=int(spec.max_interval.total_seconds()),
                governor_kind=spec.governor,
                governor_rules=spec.rule,
                contract=stored_contract(contract_for(_user_spec(spec, scenario))),
            ),
            now=now,
        )
        if spec.initial_state is not None:
            await tx.states.append(monitor.id, state=dict(spec.initial_state), now=now)
    return monitor


def _user_spec(spec: DemoMonitor, scenario: Scenario) -> MonitorSpec:
    """The spec ``sentinel watch add`` makes of the demo monitor's sentence, criteria and
    rule: its contract is the one a user's monitor gets (the rule's fields read from the
    pages by code, the model asked only what the code cannot settle)."""
    return parse_monitor_spec(
        spec_input(
            scenario.mission,
            criteria=scenario.action_criteria,
            notify=scenario.notify,
            rules=spec.rule,
        )
    )


async def _close_window(db: Database, monitor_id: int, *, now: datetime) -> list[RunRecord]:
    """Pause the monitor if it is still active (the next act's engine must not run it in
    another world) and return its runs, oldest first."""
    async with db.transaction() as tx:
        monitor = await tx.monitors.get(monitor_id)
        if monitor.state is MonitorState.ACTIVE:
            await tx.monitors.transition(
                monitor_id, MonitorState.PAUSED, now=now, expected=MonitorState.ACTIVE
            )
        runs = await tx.runs.for_monitor(monitor_id, limit=MAX_RUNS_READ)
    return list(reversed(runs))
