"""Serving the world over real HTTP on loopback, in a background thread.

The server runs uvicorn's h11 protocol, which hands absolute-form request targets
(``GET http://news.example/a HTTP/1.1``) to the app unchanged, so the one server is both the
world's web server and an HTTP forward proxy for clients configured with ``proxy=url``.
A thread keeps the server off the caller's event loop: a virtual clock auto-advancing there
never waits on the server's own tasks.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sentinel.errors import SentinelError

__all__ = ["bind_socket", "make_server", "serve_in_thread"]

_STARTUP_SECONDS = 10.0


def bind_socket(host: str = "127.0.0.1", port: int = 0) -> socket.socket:
    """A listening-ready TCP socket bound to ``host:port`` (port 0: any free port)."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def make_server(app: Any, *, log_level: str = "warning") -> Any:
    """A uvicorn server for ``app`` that leaves logging alone and lets the app date responses."""
    try:
        import uvicorn
    except ImportError as exc:  # uvicorn comes with the "api" extra
        raise SentinelError(
            "serving the simulated world over HTTP needs uvicorn: pip install 'sentinel[api]'"
        ) from exc
    config = uvicorn.Config(
        app,
        http="h11",
        lifespan="off",
        log_config=None,
        log_level=log_level,
        access_log=False,
        server_header=False,
        date_header=False,
        timeout_graceful_shutdown=1,
    )
    return uvicorn.Server(config)


@asynccontextmanager
async def serve_in_thread(
    app: Any, *, host: str = "127.0.0.1", port: int = 0
) -> AsyncIterator[str]:
    """Serve ``app`` on ``host:port`` from a background thread; yields ``http://host:port``."""
    sock = bind_socket(host, port)
    server = make_server(app)
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, name="sentinel-sim-server", daemon=True
    )
    thread.start()
    try:
        waited = 0.0
        while not server.started:
            if not thread.is_alive() or waited > _STARTUP_SECONDS:
                raise SentinelError(f"the simulated world's server did not start on {host}:{port}")
            await asyncio.sleep(0.01)
            waited += 0.01
        bound_host, bound_port = sock.getsockname()[:2]
        shown = f"[{bound_host}]" if ":" in bound_host else bound_host
        yield f"http://{shown}:{bound_port}"
    finally:
        server.should_exit = True
        await asyncio.to_thread(thread.join, _STARTUP_SECONDS)
        sock.close()
