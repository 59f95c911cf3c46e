"""The actuator: notifications written to an outbox with the run, delivered by a worker.

Delivery is at-least-once with an idempotency key per (run, channel) — the same key on every
attempt — so receivers that remember keys see each notification exactly once (see
``sentinel.notify.outbox``). Webhooks are signed (``verify_webhook_signature`` for receivers).
"""

from sentinel.notify.backoff import DeliveryPolicy
from sentinel.notify.channels import Channel, DeliveryRequest, default_channels
from sentinel.notify.errors import DeliveryError, WebhookSignatureError
from sentinel.notify.outbox import delivery_key, enqueue_notification
from sentinel.notify.payload import EvidenceQuote, NotificationPayload
from sentinel.notify.settings import SmtpSettings
from sentinel.notify.signing import signature_header, verify_webhook_signature
from sentinel.notify.specs import (
    AppriseChannelSpec,
    ChannelSpec,
    EmailChannelSpec,
    WebhookChannelSpec,
    channel_json,
    parse_channel_spec,
    parse_channel_specs,
)
from sentinel.notify.worker import DeliveryWorker, DrainReport

__all__ = [
    "AppriseChannelSpec",
    "Channel",
    "ChannelSpec",
    "DeliveryError",
    "DeliveryPolicy",
    "DeliveryRequest",
    "DeliveryWorker",
    "DrainReport",
    "EmailChannelSpec",
    "EvidenceQuote",
    "NotificationPayload",
    "SmtpSettings",
    "WebhookChannelSpec",
    "WebhookSignatureError",
    "channel_json",
    "default_channels",
    "delivery_key",
    "enqueue_notification",
    "parse_channel_spec",
    "parse_channel_specs",
    "signature_header",
    "verify_webhook_signature",
]
