"""Webhook signatures: what the sender signs, a receiver can verify; anything else fails."""

from __future__ import annotations

from datetime import timedelta

import pytest

from sentinel.notify import WebhookSignatureError, signature_header, verify_webhook_signature
from sentinel.notify.signing import compute_signature
from tests.storage.helpers import T0

SECRET = "s3cret"
BODY = b'{"title":"iPhone 17 announced"}'


def test_a_signed_body_verifies_and_returns_its_timestamp() -> None:
    header = signature_header(SECRET, BODY, T0)
    assert (
        header
        == f"t={int(T0.timestamp())},v1={compute_signature(SECRET, int(T0.timestamp()), BODY)}"
    )
    assert verify_webhook_signature(SECRET, header, BODY, 300, T0 + timedelta(seconds=299)) == int(
        T0.timestamp()
    )


def test_the_signature_is_hmac_sha256_of_timestamp_dot_body() -> None:
    # Reference computed independently: echo -n '1767268800.{}' | openssl dgst -sha256 -hmac k
    assert compute_signature("k", 1767268800, b"{}") == (
        "c3ff044f8d70d602191f6036f9bdd8e8f41dd60c35749d8b9066693f517bd0b0"
    )


@pytest.mark.parametrize(
    ("header", "body", "offset_s", "reason"),
    [
        (None, BODY, 0, "missing header"),
        ("v1=abc", BODY, 0, "malformed header"),
        ("t=notanumber,v1=abc", BODY, 0, "malformed header"),
        ("SIGNED", BODY + b" ", 0, "no v1 signature matches"),
        ("SIGNED", BODY, 301, "more than 300s from now"),
        ("SIGNED", BODY, -301, "more than 300s from now"),
    ],
    ids=["missing", "no-timestamp", "bad-timestamp", "tampered-body", "too-old", "future"],
)
def test_bad_signatures_are_rejected_with_the_reason(
    header: str | None, body: bytes, offset_s: int, reason: str
) -> None:
    if header == "SIGNED":
        header = signature_header(SECRET, BODY, T0)
    with pytest.raises(WebhookSignatureError, match=reason):
        verify_webhook_signature(SECRET, header, body, 300, T0 + timedelta(seconds=offset_s))


def test_a_wrong_secret_is_rejected() -> None:
    header = signature_header("other-secret", BODY, T0)
    with pytest.raises(WebhookSignatureError, match="no v1 signature matches"):
        verify_webhook_signature(SECRET, header, BODY, 300, T0)


def test_during_secret_rotation_either_signature_is_accepted() -> None:
    old = signature_header("old", BODY, T0)
    new_v1 = signature_header(SECRET, BODY, T0).split("v1=")[1]
    assert verify_webhook_signature(SECRET, f"{old},v1={new_v1}", BODY, 300, T0)
