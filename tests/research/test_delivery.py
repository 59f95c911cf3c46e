"""Delivering the report to a webhook: signed JSON, retried only when a retry can help."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import httpx
import pytest

from sentinel.errors import InvalidInput
from sentinel.notify import verify_webhook_signature
from sentinel.pacing import RetryPolicy
from sentinel.research import DeliveryFailed, deliver_report
from sentinel.research.delivery import webhook_url
from sentinel.web.outbound import resolving_with
from tests.research.conftest import Receiver

PAYLOAD = {"kind": "research_report", "report": {"topic": "Repair"}}
NOW = datetime(2025, 10, 9, 12, tzinfo=UTC)


async def no_wait(seconds: float) -> None:
    return None


def scripted(*statuses: int) -> tuple[httpx.MockTransport, list[httpx.Request]]:
    seen: list[httpx.Request] = []
    answers = list(statuses)

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(answers.pop(0) if answers else 200, text="nope")

    return httpx.MockTransport(handle), seen


async def test_a_signed_delivery_carries_a_verifiable_signature() -> None:
    transport, seen = scripted(200)

    status = await deliver_report(
        "https://hooks.example/r", PAYLOAD, secret="s3cret", transport=transport, now=NOW
    )

    assert status == 200
    (request,) = seen
    assert json.loads(request.content) == PAYLOAD
    signed = verify_webhook_signature(
        "s3cret", request.headers["Sentinel-Signature"], request.content, now=NOW
    )
    assert signed == int(NOW.timestamp())


async def test_without_a_secret_nothing_is_signed() -> None:
    transport, seen = scripted(204)

    await deliver_report("https://hooks.example/r", PAYLOAD, transport=transport)

    assert "Sentinel-Signature" not in seen[0].headers
    assert seen[0].headers["Idempotency-Key"]


async def test_a_busy_receiver_is_retried_with_the_same_idempotency_key() -> None:
    transport, seen = scripted(503, 429, 200)

    status = await deliver_report(
        "https://hooks.example/r", PAYLOAD, transport=transport, sleep=no_wait
    )

    assert status == 200
    assert len({r.headers["Idempotency-Key"] for r in seen}) == 1
    assert len(seen) == 3


async def test_a_refusal_is_final_and_says_what_the_receiver_answered() -> None:
    transport, seen = scripted(400)

    with pytest.raises(DeliveryFailed, match="HTTP 400") as caught:
        await deliver_report("https://hooks.example/r", PAYLOAD, transport=transport)

    assert caught.value.status == 400
    assert "nope" not in str(caught.value), "the receiver's reply is never echoed"
    assert len(seen) == 1


async def test_a_receiver_that_stays_down_fails_after_the_retries() -> None:
    transport, seen = scripted(503, 503, 503)

    with pytest.raises(DeliveryFailed, match="after 3 attempts"):
        await deliver_report(
            "https://hooks.example/r",
            PAYLOAD,
            transport=transport,
            sleep=no_wait,
            retry=RetryPolicy(max_attempts=3),
        )

    assert len(seen) == 3


@pytest.mark.network
async def test_a_report_reaches_a_real_receiver_on_loopback(
    receiver: Receiver,
) -> None:
    url, received = receiver

    status = await deliver_report(url, PAYLOAD, secret="k", timeout_s=5)

    assert status == 202
    ((headers, body),) = received
    assert json.loads(body) == PAYLOAD
    verify_webhook_signature("k", headers["Sentinel-Signature"], body)


async def test_a_url_that_cannot_receive_a_webhook_is_refused() -> None:
    with pytest.raises(InvalidInput, match="absolute http"):
        await deliver_report("ftp://hooks.example/r", PAYLOAD)


@pytest.mark.usefixtures("strict_outbound")
@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:18801/internal-admin", "http://169.254.169.254/", "http://[::1]/"]
)
async def test_a_webhook_to_an_internal_address_is_refused_before_the_run(url: str) -> None:
    with pytest.raises(InvalidInput, match="blocked") as caught:
        webhook_url(url)

    assert url in str(caught.value)


@pytest.mark.usefixtures("strict_outbound")
async def test_a_name_that_resolves_to_loopback_is_refused_at_delivery() -> None:
    async def rebound(host: str) -> list[str]:
        return ["127.0.0.1"]  # public when the job was accepted, loopback now

    with (
        resolving_with(rebound),
        pytest.raises(DeliveryFailed, match="refused at delivery: loopback"),
    ):
        await deliver_report("http://hooks.example/r", PAYLOAD, retry=RetryPolicy(max_attempts=1))
