"""The closed vocabularies stored in the database (stored as their string values)."""

from __future__ import annotations

from enum import StrEnum


class MonitorState(StrEnum):
    """Lifecycle state of a monitor; transitions are guarded by ``sentinel.storage.lifecycle``."""

    ACTIVE = "active"
    PAUSED = "paused"
    COMPLETED = "completed"
    FAILED = "failed"


class NotifyBehavior(StrEnum):
    """``once``: complete after the first notification; ``always``: notify on every match."""

    ONCE = "once"
    ALWAYS = "always"


class GovernorKind(StrEnum):
    """Which governor decides for a monitor: a language model or the rules text."""

    LLM = "llm"
    RULES = "rules"


class RunStatus(StrEnum):
    """Status of one monitor run (one iteration of the deconstructed agent loop)."""

    PENDING = "pending"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    RETRYING = "retrying"
    FAILED = "failed"
    SKIPPED_NO_CHANGE = "skipped-no-change"
    SKIPPED_NOTHING_READ = "skipped-nothing-read"


SKIPPED_STATUSES = frozenset({RunStatus.SKIPPED_NO_CHANGE, RunStatus.SKIPPED_NOTHING_READ})
"""Runs that ended without asking a model: nothing changed, or there was nothing to read."""


class DeliveryStatus(StrEnum):
    """Status of one outbox delivery.

    ``failed`` is a permanent refusal by the receiver (a 4xx); ``dead`` means the retries were
    exhausted on transient errors. Both are final.
    """

    PENDING = "pending"
    SENDING = "sending"
    DELIVERED = "delivered"
    FAILED = "failed"
    DEAD = "dead"
