"""How a run ends: the outcome an iteration writes, or the compact record of a look.

A run is open while ``pending`` or ``running`` and is closed once, by one of two values:
:class:`RunEnding`, a whole outcome (sensor output, decision, trace, usage, errors), or
:class:`LookEnding`, a look that saw no change, written as a few bytes (``RunRepository.finish``
and ``RunRepository.finish_look``; ``sentinel.storage.look_batch`` writes many looks together).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sentinel.errors import InvalidInput
from sentinel.storage.enums import SKIPPED_STATUSES, RunStatus
from sentinel.storage.monitor_fields import validate_json

OPEN_STATUSES = frozenset({RunStatus.PENDING, RunStatus.RUNNING})
OUTCOME_STATUSES = frozenset(
    {RunStatus.SUCCEEDED, RunStatus.RETRYING, RunStatus.FAILED, *SKIPPED_STATUSES}
)


@dataclass(frozen=True, slots=True)
class RunEnding:
    """How a run ended. ``retrying`` means this attempt failed and another is scheduled.

    ``raw_model_output`` keeps what a model said when it could not be used, for debugging.
    """

    status: RunStatus
    sensor_output: dict[str, Any] | None = None
    decision: dict[str, Any] | None = None
    state_version: int | None = None
    error_category: str | None = None
    error_message: str | None = None
    trace: list[dict[str, Any]] = field(default_factory=list)
    usage: dict[str, Any] = field(default_factory=dict)
    raw_model_output: str | None = None

    def __post_init__(self) -> None:
        if self.status not in OUTCOME_STATUSES:
            allowed = ", ".join(sorted(s.value for s in OUTCOME_STATUSES))
            raise InvalidInput("status", self.status, f"a run ends as one of: {allowed}")
        validate_json("trace", self.trace, list)
        validate_json("usage", self.usage, dict)


@dataclass(frozen=True, slots=True)
class LookEnding:
    """How a look that saw no change ended, recorded compactly: the run is
    ``skipped-no-change``; its ``decision`` says how each page answered, in the order of the
    monitor's pages (``{"skipped": "look: 304"}``; ``look: 304, same fingerprint`` for two);
    its ``usage`` holds only the model calls it saved; it keeps no trace. The record's times
    say when it looked, its status that nothing changed: about a fifth of a whole run
    record's bytes, for the run a monitor makes most often."""

    answers: tuple[str, ...]
    calls_saved: int = 0

    def __post_init__(self) -> None:
        if not self.answers:
            raise InvalidInput("answers", self.answers, "a look asks at least one page")
        if self.calls_saved < 0:
            raise InvalidInput("calls_saved", self.calls_saved, "must not be negative")

    @property
    def reason(self) -> str:
        """What the run's ``skipped`` says: ``look:`` and each page's answer."""
        return f"{LOOK_PREFIX}{', '.join(self.answers)}"

    def decision(self) -> dict[str, Any]:
        """The run's ``decision`` document."""
        return {"skipped": self.reason}

    def usage(self) -> dict[str, Any]:
        """The run's ``usage`` document: the model calls avoided (none was made)."""
        return {"calls_saved": self.calls_saved}


LOOK_PREFIX = "look: "
"""How the ``skipped`` of a look's decision begins (see :class:`LookEnding`)."""


def is_look(decision: dict[str, Any] | None) -> bool:
    """Whether a run's ``decision`` is a look's (:class:`LookEnding`)."""
    skipped = (decision or {}).get("skipped")
    return isinstance(skipped, str) and skipped.startswith(LOOK_PREFIX)
