"""The dev server counts as ready only once its frontend is healthy, not when its port opens."""

from __future__ import annotations

import socket

from sentinel.engine.temporal.devserver import HOST, DevServer


def test_a_port_that_only_accepts_connections_is_not_a_healthy_frontend() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.bind((HOST, 0))
        listener.listen()
        server = DevServer(port=listener.getsockname()[1])
        assert server._listening()
        assert not server._healthy(2.0)


def test_the_session_server_is_healthy_once_started(temporal_address: str) -> None:
    server = DevServer(port=int(temporal_address.rsplit(":", 1)[1]))
    assert server._listening()
    assert server._healthy(10.0)
