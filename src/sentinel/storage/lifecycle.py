"""The monitor state machine: which transitions exist and what they do to the schedule.

```
active ⇄ paused      active → completed → active      active → failed → active
```

``failed`` is only entered after repeated permanent errors (the engine decides when) and is
left only by an explicit resume. The schedule side effects are pure functions here so that the
repository applies them in the same guarded UPDATE as the state change.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from sentinel.storage.enums import MonitorState
from sentinel.storage.errors import InvalidTransition

ACTIVE, PAUSED, COMPLETED, FAILED = (
    MonitorState.ACTIVE,
    MonitorState.PAUSED,
    MonitorState.COMPLETED,
    MonitorState.FAILED,
)

ALLOWED_TRANSITIONS: frozenset[tuple[MonitorState, MonitorState]] = frozenset(
    {
        (ACTIVE, PAUSED),
        (PAUSED, ACTIVE),
        (ACTIVE, COMPLETED),
        (COMPLETED, ACTIVE),
        (ACTIVE, FAILED),
        (FAILED, ACTIVE),
    }
)


class NextRun(Enum):
    """What a transition does to ``next_run_at``."""

    KEEP = "keep"
    RESUME = "resume"
    CLEAR = "clear"


@dataclass(frozen=True, slots=True)
class ScheduleEffect:
    """The schedule columns a transition writes along with the new state."""

    next_run: NextRun
    clear_lease: bool
    reset_failures: bool


def check_transition(monitor_id: int, from_state: MonitorState, to_state: MonitorState) -> None:
    """Raise ``InvalidTransition`` unless the state machine has this edge."""
    if (from_state, to_state) not in ALLOWED_TRANSITIONS:
        raise InvalidTransition(monitor_id, from_state.value, to_state.value)


def schedule_effect(to_state: MonitorState) -> ScheduleEffect:
    """What entering ``to_state`` does to the schedule.

    Pausing keeps ``next_run_at`` (resume continues where it was) but drops the lease, so a run in
    flight cannot reschedule a paused monitor. Resuming runs now unless the monitor was already
    due later. Completed and failed monitors have no next run: no zombie
    schedules. Every transition drops the lease: the run that held it is over or orphaned.
    """
    if to_state is MonitorState.ACTIVE:
        return ScheduleEffect(NextRun.RESUME, clear_lease=True, reset_failures=True)
    if to_state is MonitorState.PAUSED:
        return ScheduleEffect(NextRun.KEEP, clear_lease=True, reset_failures=False)
    return ScheduleEffect(NextRun.CLEAR, clear_lease=True, reset_failures=False)
