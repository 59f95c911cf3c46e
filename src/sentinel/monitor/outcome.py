"""How one monitor run ended: the value :func:`sentinel.monitor.run.execute_run` returns."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from sentinel.monitor.failures import ErrorCategory

RunStatusName = Literal[
    "succeeded", "skipped-no-change", "skipped-nothing-read", "failed", "retrying"
]


@dataclass(frozen=True)
class RunOutcome:
    """How one run ended.

    ``status``: ``succeeded`` (sensed and governed), ``skipped-no-change`` (the pre-filter
    saw no change), ``skipped-nothing-read`` (no page to read; ``reason`` says why and what to
    do), ``failed`` (not retried; the regular
    schedule stands) or ``retrying`` (``next_run_at`` is the retry). ``error_category`` and
    ``error`` describe a failure; ``retryable`` says whether trying again may help.
    ``notified``: a notification was queued (``deliveries`` outbox rows). ``completed``: the
    monitor reached its end (notify=once and acted). ``model_calls`` counts model requests
    (repairs included); ``calls_saved`` those the pre-filter avoided. ``recorded``: the run
    wrote its own record and schedule (the engine has nothing left to write after a success).
    """

    run_id: int | None
    monitor_id: int
    status: RunStatusName
    error_category: ErrorCategory | None = None
    error: str | None = None
    retryable: bool = False
    notified: bool = False
    deliveries: int = 0
    completed: bool = False
    next_run_at: datetime | None = None
    state_version: int | None = None
    model_calls: int = 0
    calls_saved: int = 0
    reason: str = ""
    recorded: bool = False
