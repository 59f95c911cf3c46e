"""Webhook channel against a real receiver on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json

import pytest

from sentinel.clock import VirtualClock
from sentinel.notify import DeliveryError, WebhookChannelSpec
from sentinel.notify.channels.webhook import WebhookChannel, encode_body
from tests.notify.builders import SECRET, request_for, sample_payload
from tests.notify.receiver import LoopbackReceiver
from tests.storage.helpers import T0

pytestmark = pytest.mark.network


async def test_a_signed_post_is_verified_by_the_receiver() -> None:
    clock = VirtualClock(T0)
    with LoopbackReceiver(secret=SECRET, now=T0) as receiver:
        channel = WebhookChannel(clock)
        try:
            await channel.send(request_for(WebhookChannelSpec(url=f"{receiver.url}/hook")))
        finally:
            await channel.aclose()
    [received] = receiver.requests
    assert received.verdict == "processed"
    assert received.path == "/hook"
    assert received.headers["Idempotency-Key"] == "run-12:abc"
    assert received.headers["Content-Type"] == "application/json"
    assert received.body == encode_body(sample_payload())
    assert received.json()["title"] == "iPhone 17 announced for 9 September"


async def test_the_receiver_rejects_a_tampered_body_or_an_old_timestamp() -> None:
    clock = VirtualClock(T0)
    with LoopbackReceiver(secret=SECRET, now=T0.replace(minute=6)) as receiver:
        channel = WebhookChannel(clock)
        try:
            # Signed at 12:00, received at 12:06: outside the five-minute tolerance.
            with pytest.raises(DeliveryError, match="HTTP 400") as caught:
                await channel.send(request_for(WebhookChannelSpec(url=receiver.url)))
        finally:
            await channel.aclose()
    assert not caught.value.retryable
    assert receiver.requests[0].verdict.startswith("rejected: timestamp")

    class TamperingTransport(LoopbackReceiver):
        def handle(
            self, path: str, headers: dict[str, str], body: bytes
        ) -> tuple[int, dict[str, str]]:
            forged = json.dumps({**json.loads(body), "title": "forged"}).encode()
            return super().handle(path, headers, forged)

    with TamperingTransport(secret=SECRET, now=T0) as tampering:
        channel = WebhookChannel(clock)
        try:
            with pytest.raises(DeliveryError, match="HTTP 400"):
                await channel.send(request_for(WebhookChannelSpec(url=tampering.url)))
        finally:
            await channel.aclose()
    assert tampering.requests[0].verdict == "rejected: no v1 signature matches the body"


@pytest.mark.parametrize(
    ("status", "retryable", "retry_after"),
    [
        (400, False, None),
        (404, False, None),
        (410, False, None),
        (408, True, None),
        (429, True, 120.0),
        (500, True, None),
        (503, True, 120.0),
        (302, True, None),
    ],
)
async def test_status_codes_are_classified(
    status: int, retryable: bool, retry_after: float | None
) -> None:
    with LoopbackReceiver() as receiver:
        receiver.answer(status)
        channel = WebhookChannel(VirtualClock(T0))
        try:
            with pytest.raises(DeliveryError) as caught:
                await channel.send(request_for(WebhookChannelSpec(url=receiver.url)))
        finally:
            await channel.aclose()
    assert (caught.value.status, caught.value.retryable) == (status, retryable)
    assert caught.value.retry_after_s == retry_after
    assert f"HTTP {status}" in str(caught.value)


async def test_an_unresponsive_receiver_times_out_and_is_retried() -> None:
    release = asyncio.Event()
    handlers: list[asyncio.Task[object]] = []

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        handlers.append(task)
        await release.wait()
        writer.close()
        await writer.wait_closed()

    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    channel = WebhookChannel(VirtualClock(T0))
    spec = WebhookChannelSpec(url=f"http://127.0.0.1:{port}/", timeout_s=0.2)
    try:
        with pytest.raises(DeliveryError, match=r"no answer within 0\.2s") as caught:
            await channel.send(request_for(spec))
    finally:
        await channel.aclose()
        release.set()
        await asyncio.gather(*handlers, return_exceptions=True)
        server.close()
        await server.wait_closed()
    assert caught.value.retryable


async def test_a_refused_connection_is_retried() -> None:
    server = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    server.close()
    await server.wait_closed()
    channel = WebhookChannel(VirtualClock(T0))
    try:
        with pytest.raises(DeliveryError) as caught:
            await channel.send(request_for(WebhookChannelSpec(url=f"http://127.0.0.1:{port}/")))
    finally:
        await channel.aclose()
    assert caught.value.retryable


@pytest.mark.usefixtures("strict_outbound")
async def test_a_receiver_that_resolves_to_loopback_is_refused_at_delivery() -> None:
    clock = VirtualClock(T0)
    with LoopbackReceiver(now=T0) as receiver:
        port = receiver.url.rsplit(":", 1)[1]
        # Stored before the guard (or by hand): delivery resolves the name and refuses it.
        spec = WebhookChannelSpec(url=f"http://localhost:{port}/internal-admin")
        channel = WebhookChannel(clock)
        try:
            with pytest.raises(DeliveryError, match="refused at delivery: loopback") as caught:
                await channel.send(request_for(spec))
        finally:
            await channel.aclose()
    assert not caught.value.retryable
    assert receiver.requests == [], "nothing was sent"


async def test_an_error_keeps_the_status_never_the_receivers_reply() -> None:
    clock = VirtualClock(T0)
    with LoopbackReceiver(now=T0) as receiver:
        receiver.reply = b"internal-admin: root password is hunter2"
        receiver.answer(500)
        channel = WebhookChannel(clock)
        try:
            with pytest.raises(DeliveryError) as caught:
                await channel.send(request_for(WebhookChannelSpec(url=f"{receiver.url}/x")))
        finally:
            await channel.aclose()
    assert str(caught.value) == f"webhook: {receiver.url}/x answered HTTP 500"
    assert caught.value.status == 500
