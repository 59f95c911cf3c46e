"""Delivering a finished report to a webhook: the seed's export step, generalized.

The body is the report as compact, key-sorted JSON with the question and run facts around it;
with a secret it is signed the way every Sentinel webhook is (``Sentinel-Signature:
t=<unix>,v1=<hmac>``, see ``sentinel.notify.signing``), so receivers verify it with
``sentinel.notify.verify_webhook_signature``. Timeouts, network errors, 408, 429 and 5xx are
retried with backoff; any other answer is final. The URL passes the outbound guard
(:mod:`sentinel.web.outbound`) when the job is accepted and again at connect time; errors keep
the status, never the receiver's reply.
"""

from __future__ import annotations

import asyncio
import hashlib
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import httpx

from sentinel import __version__
from sentinel.errors import InvalidInput, ProviderError
from sentinel.pacing import RetryPolicy, Sleep, parse_retry_after
from sentinel.research.errors import DeliveryFailed
from sentinel.research.run import ResearchResult
from sentinel.web.errors import BlockedURL
from sentinel.web.outbound import check_outbound_url, guarded_client, vet_outbound_url
from sentinel.web.politeness import retry_call

RETRYABLE = frozenset({408, 429})


def webhook_url(url: str) -> str:
    """``url`` if it can receive a webhook (absolute http or https, not a loopback, private
    or other non-public address unless ``SENTINEL_NOTIFY_ALLOW_HOSTS`` allows it);
    ``InvalidInput`` naming the URL and the reason if not."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InvalidInput("webhook url", url, "must be an absolute http:// or https:// URL")
    return check_outbound_url(url.strip(), "webhook url")


async def vet_webhook_url(url: str) -> str:
    """:func:`webhook_url`, and its host name resolved: refused (``InvalidInput``) when an
    address it resolves to may not receive notifications. What a run checks before it starts."""
    return await vet_outbound_url(webhook_url(url), "webhook url")


def report_payload(result: ResearchResult) -> dict[str, Any]:
    """What the webhook receives: the question, the report and how it was made."""
    return {
        "kind": "research_report",
        "question": result.question,
        "report": result.report.model_dump(mode="json"),
        "queries": list(result.queries),
        "iterations": result.iterations,
        "model_calls": result.model_calls,
    }


async def deliver_report(
    url: str,
    payload: dict[str, Any],
    *,
    secret: str | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
    timeout_s: float = 10.0,
    retry: RetryPolicy | None = None,
    sleep: Sleep = asyncio.sleep,
    now: datetime | None = None,
) -> int:
    """POST ``payload`` to ``url`` and return the receiver's status (2xx).

    Raises ``DeliveryFailed`` naming the URL and what the receiver said.
    """
    # Imported here: sentinel.notify brings the storage layer along, which a run without a
    # webhook never needs.
    from sentinel.notify.channels.webhook import encode_body
    from sentinel.notify.signing import IDEMPOTENCY_HEADER, SIGNATURE_HEADER, signature_header

    url = webhook_url(url)
    body = encode_body(payload)
    headers = {
        "Content-Type": "application/json",
        "User-Agent": f"Sentinel/{__version__}",
        # The same key on every attempt: receivers drop the duplicates of a retried delivery.
        IDEMPOTENCY_HEADER: hashlib.sha256(body).hexdigest()[:32],
    }
    if secret:
        headers[SIGNATURE_HEADER] = signature_header(secret, body, now or datetime.now(UTC))
    policy = retry or RetryPolicy(max_attempts=3)

    client = (
        httpx.AsyncClient(transport=transport, follow_redirects=False)
        if transport is not None
        else guarded_client()
    )
    async with client:

        async def attempt() -> int:
            try:
                response = await client.post(url, content=body, headers=headers, timeout=timeout_s)
            except httpx.TimeoutException as exc:
                raise _Retryable(url, f"no answer within {timeout_s:g}s") from exc
            except BlockedURL as exc:
                raise DeliveryFailed(url, f"refused at delivery: {exc.reason}") from exc
            except httpx.HTTPError as exc:
                # The kind of failure only: its text can carry what the other end said.
                raise _Retryable(url, f"{type(exc).__name__} (no HTTP answer)") from exc
            status = response.status_code
            if response.is_success:
                return status
            message = f"HTTP {status}"  # never the reply: it may be an internal service's
            if status >= 500 or status in RETRYABLE:
                raise _Retryable(
                    url, message, parse_retry_after(response.headers.get("retry-after"))
                )
            raise DeliveryFailed(url, message, status=status)

        try:
            return await retry_call(attempt, policy, sleep=sleep)
        except _Retryable as exc:
            raise DeliveryFailed(
                url, f"{exc.detail} (after {policy.max_attempts} attempts)"
            ) from exc


class _Retryable(ProviderError):
    """A delivery attempt that a later one may get through."""

    def __init__(self, url: str, detail: str, retry_after: float | None = None) -> None:
        self.detail = detail
        self.retry_after = retry_after
        super().__init__("webhook", f"{url}: {detail}", retryable=True)
