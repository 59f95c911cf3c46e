"""The actuator's half of a run: the notification, its outbox rows, and the dedupe memory.

The notification text comes from :func:`sentinel.monitor.notifying.message.compose_notification`
(the
answer first, its source cited, short); the document every channel receives is
:class:`sentinel.notify.NotificationPayload`; rows are written by
:func:`sentinel.notify.enqueue_notification` inside the transaction that records the run, one
per channel, keyed per (run, channel).

Dedupe memory: the keys of the facts already notified (:func:`sentinel.monitor.notifying.dedupe
.decision_key`) are kept in the monitor's ``context`` under :data:`SENT_KEYS`, written in the
same transaction as the outbox rows, newest last, at most :data:`MAX_SENT_KEYS`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sentinel.monitor.models import GovernorDecision
from sentinel.monitor.notifying.message import Notification, compose_notification
from sentinel.notify import EvidenceQuote, NotificationPayload
from sentinel.notify.payload import FieldReading
from sentinel.storage import MonitorRecord

SENT_KEYS = "sent_keys"
MAX_SENT_KEYS = 500


def sent_keys(context: Mapping[str, Any]) -> list[str]:
    """The dedupe keys of the facts this monitor already notified."""
    keys = context.get(SENT_KEYS)
    return [key for key in keys if isinstance(key, str)] if isinstance(keys, list) else []


def remember_key(context: Mapping[str, Any], key: str) -> dict[str, Any]:
    """``context`` with ``key`` added to the sent keys (oldest dropped beyond the cap)."""
    keys = [k for k in sent_keys(context) if k != key] + [key]
    return {**context, SENT_KEYS: keys[-MAX_SENT_KEYS:]}


def notification_for(
    monitor: MonitorRecord, decision: GovernorDecision, state: Mapping[str, Any]
) -> Notification:
    """Title and text of an acting, grounded ``decision`` of ``monitor``."""
    return compose_notification(monitor.name, decision, decision.evidence, state)


def payload_for(
    monitor: MonitorRecord,
    notification: Notification,
    decision: GovernorDecision,
    *,
    run_id: int,
    state_version: int | None,
    now: datetime,
    readings: Sequence[Mapping[str, Any]] = (),
) -> NotificationPayload:
    """The document every channel delivers for this notification; ``readings`` are the
    contract's (only verified ones are carried)."""
    return NotificationPayload(
        monitor_id=monitor.id,
        monitor_name=monitor.name,
        run_id=run_id,
        title=notification.title,
        message=notification.message,
        facts=decision.facts,
        evidence=[EvidenceQuote(url=e.url, quote=e.quote) for e in decision.evidence],
        readings=[
            FieldReading(
                field=str(r["field"]),
                value=r.get("value"),
                url=str(r["url"]),
                quote=str(r["quote"]),
                source=r.get("source"),
            )
            for r in readings
            if r.get("verified") and r.get("url") and r.get("quote")
        ],
        state_version=state_version,
        created_at=now,
    )
