"""The demonstration's monitors: which scenarios, watched how, over which slice of time.

Each :class:`DemoMonitor` is a monitor a user could create: the scenario's mission and
criteria, a search query, a governor, and (for the rules governor) the state the monitor
starts from. Only the virtual window is a demo choice: a slice of the scenario around what
it shows, so that the whole demonstration fits in a few minutes on two cores.

Governor choice. The embedded model (Qwen2.5-Coder-0.5B) reads pages well enough to fill a
small JSON state under a grammar, but its judgement of criteria in words is the weak link:
asked "has Apple announced the date?" it often says yes to a rumour. So where the criteria
reduce to a condition on one value (``announced == true``, ``voltmart_price_usd < 300``) the
monitor uses the rules governor: no model call, no judgement to get wrong. The sensor's keys
are free-form (it is told to "keep the keys of the previous state"), so these monitors start
from a state that names the keys the rule reads. Where the criteria compare two readings of
free text ("the weekly hours differ from what they were"), no single key captures them and
the LLM governor judges; the pre-filter then makes sure it is asked only when a page changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sentinel.errors import InvalidInput
from sentinel.storage import GovernorKind

MIN_INTERVAL = timedelta(hours=1)
MAX_INTERVAL = timedelta(hours=12)
"""Every demo monitor looks at least twice a virtual day: delays stay within half a day."""


@dataclass(frozen=True)
class DemoMonitor:
    """One monitor of the demonstration.

    ``query`` is the search query the user gave (None: search with the mission). ``rule`` and
    ``initial_state`` go with the rules governor. ``start``/``end`` bound the virtual window;
    ``shows`` says in one line what the scenario demonstrates and ``why`` why it is governed
    the way it is (both are printed).
    """

    scenario_id: str
    shows: str
    governor: GovernorKind
    why: str
    start: datetime
    end: datetime
    query: str | None = None
    rule: str | None = None
    initial_state: Mapping[str, Any] | None = None
    min_interval: timedelta = MIN_INTERVAL
    max_interval: timedelta = MAX_INTERVAL

    def __post_init__(self) -> None:
        if self.end <= self.start:
            raise InvalidInput("window", (self.start, self.end), "must end after it starts")
        if (self.governor is GovernorKind.RULES) != (self.rule is not None):
            raise InvalidInput("rule", self.rule, "goes with the rules governor, and only with it")

    @property
    def governor_label(self) -> str:
        """How the screen names the governor: ``rules: <rule>`` or ``llm``."""
        return f"rules: {self.rule}" if self.rule else "llm"


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


CAST: tuple[DemoMonitor, ...] = (
    DemoMonitor(
        scenario_id="iphone-release",
        shows="an announcement, notify once: rumours and leaks first, then the official news",
        governor=GovernorKind.RULES,
        rule="announced == true",
        initial_state={"announced": False, "release_date": None},
        why=(
            "the criteria come down to one yes/no value the sensor keeps; a rule decides it "
            "without asking the small model to tell a rumour from an announcement twice"
        ),
        start=_at("2025-09-06T00:00"),
        end=_at("2025-09-13T00:00"),
    ),
    DemoMonitor(
        scenario_id="headphones-price-drop",
        shows="a price condition read from a shop page and its JSON-LD, with traps elsewhere",
        governor=GovernorKind.RULES,
        query="Voltmart Sonora QC Ultra Wireless headphones price",
        rule="voltmart_price_usd < 300",
        initial_state={"voltmart_price_usd": None},
        why="a number compared with a threshold is a rule's job, not a model's",
        start=_at("2025-09-29T00:00"),
        end=_at("2025-10-06T00:00"),
    ),
    DemoMonitor(
        scenario_id="library-hours-churn",
        shows="noise only: the markup churns every day, the opening hours never change",
        governor=GovernorKind.LLM,
        why=(
            "'the hours differ from what they were' compares two readings of a timetable: "
            "no single key captures it, so the model judges, and only when a page changed"
        ),
        start=_at("2025-09-12T00:00"),
        end=_at("2025-10-03T00:00"),
    ),
)

DEFAULT_SCENARIOS: tuple[str, ...] = tuple(m.scenario_id for m in CAST)


def cast_for(scenario_ids: tuple[str, ...] | list[str]) -> list[DemoMonitor]:
    """The demo monitors for ``scenario_ids``, in that order; InvalidInput names the known ids
    for an unknown one or a repeat."""
    by_id = {monitor.scenario_id: monitor for monitor in CAST}
    if not scenario_ids:
        raise InvalidInput("scenarios", list(scenario_ids), "name at least one scenario")
    chosen: list[DemoMonitor] = []
    for scenario_id in scenario_ids:
        if scenario_id not in by_id:
            known = ", ".join(by_id)
            raise InvalidInput("scenario", scenario_id, f"is not in the demo (known: {known})")
        if by_id[scenario_id] in chosen:
            raise InvalidInput("scenario", scenario_id, "is named twice")
        chosen.append(by_id[scenario_id])
    return chosen
