"""A2A tasks in Sentinel's database: the a2a-sdk's ``DatabaseTaskStore`` on the app's engine.

Tasks live in ``a2a_tasks`` (migration 0010), keyed by their owner: the API key's owner, or
the local user on a keyless loopback server (:func:`task_owner`), so one key's caller never
reads or continues another's task. A restart of the server keeps every task; a task the
previous process was still working on (submitted or working) is marked failed with the
message "interrupted by a restart" when the store is first used, so a client polling it
sees why it stopped instead of a task that works forever.
"""

from __future__ import annotations

import logging
import uuid
from datetime import UTC, datetime

from a2a.helpers import new_text_part
from a2a.server.context import ServerCallContext
from a2a.server.tasks import DatabaseTaskStore
from a2a.types.a2a_pb2 import Message, Role, TaskState
from sqlalchemy import select

from sentinel.owners import LOCAL_OWNER
from sentinel.storage import Database
from sentinel.storage.a2a_tasks import A2ATaskRow
from sentinel.storage.jobs import INTERRUPTED

log = logging.getLogger(__name__)
# States in which a task's work was running in the process that handled it.
UNFINISHED = (TaskState.TASK_STATE_SUBMITTED, TaskState.TASK_STATE_WORKING)


def task_owner(context: ServerCallContext) -> str:
    """Whose task: the API key's owner, else the local user (as everywhere in Sentinel)."""
    return context.user.user_name or LOCAL_OWNER


class SentinelTaskStore(DatabaseTaskStore):
    """The SDK's database task store over Sentinel's engine and ``a2a_tasks`` table."""

    def __init__(self, db: Database) -> None:
        # The default table name reuses the SDK's own model class (a second class named
        # after our table would be defined twice on the SDK's metadata); ours replaces it.
        super().__init__(db.engine, create_table=False, owner_resolver=task_owner)
        self.task_model = A2ATaskRow

    async def initialize(self) -> None:
        """Once per process: fail the tasks a stopped process left unfinished."""
        if self._initialized:
            return
        await super().initialize()
        failed = await self.fail_unfinished()
        if failed:
            log.warning("%d A2A task(s) were interrupted by a restart", failed)

    async def fail_unfinished(self) -> int:
        """Mark every submitted or working task failed, interrupted by a restart; how many."""
        names = {TaskState.Name(state) for state in UNFINISHED}
        failed = 0
        async with self.async_session_maker.begin() as session:
            rows = list(await session.scalars(select(self.task_model)))
            for row in rows:
                if not isinstance(row.status, dict) or row.status.get("state") not in names:
                    continue
                task = self._from_orm(row)
                task.status.state = TaskState.TASK_STATE_FAILED
                task.status.message.CopyFrom(
                    Message(
                        message_id=str(uuid.uuid4()),
                        role=Role.ROLE_AGENT,
                        parts=[new_text_part(INTERRUPTED)],
                        task_id=task.id,
                        context_id=task.context_id,
                    )
                )
                task.status.timestamp.FromDatetime(datetime.now(UTC))
                await session.merge(self._to_orm(task, row.owner))
                failed += 1
        return failed
