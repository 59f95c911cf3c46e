"""Delivery channels, one module each: webhook, e-mail (SMTP), Apprise (everything else) and
A2A push notifications."""

from __future__ import annotations

import httpx

from sentinel.clock import Clock
from sentinel.notify.channels.a2a_push import A2APushChannel
from sentinel.notify.channels.apprise import AppriseChannel
from sentinel.notify.channels.base import Channel, DeliveryRequest
from sentinel.notify.channels.email import EmailChannel
from sentinel.notify.channels.webhook import WebhookChannel
from sentinel.notify.settings import SmtpSettings

__all__ = [
    "A2APushChannel",
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
    """Webhook, Apprise and A2A push always; e-mail when an SMTP host is configured."""
    smtp = smtp if smtp is not None else SmtpSettings()
    channels: dict[str, Channel] = {
        "webhook": WebhookChannel(clock, client),
        "apprise": AppriseChannel(),
        "a2a": A2APushChannel(clock, client),
    }
    if smtp.host:
        channels["email"] = EmailChannel(smtp, clock)
    return channels
