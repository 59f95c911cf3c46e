"""Route dependencies: a transaction per request and the monitor a path names."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request

from sentinel.api.state import ApiState, api_state
from sentinel.storage import Transaction


async def transaction(request: Request) -> AsyncIterator[Transaction]:
    """One unit of work for the request, committed when the route returns."""
    async with api_state(request).db.transaction() as tx:
        yield tx


Tx = Annotated[Transaction, Depends(transaction)]
State = Annotated[ApiState, Depends(api_state)]
