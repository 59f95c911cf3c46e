"""Apprise channel, pointed at a receiver on 127.0.0.1 through Apprise's json:// and form://."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest

from sentinel.notify import AppriseChannelSpec, DeliveryError, parse_channel_spec
from sentinel.notify.channels.apprise import AppriseChannel, with_idempotency_header
from sentinel.web.outbound import resolving_with
from tests.notify.builders import request_for
from tests.notify.receiver import LoopbackReceiver
from tests.web.test_guard import resolver_for

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


# Issue 34, cause 1: "json://vm:18801/apprise-vm", vm resolving to 127.0.0.1, reached an
# internal service through Apprise. "vm" resolves here through an injected resolver only.
def internal_name(receiver: LoopbackReceiver, scheme: str = "json") -> str:
    port = receiver.url.rsplit(":", 1)[1]
    return f"{scheme}://vm:{port}/apprise-vm"


@pytest.mark.usefixtures("strict_outbound")
@pytest.mark.parametrize("scheme", ["json", "xml", "form"])
async def test_a_name_resolving_to_loopback_is_refused_and_nothing_is_sent(scheme: str) -> None:
    with LoopbackReceiver() as receiver, resolving_with(resolver_for({"vm": ["127.0.0.1"]})):
        spec = AppriseChannelSpec(url=internal_name(receiver, scheme))
        with pytest.raises(DeliveryError, match="refused at delivery: loopback") as caught:
            await AppriseChannel(timeout_s=5).send(request_for(spec))
    assert not caught.value.retryable
    assert receiver.requests == []


@pytest.mark.usefixtures("strict_outbound")
async def test_a_name_that_rebinds_after_the_check_is_refused_at_connect_time() -> None:
    # Public for the check before Apprise gets the URL, loopback for Apprise's own lookup:
    # the lookup Apprise makes is the guard's, so the answer it connects to is checked too.
    answers = iter([["93.184.215.14"], ["127.0.0.1"], ["127.0.0.1"]])

    async def rebinding(host: str) -> list[str]:
        assert host == "vm"
        return next(answers)

    with LoopbackReceiver() as receiver, resolving_with(rebinding):
        spec = AppriseChannelSpec(url=internal_name(receiver))
        with pytest.raises(DeliveryError, match="refused at delivery: loopback") as caught:
            await AppriseChannel(timeout_s=5).send(request_for(spec))
    assert not caught.value.retryable
    assert receiver.requests == []


async def test_with_the_opt_in_apprise_connects_to_the_address_the_guard_resolved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The control of the two tests above: allowed, the same URL reaches the receiver, which
    # the system resolver could not have found ("vm" is known to the injected one only).
    monkeypatch.setenv("SENTINEL_NOTIFY_ALLOW_HOSTS", "127.0.0.1")
    with LoopbackReceiver() as receiver, resolving_with(resolver_for({"vm": ["127.0.0.1"]})):
        await AppriseChannel(timeout_s=5).send(
            request_for(AppriseChannelSpec(url=internal_name(receiver)))
        )
    [received] = receiver.requests
    assert received.path == "/apprise-vm"
