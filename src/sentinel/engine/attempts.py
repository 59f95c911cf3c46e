"""What a monitor's run history says about the next attempt: its number, and whether the
monitor has failed for good.

Retries are chained through the runs table rather than kept in memory, so a retry scheduled by
a worker that has since died (or been replaced) is still counted by the next one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sentinel.engine.retry import ABANDONED, INTERRUPTED
from sentinel.storage import SKIPPED_STATUSES, RunRecord, RunStatus
from sentinel.storage.run_history import RunTail

OPEN = frozenset({RunStatus.PENDING, RunStatus.RUNNING})
SUCCESS = frozenset({RunStatus.SUCCEEDED, *SKIPPED_STATUSES})
# Failures caused by the worker rather than the run; they never count as the monitor's own.
WORKER_CATEGORIES = frozenset({ABANDONED, INTERRUPTED})


@dataclass(frozen=True, slots=True)
class Attempt:
    """The next run's place in a retry chain.

    ``retry_count`` is 0 for a fresh run; ``after`` is the error category of the run this one
    follows up (None for a fresh run).
    """

    retry_count: int
    after: str | None


def next_attempt(previous: RunRecord | RunTail | None) -> Attempt:
    """The attempt that follows ``previous``, the newest finished run of the monitor.

    A run after a ``retrying`` or abandoned one continues its chain; an interrupted run (a
    shutdown, not the run's fault) is re-done with the same number; anything else starts anew.
    """
    if previous is None or previous.status in OPEN:
        return Attempt(0, None)
    category = previous.error_category
    if category == INTERRUPTED:
        return Attempt(previous.retry_count, INTERRUPTED)
    if previous.status is RunStatus.RETRYING or (
        previous.status is RunStatus.FAILED and category == ABANDONED
    ):
        return Attempt(previous.retry_count + 1, category or "unknown")
    return Attempt(0, None)


def consecutive_permanent_failures(newest_first: Iterable[RunRecord]) -> int:
    """Permanent failures since the last success, newest first.

    ``retrying`` runs are links of a chain that ended in one of the counted runs; abandoned and
    interrupted runs were the worker's fault. Open runs (the one in progress) are skipped.
    """
    count = 0
    for run in newest_first:
        if run.status in SUCCESS:
            break
        if run.status is RunStatus.FAILED and run.error_category not in WORKER_CATEGORIES:
            count += 1
    return count


def history_window(threshold: int, budgets: Sequence[int]) -> int:
    """How many recent runs to read to see ``threshold`` permanent failures: each may be
    preceded by a full retry chain (and a few worker failures)."""
    longest_chain = max(budgets, default=0) + 1
    return max(1, threshold * (longest_chain + 2))
