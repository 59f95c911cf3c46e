"""API-key authentication and per-key rate limits.

With no active key the API is open — ``sentinel serve`` then refuses to listen beyond
loopback, and a server already listening there stays closed if the last key is revoked.
Once a key exists, every ``/api/v1`` request needs ``Authorization: Bearer <key>`` or
``X-API-Key: <key>``. Each key (or, when the API is open, the one anonymous caller) draws
from a token bucket; an empty bucket answers 429 with ``Retry-After``.
"""

from __future__ import annotations

from fastapi import HTTPException, Request

from sentinel.api.state import api_state
from sentinel.storage.api_keys import ApiKeyRepository

ANONYMOUS = "anonymous"


def presented_key(request: Request) -> str | None:
    """The key of ``Authorization: Bearer`` or ``X-API-Key``, if any."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    key = request.headers.get("x-api-key", "").strip()
    return key or None


async def require_api_key(request: Request) -> None:
    """The dependency guarding ``/api/v1``: a valid key once keys exist, then the rate limit."""
    state = api_state(request)
    token = presented_key(request)
    async with state.db.transaction() as tx:
        keys = ApiKeyRepository(tx.session)
        record = await keys.authenticate(token) if token is not None else None
        required = record is None and (not state.open_without_keys or await keys.any_active())
    if required:
        reason = "missing API key" if token is None else "invalid or revoked API key"
        raise HTTPException(
            401,
            f"{reason}: send Authorization: Bearer <key> or X-API-Key",
            headers={"WWW-Authenticate": "Bearer"},
        )
    caller = f"key:{record.id}" if record is not None else ANONYMOUS
    state.limiter.check(caller, state.monotonic())
    if record is not None:  # whose memories, tasks and receipts (see ``api.owners``)
        request.state.sentinel_owner = record.owner
