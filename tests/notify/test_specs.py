"""Channel specs: what users write, what is stored, and clear refusals of bad values."""

from __future__ import annotations

from typing import Any

import pytest

from sentinel.errors import InvalidInput
from sentinel.notify import (
    AppriseChannelSpec,
    EmailChannelSpec,
    WebhookChannelSpec,
    parse_channel_spec,
    parse_channel_specs,
)
from sentinel.notify.specs import validate_email_address


def test_strings_are_read_as_webhook_email_or_apprise() -> None:
    assert parse_channel_spec("https://hooks.example.com/x") == WebhookChannelSpec(
        url="https://hooks.example.com/x"
    )
    assert parse_channel_spec("mailto:a@example.com, b@example.org") == EmailChannelSpec(
        to=["a@example.com", "b@example.org"]
    )
    assert parse_channel_spec(" alice@example.com ") == EmailChannelSpec(to=["alice@example.com"])
    assert parse_channel_spec("ntfy://ntfy.sh/my-topic") == AppriseChannelSpec(
        url="ntfy://ntfy.sh/my-topic"
    )


def test_stored_specs_round_trip_through_json() -> None:
    stored = parse_channel_specs(["http://127.0.0.1:8080/hook", "bob@example.com"])
    assert stored == [
        {"kind": "webhook", "url": "http://127.0.0.1:8080/hook", "timeout_s": 10.0},
        {"kind": "email", "to": ["bob@example.com"]},
    ]
    assert [parse_channel_spec(spec).kind for spec in stored] == ["webhook", "email"]


@pytest.mark.parametrize(
    ("value", "problem", "named"),
    [
        ("ftp://example.com/x", "unknown notification scheme ftp://", "ftp://example.com/x"),
        ("https://", "has no host", "https://"),
        ("https://u:pw@example.com/", "must not carry credentials", "https://u:pw@example.com/"),
        ("http://example.com:99999/", "Port out of range", "http://example.com:99999/"),
        ({"kind": "webhook", "url": "gopher://x"}, "must start with http", "gopher://x"),
        ({"kind": "pager", "url": "x"}, "does not match any of the expected tags", "pager"),
        ({"kind": "webhook", "url": "https://x.test", "extra": 1}, "Extra inputs", "extra"),
        ({"kind": "email", "to": []}, "at least 1 item", "email"),
        ("mailto:", "at least 1 item", "mailto:"),
        ("", "is empty", ""),
    ],
)
def test_bad_channels_are_refused_naming_the_value(
    value: str | dict[str, Any], problem: str, named: str
) -> None:
    with pytest.raises(InvalidInput, match=problem) as caught:
        parse_channel_spec(value)
    assert repr(named)[1:-1] in str(caught.value)


def test_an_unknown_apprise_scheme_lists_supported_ones() -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_channel_spec("pigeon://coop/42")
    message = str(caught.value)
    assert "pigeon://coop/42" in message
    for scheme in ("slack://", "tgram://", "discord://", "ntfy://"):
        assert scheme in message


def test_an_apprise_url_apprise_cannot_use_is_refused() -> None:
    with pytest.raises(InvalidInput, match="Apprise cannot use this tgram:// URL"):
        parse_channel_spec("tgram://")


@pytest.mark.parametrize(
    "address",
    ["alice@example.com", "a.b+tag@sub.example.co.uk", "o'neil@example.org", "x@bücher.de"],
)
def test_plain_addresses_are_accepted(address: str) -> None:
    assert validate_email_address(address) == address


@pytest.mark.parametrize(
    ("address", "problem"),
    [
        ("alice", "expected local@domain"),
        ("@example.com", "expected local@domain"),
        ("a..b@example.com", "invalid characters"),
        ("a b@example.com", "invalid characters"),
        ("Alice <alice@example.com>", "invalid characters"),
        ("alice@localhost", "invalid domain"),
        ("alice@-bad.com", "invalid domain"),
        ("alice@1.2.3.4", "not an IP"),
        ("a" * 65 + "@example.com", "too long"),
    ],
)
def test_malformed_addresses_are_refused(address: str, problem: str) -> None:
    with pytest.raises(InvalidInput, match=problem) as caught:
        validate_email_address(address)
    assert caught.value.value == address


@pytest.mark.usefixtures("strict_outbound")
@pytest.mark.parametrize(
    "channel",
    [
        "http://127.0.0.1:18801/internal-admin",
        {"kind": "webhook", "url": "http://169.254.169.254/latest/meta-data/"},
        {"kind": "a2a", "url": "http://[::1]/push", "task_id": "t-1"},
        {"kind": "a2a", "url": "http://0x7f000001/push", "task_id": "t-1"},
        "json://127.0.0.1:8080/hook",
        "forms://10.0.0.7/hook",
    ],
)
def test_a_channel_to_an_internal_address_is_refused_when_registered(
    channel: str | dict[str, Any],
) -> None:
    with pytest.raises(InvalidInput, match="blocked") as caught:
        parse_channel_spec(channel)

    assert caught.value.field in ("webhook URL", "push notification URL", "apprise URL")
    assert "SENTINEL_NOTIFY_ALLOW_HOSTS" in caught.value.problem


def test_a_channel_string_is_checked_once_and_each_caller_gets_its_own_copy() -> None:
    first = parse_channel_specs(["ana@example.com,bo@example.com"])
    first[0]["to"].append("mallory@example.com")
    again = parse_channel_specs(["ana@example.com,bo@example.com"])
    assert again[0]["to"] == ["ana@example.com", "bo@example.com"]
    assert again[0] is not first[0]


def test_a_channel_checked_under_the_opt_in_is_checked_again_without_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url = "http://127.0.0.1:18802/hook"
    monkeypatch.setenv("SENTINEL_NOTIFY_ALLOW_HOSTS", "127.0.0.1")
    assert parse_channel_specs([url])[0]["url"] == url
    monkeypatch.setenv("SENTINEL_NOTIFY_ALLOW_HOSTS", "")
    with pytest.raises(InvalidInput, match="blocked"):
        parse_channel_specs([url])
