"""The one interface every channel implements."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from sentinel.notify.specs import ChannelSpec


@dataclass(frozen=True, slots=True)
class DeliveryRequest:
    """One attempt at delivering one outbox row through one channel.

    ``idempotency_key`` is the same on every attempt of the delivery: receivers dedupe on it.
    """

    delivery_id: int
    idempotency_key: str
    monitor_id: int
    attempt: int
    spec: ChannelSpec
    payload: dict[str, Any]
    signing_secret: str


class Channel(Protocol):
    """Sends notifications of one ``kind`` (the ``kind`` of the specs it accepts)."""

    kind: str

    async def send(self, request: DeliveryRequest) -> None:
        """Deliver, or raise ``DeliveryError`` saying whether a retry may succeed."""
        ...
