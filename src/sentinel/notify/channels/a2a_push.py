"""A2A push channel: a monitor's notification POSTed to an A2A client's push URL.

The body is an A2A ``StreamResponse`` (protocol 1.0, JSON with camelCase names): an
``artifactUpdate`` of the task that created the monitor, whose artifact ``notification``
holds the notification as text and as the JSON document every channel delivers. Headers:
``X-A2A-Notification-Token`` (the token the client registered, so it can tell the push is
for it), ``Idempotency-Key`` (the same on every retry: exactly-once for receivers that keep
keys) and Sentinel's ``Sentinel-Signature``. Outcomes are classified like the webhook's.

Built by hand rather than with the SDK so the delivery worker runs without the ``a2a`` extra;
``tests/protocols/a2a`` parses what it sends with the SDK's own ``StreamResponse``.
"""

from __future__ import annotations

from typing import Any

from sentinel.notify.channels.base import DeliveryRequest
from sentinel.notify.channels.webhook import SignedPostChannel
from sentinel.notify.errors import DeliveryError
from sentinel.notify.payload import NotificationPayload
from sentinel.notify.specs import A2APushChannelSpec

TOKEN_HEADER = "X-A2A-Notification-Token"
ARTIFACT_NAME = "notification"


def push_body(
    spec: A2APushChannelSpec, idempotency_key: str, payload: dict[str, Any]
) -> dict[str, Any]:
    """The ``StreamResponse`` JSON delivering ``payload`` to the client of ``spec.task_id``."""
    text = NotificationPayload.model_validate(payload).as_text()
    artifact = {
        "artifactId": f"notification-{idempotency_key}",
        "name": ARTIFACT_NAME,
        "parts": [{"text": text}, {"data": payload, "mediaType": "application/json"}],
    }
    update: dict[str, Any] = {"taskId": spec.task_id, "artifact": artifact}
    if spec.context_id:
        update["contextId"] = spec.context_id
    return {"artifactUpdate": update}


class A2APushChannel(SignedPostChannel):
    """POSTs notifications to A2A push URLs with an injected (or private) HTTP client."""

    kind = "a2a"

    async def send(self, request: DeliveryRequest) -> None:
        """POST the push; raise ``DeliveryError`` unless the client answered 2xx."""
        spec = request.spec
        if not isinstance(spec, A2APushChannelSpec):
            raise DeliveryError(self.kind, f"not an a2a spec: {spec!r}", retryable=False)
        document = push_body(spec, request.idempotency_key, request.payload)
        headers = {TOKEN_HEADER: spec.token} if spec.token else {}
        await self.post(request, spec.url, spec.timeout_s, document, headers)
