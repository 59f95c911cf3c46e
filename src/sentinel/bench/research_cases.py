"""The research benchmark's cases: the bundled ``research-*`` worlds (or a user's own, in the
same YAML world format), their ground-truth facts and split, and how a fact is recognised in
a report's text.

A case is a world: its ``mission`` is the question, the ``facts`` of its last event are what
a good report states. Cases are split by a fixed rule on their id (:func:`split_of`): ``dev``
when the CRC-32 of the scenario id is divisible by 3, ``test`` otherwise.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from sentinel.errors import InvalidInput
from sentinel.sim import Scenario, bundled_ids, load_bundled
from sentinel.sim.loader import load_scenario, scenario_files

PREFIX = "research-"
_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_THOUSANDS = re.compile(r"(?<=\d)[,\u00a0\u202f ](?=\d{3}\b)")
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


Split = Literal["dev", "test"]


def split_of(scenario_id: str) -> Split:
    """A case's split, fixed by its id: ``dev`` when CRC-32 of the id is divisible by 3."""
    return "dev" if zlib.crc32(scenario_id.encode()) % 3 == 0 else "test"


@dataclass(frozen=True)
class Case:
    """One canned question, the facts a good answer contains, and its split; ``world`` is the
    scenario to research in (None: the bundled scenario of that id)."""

    scenario: str
    question: str
    facts: dict[str, Any]
    split: Split = "test"
    world: Scenario | None = None
    lookalikes: tuple[str, ...] = ()
    source_file: str | None = None
    """The world's file, for a user's case (a bundled one is named by its id)."""

    def load_world(self) -> Scenario:
        """The scenario this case researches."""
        return self.world if self.world is not None else load_bundled(self.scenario)


def cases(split: str = "all") -> list[Case]:
    """Every bundled research scenario as a case (of ``split``: dev, test or all)."""
    found = []
    for scenario_id in bundled_ids():
        if scenario_id.startswith(PREFIX) and split in ("all", split_of(scenario_id)):
            scenario = load_bundled(scenario_id)
            facts = scenario.events[-1].facts if scenario.events else {}
            found.append(
                Case(
                    scenario.id,
                    scenario.mission,
                    dict(facts),
                    split_of(scenario.id),
                    lookalikes=scenario.lookalikes,
                )
            )
    return found


def user_cases(source: Path, split: str = "all") -> list[Case]:
    """The worlds in ``source`` (a directory, searched recursively, or one file) as cases, by
    id, of ``split``. Raises ``ScenarioError`` naming the file and field of an invalid world,
    ``InvalidInput`` (field ``scenarios``) when there is no world, ids repeat, a world has no
    facts to look for, or none is of ``split``."""
    files = scenario_files([source])
    if not files:
        raise InvalidInput("scenarios", str(source), "holds no .yaml or .yml world file")
    found: dict[str, Case] = {}
    for path in files:
        world = load_scenario(path)
        if world.id in found:
            raise InvalidInput("scenarios", world.id, f"id used twice ({path.name})")
        facts = world.events[-1].facts if world.events else {}
        if not facts:
            raise InvalidInput(
                "scenarios",
                path.name,
                "a research case needs an event with facts: what a good report states",
            )
        found[world.id] = Case(
            world.id,
            world.mission,
            dict(facts),
            split_of(world.id),
            world,
            world.lookalikes,
            str(path),
        )
    chosen = [case for _, case in sorted(found.items()) if split in ("all", case.split)]
    if not chosen:
        raise InvalidInput("scenarios", split, f"no case of the {split} split here")
    return chosen


def normalize(text: str) -> str:
    """Casefolded text with thousands separators removed and spaces collapsed."""
    return " ".join(_THOUSANDS.sub("", text.casefold()).split())


def fact_variants(value: Any) -> list[str]:
    """The ways a fact may be written: a list means any of them; ISO dates also in words."""
    if isinstance(value, list):
        return [variant for item in value for variant in fact_variants(item)]
    text = str(value)
    match = _ISO_DATE.match(text)
    if match is None:
        return [text]
    year, month, day = match.group(1), MONTHS[int(match.group(2)) - 1], int(match.group(3))
    return [text, f"{day} {month} {year}", f"{month} {day}, {year}", f"{month} {day} {year}"]


def fact_found(value: Any, text: str) -> bool:
    """Whether any variant of the fact appears in ``text``."""
    haystack = normalize(text)
    return any(normalize(variant) in haystack for variant in fact_variants(value))
