"""What every policy shares: its result on one scenario, what it is given, and its protocol."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Protocol

from sentinel.bench.monitoring.harness import RequestCounter
from sentinel.bench.monitoring.sensors import SensorSetup
from sentinel.llm import UsageTracker
from sentinel.sim import Scenario
from sentinel.sim.search_realism import REALISTIC, SearchRealism


@dataclass
class PolicyResult:
    """What one policy did on one scenario.

    ``notifications``: when it notified (virtual time). ``pages``/``searches``: requests into
    the world (``checks`` is their sum); of the pages, ``conditional`` carried a validator and
    ``not_modified`` were answered 304 (``full_fetches`` are the rest). ``runs``: check rounds
    or monitor iterations. ``model_calls``/``tokens``: every model request (repairs included)
    and its prompt plus completion tokens (``prompt_tokens`` + ``completion_tokens``).
    ``notes``: policy-specific counts (run statuses, oracle errors…); ``log``: one line per
    notification or failure, saying why (what the report shows when a policy fails).
    """

    notifications: list[datetime] = field(default_factory=list)
    pages: int = 0
    searches: int = 0
    conditional: int = 0
    not_modified: int = 0
    runs: int = 0
    model_calls: int = 0
    tokens: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    wall_s: float = 0.0
    notes: dict[str, int] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)

    def record(self, moment: datetime, what: str, limit: int = 240) -> None:
        """Add a log line at ``moment`` (shortened to ``limit`` characters)."""
        text = " ".join(what.split())
        if len(text) > limit:
            text = text[: limit - 1] + "…"
        self.log.append(f"{moment:%Y-%m-%d %H:%M} {text}")

    @property
    def checks(self) -> int:
        """Page fetches plus search queries."""
        return self.pages + self.searches

    @property
    def full_fetches(self) -> int:
        """Page fetches answered with a body (not 304)."""
        return self.pages - self.not_modified

    def add_requests(self, counter: RequestCounter) -> None:
        """Take the request counts of a world's counter."""
        self.pages += counter.pages
        self.searches += counter.searches
        self.conditional += counter.conditional
        self.not_modified += counter.not_modified

    @contextmanager
    def tracking_usage(self) -> Iterator[None]:
        """Count the model usage of the block into this result."""
        with UsageTracker() as usage:
            yield
        total = usage.total
        self.model_calls += total.requests
        self.tokens += total.prompt_tokens + total.completion_tokens
        self.prompt_tokens += total.prompt_tokens
        self.completion_tokens += total.completion_tokens


@dataclass(frozen=True)
class BenchContext:
    """What a policy run is given besides the scenario: the seed, how the sensor works, a
    migrated SQLite file to copy for a fresh database, in a scratch directory, and how the
    world's search engine behaves (realistic unless told)."""

    seed: int
    sensor: SensorSetup
    db_template: Path
    scratch: Path
    search: SearchRealism = REALISTIC


class Policy(Protocol):
    """A way of monitoring a scenario. Only ``oracle`` may read the scenario's events."""

    @property
    def name(self) -> str:
        """The policy's name in the output."""
        ...

    @property
    def description(self) -> str:
        """One line saying what the policy does."""
        ...

    async def run(self, scenario: Scenario, ctx: BenchContext) -> PolicyResult:
        """Monitor ``scenario`` from its start to its end; return what happened."""
        ...

    def cost_hint(self, scenario: Scenario) -> float:
        """A rough relative cost of :meth:`run` on ``scenario``, to start long runs first."""
        ...


def fixed_times(scenario: Scenario, interval: timedelta, *, seed: int) -> Iterator[datetime]:
    """Check times of a fixed-interval policy: every ``interval`` from a phase in
    ``[start, start + interval)`` until the end.

    A user's schedule has an arbitrary phase; starting exactly at the scenario's start would
    line checks up with events authored on round hours. The phase is seeded by the scenario
    and the interval only, so fixed policies of the same interval check at the same times.
    """
    rng = random.Random(f"{seed}:{scenario.id}:every-{interval.total_seconds():.0f}s")
    moment = scenario.start + timedelta(seconds=rng.randrange(int(interval.total_seconds())))
    while moment <= scenario.end:
        yield moment
        moment += interval


def fixed_rounds(scenario: Scenario, interval: timedelta) -> float:
    """About how many checks a fixed-interval policy makes on ``scenario``."""
    return (scenario.end - scenario.start) / interval


def policy_seed(seed: int, scenario: Scenario, policy: str) -> str:
    """A seed for one policy on one scenario, independent of the order runs happen in."""
    return f"{seed}:{scenario.id}:{policy}"
