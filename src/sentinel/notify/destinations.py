"""Where a monitor's channels would make Sentinel connect, checked when they are registered.

:func:`~sentinel.notify.specs.parse_channel_spec` refuses what a URL shows by itself (a
loopback or private address in any spelling, a ``localhost`` name). A host *name* needs a
lookup, which is asynchronous, so every surface that registers channels (API, web UI, CLI,
MCP, A2A) awaits :func:`vet_channel_destinations` before it stores them: a name resolving to
an address that is not public is refused then, with a 4xx naming the URL and the address,
rather than at the first notification. Delivery checks again at connect time
(:mod:`sentinel.web.outbound`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sentinel.notify.apprise_urls import apprise_hosts
from sentinel.web.outbound import notify_guard, vet_outbound_host, vet_outbound_url

# The field each kind of channel names in a refusal (as parse_channel_spec does).
URL_FIELDS = {"webhook": "webhook URL", "a2a": "push notification URL", "apprise": "apprise URL"}


async def vet_channel_destinations(channels: Iterable[Mapping[str, Any]]) -> None:
    """Resolve the host of every channel that makes a request (webhook, A2A push, Apprise)
    and raise ``InvalidInput`` naming the first one that is, or resolves to, an address
    Sentinel may not send to. E-mail goes to the configured SMTP server: nothing to check.
    Each distinct URL is looked up once."""
    guard = notify_guard()
    seen: set[tuple[str, str]] = set()
    for channel in channels:
        kind, url = str(channel.get("kind", "")), channel.get("url")
        if kind not in URL_FIELDS or not isinstance(url, str) or (kind, url) in seen:
            continue
        seen.add((kind, url))
        field = URL_FIELDS[kind]
        if kind == "apprise":
            for host in apprise_hosts(url):
                await vet_outbound_host(host, field, url, guard)
        else:
            await vet_outbound_url(url, field, guard)
