"""The a2a-sdk's task table, on Sentinel's metadata: A2A tasks are the SDK's own rows
(``DatabaseTaskStore`` over Sentinel's engine, table ``a2a_tasks``, created by migration 0010),
kept in the database so that a restart of ``sentinel serve`` keeps them.

A module of its own because the SDK takes a quarter of a second to import: only the A2A
server (``sentinel.protocols.a2a.tasks``) and the schema's tests load it.
"""

from __future__ import annotations

from typing import Any

from a2a.server.models import create_task_model

from sentinel.storage.models import Base

A2ATaskRow: Any = create_task_model("a2a_tasks", Base)
