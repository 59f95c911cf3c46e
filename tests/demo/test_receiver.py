"""The demo's inbox, fed by the real webhook channel: signatures checked, repeats dropped."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest

from sentinel.clock import VirtualClock
from sentinel.demo.receiver import INBOX_URL, Inbox, Received
from sentinel.notify import DeliveryError, DeliveryRequest, NotificationPayload, WebhookChannelSpec
from sentinel.notify.channels import WebhookChannel

NOW = datetime(2025, 9, 10, 5, tzinfo=UTC)
SECRET = "demo-secret"


@pytest.fixture
async def inbox() -> AsyncIterator[tuple[Inbox, WebhookChannel, list[Received]]]:
    seen: list[Received] = []
    clock = VirtualClock(NOW)
    box = Inbox(clock, on_notification=seen.append)
    box.trust(7, SECRET)
    client = box.client()
    yield box, WebhookChannel(clock, client), seen
    await client.aclose()


def request(key: str = "run-1:webhook", *, secret: str = SECRET, monitor_id: int = 7) -> Any:
    payload = NotificationPayload(
        monitor_id=monitor_id,
        monitor_name="iphone-release",
        run_id=1,
        title="iPhone 17",
        message="Apple announced iPhone 17.",
        created_at=NOW,
    )
    return DeliveryRequest(
        delivery_id=1,
        idempotency_key=key,
        monitor_id=monitor_id,
        attempt=0,
        spec=WebhookChannelSpec(url=INBOX_URL),
        payload=payload.to_json(),
        signing_secret=secret,
    )


async def test_a_signed_notification_is_processed_and_handed_on(
    inbox: tuple[Inbox, WebhookChannel, list[Received]],
) -> None:
    box, channel, seen = inbox

    await channel.send(request())

    assert [r.payload.message for r in seen] == ["Apple announced iPhone 17."]
    assert seen[0].received_at == NOW
    assert box.for_monitor(7) == seen
    assert box.for_monitor(8) == []


async def test_a_repeated_idempotency_key_is_acknowledged_but_not_processed_again(
    inbox: tuple[Inbox, WebhookChannel, list[Received]],
) -> None:
    box, channel, seen = inbox

    await channel.send(request("run-1:webhook"))
    await channel.send(request("run-1:webhook"))
    await channel.send(request("run-2:webhook"))

    assert [r.idempotency_key for r in seen] == ["run-1:webhook", "run-2:webhook"]
    assert box.received == seen


async def test_a_wrong_signature_is_refused_for_good(
    inbox: tuple[Inbox, WebhookChannel, list[Received]],
) -> None:
    box, channel, seen = inbox

    with pytest.raises(DeliveryError) as refused:
        await channel.send(request(secret="not-the-secret"))

    assert refused.value.retryable is False
    assert seen == []
    assert "signature" in box.refused[0]


async def test_a_monitor_the_inbox_does_not_trust_is_refused(
    inbox: tuple[Inbox, WebhookChannel, list[Received]],
) -> None:
    box, channel, seen = inbox

    with pytest.raises(DeliveryError):
        await channel.send(request(monitor_id=99))

    assert seen == []
    assert "monitor 99" in box.refused[0]


async def test_a_body_that_is_not_a_notification_is_refused(
    inbox: tuple[Inbox, WebhookChannel, list[Received]],
) -> None:
    box, _, seen = inbox
    client = box.client()
    try:
        response = await client.post(INBOX_URL, content=b'{"hello": "world"}')
        wrong_method = await client.get(INBOX_URL)
    finally:
        await client.aclose()

    assert response.status_code == 400
    assert wrong_method.status_code == 405
    assert seen == []
