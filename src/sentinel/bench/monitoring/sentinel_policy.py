"""``sentinel``: the real monitor pipeline, driven the way the embedded engine drives it.

One monitor per scenario, created as a user would (the scenario's mission and criteria, its
notify behaviour, one webhook channel, the product's default interval bounds) in a fresh
SQLite database. The driver plays the engine: it moves the virtual clock to the monitor's
``next_run_at``, claims it, and calls :func:`sentinel.monitor.run.execute_run` — one full
iteration: search and fetch, pre-filter, sensor, persisted state, governor, grounding, dedupe,
outbox and the next schedule the pipeline chose — until the monitor completes or its next run
falls after the scenario's end. A run that notified (``RunOutcome.notified``) is a
notification at the run's time.

Pages: with ``pages="search"`` (the product's default) the monitor finds its pages by
searching; with ``pages="given"`` it is created with the pages the ``diff-fixed`` and
``llm-on-change`` baselines watch (:func:`~sentinel.bench.monitoring.diff_fixed.watched_urls`)
as its named pages, as a user gives them with ``watch add --url``, so it reads those and does
not search: the same pages as the baselines, compared like with like.

Sensor and governor: the configured models and the LLM governor, or, in oracle-facts mode,
the oracle as the sensor's model and the rules governor ``condition == true`` (see
:mod:`sentinel.bench.monitoring.sensors`).
"""

from __future__ import annotations

import random
import shutil
import time
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from sentinel.bench.monitoring.diff_fixed import watched_urls
from sentinel.bench.monitoring.harness import ScenarioWorld
from sentinel.bench.monitoring.oracle_facts import oracle_fields, oracle_sensor_model
from sentinel.bench.monitoring.policy import BenchContext, PolicyResult, policy_seed
from sentinel.bench.monitoring.sensors import ORACLE_RULE
from sentinel.clock import VirtualClock
from sentinel.errors import SentinelError
from sentinel.llm import LanguageModel
from sentinel.monitor.contract import compile_sentence
from sentinel.monitor.recording import PeekedRun, peek_in
from sentinel.monitor.run import RunServices, execute_run
from sentinel.sim import Scenario
from sentinel.storage import (
    Database,
    GovernorKind,
    MonitorRecord,
    NewMonitor,
    NotifyBehavior,
    open_database,
)
from sentinel.storage.monitor_fields import DEFAULT_MAX_INTERVAL_S
from sentinel.storage.settings import sqlite_url

LEASE_OWNER = "bench-monitor"
LEASE_S = 3600.0
PagesMode = Literal["search", "given"]
GIVEN_SUFFIX = "-given"
"""A policy name ending so is the same policy given the baselines' pages."""
WEBHOOK = {"kind": "webhook", "url": "http://hooks.example/sentinel", "timeout_s": 10.0}


class StalledMonitor(SentinelError):
    """The pipeline left the monitor due at or before the run that just happened."""

    def __init__(self, scenario_id: str, due: object) -> None:
        self.scenario_id = scenario_id
        self.due = due
        super().__init__(
            f"scenario {scenario_id!r}: after a run the monitor is still due at {due}; "
            "the run did not reschedule it"
        )


def given_pages(scenario: Scenario) -> list[str]:
    """The URLs a ``pages="given"`` monitor names: exactly those the diff baselines watch."""
    return [f"http://{host}{path}" for host, path in watched_urls(scenario)]


async def create_monitor(
    db: Database,
    scenario: Scenario,
    *,
    oracle: bool,
    max_interval: timedelta | None = None,
    pages: PagesMode = "search",
) -> MonitorRecord:
    """The scenario's monitor, due at its start (see the module documentation);
    ``max_interval`` replaces the product's default bound on the wait between runs;
    ``pages="given"`` names the baselines' pages (:func:`given_pages`) as the monitor's own.

    With the real model (not ``oracle``) the monitor gets the contract its mission and
    criteria compile to, as ``watch add`` gives one: its fields are read from the pages by
    code, the model choosing only among candidates. The oracle replaces reading itself, so
    its monitors have none (they measure scheduling and governing on perfect readings)."""
    longest = DEFAULT_MAX_INTERVAL_S if max_interval is None else max_interval.total_seconds()
    contract = None if oracle else compile_sentence(scenario.mission, scenario.action_criteria)
    async with db.transaction() as tx:
        return await tx.monitors.create(
            NewMonitor(
                name=scenario.id,
                original_query=scenario.mission,
                action_criteria=scenario.action_criteria,
                notify_behavior=NotifyBehavior(scenario.notify),
                channels=[WEBHOOK],
                governor_kind=GovernorKind.RULES if oracle else GovernorKind.LLM,
                governor_rules=ORACLE_RULE if oracle else None,
                max_interval_s=int(longest),
                fields=oracle_fields(scenario) if oracle else [],
                urls=given_pages(scenario) if pages == "given" else [],
                contract=contract.model_dump(mode="json") if contract is not None else None,
            ),
            now=scenario.start,
        )


@dataclass(frozen=True)
class SentinelPolicy:
    """The full pipeline: adaptive next check, pre-filter, grounding, dedupe.

    ``max_interval`` (the ``sentinel-max-<N>h`` variants) is the monitor's longest wait, a
    setting every user has; None keeps the product default. ``pages`` says whether the monitor
    searches for its pages or is given the baselines' (the ``…-given`` variants).
    """

    name: str = "sentinel"
    max_interval: timedelta | None = None
    pages: PagesMode = "search"
    description: str = "the pipeline: adaptive next check, pre-filter, grounding, dedupe"

    async def run(self, scenario: Scenario, ctx: BenchContext) -> PolicyResult:
        """Drive the monitor through the scenario (see the module documentation)."""
        started = time.perf_counter()
        seed = policy_seed(ctx.seed, scenario, self.name)
        env = ScenarioWorld.open(scenario, seed=ctx.seed, search=ctx.search)
        path = ctx.scratch / f"{scenario.id}-{self.name}.db"
        shutil.copyfile(ctx.db_template, path)
        db = await open_database(sqlite_url(path), migrate=False)
        sensor_model: LanguageModel
        governor_model: LanguageModel | None = None
        if ctx.sensor.oracle:
            sensor_model = oracle_sensor_model(ctx.sensor.oracle_for(scenario, env.clock, seed))
        else:
            sensor_model = ctx.sensor.real_model("sensor")
            governor_model = ctx.sensor.real_model("governor")
        services = RunServices(
            db=db,
            search=env.search(),
            fetcher=env.fetcher(article=False),  # as the worker's (sentinel.worker)
            clock=env.clock,
            sensor_model=sensor_model,
            governor_model=governor_model,
            rng=random.Random(seed),
            lease_owner=LEASE_OWNER,
        )
        result = PolicyResult()
        statuses: Counter[str] = Counter()
        try:
            monitor = await create_monitor(
                db,
                scenario,
                oracle=ctx.sensor.oracle,
                max_interval=self.max_interval,
                pages=self.pages,
            )
            with result.tracking_usage():
                await self._drive(services, env.clock, scenario, monitor.id, result, statuses)
        finally:
            await db.close()
            await env.aclose()
        result.add_requests(env.counter)
        result.notes.update(statuses)
        if self.pages == "given":
            result.notes["named_pages"] = len(given_pages(scenario))
        result.wall_s = time.perf_counter() - started
        return result

    def cost_hint(self, scenario: Scenario) -> float:
        """Runs are about daily (more often under a short ``max_interval``) and one costs
        about what two hundred page renders do."""
        day = timedelta(days=1)
        per_day = 1.0 if self.max_interval is None else max(1.0, day / self.max_interval)
        return (scenario.end - scenario.start) / day * per_day * 200

    @staticmethod
    async def _drive(
        services: RunServices,
        clock: VirtualClock,
        scenario: Scenario,
        monitor_id: int,
        result: PolicyResult,
        statuses: Counter[str],
    ) -> None:
        db = services.db
        last_run = None
        due: datetime | None = None
        while True:
            if due is None:  # the start, or a run that wrote no schedule: ask the store
                async with db.transaction() as tx:
                    due = await tx.monitors.earliest_next_run_at()
            if due is None or due > scenario.end:
                return
            if last_run is not None and due <= last_run:
                raise StalledMonitor(scenario.id, due)
            now = clock.set(max(due, clock.now()))
            # The claim and what the run starts from, in one transaction, as the engine does.
            async with db.transaction() as tx:
                await tx.monitors.claim_due(now, services.lease_owner, LEASE_S, 1)
                peeked = await peek_in(tx, monitor_id, now=now)
            prepared = peeked if isinstance(peeked, PeekedRun) else None
            outcome = await execute_run(services, monitor_id, prepared=prepared)
            due = outcome.next_run_at
            if last_run is not None:
                # The longest wait explains a missed short-lived event in the report.
                wait_h = round((now - last_run) / timedelta(hours=1))
                result.notes["longest_wait_h"] = max(result.notes.get("longest_wait_h", 0), wait_h)
            last_run = now
            result.runs += 1
            statuses[outcome.status] += 1
            if outcome.notified:
                result.notifications.append(now)
                quotes = await _cited(db, outcome.run_id)
                result.record(now, f"notified: {outcome.reason}{quotes}", limit=NOTIFIED_CHARS)
            elif outcome.status in ("failed", "retrying"):
                result.record(now, f"{outcome.status} ({outcome.error_category}): {outcome.error}")


QUOTE_CHARS = 160
NOTIFIED_CHARS = 640  # a notification's line keeps its reason and a few quotes whole


async def _cited(db: Database, run_id: int | None) -> str:
    """The quotes a notifying run's decision rests on, shortened, for the run's log: what a
    reader of the results needs to judge a false alert without the run's database."""
    if run_id is None:
        return ""
    async with db.transaction() as tx:
        run = await tx.runs.get(run_id)
    evidence = (run.decision or {}).get("evidence") or []
    quotes = [
        f'{item.get("url")}: "{" ".join(str(item.get("quote", "")).split())[:QUOTE_CHARS]}"'
        for item in evidence
        if isinstance(item, dict)
    ]
    return " — quoting " + "; ".join(quotes) if quotes else ""
