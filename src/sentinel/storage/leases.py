"""Arguments shared by the two lease-based claims (monitors and outbox deliveries)."""

from __future__ import annotations

from sentinel.errors import InvalidInput

MAX_OWNER_LENGTH = 200


def check_claim(owner: str, lease_s: float, limit: int) -> None:
    """A claim names its owner, leases for a positive time and takes at least one row."""
    if not owner or len(owner) > MAX_OWNER_LENGTH:
        raise InvalidInput("owner", owner, f"must be 1..{MAX_OWNER_LENGTH} characters")
    if lease_s <= 0:
        raise InvalidInput("lease_s", lease_s, "must be positive")
    if limit < 1:
        raise InvalidInput("limit", limit, "must be at least 1")
