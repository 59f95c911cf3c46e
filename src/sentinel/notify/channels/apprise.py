"""Apprise channel: Slack, Telegram, Discord, ntfy, Teams, Matrix… through Apprise URLs.

Apprise reports success or failure but not why in a structured way, so every failure is
treated as transient and retried until the attempts run out (the last log line is kept as the
error). Apprise's generic HTTP plugins (json://, form://, xml://) get the ``Idempotency-Key``
header; other services have no place for it.

Apprise connects by itself, so the outbound policy is applied around it: the hosts the URL
names are resolved and checked before the URL is handed over, and while Apprise sends, every
name it looks up is answered by the notify guard with checked addresses only
(:func:`sentinel.web.pinned_sockets.pinned_lookups`). A refusal either way fails the delivery
for good ("refused at delivery: loopback address"); nothing is sent.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import apprise

from sentinel.notify.apprise_urls import HEADER_SCHEMES, apprise_hosts
from sentinel.notify.channels.base import DeliveryRequest
from sentinel.notify.errors import DeliveryError
from sentinel.notify.payload import NotificationPayload
from sentinel.notify.signing import IDEMPOTENCY_HEADER
from sentinel.notify.specs import AppriseChannelSpec
from sentinel.web.errors import BlockedURL, FetchError
from sentinel.web.outbound import notify_guard
from sentinel.web.pinned_sockets import pinned_lookups


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
        scheme = _scheme(spec.url)
        guard = notify_guard()
        try:
            for host in apprise_hosts(spec.url):  # also loads Apprise's plugins the quiet way
                await guard.vet_host(host, url=f"{scheme}://{host}")
        except BlockedURL as refused:
            raise _refused(scheme, refused) from None
        except FetchError as exc:
            raise DeliveryError(self.kind, f"{scheme}:// {exc}", retryable=True) from None
        notifier = apprise.Apprise()
        if not notifier.add(with_idempotency_header(spec.url, request.idempotency_key)):
            raise DeliveryError(self.kind, f"Apprise rejected the {scheme}:// URL", retryable=False)
        with pinned_lookups(guard) as pinning:
            result = await notifier.async_notify(
                body=payload.as_text(), title=payload.title, timeout=self.timeout_s
            )
        try:
            if pinning.refused:
                raise _refused(scheme, pinning.refused[0])
            if result:
                return
            problems = [entry.message for entry in result.logs() if entry.level != "DEBUG"]
            detail = problems[-1] if problems else str(result.status.name)
            raise DeliveryError(self.kind, f"{scheme}:// {detail}", retryable=True)
        finally:
            result.close()


def _refused(scheme: str, refused: BlockedURL) -> DeliveryError:
    where = f"{refused.host} -> {refused.address}" if refused.address else refused.host
    return DeliveryError(
        AppriseChannel.kind,
        f"{scheme}://{where or ''}: refused at delivery: {refused.reason}",
        retryable=False,
    )


def _scheme(url: str) -> str:
    return urlsplit(url).scheme.lower()
