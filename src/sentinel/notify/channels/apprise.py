"""Apprise channel: Slack, Telegram, Discord, ntfy, Teams, Matrix… through Apprise URLs.

Apprise reports success or failure but not why in a structured way, so every failure is
treated as transient and retried until the attempts run out (the last log line is kept as the
error). Apprise's generic HTTP plugins (json://, form://, xml://) get the ``Idempotency-Key``
header; other services have no place for it.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import apprise

from sentinel.notify.apprise_urls import HEADER_SCHEMES, supported_schemes
from sentinel.notify.channels.base import DeliveryRequest
from sentinel.notify.errors import DeliveryError
from sentinel.notify.payload import NotificationPayload
from sentinel.notify.signing import IDEMPOTENCY_HEADER
from sentinel.notify.specs import AppriseChannelSpec


def with_idempotency_header(url: str, key: str) -> str:
    """``url`` with the ``Idempotency-Key`` header added where the Apprise plugin supports it."""
    if urlsplit(url).scheme.lower() not in HEADER_SCHEMES:
        return url
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}+{IDEMPOTENCY_HEADER}={key}"


class AppriseChannel:
    """Sends through Apprise, one URL per delivery."""

    kind = "apprise"

    def __init__(self, timeout_s: float = 30.0) -> None:
        self.timeout_s = timeout_s

    async def send(self, request: DeliveryRequest) -> None:
        """Notify the Apprise URL; raise a retryable ``DeliveryError`` when Apprise fails."""
        spec = request.spec
        if not isinstance(spec, AppriseChannelSpec):
            raise DeliveryError(self.kind, f"not an Apprise spec: {spec!r}", retryable=False)
        payload = NotificationPayload.model_validate(request.payload)
        supported_schemes()  # loads Apprise's plugins the quiet way before add() would
        notifier = apprise.Apprise()
        if not notifier.add(with_idempotency_header(spec.url, request.idempotency_key)):
            raise DeliveryError(
                self.kind, f"Apprise rejected the {_scheme(spec.url)}:// URL", retryable=False
            )
        result = await notifier.async_notify(
            body=payload.as_text(), title=payload.title, timeout=self.timeout_s
        )
        try:
            if result:
                return
            problems = [entry.message for entry in result.logs() if entry.level != "DEBUG"]
            detail = problems[-1] if problems else str(result.status.name)
            raise DeliveryError(self.kind, f"{_scheme(spec.url)}:// {detail}", retryable=True)
        finally:
            result.close()


def _scheme(url: str) -> str:
    return urlsplit(url).scheme.lower()
