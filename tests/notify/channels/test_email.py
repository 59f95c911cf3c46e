"""E-mail channel against a real SMTP server (aiosmtpd) on 127.0.0.1."""

from __future__ import annotations

import email
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, Envelope, LoginPassword, Session
from pydantic import SecretStr

from sentinel.clock import VirtualClock
from sentinel.notify import DeliveryError, EmailChannelSpec, SmtpSettings
from sentinel.notify.channels.email import EmailChannel
from tests.notify.builders import request_for
from tests.storage.helpers import T0

pytestmark = pytest.mark.network
REFUSED = "nobody@example.com"
BUSY = "busy@example.com"


@dataclass
class Mailbox:
    """Collects the messages the SMTP server accepts; refuses two scripted recipients."""

    messages: list[tuple[Envelope, Message]] = field(default_factory=list)

    async def handle_RCPT(
        self, server: Any, session: Session, envelope: Envelope, address: str, options: Any
    ) -> str:
        if address == REFUSED:
            return "550 5.1.1 no such user"
        if address == BUSY:
            return "451 4.3.0 try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Session, envelope: Envelope) -> str:
        content = envelope.content if isinstance(envelope.content, bytes) else b""
        self.messages.append((envelope, email.message_from_bytes(content)))
        return "250 Message accepted"


def authenticate(
    server: Any, session: Session, envelope: Envelope, mechanism: str, data: Any
) -> AuthResult:
    ok = isinstance(data, LoginPassword) and (data.login, data.password) == (b"sentinel", b"pw")
    # handled=False: let the server answer 535 itself on failure.
    return AuthResult(success=ok, handled=False)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def smtp_server() -> Iterator[tuple[Mailbox, int]]:
    mailbox = Mailbox()
    port = _free_port()
    controller = Controller(
        mailbox,
        hostname="127.0.0.1",
        port=port,
        authenticator=authenticate,
        auth_require_tls=False,
    )
    controller.start()
    try:
        yield mailbox, port
    finally:
        controller.stop()


def channel_for(port: int, **settings: Any) -> EmailChannel:
    base: dict[str, Any] = {"host": "127.0.0.1", "port": port, "starttls": False, "timeout_s": 5}
    return EmailChannel(SmtpSettings(**{**base, **settings}), VirtualClock(T0))


async def test_the_notification_arrives_as_a_plain_text_email(
    smtp_server: tuple[Mailbox, int],
) -> None:
    mailbox, port = smtp_server
    channel = channel_for(port, sender="Sentinel <alerts@example.org>")
    await channel.send(request_for(EmailChannelSpec(to=["alice@example.com", "bob@example.com"])))
    [(envelope, message)] = mailbox.messages
    assert envelope.mail_from == "alerts@example.org"
    assert envelope.rcpt_tos == ["alice@example.com", "bob@example.com"]
    assert message["Subject"] == "iPhone 17 announced for 9 September"
    assert message["Message-ID"] == "<run-12-abc@sentinel>"
    assert message["Idempotency-Key"] == "run-12:abc"
    body = message.get_payload(decode=True)
    assert isinstance(body, bytes)
    text = body.decode()
    assert text.startswith("Apple will announce the iPhone 17 on 9 September.")
    assert "Source: https://www.apple.com/newsroom/x" in text


async def test_login_is_used_when_credentials_are_configured(
    smtp_server: tuple[Mailbox, int],
) -> None:
    mailbox, port = smtp_server
    good = channel_for(port, username="sentinel", password=SecretStr("pw"))
    await good.send(request_for(EmailChannelSpec(to=["alice@example.com"])))
    assert len(mailbox.messages) == 1
    bad = channel_for(port, username="sentinel", password=SecretStr("wrong"))
    with pytest.raises(DeliveryError, match="535") as caught:
        await bad.send(request_for(EmailChannelSpec(to=["alice@example.com"])))
    assert not caught.value.retryable


async def test_a_refused_recipient_is_permanent_and_a_busy_one_is_retried(
    smtp_server: tuple[Mailbox, int],
) -> None:
    _, port = smtp_server
    channel = channel_for(port)
    with pytest.raises(DeliveryError, match="no such user") as refused:
        await channel.send(request_for(EmailChannelSpec(to=[REFUSED])))
    assert (refused.value.retryable, refused.value.status) == (False, 550)
    with pytest.raises(DeliveryError, match="try again later") as busy:
        await channel.send(request_for(EmailChannelSpec(to=[BUSY])))
    assert (busy.value.retryable, busy.value.status) == (True, 451)


async def test_an_unreachable_server_is_retried() -> None:
    channel = channel_for(_free_port())
    with pytest.raises(DeliveryError, match="unreachable") as caught:
        await channel.send(request_for(EmailChannelSpec(to=["alice@example.com"])))
    assert caught.value.retryable


async def test_starttls_that_the_server_does_not_offer_is_a_permanent_error(
    smtp_server: tuple[Mailbox, int],
) -> None:
    _, port = smtp_server
    with pytest.raises(DeliveryError, match="STARTTLS") as caught:
        await channel_for(port, starttls=True).send(
            request_for(EmailChannelSpec(to=["alice@example.com"]))
        )
    assert not caught.value.retryable


def test_without_an_smtp_host_the_channel_cannot_be_built() -> None:
    with pytest.raises(DeliveryError, match="SENTINEL_SMTP_HOST"):
        EmailChannel(SmtpSettings(host=None), VirtualClock(T0))
