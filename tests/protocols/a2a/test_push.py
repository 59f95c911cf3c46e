"""Push notifications: an A2A client registers a push config on the task that created a
monitor and receives the monitor's notifications at its own endpoint on 127.0.0.1, sent by
the engine's outbox (one delivery per run, keyed) as A2A ``StreamResponse`` documents."""

from __future__ import annotations

import httpx
import pytest
from a2a.client import ClientConfig, create_client
from a2a.helpers import get_data_parts, new_data_part
from a2a.types.a2a_pb2 import (
    DeleteTaskPushNotificationConfigRequest,
    Message,
    Role,
    SendMessageRequest,
    StreamResponse,
    Task,
    TaskPushNotificationConfig,
)
from google.protobuf.json_format import ParseDict

from sentinel.monitor.service import spec_input
from sentinel.notify.channels.a2a_push import TOKEN_HEADER
from tests.loopback import running
from tests.protocols.a2a.world import Push, PushReceiver, Served
from tests.served_world import MOMENTS, QUERY, RULE

pytestmark = pytest.mark.network


def monitor_request(spec: dict[str, object]) -> SendMessageRequest:
    """A monitor spec as a JSON data part, for the monitor skill."""
    message = Message(role=Role.ROLE_USER, message_id="spec-1", parts=[new_data_part(spec)])
    message.metadata.update({"skill": "monitor"})
    return SendMessageRequest(message=message)


def is_notification(push: Push) -> bool:
    update = push.body.get("artifactUpdate", {})
    return bool(update.get("artifact", {}).get("name") == "notification")


async def send(served: Served, http: httpx.AsyncClient, request: SendMessageRequest) -> Task:
    client = await create_client(served.url, ClientConfig(httpx_client=http, streaming=False))
    try:
        [event] = [event async for event in client.send_message(request)]
    finally:
        await client.close()
    return event.task


async def test_a_monitors_notification_reaches_the_clients_push_endpoint(
    served: Served, http: httpx.AsyncClient
) -> None:
    receiver = PushReceiver()
    served.world_clock.set(MOMENTS[2])  # the deal of the day: 279.99, under the rule's 300
    async with running(receiver.app()) as receiver_url:
        request = monitor_request(spec_input(QUERY, rules=RULE))
        request.configuration.task_push_notification_config.CopyFrom(
            TaskPushNotificationConfig(url=f"{receiver_url}/push", token="client-token")
        )
        task = await send(served, http, request)
        [view] = get_data_parts(task.artifacts[0].parts)
        push = await receiver.wait_for(is_notification)
    assert push.headers[TOKEN_HEADER.lower()] == "client-token"
    assert push.headers["idempotency-key"].startswith("run-")
    update = ParseDict(push.body, StreamResponse()).artifact_update  # the SDK's own schema
    assert (update.task_id, update.context_id) == (task.id, task.context_id)
    text, payload = update.artifact.parts
    assert "279.99" in text.text
    [notification] = get_data_parts([payload])
    assert int(notification["monitor_id"]) == int(view["id"])
    assert notification["facts"]
    # Exactly one notification (notify once), and the task's own updates went there too.
    assert sum(is_notification(p) for p in receiver.received) == 1
    assert any("statusUpdate" in p.body for p in receiver.received)


async def test_a_config_registered_later_becomes_a_channel_and_deleting_it_removes_it(
    served: Served, http: httpx.AsyncClient
) -> None:
    task = await send(served, http, monitor_request(spec_input("Tell me when X 2.0 ships")))
    [view] = get_data_parts(task.artifacts[0].parts)
    client = await create_client(served.url, ClientConfig(httpx_client=http, streaming=False))
    config = TaskPushNotificationConfig(
        task_id=task.id, id="hook-1", url="http://127.0.0.1:9/push", token="t"
    )
    await client.create_task_push_notification_config(config)
    async with served.db.transaction() as tx:
        channels = (await tx.monitors.get(int(view["id"]))).channels
    assert channels == [
        {
            "kind": "a2a",
            "url": "http://127.0.0.1:9/push",
            "task_id": task.id,
            "context_id": task.context_id,
            "token": "t",
            "timeout_s": 10.0,
        }
    ]
    await client.delete_task_push_notification_config(
        DeleteTaskPushNotificationConfigRequest(task_id=task.id, id="hook-1")
    )
    await client.close()
    async with served.db.transaction() as tx:
        assert (await tx.monitors.get(int(view["id"]))).channels == []


async def test_a_push_url_no_channel_can_use_is_refused_and_nothing_changes(
    served: Served, http: httpx.AsyncClient
) -> None:
    task = await send(served, http, monitor_request(spec_input("Tell me when Y 3.0 ships")))
    raw = await http.post(
        f"{served.url}/a2a",
        headers={"A2A-Version": "1.0"},
        json={
            "jsonrpc": "2.0",
            "id": 7,
            "method": "CreateTaskPushNotificationConfig",
            "params": {"taskId": task.id, "url": "ftp://example.org/push"},
        },
    )
    assert raw.status_code == 200
    error = raw.json()["error"]
    assert error["code"] == -32602
    assert "must start with http" in error["message"]
    [view] = get_data_parts(task.artifacts[0].parts)
    async with served.db.transaction() as tx:
        assert (await tx.monitors.get(int(view["id"]))).channels == []


@pytest.mark.usefixtures("strict_outbound")
@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://169.254.169.254/latest/meta-data/", "link-local address"),
        ("http://127.0.0.1:18801/internal-admin", "loopback address"),
        ("http://[::1]/push", "loopback address"),
    ],
)
async def test_a_push_url_to_an_internal_address_is_refused_with_the_reason(
    served: Served, http: httpx.AsyncClient, url: str, reason: str
) -> None:
    task = await send(served, http, monitor_request(spec_input("Tell me when Y 4.0 ships")))
    raw = await http.post(
        f"{served.url}/a2a",
        headers={"A2A-Version": "1.0"},
        json={
            "jsonrpc": "2.0",
            "id": 8,
            "method": "CreateTaskPushNotificationConfig",
            "params": {"taskId": task.id, "url": url},
        },
    )
    error = raw.json()["error"]
    assert error["code"] == -32602
    assert url in error["message"]
    assert reason in error["message"]
    [view] = get_data_parts(task.artifacts[0].parts)
    async with served.db.transaction() as tx:
        assert (await tx.monitors.get(int(view["id"]))).channels == []
