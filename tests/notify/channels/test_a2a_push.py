"""A2A push channel against a real receiver on 127.0.0.1: an A2A ``StreamResponse`` carrying
the notification, the client's token, the idempotency key and Sentinel's signature; outcomes
classified like the webhook's."""

from __future__ import annotations

import pytest
from a2a.helpers import get_data_parts
from a2a.types.a2a_pb2 import StreamResponse
from google.protobuf.json_format import ParseDict

from sentinel.clock import VirtualClock
from sentinel.notify import DeliveryError, WebhookChannelSpec
from sentinel.notify.channels.a2a_push import TOKEN_HEADER, A2APushChannel
from sentinel.notify.specs import A2APushChannelSpec
from tests.notify.builders import SECRET, request_for, sample_payload
from tests.notify.receiver import LoopbackReceiver
from tests.storage.helpers import T0

pytestmark = pytest.mark.network


def spec(url: str) -> A2APushChannelSpec:
    return A2APushChannelSpec(url=url, task_id="task-1", context_id="ctx-1", token="tok")


async def test_a_push_is_an_a2a_artifact_update_with_the_clients_token() -> None:
    with LoopbackReceiver(secret=SECRET, now=T0) as receiver:
        channel = A2APushChannel(VirtualClock(T0))
        try:
            await channel.send(request_for(spec(f"{receiver.url}/push")))
        finally:
            await channel.aclose()
    [received] = receiver.requests
    assert received.verdict == "processed"  # signed like a webhook, verified by the receiver
    assert received.headers[TOKEN_HEADER] == "tok"
    assert received.headers["Idempotency-Key"] == "run-12:abc"
    update = ParseDict(received.json(), StreamResponse()).artifact_update
    assert (update.task_id, update.context_id) == ("task-1", "ctx-1")
    assert update.artifact.name == "notification"
    assert update.artifact.artifact_id == "notification-run-12:abc"
    text, data = update.artifact.parts
    assert text.text.startswith(sample_payload()["message"])
    [payload] = get_data_parts([data])
    assert payload["title"] == sample_payload()["title"]


@pytest.mark.parametrize(
    ("status", "retryable", "retry_after"),
    [(400, False, None), (404, False, None), (429, True, 120.0), (503, True, 120.0)],
)
async def test_status_codes_are_classified(
    status: int, retryable: bool, retry_after: float | None
) -> None:
    with LoopbackReceiver() as receiver:
        receiver.answer(status)
        channel = A2APushChannel(VirtualClock(T0))
        try:
            with pytest.raises(DeliveryError) as caught:
                await channel.send(request_for(spec(receiver.url)))
        finally:
            await channel.aclose()
    assert (caught.value.status, caught.value.retryable) == (status, retryable)
    assert caught.value.retry_after_s == retry_after


async def test_another_kind_of_spec_is_refused_without_sending() -> None:
    channel = A2APushChannel(VirtualClock(T0))
    try:
        with pytest.raises(DeliveryError, match="not an a2a spec") as caught:
            await channel.send(request_for(WebhookChannelSpec(url="http://127.0.0.1:9/")))
    finally:
        await channel.aclose()
    assert not caught.value.retryable
