"""The fixed split of the scenario library into ``dev`` and ``test``.

Heuristics are developed on ``dev`` only; ``test`` is run for reporting. The rule, fixed once:

- the 22 scenarios that existed before the split (:data:`TUNED_ON`) are ``dev``: the
  scheduling heuristics were developed against them;
- any other scenario is ``test`` when the first byte of ``sha256(id)`` (the id as UTF-8) is
  odd, else ``dev``.

The rule reads only the id, so a scenario added later (by anyone) falls in a split without a
list to keep up to date, and nobody picks which worlds are hard enough for ``test``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Literal, TypeVar, get_args

from sentinel.errors import InvalidInput
from sentinel.sim.scenario import Scenario

__all__ = ["SPLITS", "TUNED_ON", "Split", "in_split", "split_of"]

Split = Literal["dev", "test"]
SPLITS: tuple[Split, ...] = get_args(Split)

TUNED_ON = frozenset(
    {
        "airline-merger-denied",
        "bridge-reopening-disagree",
        "camera-stock-flipflop",
        "concert-lisbon",
        "console-restock",
        "earnings-q3",
        "eu-repair-vote",
        "football-transfer",
        "game-never-announced",
        "headphones-price-drop",
        "heater-recall",
        "iphone-release",
        "job-posting",
        "library-cve",
        "library-hours-churn",
        "pass-reopening",
        "quillstore-release",
        "research-chip-plant",
        "research-heat-pump-grants",
        "research-lake-algae",
        "research-marathon-result",
        "research-power-bank-recall",
    }
)
"""The scenarios the pipeline's heuristics were tuned on before the split existed."""


def split_of(scenario_id: str) -> Split:
    """The split a scenario id belongs to (see the module documentation)."""
    if scenario_id in TUNED_ON:
        return "dev"
    first = hashlib.sha256(scenario_id.encode("utf-8")).digest()[0]
    return "test" if first % 2 == 1 else "dev"


_S = TypeVar("_S", bound=Scenario)


def in_split(scenarios: Iterable[_S], split: str) -> list[_S]:
    """The scenarios of ``split`` (``dev``, ``test``, or ``all`` for every one), in order."""
    if split == "all":
        return list(scenarios)
    if split not in SPLITS:
        raise InvalidInput("split", split, "must be dev, test or all")
    return [s for s in scenarios if split_of(s.id) == split]
