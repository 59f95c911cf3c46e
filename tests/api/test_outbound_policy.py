"""Issue 34, causes 1 and 2, from the outside: a channel whose host *name* resolves to an
internal address is refused when registered (API and web UI, webhook and Apprise alike), and
one that comes to resolve inside afterwards (DNS changed since) reaches nothing at delivery.

"vm" resolves to 127.0.0.1 through an injected resolver only (never /etc/hosts), and a real
loopback receiver stands where the internal service would be: it must receive nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from sentinel.clock import VirtualClock
from sentinel.notify import DeliveryWorker, NotificationPayload, enqueue_notification
from sentinel.notify.channels import default_channels
from sentinel.storage import Database, DeliveryRecord, DeliveryStatus, NewMonitor
from sentinel.web.outbound import resolving_with
from tests.api.conftest import START
from tests.api.helpers import SPEC, create, problem
from tests.api.ui.helpers import field_problems, post_form
from tests.notify.receiver import LoopbackReceiver
from tests.web.test_guard import resolver_for

pytestmark = [pytest.mark.network, pytest.mark.usefixtures("strict_outbound")]


@pytest.fixture
def receiver() -> Iterator[LoopbackReceiver]:
    """The internal service: a receiver on 127.0.0.1 that records whatever reaches it."""
    with LoopbackReceiver() as running:
        yield running


@pytest.fixture(autouse=True)
def vm_resolves_to_loopback() -> Iterator[None]:
    """``vm`` (and ``vm.example``) resolve to 127.0.0.1, as a name in /etc/hosts would."""
    with resolving_with(resolver_for({"vm": ["127.0.0.1"], "vm.example": ["10.0.0.5"]})):
        yield


def on_vm(receiver: LoopbackReceiver, scheme: str, path: str = "/apprise-vm") -> str:
    port = receiver.url.rsplit(":", 1)[1]
    return f"{scheme}://vm:{port}{path}"


@pytest.mark.parametrize("scheme", ["json", "xml", "http"])
async def test_the_api_refuses_a_channel_whose_name_resolves_inside(
    client: httpx.AsyncClient, receiver: LoopbackReceiver, scheme: str
) -> None:
    url = on_vm(receiver, scheme)
    response = await client.post("/api/v1/monitors", json=SPEC | {"channels": [url]})

    body = problem(response, 422)
    assert "'vm' -> 127.0.0.1" in body["detail"]
    assert "loopback address" in body["detail"]
    assert (await client.get("/api/v1/monitors")).json()["items"] == []
    created = await create(client)
    patched = await client.patch(f"/api/v1/monitors/{created['id']}", json={"channels": [url]})
    assert "loopback address" in problem(patched, 422)["detail"]
    assert receiver.requests == []


async def test_a_private_network_name_is_refused_too(client: httpx.AsyncClient) -> None:
    response = await client.post(
        "/api/v1/monitors", json=SPEC | {"channels": ["gotify://vm.example/token"]}
    )
    assert "private network address" in problem(response, 422)["detail"]


async def test_a_name_that_does_not_resolve_is_accepted(client: httpx.AsyncClient) -> None:
    # Nothing to connect to yet: delivery resolves it again and decides then.
    created = await create(client, channels=["https://hooks.nowhere.example/x"])
    assert created["channels"][0]["url"] == "https://hooks.nowhere.example/x"


async def test_the_web_form_refuses_it_next_to_the_field(
    client: httpx.AsyncClient, receiver: LoopbackReceiver
) -> None:
    for box, scheme in (("apprise", "json"), ("webhook", "http")):
        page = await post_form(
            client,
            "/monitors/new",
            {"query": "Tell me when the Kestrel 2 ships", box: on_vm(receiver, scheme)},
        )
        assert page.status_code == 422
        [message] = field_problems(page.text)[box]
        assert "loopback address" in message
    assert (await client.get("/api/v1/monitors")).json()["items"] == []


async def deliver_once(db: Database, channel: dict[str, str]) -> DeliveryRecord:
    """A monitor with ``channel`` that notified once, and the delivery worker's one drain."""
    clock = VirtualClock(START)
    async with db.transaction() as tx:
        monitor = await tx.monitors.create(
            NewMonitor(name="m", original_query="q", action_criteria="c", channels=[channel]),
            now=START,
        )
        run = await tx.runs.start(monitor.id, scheduled_at=START, started_at=START)
        payload = NotificationPayload(
            monitor_id=monitor.id,
            monitor_name="m",
            run_id=run.id,
            title="t",
            message="m",
            created_at=START,
        )
        [row] = await enqueue_notification(tx, payload, [channel], now=START)
    channels = default_channels(clock)
    try:
        await DeliveryWorker(db, channels, clock).drain()
    finally:
        for sender in channels.values():
            close = getattr(sender, "aclose", None)
            if close is not None:
                await close()
    async with db.transaction() as tx:
        return await tx.outbox.get(row.id)


def channel_on_vm(receiver: LoopbackReceiver, scheme: str) -> dict[str, str]:
    # Registered while the name was public (or stored before this check existed).
    return {"kind": "webhook" if scheme == "http" else "apprise", "url": on_vm(receiver, scheme)}


@pytest.mark.parametrize("scheme", ["json", "xml", "http"])
async def test_a_channel_that_comes_to_resolve_inside_reaches_nothing_at_delivery(
    api_db: Database, receiver: LoopbackReceiver, scheme: str
) -> None:
    settled = await deliver_once(api_db, channel_on_vm(receiver, scheme))

    assert settled.status is DeliveryStatus.FAILED
    assert "refused at delivery: loopback address" in str(settled.last_error)
    assert receiver.requests == []


@pytest.mark.parametrize("scheme", ["json", "xml", "http"])
async def test_allowed_on_purpose_the_same_channel_is_delivered(
    api_db: Database, receiver: LoopbackReceiver, scheme: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The control of the test above: the receiver is reachable, through the same resolver.
    monkeypatch.setenv("SENTINEL_NOTIFY_ALLOW_HOSTS", "127.0.0.1")

    settled = await deliver_once(api_db, channel_on_vm(receiver, scheme))

    assert settled.status is DeliveryStatus.DELIVERED, settled.last_error
    [received] = receiver.requests
    assert received.path == "/apprise-vm"
