"""Who a request acts for, and the assistant's services shared by the app's routes.

``require_api_key`` records the key's owner on the request; a request without a key (the API
is open only while no key exists, on loopback) acts for the local user, like the CLI. Routes
take ``Owner`` and pass it to every memory, task and receipt call, so one owner never reaches
another's rows.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from sentinel.api.state import api_state
from sentinel.assistant.memory import MemoryService
from sentinel.assistant.tasks import TaskService
from sentinel.owners import LOCAL_OWNER
from sentinel.receipts import ReceiptLedger

OWNER_ATTRIBUTE = "sentinel_owner"


def request_owner(request: Request) -> str:
    """The owner of the request's API key, or the local user when no key was needed."""
    owner = getattr(request.state, OWNER_ATTRIBUTE, None)
    return owner if isinstance(owner, str) and owner else LOCAL_OWNER


def memory_service(request: Request) -> MemoryService:
    """The app's memory service (one per app: its search indexes live in this process)."""
    app_state = request.app.state
    service = getattr(app_state, "sentinel_memories", None)
    if not isinstance(service, MemoryService):
        state = api_state(request)
        service = MemoryService(state.db, clock=state.clock)
        app_state.sentinel_memories = service
    return service


def task_service(request: Request) -> TaskService:
    """Tasks over the app's database."""
    state = api_state(request)
    return TaskService(state.db, clock=state.clock)


def receipt_ledger(request: Request) -> ReceiptLedger:
    """Receipts over the app's database."""
    state = api_state(request)
    return ReceiptLedger(state.db, clock=state.clock)


Owner = Annotated[str, Depends(request_owner)]
Memories = Annotated[MemoryService, Depends(memory_service)]
Tasks = Annotated[TaskService, Depends(task_service)]
Receipts = Annotated[ReceiptLedger, Depends(receipt_ledger)]
