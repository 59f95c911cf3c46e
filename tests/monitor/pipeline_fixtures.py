"""Fixtures of the run pipeline tests: a simulated world, a SQLite database, scripted models
that read only what the prompt shows them, and a driver that plays the engine's part.

The scripted models are deterministic functions of the *prompt*: the sensor's reads the
``<page>`` blocks it is shown; the governor's reads the states it is shown. Neither sees the
scenario's ground truth.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from sentinel.clock import VirtualClock
from sentinel.demo.scripted import ShownPage, sentence_with
from sentinel.demo.scripted import shown_pages as pages_shown
from sentinel.llm import (
    LanguageModel,
    LocalModel,
    ScriptedModel,
    ScriptedRequest,
    allow_real_models,
    forbid_real_models,
)
from sentinel.llm.local import DEFAULT_LOCAL_MODEL, get_spec, status
from sentinel.monitor.run import RunOutcome, RunServices, execute_run
from sentinel.sim import Scenario, World, load_bundled
from sentinel.storage import (
    Database,
    DeliveryRecord,
    GovernorKind,
    MonitorRecord,
    NewMonitor,
    NotifyBehavior,
    RunRecord,
)
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.search.searxng import SearxngSearch
from tests.storage.databases import sqlite_copy

OWNER = "test-engine"
WEBHOOK = {"kind": "webhook", "url": "http://hooks.example/sentinel", "timeout_s": 10.0}
_PREVIOUS = re.compile(r"^Previous state: (.*)$", re.M)
_CURRENT = re.compile(r"^Current state: (.*)$", re.M)


@pytest.fixture(autouse=True)
def no_real_models(request: pytest.FixtureRequest) -> Iterator[None]:
    """Real model calls are errors, except in tests marked ``model``."""
    marked = request.node.get_closest_marker("model")
    with allow_real_models() if marked else forbid_real_models():
        yield


@pytest.fixture(scope="session")
def qwen() -> LocalModel:
    """The default embedded model (Qwen2.5-Coder-0.5B), loaded once; skipped if not installed."""
    spec = get_spec(DEFAULT_LOCAL_MODEL)
    if not status(spec).installed:
        pytest.skip(f"{DEFAULT_LOCAL_MODEL} is not installed: {spec.install_command}")
    model = LocalModel(DEFAULT_LOCAL_MODEL)
    model.load_sync()
    return model


@pytest.fixture
async def db(sqlite_template: Path, tmp_path: Path) -> AsyncIterator[Database]:
    """An empty migrated SQLite database of this test."""
    async with sqlite_copy(sqlite_template, tmp_path) as database:
        yield database


# -- what the models are shown -------------------------------------------------------------


def shown_pages(request: ScriptedRequest) -> list[ShownPage]:
    """The ``<page>`` blocks of the sensor prompt."""
    prompt = next((m.content for m in request.messages if "<page n=" in m.content), "")
    return pages_shown(prompt)


def shown_state(request: ScriptedRequest, which: str = "previous") -> dict[str, Any] | None:
    """The previous (or current) state the prompt shows, parsed from its JSON line."""
    pattern = _PREVIOUS if which == "previous" else _CURRENT
    user = next((m.content for m in request.messages if m.role == "user"), "")
    match = pattern.search(user)
    if match is None or not match.group(1).startswith("{"):
        return None
    value = json.loads(match.group(1))
    return value if isinstance(value, dict) else None


first_sentence = sentence_with
"""The sentence (or line) of a shown page in which a pattern matches, copied verbatim."""


Reading = tuple[dict[str, Any], list[tuple[int, str]]]
"""What a scripted sensor reads: the state and its quotes as (page number, quote)."""


def sensor_model(
    read: Callable[[list[ShownPage], dict[str, Any] | None], Reading],
    *,
    query_update: str | None = None,
) -> ScriptedModel:
    """A sensor whose ``report_state`` is ``read(pages shown, previous state shown)``."""

    def respond(request: ScriptedRequest) -> dict[str, Any]:
        state, quotes = read(shown_pages(request), shown_state(request))
        return {
            "action": "report_state",
            "payload": {
                "updated_state": state,
                "evidence": [{"page": page, "quote": quote} for page, quote in quotes],
                "volatility_hint": None,
                "query_update": query_update,
            },
        }

    return ScriptedModel(respond, name="scripted-sensor")


def governor_model(
    decide: Callable[[dict[str, Any], dict[str, Any] | None], dict[str, Any]],
) -> ScriptedModel:
    """A governor whose reply is ``decide(current state shown, previous state shown)``."""

    def respond(request: ScriptedRequest) -> dict[str, Any]:
        current = shown_state(request, "current") or {}
        return {
            "reasoning": "scripted",
            "should_act": False,
            "answer": None,
            "facts": {},
            "evidence": [],
            "next_check": "1 day",
            **decide(current, shown_state(request)),
        }

    return ScriptedModel(respond, name="scripted-governor")


# -- a world, services and a driver ------------------------------------------------------------


@dataclass
class Sim:
    """A scenario's world on a virtual clock, with the search and fetcher a run uses."""

    scenario: Scenario
    clock: VirtualClock
    world: World
    search: SearxngSearch
    fetcher: Fetcher

    @classmethod
    def of(cls, scenario_id: str, *, start: datetime | None = None) -> Sim:
        return cls.of_scenario(load_bundled(scenario_id), start=start)

    @classmethod
    def of_scenario(cls, scenario: Scenario, *, start: datetime | None = None) -> Sim:
        clock = VirtualClock(start or scenario.start)
        world = World.from_scenario(scenario, clock, seed=3, slow_delay=0.0, timeout_hold=2.5)
        search = SearxngSearch(
            base_url=world.search_url, transport=world.transport(), rate_limit=None, clock=clock.now
        )
        fetcher = Fetcher(
            transport=world.transport(),
            guard=SSRFGuard(allow_hosts=world.hosts),
            politeness=Politeness(min_interval=0),
            timeout=2.0,
            clock=clock.now,
        )
        return cls(scenario, clock, world, search, fetcher)

    def services(
        self,
        db: Database,
        sensor: LanguageModel,
        governor: LanguageModel | None = None,
        **options: Any,
    ) -> RunServices:
        return RunServices(
            db=db,
            search=self.search,
            fetcher=self.fetcher,
            clock=self.clock,
            sensor_model=sensor,
            governor_model=governor,
            rng=random.Random(7),
            lease_owner=OWNER,
            **options,
        )

    async def close(self) -> None:
        await self.search.aclose()
        await self.fetcher.aclose()


async def create_monitor(
    db: Database,
    sim: Sim,
    *,
    notify: str | None = None,
    rules: str | None = None,
    channels: list[dict[str, Any]] | None = None,
    min_interval: timedelta = timedelta(hours=4),
    max_interval: timedelta = timedelta(days=2),
) -> MonitorRecord:
    """A monitor for the scenario's mission, due at the clock's now."""
    scenario = sim.scenario
    async with db.transaction() as tx:
        return await tx.monitors.create(
            NewMonitor(
                name=scenario.id,
                original_query=scenario.mission,
                action_criteria=scenario.action_criteria,
                notify_behavior=NotifyBehavior(notify or scenario.notify),
                channels=[WEBHOOK] if channels is None else channels,
                min_interval_s=int(min_interval.total_seconds()),
                max_interval_s=int(max_interval.total_seconds()),
                governor_kind=GovernorKind.RULES if rules else GovernorKind.LLM,
                governor_rules=rules,
            ),
            now=sim.clock.now(),
        )


async def claim(db: Database, sim: Sim) -> list[MonitorRecord]:
    """Lease the due monitors as the engine would."""
    async with db.transaction() as tx:
        return await tx.monitors.claim_due(sim.clock.now(), OWNER, 600, 10)


async def run_once(services: RunServices, sim: Sim, monitor_id: int) -> RunOutcome:
    """Make the monitor due now ("run now"), claim it as the engine would, and run it once."""
    async with services.db.transaction() as tx:
        await tx.monitors.run_now(monitor_id, now=sim.clock.now())
    await claim(services.db, sim)
    return await execute_run(services, monitor_id)


@dataclass
class Played:
    """Every outcome of a played scenario, with the deliveries and runs it left behind."""

    outcomes: list[RunOutcome] = field(default_factory=list)
    deliveries: list[DeliveryRecord] = field(default_factory=list)
    runs: list[RunRecord] = field(default_factory=list)
    monitor: MonitorRecord | None = None

    def count(self, status: str) -> int:
        return sum(1 for outcome in self.outcomes if outcome.status == status)


async def play(services: RunServices, sim: Sim, monitor_id: int, *, until: datetime) -> Played:
    """Run the monitor whenever it is due, advancing the clock, until ``until``."""
    played = Played()
    db = services.db
    while True:
        async with db.transaction() as tx:
            due = await tx.monitors.earliest_next_run_at()
        if due is None or due > until:
            break
        sim.clock.set(max(due, sim.clock.now()))
        played.outcomes.append(await run_once(services, sim, monitor_id))
    async with db.transaction() as tx:
        played.deliveries = await tx.outbox.find(monitor_id=monitor_id, limit=1000)
        played.runs = list(reversed(await tx.runs.for_monitor(monitor_id, limit=1000)))
        played.monitor = await tx.monitors.get(monitor_id)
    return played
