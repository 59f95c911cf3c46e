"""The notification every channel delivers: the same JSON document, whatever the channel."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from sentinel.clock import ensure_utc


class EvidenceQuote(BaseModel):
    """A verbatim quote and the page it was read on."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    url: str
    quote: str


class FieldReading(BaseModel):
    """A value the notification rests on: the monitor's field, its value, where it was read
    (the page and the verbatim text) and how (the page's structured data or its text)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    field: str
    value: Any
    url: str
    quote: str
    source: str | None = None


class NotificationPayload(BaseModel):
    """What a receiver gets (webhook body; e-mail and Apprise render it as text).

    ``message`` is short, leads with the answer and cites its source; ``facts`` are the values
    the notification is about; ``state_version`` points at the state it was decided on.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    monitor_id: int
    monitor_name: str
    run_id: int | None
    title: str = Field(min_length=1)
    message: str = Field(min_length=1)
    facts: dict[str, Any] = Field(default_factory=dict)
    evidence: list[EvidenceQuote] = Field(default_factory=list)
    readings: list[FieldReading] = Field(
        default_factory=list,
        description="For a monitor with a contract: each field's verified value, quote and page.",
    )
    state_version: int | None = None
    created_at: datetime

    @field_validator("created_at")
    @classmethod
    def _utc(cls, value: datetime) -> datetime:
        return ensure_utc(value, "created_at")

    def to_json(self) -> dict[str, Any]:
        """The JSON document stored in the outbox and sent to receivers."""
        return self.model_dump(mode="json")

    def as_text(self) -> str:
        """Plain text for channels without structure: message, facts, then sources."""
        lines = [self.message]
        if self.facts:
            lines.append("")
            lines.extend(f"{key}: {value}" for key, value in self.facts.items())
        cited = [item.url for item in self.evidence if item.url not in self.message]
        if cited:
            lines.append("")
            lines.extend(f"Source: {url}" for url in dict.fromkeys(cited))
        return "\n".join(lines)
