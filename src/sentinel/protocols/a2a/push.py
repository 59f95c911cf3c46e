"""Push notification configs of A2A tasks, and the monitors they subscribe to.

The SDK keeps the configs (in memory, per task) and pushes each task's own updates to them.
A task that created a monitor is *bound* to it: its configs are also channels of the monitor
(``kind: a2a`` in ``monitors.channels``), so the monitor's notifications reach the A2A client
through the outbox like any webhook — one delivery per (run, channel), retried with the same
idempotency key, exactly once for a client that keeps keys. Registering, replacing or deleting
a config of a bound task rewrites the monitor's A2A channels in one transaction.
"""

from __future__ import annotations

from typing import Any

from a2a.server.context import ServerCallContext
from a2a.server.tasks import InMemoryPushNotificationConfigStore
from a2a.types.a2a_pb2 import TaskPushNotificationConfig
from a2a.utils.errors import InvalidParamsError

from sentinel.clock import Clock
from sentinel.errors import InvalidInput
from sentinel.monitor.models import MAX_CHANNELS
from sentinel.notify import parse_channel_spec
from sentinel.notify.specs import A2APushChannelSpec, channel_json
from sentinel.protocols.a2a.tasks import task_owner
from sentinel.storage import Database


def push_channel(config: TaskPushNotificationConfig, context_id: str = "") -> dict[str, Any]:
    """The monitor channel (JSON) delivering to ``config``; ``InvalidInput`` for a bad URL."""
    spec = parse_channel_spec(
        {
            "kind": "a2a",
            "url": config.url,
            "task_id": config.task_id,
            "context_id": context_id,
            "token": config.token,
        }
    )
    return channel_json(spec)


class MonitorPushConfigs(InMemoryPushNotificationConfigStore):
    """The SDK's in-memory config store, which also keeps bound monitors' channels in step."""

    def __init__(self, db: Database, clock: Clock) -> None:
        super().__init__(owner_resolver=task_owner)
        self.db = db
        self.clock = clock
        # task id → (monitor id, context id, the task's owner, whose monitor it is)
        self._bound: dict[str, tuple[int, str, str]] = {}

    async def channels_for(self, task_id: str, context_id: str) -> list[dict[str, Any]]:
        """The A2A channels of the configs registered for ``task_id`` so far (validated)."""
        configs = await self.get_info_for_dispatch(task_id)
        return [push_channel(config, context_id) for config in configs]

    def bind(self, task_id: str, monitor_id: int, context_id: str, owner: str) -> None:
        """Record that ``task_id`` of ``owner`` created ``monitor_id``: later configs become
        its channels."""
        self._bound[task_id] = (monitor_id, context_id, owner)

    def monitor_of(self, task_id: str) -> int | None:
        """The monitor ``task_id`` created, if any."""
        bound = self._bound.get(task_id)
        return bound[0] if bound is not None else None

    async def set_info(
        self,
        task_id: str,
        notification_config: TaskPushNotificationConfig,
        context: ServerCallContext,
    ) -> TaskPushNotificationConfig:
        """Store the config (refusing a URL no channel could deliver to) and, for a bound
        task, make it a channel of the monitor."""
        context_id = self._bound.get(task_id, (0, "", ""))[1]
        candidate = TaskPushNotificationConfig()
        candidate.CopyFrom(notification_config)
        candidate.task_id = task_id
        try:
            push_channel(candidate, context_id)  # validate before anything is stored
        except InvalidInput as exc:
            raise InvalidParamsError(message=str(exc)) from None
        stored = await super().set_info(task_id, notification_config, context)
        try:
            await self._sync(task_id)
        except InvalidInput as exc:
            await super().delete_info(task_id, context, stored.id)
            raise InvalidParamsError(message=str(exc)) from None
        return stored

    async def delete_info(
        self, task_id: str, context: ServerCallContext, config_id: str | None = None
    ) -> None:
        """Delete the config(s) and drop them from a bound monitor's channels."""
        await super().delete_info(task_id, context, config_id)
        await self._sync(task_id)

    async def _sync(self, task_id: str) -> None:
        bound = self._bound.get(task_id)
        if bound is None:
            return
        monitor_id, context_id, owner = bound
        wanted = await self.channels_for(task_id, context_id)
        async with self.db.transaction(owner=owner) as tx:
            try:
                record = await tx.monitors.get(monitor_id)
            except LookupError:
                return  # the monitor was deleted: nothing to keep in step
            kept = [c for c in record.channels if not _is_push_of(c, task_id)]
            channels = kept + wanted
            if len(channels) > MAX_CHANNELS:
                raise InvalidInput(
                    "push notification configs", len(wanted), f"exceed {MAX_CHANNELS} channels"
                )
            await tx.monitors.update(monitor_id, now=self.clock.now(), channels=channels)


def _is_push_of(channel: dict[str, Any], task_id: str) -> bool:
    return channel.get("kind") == A2APushChannelSpec.model_fields["kind"].default and (
        channel.get("task_id") == task_id
    )
