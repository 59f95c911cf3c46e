"""Webhook signatures, Stripe-style: ``Sentinel-Signature: t=<unix>,v1=<hex>``.

``v1`` is the hex HMAC-SHA256, keyed with the monitor's secret, of ``"<t>.<body>"``: the
timestamp is signed with the body so that a captured request cannot be replayed later than the
receiver's tolerance. Receivers call :func:`verify_webhook_signature` on the raw body bytes.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, datetime

from sentinel.notify.errors import WebhookSignatureError

SIGNATURE_HEADER = "Sentinel-Signature"
IDEMPOTENCY_HEADER = "Idempotency-Key"
DEFAULT_TOLERANCE_S = 300.0


def compute_signature(secret: str, timestamp: int, body: bytes) -> str:
    """The hex HMAC-SHA256 of ``"<timestamp>.<body>"`` under ``secret``."""
    signed = str(timestamp).encode() + b"." + body
    return hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()


def signature_header(secret: str, body: bytes, now: datetime) -> str:
    """The ``Sentinel-Signature`` value for sending ``body`` at ``now``."""
    timestamp = int(now.timestamp())
    return f"t={timestamp},v1={compute_signature(secret, timestamp, body)}"


def verify_webhook_signature(
    secret: str,
    header: str | None,
    body: bytes,
    tolerance_s: float = DEFAULT_TOLERANCE_S,
    now: datetime | None = None,
) -> int:
    """Check a received webhook; returns its signed timestamp or raises WebhookSignatureError.

    ``body`` must be the raw bytes as received (re-serialised JSON will not match). Several
    ``v1`` values are accepted so a sender can sign with an old and a new secret while they
    rotate. A timestamp further than ``tolerance_s`` from ``now`` (either way) is refused.
    """
    if not header:
        raise WebhookSignatureError("missing header", header)
    timestamp: int | None = None
    candidates: list[str] = []
    for part in header.split(","):
        key, _, value = part.strip().partition("=")
        if key == "t" and value.isdigit():
            timestamp = int(value)
        elif key == "v1" and value:
            candidates.append(value)
    if timestamp is None or not candidates:
        raise WebhookSignatureError("malformed header: expected t=<unix>,v1=<hex>", header)
    current = (now or datetime.now(UTC)).timestamp()
    if abs(current - timestamp) > tolerance_s:
        raise WebhookSignatureError(
            f"timestamp {timestamp} is more than {tolerance_s:g}s from now", header
        )
    expected = compute_signature(secret, timestamp, body)
    if not any(hmac.compare_digest(expected, candidate) for candidate in candidates):
        raise WebhookSignatureError("no v1 signature matches the body", header)
    return timestamp
