"""Push notification configs of A2A tasks, and the monitors they subscribe to.

The configs are the SDK's database store over Sentinel's engine (table ``a2a_push_configs``,
migration 0014), each with the owner of the key that registered it: a restart keeps them,
listing shows them, deleting one deletes its row. The SDK pushes each task's own updates to
them. A task that created a monitor is *bound* to it (``a2a_task_monitors``): its configs are
also channels of the monitor (``kind: a2a`` in ``monitors.channels``), so the monitor's
notifications reach the A2A client through the outbox like any webhook — one delivery per
(run, channel), retried with the same idempotency key, exactly once for a client that keeps
keys. Registering, replacing or deleting a config of a bound task rewrites the monitor's A2A
channels in one transaction.

A config's URL passes the outbound policy when it is registered (its name resolved; see
:mod:`sentinel.web.outbound`) and again at every push.
"""

from __future__ import annotations

import logging
from typing import Any

import httpx
from a2a.server.context import ServerCallContext
from a2a.server.tasks import DatabasePushNotificationConfigStore
from a2a.types.a2a_pb2 import TaskPushNotificationConfig
from a2a.utils.errors import InvalidParamsError

from sentinel.clock import Clock
from sentinel.errors import InvalidInput
from sentinel.monitor.models import MAX_CHANNELS
from sentinel.notify import parse_channel_spec, vet_channel_destinations
from sentinel.notify.specs import A2APushChannelSpec, channel_json
from sentinel.protocols.a2a.tasks import task_owner
from sentinel.storage import Database
from sentinel.storage.a2a_push import A2APushConfigRow
from sentinel.web.errors import BlockedURL

# The SDK's sender of task updates, which logs every failed push with its traceback.
SDK_SENDER_LOGGER = "a2a.server.tasks.base_push_notification_sender"


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


class MonitorPushConfigs(DatabasePushNotificationConfigStore):
    """The SDK's database config store, which also keeps bound monitors' channels in step."""

    def __init__(self, db: Database, clock: Clock) -> None:
        super().__init__(db.engine, create_table=False, owner_resolver=task_owner)
        # Sentinel's table (made by the migrations) rather than the SDK's default one.
        self.config_model = A2APushConfigRow
        self.db = db
        self.clock = clock

    async def channels_for(self, task_id: str, context_id: str) -> list[dict[str, Any]]:
        """The A2A channels of the configs registered for ``task_id`` so far (validated)."""
        configs = await self.get_info_for_dispatch(task_id)
        return [push_channel(config, context_id) for config in configs]

    async def set_info(
        self,
        task_id: str,
        notification_config: TaskPushNotificationConfig,
        context: ServerCallContext,
    ) -> TaskPushNotificationConfig:
        """Store the config (refusing a URL no channel could deliver to, or one Sentinel may
        not send to) and, for a bound task, make it a channel of the monitor."""
        context_id = await self._context_of(task_id)
        candidate = TaskPushNotificationConfig()
        candidate.CopyFrom(notification_config)
        candidate.task_id = task_id
        try:  # validate before anything is stored
            await vet_channel_destinations([push_channel(candidate, context_id)])
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

    async def _context_of(self, task_id: str) -> str:
        async with self.db.reading() as tx:
            bound = await tx.task_monitors.of_task(task_id)
        return bound.context_id if bound is not None else ""

    async def _sync(self, task_id: str) -> None:
        async with self.db.reading() as tx:
            bound = await tx.task_monitors.of_task(task_id)
        if bound is None:
            return
        wanted = await self.channels_for(task_id, bound.context_id)
        async with self.db.transaction(owner=bound.owner) as tx:
            try:
                record = await tx.monitors.get(bound.monitor_id)
            except LookupError:
                return  # the monitor was deleted: nothing to keep in step
            kept = [c for c in record.channels if not _is_push_of(c, task_id)]
            channels = kept + wanted
            if len(channels) > MAX_CHANNELS:
                raise InvalidInput(
                    "push notification configs", len(wanted), f"exceed {MAX_CHANNELS} channels"
                )
            await tx.monitors.update(bound.monitor_id, now=self.clock.now(), channels=channels)


def _is_push_of(channel: dict[str, Any], task_id: str) -> bool:
    return channel.get("kind") == A2APushChannelSpec.model_fields["kind"].default and (
        channel.get("task_id") == task_id
    )


class OneLinePushFailures(logging.Filter):
    """A push the receiver refused, or that never reached it, is an expected failure: the SDK
    logs it with a traceback, this filter turns the record into one line saying why (a
    refused address, the HTTP status, the kind of network failure)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Keep the record; drop the traceback of an expected failure."""
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, BlockedURL | httpx.HTTPError):
            record.msg = f"{record.getMessage()} {push_failure(error)}"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


def push_failure(error: BlockedURL | httpx.HTTPError) -> str:
    """Why a push failed, in a few words (never what the receiver answered)."""
    if isinstance(error, BlockedURL):
        return f"refused at delivery: {error.reason}"
    if isinstance(error, httpx.HTTPStatusError):
        return f"answered HTTP {error.response.status_code}"
    return f"{type(error).__name__} (no HTTP answer)"


def quiet_expected_push_failures() -> None:
    """Install :class:`OneLinePushFailures` on the SDK's sender logger (once)."""
    logger = logging.getLogger(SDK_SENDER_LOGGER)
    if not any(isinstance(f, OneLinePushFailures) for f in logger.filters):
        logger.addFilter(OneLinePushFailures())
