"""Push configs are stored with their owner (issue 34, cause 6: they lived in memory, so after
a restart the list was empty and delete answered null while the monitor kept pushing), and
their URL passes the outbound policy with its name resolved (cause 2)."""

from __future__ import annotations

import httpx
import pytest
from a2a.client import ClientConfig, create_client
from a2a.helpers import get_data_parts
from a2a.server.context import ServerCallContext
from a2a.types.a2a_pb2 import (
    DeleteTaskPushNotificationConfigRequest,
    ListTaskPushNotificationConfigsRequest,
    Task,
    TaskPushNotificationConfig,
)

from sentinel.monitor.service import spec_input
from sentinel.protocols.a2a.push import MonitorPushConfigs
from sentinel.protocols.a2a.server import KeyOwner
from sentinel.storage import Database
from sentinel.web.outbound import resolving_with
from tests.protocols.a2a.test_push import monitor_request, send
from tests.protocols.a2a.world import Served, serve_sentinel
from tests.web.test_guard import resolver_for

pytestmark = pytest.mark.network

PUSH_URL = "http://127.0.0.1:9/push"


async def monitor_task(served: Served, http: httpx.AsyncClient) -> tuple[Task, int]:
    task = await send(served, http, monitor_request(spec_input("Tell me when X 2.0 ships")))
    [view] = get_data_parts(task.artifacts[0].parts)
    return task, int(view["id"])


async def configs(served: Served, http: httpx.AsyncClient, task_id: str) -> list[str]:
    client = await create_client(served.url, ClientConfig(httpx_client=http, streaming=False))
    try:
        listed = await client.list_task_push_notification_configs(
            ListTaskPushNotificationConfigsRequest(task_id=task_id)
        )
    finally:
        await client.close()
    return [config.url for config in listed.configs]


async def channels(db: Database, monitor_id: int) -> list[dict[str, object]]:
    async with db.transaction() as tx:
        return (await tx.monitors.get(monitor_id)).channels


async def test_a_push_config_survives_a_restart_and_its_delete_stops_the_pushes(
    db: Database, http: httpx.AsyncClient
) -> None:
    async with serve_sentinel(db, engine=False) as served:
        task, monitor_id = await monitor_task(served, http)
        client = await create_client(served.url, ClientConfig(httpx_client=http, streaming=False))
        await client.create_task_push_notification_config(
            TaskPushNotificationConfig(task_id=task.id, id="hook-1", url=PUSH_URL, token="t")
        )
        await client.close()
    async with serve_sentinel(db, engine=False) as restarted:
        assert await configs(restarted, http, task.id) == [PUSH_URL]
        assert [c["url"] for c in await channels(db, monitor_id)] == [PUSH_URL]
        client = await create_client(
            restarted.url, ClientConfig(httpx_client=http, streaming=False)
        )
        await client.delete_task_push_notification_config(
            DeleteTaskPushNotificationConfigRequest(task_id=task.id, id="hook-1")
        )
        await client.close()
        assert await configs(restarted, http, task.id) == []
    assert await channels(db, monitor_id) == []  # the monitor pushes there no more
    async with db.engine.connect() as connection:
        rows = await connection.exec_driver_sql("SELECT count(*) FROM a2a_push_configs")
        assert rows.scalar() == 0


async def test_another_owners_key_neither_lists_nor_deletes_a_config(
    served: Served, http: httpx.AsyncClient, db: Database
) -> None:
    task, monitor_id = await monitor_task(served, http)
    client = await create_client(served.url, ClientConfig(httpx_client=http, streaming=False))
    await client.create_task_push_notification_config(
        TaskPushNotificationConfig(task_id=task.id, id="hook-1", url=PUSH_URL)
    )
    await client.close()
    store = MonitorPushConfigs(db, served.world_clock)
    mallory = ServerCallContext(user=KeyOwner("mallory"))
    assert await store.get_info(task.id, mallory) == []
    await store.delete_info(task.id, mallory, "hook-1")
    assert await configs(served, http, task.id) == [PUSH_URL]
    assert [c["url"] for c in await channels(db, monitor_id)] == [PUSH_URL]


@pytest.mark.usefixtures("strict_outbound")
async def test_a_push_url_whose_name_resolves_inside_is_refused_when_registered(
    db: Database, http: httpx.AsyncClient
) -> None:
    with resolving_with(resolver_for({"vm": ["127.0.0.1"]})):
        async with serve_sentinel(db, engine=False) as served:
            task, monitor_id = await monitor_task(served, http)
            raw = await http.post(
                f"{served.url}/a2a",
                headers={"A2A-Version": "1.0"},
                json={
                    "jsonrpc": "2.0",
                    "id": 8,
                    "method": "CreateTaskPushNotificationConfig",
                    "params": {"taskId": task.id, "url": "http://vm:18801/push"},
                },
            )
            listed = await configs(served, http, task.id)
    error = raw.json()["error"]
    assert error["code"] == -32602
    assert "'vm' -> 127.0.0.1" in error["message"]
    assert "loopback address" in error["message"]
    assert listed == []
    assert await channels(db, monitor_id) == []


@pytest.mark.usefixtures("strict_outbound")
async def test_a_send_message_whose_push_url_resolves_inside_is_refused(
    db: Database, http: httpx.AsyncClient
) -> None:
    with resolving_with(resolver_for({"vm": ["127.0.0.1"]})):
        async with serve_sentinel(db, engine=False) as served:
            raw = await http.post(
                f"{served.url}/a2a",
                headers={"A2A-Version": "1.0"},
                json={
                    "jsonrpc": "2.0",
                    "id": 9,
                    "method": "SendMessage",
                    "params": {
                        "message": {
                            "role": "ROLE_USER",
                            "messageId": "m-1",
                            "parts": [{"text": "Tell me when X 3.0 ships"}],
                        },
                        "configuration": {
                            "taskPushNotificationConfig": {"url": "http://vm:18801/push"}
                        },
                    },
                },
            )
    error = raw.json()["error"]
    assert error["code"] == -32602
    assert "loopback address" in error["message"]
    async with db.transaction() as tx:
        assert await tx.monitors.find() == []
