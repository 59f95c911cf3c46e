"""Route dependencies: a transaction per request and the monitor a path names."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Path, Request

from sentinel.api.owners import request_owner
from sentinel.api.state import ApiState, api_state
from sentinel.storage import Transaction

READ_METHODS = frozenset({"GET", "HEAD"})


async def transaction(request: Request) -> AsyncIterator[Transaction]:
    """One unit of work for the request, committed when the route returns, seeing only the
    monitors (runs, states, deliveries) of the request's owner. A GET or HEAD reads in a
    read-only transaction (``Database.reading``): it never makes a writer — the engine
    recording a run — wait."""
    db = api_state(request).db
    owner = request_owner(request)
    unit = (
        db.reading(owner=owner) if request.method in READ_METHODS else db.transaction(owner=owner)
    )
    async with unit as tx:
        yield tx


# Ids are 64-bit integers in the database: larger ones are invalid input, not a crash.
MAX_ID = 2**63 - 1
MAX_OFFSET = 2**62

Tx = Annotated[Transaction, Depends(transaction)]
State = Annotated[ApiState, Depends(api_state)]
MonitorId = Annotated[int, Path(ge=1, le=MAX_ID, description="The monitor's id.")]
RunId = Annotated[int, Path(ge=1, le=MAX_ID, description="The run's id.")]
Version = Annotated[int, Path(ge=1, le=MAX_ID, description="The state version (1, 2, 3…).")]
