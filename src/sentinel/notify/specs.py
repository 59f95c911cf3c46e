"""Channel specs: where a monitor's notifications go, validated when the monitor is created.

A spec is stored as JSON in ``monitors.channels`` and copied into each outbox row. Users may
write a bare string, read as follows:

- ``http://…`` / ``https://…``: a webhook (signed JSON POST);
- ``mailto:alice@example.com`` or ``alice@example.com``: e-mail over Sentinel's SMTP server;
- any other ``scheme://…``: an Apprise URL (``slack://``, ``tgram://``, ``ntfy://``, …;
  note ``mailto://user:pass@host`` is Apprise's own e-mail, with its own server).

The ``a2a`` kind is never written by users as a string: Sentinel's A2A server adds it when an
A2A client registers a push notification config on the task that created the monitor.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from sentinel.errors import InvalidInput
from sentinel.notify.apprise_urls import apprise_hosts, validate_apprise_url
from sentinel.web.outbound import (
    NOTIFY_ALLOW_HOSTS_VARIABLE,
    check_outbound_host,
    check_outbound_url,
)

MAX_RECIPIENTS = 20
# The longest URL a channel may have (a webhook, Apprise or push URL; a channel string).
MAX_URL_CHARS = 2000
# RFC 5321/5322 dot-atom local part (quoted local parts are refused: nobody needs them here).
_LOCAL_PART = re.compile(r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$")
_DOMAIN_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")


class WebhookChannelSpec(BaseModel):
    """POST the payload as JSON to ``url``, signed with the monitor's secret."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["webhook"] = "webhook"
    url: str = Field(max_length=MAX_URL_CHARS)
    timeout_s: float = Field(default=10.0, gt=0, le=120)


class EmailChannelSpec(BaseModel):
    """Send the notification as a plain-text e-mail to ``to``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["email"] = "email"
    to: list[str] = Field(min_length=1, max_length=MAX_RECIPIENTS)


class AppriseChannelSpec(BaseModel):
    """Notify through any service Apprise knows, given as an Apprise URL."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["apprise"] = "apprise"
    url: str = Field(max_length=MAX_URL_CHARS)


class A2APushChannelSpec(BaseModel):
    """POST each notification to an A2A client's push notification URL, as an A2A
    ``StreamResponse`` (an artifact update of ``task_id``) carrying the client's ``token``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["a2a"] = "a2a"
    url: str = Field(max_length=MAX_URL_CHARS)
    task_id: str = Field(min_length=1, max_length=200)
    context_id: str = Field(default="", max_length=200)
    token: str = Field(default="", max_length=1000)
    timeout_s: float = Field(default=10.0, gt=0, le=120)


ChannelSpec = Annotated[
    WebhookChannelSpec | EmailChannelSpec | AppriseChannelSpec | A2APushChannelSpec,
    Field(discriminator="kind"),
]
_SPEC_ADAPTER: TypeAdapter[ChannelSpec] = TypeAdapter(ChannelSpec)


def parse_channel_spec(value: str | Mapping[str, Any]) -> ChannelSpec:
    """A validated channel spec from a user string or a stored JSON object.

    Raises InvalidInput naming the offending value: a webhook URL needs http(s) and a host
    that is not a loopback, private or other non-public address (``sentinel.web.outbound``),
    e-mail addresses must be plain ``local@domain.tld``, Apprise URLs must be ones Apprise can use.
    """
    shown: Any = value if isinstance(value, str) else dict(value)
    try:
        if isinstance(value, str):
            spec = _from_string(value.strip())
        else:
            spec = _SPEC_ADAPTER.validate_python(dict(value))
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'spec'}: {e['msg']}" for e in exc.errors()
        )
        raise InvalidInput("channel", shown, problems) from None
    return _validated(spec)


def parse_channel_specs(values: Sequence[str | Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Validate several channels and return their JSON form, ready for ``NewMonitor.channels``.

    A channel given as a string is validated once per process (``watch import`` of thousands
    of monitors sharing a webhook or an Apprise URL checks it once, not per monitor)."""
    # The outbound guard's opt-in is part of the key: a URL allowed under one
    # SENTINEL_NOTIFY_ALLOW_HOSTS is checked again when the setting changes.
    allowed = os.environ.get(NOTIFY_ALLOW_HOSTS_VARIABLE, "")
    return [
        _copied(_string_channel(value, allowed))
        if isinstance(value, str)
        else channel_json(parse_channel_spec(value))
        for value in values
    ]


@lru_cache(maxsize=4096)
def _string_channel(value: str, allowed: str) -> dict[str, Any]:
    del allowed  # only the cache's key
    return channel_json(parse_channel_spec(value))


def _copied(channel: dict[str, Any]) -> dict[str, Any]:
    # A channel's JSON is flat but for lists of addresses and maps of headers: copying two
    # levels keeps the cached original safe at a tenth of deepcopy's cost.
    return {
        key: list(value)
        if isinstance(value, list)
        else dict(value)
        if isinstance(value, dict)
        else value
        for key, value in channel.items()
    }


def channel_json(spec: ChannelSpec) -> dict[str, Any]:
    """The JSON object stored for ``spec``."""
    return spec.model_dump(mode="json")


def validate_email_address(address: str) -> str:
    """Return ``address`` if it is a plain deliverable-looking address, else InvalidInput."""
    candidate = address.strip()
    local, at, domain = candidate.rpartition("@")
    if not at or not local or not domain:
        raise InvalidInput("e-mail address", address, "expected local@domain")
    if len(candidate) > 254 or len(local) > 64:
        raise InvalidInput("e-mail address", address, "too long (254 characters, 64 before @)")
    if not _LOCAL_PART.match(local):
        raise InvalidInput("e-mail address", address, f"invalid characters in {local!r}")
    try:
        ascii_domain = domain.encode("idna").decode("ascii")
    except UnicodeError as exc:
        raise InvalidInput("e-mail address", address, f"invalid domain {domain!r}") from exc
    labels = ascii_domain.split(".")
    if len(labels) < 2 or not all(_DOMAIN_LABEL.match(label) for label in labels):
        raise InvalidInput("e-mail address", address, f"invalid domain {domain!r}")
    if labels[-1].isdigit():
        raise InvalidInput("e-mail address", address, "the domain must be a name, not an IP")
    return candidate


def validate_webhook_url(url: str) -> str:
    """Return ``url`` if it is an http(s) URL with a host, else InvalidInput."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https"):
        raise InvalidInput("webhook URL", url, "must start with http:// or https://")
    if not parts.hostname:
        raise InvalidInput("webhook URL", url, "has no host")
    try:
        parts.port  # noqa: B018 - raises ValueError for a port out of range
    except ValueError as exc:
        raise InvalidInput("webhook URL", url, str(exc)) from exc
    if parts.username or parts.password:
        raise InvalidInput("webhook URL", url, "must not carry credentials; use the signature")
    return url.strip()


def _from_string(value: str) -> ChannelSpec:
    if not value:
        raise InvalidInput("channel", value, "is empty")
    if len(value) > MAX_URL_CHARS:
        raise InvalidInput(
            "channel", value, f"is {len(value)} characters; the limit is {MAX_URL_CHARS}"
        )
    lowered = value.lower()
    if lowered.startswith(("http://", "https://")):
        return WebhookChannelSpec(url=value)
    if lowered.startswith("mailto:") and not lowered.startswith("mailto://"):
        return EmailChannelSpec(to=[a for a in value[len("mailto:") :].split(",") if a.strip()])
    if "://" not in value and "@" in value:
        return EmailChannelSpec(to=[a for a in value.split(",") if a.strip()])
    return AppriseChannelSpec(url=value)


def _validated(spec: ChannelSpec) -> ChannelSpec:
    if isinstance(spec, WebhookChannelSpec | A2APushChannelSpec):
        url = validate_webhook_url(spec.url)
        field = "webhook URL" if isinstance(spec, WebhookChannelSpec) else "push notification URL"
        return spec.model_copy(update={"url": check_outbound_url(url, field)})
    if isinstance(spec, EmailChannelSpec):
        return spec.model_copy(update={"to": [validate_email_address(a) for a in spec.to]})
    url = validate_apprise_url(spec.url)
    for host in apprise_hosts(url):
        # json://, gotify://, mailto://…?smtp= connect to the host they name: the same
        # guard as a webhook (its name is resolved by vet_channel_destinations).
        check_outbound_host(host, "apprise URL", url)
    return spec.model_copy(update={"url": url})
