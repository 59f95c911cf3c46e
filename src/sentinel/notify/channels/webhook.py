"""Webhook channel: a signed JSON POST.

Headers: ``Sentinel-Signature: t=<unix>,v1=<hmac>`` (see ``sentinel.notify.signing``),
``Idempotency-Key`` (the same on every retry: receivers dedupe on it). 2xx is delivered; 4xx
other than 408 and 429 is a permanent refusal; anything else (5xx, 3xx, timeouts, connection
errors) is retried, no sooner than a ``Retry-After`` the receiver sent (seconds or a date).

Without an injected client, connections go only to addresses the outbound guard approves at
connect time (:func:`sentinel.web.outbound.guarded_client`): a receiver whose name now
resolves to a private address is refused, permanently. An error keeps the receiver's HTTP
status or the kind of network failure, never what the receiver answered: delivery errors are
shown to API clients, and a reply could be an internal service's.
"""

from __future__ import annotations

import json
from typing import Any

import httpx

from sentinel import __version__
from sentinel.clock import Clock
from sentinel.notify.channels.base import DeliveryRequest
from sentinel.notify.errors import DeliveryError
from sentinel.notify.signing import IDEMPOTENCY_HEADER, SIGNATURE_HEADER, signature_header
from sentinel.notify.specs import WebhookChannelSpec
from sentinel.pacing import parse_retry_after
from sentinel.web.errors import BlockedURL
from sentinel.web.outbound import guarded_client

RETRYABLE_4XX = frozenset({408, 429})


def encode_body(payload: dict[str, Any]) -> bytes:
    """The exact bytes sent and signed: compact, key-sorted UTF-8 JSON."""
    return json.dumps(payload, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode()


class SignedPostChannel:
    """What the HTTP channels (webhook, A2A push) share: the one signed POST of a delivery, on
    an injected ``httpx.AsyncClient`` or a private guarded one that :meth:`aclose` closes."""

    kind: str

    def __init__(self, clock: Clock, client: httpx.AsyncClient | None = None) -> None:
        self.clock = clock
        self._client = client or guarded_client()
        self._owns_client = client is None

    async def post(
        self,
        request: DeliveryRequest,
        url: str,
        timeout_s: float,
        document: dict[str, Any],
        headers: dict[str, str] | None = None,
    ) -> None:
        """POST ``document`` signed with the request's secret and its idempotency key; raise
        ``DeliveryError`` unless the answer is 2xx."""
        body = encode_body(document)
        sent = {
            "Content-Type": "application/json",
            "User-Agent": f"Sentinel/{__version__}",
            SIGNATURE_HEADER: signature_header(request.signing_secret, body, self.clock.now()),
            IDEMPOTENCY_HEADER: request.idempotency_key,
            **(headers or {}),
        }
        try:
            response = await self._client.post(url, content=body, headers=sent, timeout=timeout_s)
        except httpx.TimeoutException as exc:
            raise DeliveryError(
                self.kind, f"{url}: no answer within {timeout_s:g}s", retryable=True
            ) from exc
        except BlockedURL as exc:
            raise DeliveryError(
                self.kind, f"{url}: refused at delivery: {exc.reason}", retryable=False
            ) from exc
        except httpx.HTTPError as exc:
            # The kind of failure only: an exception's text can carry what the other end said.
            raise DeliveryError(
                self.kind, f"{url}: {type(exc).__name__} (no HTTP answer)", retryable=True
            ) from exc
        if response.is_success:
            return
        status = response.status_code
        raise DeliveryError(
            self.kind,
            f"{url} answered HTTP {status}",
            retryable=not (400 <= status < 500) or status in RETRYABLE_4XX,
            status=status,
            retry_after_s=parse_retry_after(response.headers.get("Retry-After")),
        )

    async def aclose(self) -> None:
        """Close the HTTP client if this channel created it."""
        if self._owns_client:
            await self._client.aclose()


class WebhookChannel(SignedPostChannel):
    """POSTs payloads to webhook URLs with an injected (or private) ``httpx.AsyncClient``."""

    kind = "webhook"

    async def send(self, request: DeliveryRequest) -> None:
        """POST the payload; raise ``DeliveryError`` unless the receiver answered 2xx."""
        spec = request.spec
        if not isinstance(spec, WebhookChannelSpec):
            raise DeliveryError(self.kind, f"not a webhook spec: {spec!r}", retryable=False)
        await self.post(request, spec.url, spec.timeout_s, request.payload)
