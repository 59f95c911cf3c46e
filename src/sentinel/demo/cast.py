"""The demonstration's monitors: which scenarios, watched how, over which slice of time.

Each :class:`DemoMonitor` is a monitor a user could create: the scenario's mission and
criteria, a search query, a governor, and (for the rules governor) the state the monitor
starts from. Only the virtual window is a demo choice: a week or two of the scenario around
what it shows, so that the whole demonstration fits in a few minutes on two cores.

Governor choice. The embedded model (Qwen2.5-Coder-0.5B) reads pages well enough to fill a
small JSON state under a grammar, but its judgement of criteria in words is the weak link:
asked whether Apple has announced a date it says yes to an invitation or a leak, and asked
whether opening hours "differ from what they were" on a first run, with nothing to compare,
it answered yes. So every demo monitor reduces its criteria to a condition on the state
(``stable_version == "5.0.0"``, ``price_usd < 300``, ``changed(opening_hours)``) and uses the
rules governor, as ``sentinel watch add --rules`` does. Each rule names fields a page states
(a version, a price, the opening hours), so it is the monitor's contract, as for a user's
monitor: the code reads those fields from the pages and the model is asked only to choose
among candidates the code could not settle. Each monitor starts from a state that names the
keys its rule reads. With a larger model, criteria in words and the LLM governor are the
natural choice (``sentinel watch add --criteria``).
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
        scenario_id="quillstore-release",
        shows="a release, notify once: two release candidates first, then the final version",
        governor=GovernorKind.RULES,
        query="Quillstore current stable version",
        rule='stable_version == "5.0.0"',
        initial_state={"stable_version": None},
        why=(
            "the criteria come down to one value the download page states plainly; a rule "
            'compares it, and a release candidate ("5.0.0-rc2") is never "5.0.0"'
        ),
        start=_at("2025-09-26T00:00"),
        end=_at("2025-10-03T00:00"),
    ),
    DemoMonitor(
        scenario_id="headphones-price-drop",
        shows="a price read from a shop page and its JSON-LD, with other shops' prices as traps",
        governor=GovernorKind.RULES,
        query="Voltmart Sonora QC Ultra Wireless headphones price",
        rule="price_usd < 300",
        initial_state={"price_usd": None},
        why="a number compared with a threshold is a rule's job, not a model's",
        start=_at("2025-09-29T00:00"),
        end=_at("2025-10-06T00:00"),
    ),
    DemoMonitor(
        scenario_id="library-hours-churn",
        shows="noise only: the markup churns every day, the opening hours never change",
        governor=GovernorKind.RULES,
        rule="prev(opening_hours) != null and changed(opening_hours)",
        initial_state={"opening_hours": None},
        why=(
            "a change is a difference between two readings of the week, which the code reads "
            "from the table and a rule compares exactly; the 0.5B model as governor was seen "
            "'noticing a change' on a first run, with nothing to compare"
        ),
        start=_at("2025-09-12T00:00"),
        end=_at("2025-09-26T00:00"),
    ),
    # Not played by default: with the 0.5B model the sensor tends to read the invitations and
    # leaks as the announcement itself, and the rule then fires early. A larger model
    # (--model) or the scripted stand-in shows it as intended.
    DemoMonitor(
        scenario_id="iphone-release",
        shows="an announcement, notify once: rumours and leaks first, then the official news",
        governor=GovernorKind.RULES,
        rule="announced == true",
        initial_state={"announced": False, "release_date": None},
        why=(
            "the criteria come down to one yes/no value the sensor keeps; a rule decides it "
            "without asking the small model to judge the criteria a second time"
        ),
        start=_at("2025-09-06T00:00"),
        end=_at("2025-09-13T00:00"),
    ),
)

DEFAULT_SCENARIOS: tuple[str, ...] = (
    "quillstore-release",
    "headphones-price-drop",
    "library-hours-churn",
)
"""What ``sentinel demo`` plays unless told otherwise."""


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
