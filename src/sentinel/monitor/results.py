"""How a monitor's runs read for people: a run's outcome in a few words, how its notification
fares, why it ended so. Pure functions of stored records, in a module of their own so that the
commands that list monitors do not load the monitor models to print them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sentinel.storage import NotificationState, RunRecord


def last_result(
    last: RunRecord | None,
    *,
    notification: NotificationState | None = None,
    none: str = "no run yet",
) -> str:
    """A run's outcome in a few words: its status, its error category, and when it notified,
    how the delivery fares (``notification`` is the monitor's latest, from
    ``OutboxRepository.latest_notifications``); ``none`` when there is no run.

    A notification is never called sent before it is: without its delivery state it reads
    "notification queued".
    """
    if last is None:
        return none
    text = last.status.value
    if last.error_category:
        text += f" ({last.error_category})"
    if last.decision and last.decision.get("notified"):
        text += f", notification {delivery_state(notification, last.id)}"
    return text


def delivery_state(notification: NotificationState | None, run_id: int) -> str:
    """How the notification of run ``run_id`` fares (pending, delivered, failed…) given the
    monitor's latest notification; "queued" when that is not this run's."""
    if notification is None or notification.run_id != run_id:
        return "queued"
    return notification.summary


def run_detail(run: RunRecord) -> str:
    """Why a run ended as it did, for people: the error, why it skipped (what it read, or why
    it read nothing and how to fix that), or the governor's reasoning."""
    decision = run.decision or {}
    detail = run.error_message or decision.get("skipped") or decision.get("reasoning")
    return str(detail or "")
