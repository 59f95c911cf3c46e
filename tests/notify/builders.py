"""Sample notifications and delivery requests for the notify tests."""

from __future__ import annotations

from typing import Any

from sentinel.notify import ChannelSpec, DeliveryRequest, EvidenceQuote, NotificationPayload
from tests.storage.helpers import T0

SECRET = "whsec_test_secret"


def sample_payload(run_id: int | None = 12, monitor_id: int = 3) -> dict[str, Any]:
    """A notification document as the outbox stores it."""
    return NotificationPayload(
        monitor_id=monitor_id,
        monitor_name="iPhone 17",
        run_id=run_id,
        title="iPhone 17 announced for 9 September",
        message="Apple will announce the iPhone 17 on 9 September.\nSource: apple.com",
        facts={"date": "2026-09-09"},
        evidence=[EvidenceQuote(url="https://www.apple.com/newsroom/x", quote="on September 9")],
        state_version=4,
        created_at=T0,
    ).to_json()


def request_for(spec: ChannelSpec, key: str = "run-12:abc", attempt: int = 1) -> DeliveryRequest:
    """A delivery request of the sample payload through ``spec``."""
    return DeliveryRequest(
        delivery_id=1,
        idempotency_key=key,
        monitor_id=3,
        attempt=attempt,
        spec=spec,
        payload=sample_payload(),
        signing_secret=SECRET,
    )
