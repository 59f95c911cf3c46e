"""Sentinel over the A2A protocol (agent to agent), on the official ``a2a-sdk``.

- server: Sentinel as an A2A agent with the monitor and research skills (``mount_a2a``
  mounts it on ``sentinel serve``'s app; ``sentinel a2a serve`` runs it alone);
- client: another A2A agent as a source of documents for monitors and research
  (``--a2a-source URL``; ``sentinel.protocols.a2a.source``).

The SDK is the optional extra ``a2a``; ``mount_a2a`` does nothing without it.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable
from typing import TYPE_CHECKING

from sentinel.notify.specs import validate_webhook_url

if TYPE_CHECKING:
    from fastapi import FastAPI

    from sentinel.protocols.a2a.server import A2AService

# Where a monitor keeps the A2A agents it asks on every run (``monitors.context``).
CONTEXT_KEY = "a2a_sources"


def a2a_available() -> bool:
    """Whether the ``a2a`` extra (the ``a2a-sdk`` package) is installed."""
    return importlib.util.find_spec("a2a") is not None


def mount_a2a(app: FastAPI) -> A2AService | None:
    """Serve the A2A agent on the API ``app`` when the SDK is installed (``sentinel serve``
    does, like ``/mcp``); the agent's service closes when the app's lifespan ends. Returns the
    service, or None without the extra."""
    if not a2a_available():
        return None
    from sentinel.api.lifespan import close_on_shutdown
    from sentinel.protocols.a2a.server import install_a2a

    service = install_a2a(app)
    close_on_shutdown(app, service.aclose)
    return service


def agent_base_url(host: str, port: int) -> str:
    """The base URL of an agent served on ``host:port`` (an IPv6 host in brackets)."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}"


def agent_urls(urls: Iterable[str]) -> list[str]:
    """Validated, deduplicated agent base URLs (``InvalidInput`` names a bad one)."""
    return list(dict.fromkeys(validate_webhook_url(url).rstrip("/") for url in urls))


__all__ = ["CONTEXT_KEY", "a2a_available", "agent_base_url", "agent_urls", "mount_a2a"]
