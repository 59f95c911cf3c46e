"""The actuator: notifications written to an outbox with the run, delivered by a worker.

Delivery is at-least-once with an idempotency key per (run, channel) — the same key on every
attempt — so receivers that remember keys see each notification exactly once (see
``sentinel.notify.outbox``). Webhooks are signed (``verify_webhook_signature`` for receivers).
"""

from typing import TYPE_CHECKING

from sentinel.lazy import lazy_exports

if TYPE_CHECKING:
    from sentinel.notify.backoff import DeliveryPolicy
    from sentinel.notify.channels import Channel, DeliveryRequest, default_channels
    from sentinel.notify.destinations import vet_channel_destinations
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

# Exported lazily (module __getattr__): importing one submodule, e.g. for the CLI's start,
# does not load the whole package.
_EXPORTS: dict[str, str] = {
    "DeliveryPolicy": "sentinel.notify.backoff",
    "Channel": "sentinel.notify.channels",
    "DeliveryRequest": "sentinel.notify.channels",
    "default_channels": "sentinel.notify.channels",
    "vet_channel_destinations": "sentinel.notify.destinations",
    "DeliveryError": "sentinel.notify.errors",
    "WebhookSignatureError": "sentinel.notify.errors",
    "delivery_key": "sentinel.notify.outbox",
    "enqueue_notification": "sentinel.notify.outbox",
    "EvidenceQuote": "sentinel.notify.payload",
    "NotificationPayload": "sentinel.notify.payload",
    "SmtpSettings": "sentinel.notify.settings",
    "signature_header": "sentinel.notify.signing",
    "verify_webhook_signature": "sentinel.notify.signing",
    "AppriseChannelSpec": "sentinel.notify.specs",
    "ChannelSpec": "sentinel.notify.specs",
    "EmailChannelSpec": "sentinel.notify.specs",
    "WebhookChannelSpec": "sentinel.notify.specs",
    "channel_json": "sentinel.notify.specs",
    "parse_channel_spec": "sentinel.notify.specs",
    "parse_channel_specs": "sentinel.notify.specs",
    "DeliveryWorker": "sentinel.notify.worker",
    "DrainReport": "sentinel.notify.worker",
}


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)


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
    "vet_channel_destinations",
]
