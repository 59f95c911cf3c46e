"""Apprise channel, pointed at a receiver on 127.0.0.1 through Apprise's json:// and form://."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest

from sentinel.notify import AppriseChannelSpec, DeliveryError, parse_channel_spec
from sentinel.notify.channels.apprise import AppriseChannel, with_idempotency_header
from tests.notify.builders import request_for
from tests.notify.receiver import LoopbackReceiver

pytestmark = pytest.mark.network


def loopback_spec(url: str) -> AppriseChannelSpec:
    spec = parse_channel_spec(url)
    assert isinstance(spec, AppriseChannelSpec)
    return spec


async def test_a_json_url_posts_title_and_text_with_the_idempotency_key() -> None:
    with LoopbackReceiver() as receiver:
        url = receiver.url.replace("http://", "json://") + "/notify"
        await AppriseChannel(timeout_s=5).send(request_for(loopback_spec(url)))
    [received] = receiver.requests
    assert received.path == "/notify"
    assert received.headers["Idempotency-Key"] == "run-12:abc"
    document = received.json()
    assert document["title"] == "iPhone 17 announced for 9 September"
    assert document["message"].startswith("Apple will announce the iPhone 17 on 9 September.")
    assert "Source: https://www.apple.com/newsroom/x" in document["message"]


async def test_a_form_url_works_the_same_way() -> None:
    with LoopbackReceiver() as receiver:
        url = receiver.url.replace("http://", "form://")
        await AppriseChannel(timeout_s=5).send(request_for(loopback_spec(url)))
    [received] = receiver.requests
    fields = parse_qs(received.body.decode())
    assert fields["title"] == ["iPhone 17 announced for 9 September"]


async def test_a_failing_service_is_retried_with_apprise_reason() -> None:
    with LoopbackReceiver() as receiver:
        receiver.answer(500)
        url = receiver.url.replace("http://", "json://")
        with pytest.raises(DeliveryError, match="error=500") as caught:
            await AppriseChannel(timeout_s=5).send(request_for(loopback_spec(url)))
    assert caught.value.retryable
    assert "json://" in str(caught.value)


def test_the_idempotency_header_is_added_only_where_apprise_can_send_it() -> None:
    assert with_idempotency_header("json://h/x", "k1") == "json://h/x?+Idempotency-Key=k1"
    assert with_idempotency_header("forms://h/?a=1", "k1") == "forms://h/?a=1&+Idempotency-Key=k1"
    assert with_idempotency_header("slack://T/B/C", "k1") == "slack://T/B/C"
