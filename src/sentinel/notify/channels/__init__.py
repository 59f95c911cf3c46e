"""Delivery channels, one module each: webhook, e-mail (SMTP) and Apprise (everything else)."""

from __future__ import annotations

import httpx

from sentinel.clock import Clock
from sentinel.notify.channels.apprise import AppriseChannel
from sentinel.notify.channels.base import Channel, DeliveryRequest
from sentinel.notify.channels.email import EmailChannel
from sentinel.notify.channels.webhook import WebhookChannel
from sentinel.notify.settings import SmtpSettings

__all__ = [
    "AppriseChannel",
    "Channel",
    "DeliveryRequest",
    "EmailChannel",
    "WebhookChannel",
    "default_channels",
]


def default_channels(
    clock: Clock, smtp: SmtpSettings | None = None, client: httpx.AsyncClient | None = None
) -> dict[str, Channel]:
    """Webhook and Apprise always; e-mail when an SMTP host is configured."""
    smtp = smtp if smtp is not None else SmtpSettings()
    channels: dict[str, Channel] = {
        "webhook": WebhookChannel(clock, client),
        "apprise": AppriseChannel(),
    }
    if smtp.host:
        channels["email"] = EmailChannel(smtp, clock)
    return channels
