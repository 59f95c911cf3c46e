"""Sentinel as an MCP server: its monitors, research, read-only SQL and memories as tools
and resources for a model, on the official MCP Python SDK (the ``mcp`` extra).

``sentinel mcp`` serves it over stdio for a local assistant; ``sentinel serve`` mounts it at
``/mcp`` (streamable HTTP) behind the API's keys. Every tool validates its input with the
API's own code and answers an error as an MCP tool error carrying the API's problem details.

Importing this package does not import the SDK: ``installed()`` says whether it is there.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI

MCP_PATH = "/mcp"


def installed() -> bool:
    """Whether the MCP SDK (the ``mcp`` extra) is installed."""
    try:
        return importlib.util.find_spec("mcp.server.mcpserver") is not None
    except ModuleNotFoundError:  # not even the top package
        return False


def mount_mcp(app: FastAPI, *, host: str = "127.0.0.1") -> None:
    """Serve MCP (streamable HTTP) at ``/mcp`` of the API ``app`` for a server listening on
    ``host``, behind the API's keys (needs the SDK: see ``installed``)."""
    from sentinel.protocols.mcp.streamable import mount

    mount(app, host=host)


def mcp_url(host: str, port: int) -> str:
    """The address of the MCP endpoint of a server listening on ``host:port``."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}{MCP_PATH}"
