"""Talking to the Temporal cluster: connect, start a monitor's workflow, signal it.

:class:`TemporalMonitors` is also the :class:`~sentinel.storage.changes.MonitorListener` that
front ends attach to their database when ``SENTINEL_ENGINE=temporal``: a created monitor gets
its workflow, a paused, resumed, run-now or re-activated one is signalled, a deleted one is
told to end. Starting is idempotent (workflow id per monitor, an existing run is kept), so
:meth:`TemporalMonitors.ensure_all` can be run at every worker start to give a workflow to
monitors created while the cluster was unreachable or imported in bulk.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime

from sqlalchemy import select
from temporalio.client import Client, WorkflowHandle
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.service import RPCError, RPCStatusCode

from sentinel.engine.temporal.models import MonitorWorkflowInput, workflow_id
from sentinel.engine.temporal.settings import EngineSettings
from sentinel.engine.temporal.workflows import MonitorWorkflow
from sentinel.errors import ConfigError, ProviderError
from sentinel.storage import Database
from sentinel.storage.changes import MonitorChange
from sentinel.storage.models import Monitor

SIGNALS = {"paused": "pause", "resumed": "resume", "run_now": "run_now"}
PAGE = 1000
CONCURRENCY = 32


async def connect(settings: EngineSettings) -> Client:
    """A client of the configured cluster; ``ProviderError`` when it does not answer."""
    try:
        return await Client.connect(
            settings.temporal_address, namespace=settings.temporal_namespace
        )
    except RuntimeError as error:  # the SDK's connection failure
        raise ProviderError(
            "temporal", f"{settings.temporal_address} did not answer: {error}", retryable=True
        ) from None


class TemporalMonitors:
    """Start and signal monitor workflows on ``client``'s namespace and ``task_queue``;
    ``template`` is the input new workflows start with (its ``monitor_id`` is replaced)."""

    def __init__(
        self,
        client: Client,
        task_queue: str,
        template: MonitorWorkflowInput | None = None,
    ) -> None:
        if not task_queue.strip():
            raise ConfigError("SENTINEL_TEMPORAL_TASK_QUEUE is empty")
        self.client = client
        self.task_queue = task_queue
        self.template = template or MonitorWorkflowInput(0)

    async def ensure(
        self, monitor_id: int, created_at: datetime, *, signal: str | None = None
    ) -> WorkflowHandle[MonitorWorkflow, str]:
        """Start the workflow of the monitor ``monitor_id`` created at ``created_at`` unless
        it is already running (then keep that one); with ``signal``, signal it in the same
        request (signal-with-start)."""
        return await self.client.start_workflow(
            MonitorWorkflow.run,
            replace(self.template, monitor_id=monitor_id),
            id=workflow_id(self.task_queue, monitor_id, created_at),
            task_queue=self.task_queue,
            # A closed workflow (a deleted monitor) does not block a new one with the same id;
            # a running one is the monitor's loop already: keep it.
            id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            start_signal=signal,
        )

    async def ensure_all(self, db: Database, monitor_ids: Iterable[int] | None = None) -> int:
        """Ensure a workflow for every stored monitor (or those given), ``CONCURRENCY``
        requests at a time; how many were asked for."""
        keys = await stored_monitors(db, monitor_ids)
        for start in range(0, len(keys), CONCURRENCY):
            batch = keys[start : start + CONCURRENCY]
            await asyncio.gather(*(self.ensure(i, created) for i, created in batch))
        return len(keys)

    async def monitors_changed(self, changes: Sequence[MonitorChange]) -> None:
        """Start, signal or end the workflows of committed changes (a listener's duty)."""
        for change in changes:
            if change.kind == "created":
                await self.ensure(change.monitor_id, change.created_at)
            elif change.kind == "deleted":
                await self._end(change.monitor_id, change.created_at)
            elif change.kind in SIGNALS:
                await self.ensure(change.monitor_id, change.created_at, signal=SIGNALS[change.kind])
            # completed and failed are written by runs inside the workflow: it knows.

    async def _end(self, monitor_id: int, created_at: datetime) -> None:
        handle = self.client.get_workflow_handle(
            workflow_id(self.task_queue, monitor_id, created_at)
        )
        try:
            await handle.signal(MonitorWorkflow.delete)
        except RPCError as error:
            if error.status is not RPCStatusCode.NOT_FOUND:
                raise
            # No running workflow: nothing to end.


class LazyTemporalMonitors:
    """The lifecycle listener of front ends: connects on the first change, then forwards
    changes to :class:`TemporalMonitors`. A cluster that does not answer is a
    ``ProviderError`` saying the change itself was saved."""

    def __init__(self, settings: EngineSettings) -> None:
        self.settings = settings
        self._monitors: TemporalMonitors | None = None

    async def monitors_changed(self, changes: Sequence[MonitorChange]) -> None:
        """Forward committed changes to the monitors' workflows."""
        address = self.settings.temporal_address
        try:
            if self._monitors is None:
                client = await connect(self.settings)
                self._monitors = TemporalMonitors(client, self.settings.temporal_task_queue)
            await self._monitors.monitors_changed(changes)
        except (ProviderError, RPCError) as error:
            raise ProviderError(
                "temporal",
                f"the change was saved, but {address} could not be told ({error}); "
                "`sentinel worker --engine temporal` gives every monitor its workflow when it "
                "starts",
                retryable=True,
            ) from None


async def stored_monitors(
    db: Database, only: Iterable[int] | None = None
) -> list[tuple[int, datetime]]:
    """The id and creation time of every monitor (or of those in ``only`` that exist), in id
    order, read ``PAGE`` at a time."""
    keys: list[tuple[int, datetime]] = []
    columns = select(Monitor.id, Monitor.created_at).order_by(Monitor.id).limit(PAGE)
    if only is not None:
        ids = sorted(set(only))
        for start in range(0, len(ids), PAGE):
            async with db.transaction() as tx:
                page = await tx.session.execute(
                    columns.where(Monitor.id.in_(ids[start : start + PAGE]))
                )
            keys.extend((monitor_id, created_at) for monitor_id, created_at in page)
        return keys
    while True:
        after = keys[-1][0] if keys else 0
        async with db.transaction() as tx:
            rows = (await tx.session.execute(columns.where(Monitor.id > after))).all()
        if not rows:
            return keys
        keys.extend((monitor_id, created_at) for monitor_id, created_at in rows)
