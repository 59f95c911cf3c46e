"""Running every policy on every scenario, and the scores that come out.

Each (scenario, policy) pair runs on a fresh world of its own
(:mod:`sentinel.bench.monitoring.harness`), so no policy sees another's noise or requests, and
pairs are independent: with ``jobs`` > 1 they run in that many worker processes (longest
first), with results identical to a sequential run. Everything but wall time is a function
of the scenarios, the policies, the sensor setup and the seed.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import tempfile
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sentinel.bench.monitoring.metrics import Matching, Timeline, Totals, match_notifications
from sentinel.bench.monitoring.policy import BenchContext, Policy, PolicyResult
from sentinel.bench.monitoring.reachability import EventReach, reachable_events
from sentinel.bench.monitoring.sensors import SensorSetup
from sentinel.errors import InvalidInput, SentinelError
from sentinel.sim import Scenario, bundled_scenarios
from sentinel.sim.loader import load_scenario, scenario_files
from sentinel.sim.search_realism import REALISTIC, SearchRealism
from sentinel.sim.split import SPLITS, Split, in_split, split_of
from sentinel.storage import upgrade_to_head
from sentinel.storage.settings import sqlite_url

Progress = Callable[[str], None]


def load_scenarios(
    source: Path | None = None, limit: int | None = None, split: str = "all"
) -> list[Scenario]:
    """The scenarios of a directory (or one file), or the bundled library; sorted by id, those
    of ``split`` (``dev``, ``test`` or ``all``; see :mod:`sentinel.sim.split`), the first
    ``limit`` of them. Raises ScenarioError for an invalid file, InvalidInput for an empty
    directory or split, or ids that repeat."""
    if source is None:
        scenarios = bundled_scenarios()
    else:
        files = scenario_files([source])
        if not files:
            raise InvalidInput("scenarios", str(source), "holds no .yaml or .yml scenario file")
        scenarios = [load_scenario(path) for path in files]
    scenarios.sort(key=lambda s: s.id)
    ids = [s.id for s in scenarios]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise InvalidInput("scenarios", repeated, "scenario ids must be unique")
    chosen = in_split(scenarios, split)
    if not chosen:
        raise InvalidInput("scenarios", split, f"no scenario of the {split} split here")
    return chosen[:limit] if limit is not None else chosen


@dataclass(frozen=True)
class ScenarioScore:
    """One policy on one scenario: what it did and how its notifications matched; ``reach``
    says how each event is reachable by search (empty when not marked)."""

    scenario: Scenario
    policy: str
    result: PolicyResult
    matching: Matching
    reach: tuple[EventReach, ...] = ()

    @property
    def noise_only(self) -> bool:
        """Whether the scenario has no true event (any notification is a false alert)."""
        return not any(event.condition for event in self.scenario.events)

    @property
    def split(self) -> Split:
        """The split of the scenario (see :mod:`sentinel.sim.split`)."""
        return split_of(self.scenario.id)

    def to_json(self) -> dict[str, Any]:
        """The scenario entry of the JSON results."""
        result, matching = self.result, self.matching
        return {
            "id": self.scenario.id,
            "policy": self.policy,
            "split": self.split,
            "notify": self.scenario.notify,
            "noise_only": self.noise_only,
            "events": matching.expected,
            "detected": len(matching.detected),
            "false_alerts": len(matching.false_alerts),
            "duplicates": matching.duplicates,
            "reachable_events": matching.reachable_expected,
            "reachable_detected": matching.reachable_detected,
            "unreachable_events": [r.at.isoformat() for r in self.reach if not r.reachable],
            "delays_s": [round(d, 1) for d in matching.delays_s],
            "notifications": [t.isoformat() for t in sorted(result.notifications)],
            "checks": result.checks,
            "pages": result.pages,
            "searches": result.searches,
            "full_fetches": result.full_fetches,
            "conditional_requests": result.conditional,
            "not_modified": result.not_modified,
            "runs": result.runs,
            "model_calls": result.model_calls,
            "tokens": result.tokens,
            "prompt_tokens": result.prompt_tokens,
            "completion_tokens": result.completion_tokens,
            "wall_s": round(result.wall_s, 3),
            "notes": dict(sorted(result.notes.items())),
            "log": list(result.log),
        }


@dataclass
class BenchResult:
    """Every score of a benchmark run, with how it was run."""

    sensor: SensorSetup
    seed: int
    policies: list[str]
    scenarios: list[Scenario]
    scores: list[ScenarioScore] = field(default_factory=list)
    search: SearchRealism = REALISTIC

    def for_policy(self, policy: str) -> list[ScenarioScore]:
        """The scores of one policy, in scenario order."""
        return [score for score in self.scores if score.policy == policy]

    @property
    def splits(self) -> list[Split]:
        """The splits the scenarios of this run belong to, ``dev`` before ``test``."""
        present = {split_of(s.id) for s in self.scenarios}
        return [split for split in SPLITS if split in present]

    def totals(
        self, policy: str, *, noise_only: bool | None = None, split: Split | None = None
    ) -> Totals:
        """One policy's counts summed over its scenarios (only the noise-only ones, or only
        the others, when ``noise_only`` says so; only those of ``split`` when given)."""
        totals = Totals()
        for score in self.for_policy(policy):
            if noise_only is not None and score.noise_only != noise_only:
                continue
            if split is not None and score.split != split:
                continue
            totals.expected += score.matching.expected
            totals.detected += len(score.matching.detected)
            if score.matching.reachable_expected is not None:
                totals.marked = True
                totals.reachable_expected += score.matching.reachable_expected
                totals.reachable_detected += score.matching.reachable_detected or 0
            totals.false_alerts += len(score.matching.false_alerts)
            totals.duplicates += score.matching.duplicates
            totals.delays_s += score.matching.delays_s
            run = score.result
            totals.checks += run.checks
            totals.searches += run.searches
            totals.full_fetches += run.full_fetches
            totals.not_modified += run.not_modified
            totals.model_calls += run.model_calls
            totals.tokens += run.tokens
            totals.prompt_tokens += run.prompt_tokens
            totals.completion_tokens += run.completion_tokens
            totals.monitored += score.scenario.end - score.scenario.start
            totals.wall_s += score.result.wall_s
        return totals


async def score_policy(
    policy: Policy,
    scenario: Scenario,
    ctx: BenchContext,
    reach: Sequence[EventReach] | None = None,
) -> ScenarioScore:
    """Run one policy on one scenario and match its notifications, the scenario's events
    marked reachable or not in the policy's world (``reach``, found here unless given; see
    :mod:`.reachability`)."""
    result = await policy.run(scenario, ctx)
    if reach is None:
        reach = await reachable_events(scenario, seed=ctx.seed, search=ctx.search)
    timeline = Timeline.of(scenario, [r.reachable for r in reach])
    matching = match_notifications(timeline, result.notifications)
    return ScenarioScore(scenario, policy.name, result, matching, tuple(reach))


class PolicyRunError(SentinelError):
    """A policy raised on a scenario; carries the original error as text, so that it crosses
    process boundaries intact."""

    def __init__(self, scenario_id: str, policy: str, detail: str) -> None:
        self.scenario_id = scenario_id
        self.policy = policy
        self.detail = detail
        super().__init__(f"{policy} on scenario {scenario_id!r} failed: {detail}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (PolicyRunError, (self.scenario_id, self.policy, self.detail))


def score_in_process(
    policy: Policy,
    scenario: Scenario,
    ctx: BenchContext,
    reach: Sequence[EventReach] | None = None,
) -> ScenarioScore:
    """:func:`score_policy` in a worker process, errors made picklable."""
    try:
        return asyncio.run(score_policy(policy, scenario, ctx, reach))
    except Exception as error:
        detail = "".join(traceback.format_exception(error)).strip()
        raise PolicyRunError(scenario.id, policy.name, detail) from None


async def run_benchmark(
    scenarios: Sequence[Scenario],
    policies: Sequence[Policy],
    sensor: SensorSetup,
    *,
    seed: int = 0,
    jobs: int = 1,
    progress: Progress | None = None,
    search: SearchRealism = REALISTIC,
) -> BenchResult:
    """Run every policy on every scenario (see the module documentation); the worlds' search
    engine is ``search`` (:mod:`sentinel.sim.search_realism`)."""
    if not scenarios:
        raise InvalidInput("scenarios", [], "there is no scenario to run")
    if not policies:
        raise InvalidInput("policies", [], "there is no policy to run")
    if jobs < 1:
        raise InvalidInput("jobs", jobs, "must be at least 1")
    result = BenchResult(sensor, seed, [p.name for p in policies], list(scenarios), search=search)
    pairs = [(i, j) for i in range(len(scenarios)) for j in range(len(policies))]
    scores: dict[tuple[int, int], ScenarioScore] = {}
    with tempfile.TemporaryDirectory(prefix="sentinel-bench-monitor-") as scratch:
        template = Path(scratch) / "template.db"
        # Migrated once and copied per run: Alembic takes longer than most runs.
        await upgrade_to_head(sqlite_url(template))
        ctx = BenchContext(seed, sensor, template, Path(scratch), search)
        # Once per world, not per policy: every policy meets the same engine and links.
        reaches = [await reachable_events(s, seed=seed, search=search) for s in scenarios]
        if jobs == 1:
            for i, j in pairs:
                scores[(i, j)] = await score_policy(policies[j], scenarios[i], ctx, reaches[i])
                if progress is not None:
                    progress(describe(scores[(i, j)]))
        else:
            pairs.sort(key=lambda pair: -policies[pair[1]].cost_hint(scenarios[pair[0]]))
            loop = asyncio.get_running_loop()
            # spawn, not fork: the parent's event loop and threads must not be copied.
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:

                async def one(i: int, j: int) -> None:
                    scores[(i, j)] = await loop.run_in_executor(
                        pool, score_in_process, policies[j], scenarios[i], ctx, reaches[i]
                    )
                    if progress is not None:
                        progress(describe(scores[(i, j)]))

                await asyncio.gather(*(one(i, j) for i, j in pairs))
    result.scores = [scores[pair] for pair in sorted(scores)]
    return result


def describe(score: ScenarioScore) -> str:
    """One progress line for a finished score."""
    matching, run = score.matching, score.result
    return (
        f"{score.scenario.id} · {score.policy}: {len(matching.detected)}/{matching.expected} "
        f"detected, {len(matching.false_alerts)} false alert(s), {run.checks} checks, "
        f"{run.model_calls} model calls ({run.wall_s:.1f} s)"
    )
