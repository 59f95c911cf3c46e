"""E-mail channel: a plain-text message over SMTP (stdlib ``smtplib`` in a worker thread).

The Message-ID is derived from the idempotency key, so a retried delivery carries the same
Message-ID and mail systems can recognise the duplicate. Refusals with 5xx codes (unknown
recipient, bad credentials) are permanent; 4xx and connection problems are retried.
"""

from __future__ import annotations

import asyncio
import re
import smtplib
import ssl
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime

from sentinel.clock import Clock
from sentinel.notify.channels.base import DeliveryRequest
from sentinel.notify.errors import DeliveryError
from sentinel.notify.payload import NotificationPayload
from sentinel.notify.settings import SmtpSettings
from sentinel.notify.signing import IDEMPOTENCY_HEADER
from sentinel.notify.specs import EmailChannelSpec

_UNSAFE_ID = re.compile(r"[^A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]")


def build_message(
    request: DeliveryRequest, spec: EmailChannelSpec, sender: str, now: datetime
) -> EmailMessage:
    """The e-mail for one delivery: the title as subject, the payload as text."""
    payload = NotificationPayload.model_validate(request.payload)
    message = EmailMessage()
    message["Subject"] = payload.title
    message["From"] = sender
    message["To"] = ", ".join(spec.to)
    message["Date"] = format_datetime(now)
    message["Message-ID"] = f"<{_UNSAFE_ID.sub('-', request.idempotency_key)}@sentinel>"
    message[IDEMPOTENCY_HEADER] = request.idempotency_key
    message.set_content(payload.as_text())
    return message


class EmailChannel:
    """Sends e-mail through the SMTP server of ``SmtpSettings`` (which must have a host)."""

    kind = "email"

    def __init__(self, settings: SmtpSettings, clock: Clock) -> None:
        if not settings.host:
            raise DeliveryError(
                self.kind, "no SMTP server configured (set SENTINEL_SMTP_HOST)", retryable=False
            )
        self.settings = settings
        self.clock = clock

    async def send(self, request: DeliveryRequest) -> None:
        """Send the e-mail; raise ``DeliveryError`` classified by the SMTP reply."""
        spec = request.spec
        if not isinstance(spec, EmailChannelSpec):
            raise DeliveryError(self.kind, f"not an e-mail spec: {spec!r}", retryable=False)
        message = build_message(request, spec, self.settings.sender, self.clock.now())
        await asyncio.to_thread(self._send_blocking, message)

    def _send_blocking(self, message: EmailMessage) -> None:
        settings = self.settings
        host = settings.host or ""
        try:
            smtp: smtplib.SMTP
            if settings.ssl:
                smtp = smtplib.SMTP_SSL(
                    host, settings.port, timeout=settings.timeout_s, context=_tls()
                )
            else:
                smtp = smtplib.SMTP(host, settings.port, timeout=settings.timeout_s)
            with smtp:
                if settings.starttls and not settings.ssl:
                    smtp.starttls(context=_tls())
                if settings.username:
                    password = settings.password.get_secret_value() if settings.password else ""
                    smtp.login(settings.username, password)
                smtp.send_message(message)
        except smtplib.SMTPRecipientsRefused as exc:
            codes = [code for code, _ in exc.recipients.values()]
            raise DeliveryError(
                self.kind,
                f"recipients refused: {exc.recipients!r}",
                retryable=all(400 <= code < 500 for code in codes),
                status=codes[0] if codes else None,
            ) from exc
        except smtplib.SMTPResponseException as exc:
            raise DeliveryError(
                self.kind,
                f"{host}:{settings.port} replied {exc.smtp_code} {exc.smtp_error!r}",
                retryable=400 <= exc.smtp_code < 500,
                status=exc.smtp_code,
            ) from exc
        except smtplib.SMTPNotSupportedError as exc:
            raise DeliveryError(self.kind, f"{host}: {exc}", retryable=False) from exc
        except (smtplib.SMTPException, OSError) as exc:
            raise DeliveryError(
                self.kind, f"{host}:{settings.port} unreachable: {exc!r}", retryable=True
            ) from exc


def _tls() -> ssl.SSLContext:
    return ssl.create_default_context()
