"""The test harness itself: tests may only ever reach loopback."""

from __future__ import annotations

import asyncio
import socket

import pytest
from pytest_socket import SocketConnectBlockedError


def test_connecting_to_a_non_loopback_address_is_refused_by_the_harness() -> None:
    # 192.0.2.0/24 is TEST-NET-1: even if the guard failed, nothing would answer there.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        # pytest-socket warns (an error under -W error) and refuses the connection.
        with (
            pytest.warns(UserWarning, match=r"192\.0\.2\.1"),
            pytest.raises(SocketConnectBlockedError),
        ):
            sock.connect(("192.0.2.1", 80))
    finally:
        sock.close()


async def test_loopback_connections_are_allowed() -> None:
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"pong")
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        assert await reader.read() == b"pong"
        writer.close()
        await writer.wait_closed()
