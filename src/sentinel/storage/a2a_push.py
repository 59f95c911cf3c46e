"""A2A push notification configs, kept in the database with their owner.

``a2a_push_configs``: the a2a-sdk's own push config rows (``DatabasePushNotificationConfigStore``
over Sentinel's engine), one per (task, config id), with the owner of the API key that
registered it. A restart keeps them; deleting one deletes the row. Not readable through
read-only SQL: each belongs to one owner and carries the client's token.

A module of its own because the SDK takes a quarter of a second to import: only the A2A
server and the schema's tests load it (the monitors A2A tasks created are
:mod:`sentinel.storage.a2a_task_monitors`, which every database session opens).
"""

from __future__ import annotations

from typing import Any

from a2a.server.models import create_push_notification_config_model

from sentinel.storage.models import Base

# The a2a-sdk's push config table, on Sentinel's metadata so that migrations create it (0014).
A2APushConfigRow: Any = create_push_notification_config_model("a2a_push_configs", Base)
