"""Typed errors of the notification layer."""

from __future__ import annotations

from sentinel.errors import ProviderError, SentinelError


class DeliveryError(ProviderError):
    """A channel could not deliver a notification.

    ``retryable`` says whether a later attempt may succeed (timeouts, 5xx, 408, 429); a
    permanent refusal (most 4xx, a refused recipient) is not retried. ``retry_after_s`` carries
    a receiver's ``Retry-After`` so the next attempt waits at least that long.
    """

    def __init__(
        self,
        channel: str,
        message: str,
        *,
        retryable: bool,
        status: int | None = None,
        retry_after_s: float | None = None,
    ) -> None:
        super().__init__(channel, message, retryable=retryable, status=status)
        self.retry_after_s = retry_after_s


class WebhookSignatureError(SentinelError):
    """A received webhook's ``Sentinel-Signature`` does not prove it came from Sentinel."""

    def __init__(self, reason: str, header: str | None) -> None:
        self.reason = reason
        self.header = header
        super().__init__(f"webhook signature rejected: {reason} (header {header!r})")
