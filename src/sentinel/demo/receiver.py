"""The demo's inbox: a webhook endpoint in process, so notifications take the real path.

Demo monitors notify through an ordinary webhook channel. The run writes the notification to
the outbox in its own transaction, the delivery worker claims it and the
:class:`~sentinel.notify.channels.WebhookChannel` POSTs it, signed, with an idempotency key —
to this receiver, reached through an in-process HTTP transport instead of a socket. Like a
careful production receiver it checks ``Sentinel-Signature`` with the monitor's secret, refuses
what it cannot verify (400), acknowledges a repeated ``Idempotency-Key`` without processing it
again, and hands each new notification to a callback (the demo prints it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

import httpx
from pydantic import ValidationError

from sentinel.clock import Clock
from sentinel.notify import (
    NotificationPayload,
    WebhookSignatureError,
    verify_webhook_signature,
)
from sentinel.notify.signing import IDEMPOTENCY_HEADER, SIGNATURE_HEADER

INBOX_URL = "http://inbox.sentinel-demo/notifications"
"""Where demo monitors send their webhooks; only the demo's transport knows this host."""


@dataclass(frozen=True)
class Received:
    """A verified notification and the virtual time it arrived."""

    payload: NotificationPayload
    received_at: datetime
    idempotency_key: str


@dataclass
class Inbox:
    """Verifies and collects webhook notifications; see the module documentation.

    ``trust(monitor_id, secret)`` registers a monitor's signing secret; notifications of
    monitors it does not trust are refused. ``on_notification`` is called once per new one.
    """

    clock: Clock
    on_notification: Callable[[Received], None] | None = None
    received: list[Received] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    _secrets: dict[int, str] = field(default_factory=dict)
    _seen: set[str] = field(default_factory=set)

    def trust(self, monitor_id: int, secret: str) -> None:
        """Accept notifications of ``monitor_id`` signed with ``secret``."""
        self._secrets[monitor_id] = secret

    def transport(self) -> httpx.AsyncBaseTransport:
        """An httpx transport that delivers requests to this inbox."""
        return httpx.MockTransport(self.handle)

    def client(self) -> httpx.AsyncClient:
        """An HTTP client for the webhook channel whose requests land here."""
        return httpx.AsyncClient(transport=self.transport(), follow_redirects=False)

    async def handle(self, request: httpx.Request) -> httpx.Response:
        """Answer one webhook POST: 200 (processed or repeated) or 400 (refused)."""
        if request.method != "POST":
            return httpx.Response(405, text="POST only")
        body = await request.aread()
        try:
            payload = NotificationPayload.model_validate(json.loads(body))
        except (ValueError, ValidationError) as exc:
            return self._refuse(f"not a notification: {exc}")
        secret = self._secrets.get(payload.monitor_id)
        if secret is None:
            return self._refuse(f"monitor {payload.monitor_id} is not one of the demo's")
        try:
            verify_webhook_signature(
                secret, request.headers.get(SIGNATURE_HEADER), body, now=self.clock.now()
            )
        except WebhookSignatureError as exc:
            return self._refuse(str(exc))
        key = request.headers.get(IDEMPOTENCY_HEADER, "")
        if not key:
            return self._refuse("no Idempotency-Key")
        if key in self._seen:
            return httpx.Response(200, json={"status": "already processed"})
        self._seen.add(key)
        received = Received(payload, self.clock.now(), key)
        self.received.append(received)
        if self.on_notification is not None:
            self.on_notification(received)
        return httpx.Response(200, json={"status": "processed"})

    def for_monitor(self, monitor_id: int) -> list[Received]:
        """The notifications of one monitor, in arrival order."""
        return [r for r in self.received if r.payload.monitor_id == monitor_id]

    def _refuse(self, why: str) -> httpx.Response:
        self.refused.append(why)
        return httpx.Response(400, json={"error": why})
