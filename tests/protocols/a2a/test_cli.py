"""``sentinel a2a serve``: the agent alone, as a process on 127.0.0.1; refused beyond loopback
without an API key."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from pathlib import Path

import httpx
import pytest

pytestmark = pytest.mark.network
SENTINEL = [sys.executable, "-W", "error", "-c", "from sentinel.cli.main import run; run()"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def test_a2a_serve_answers_with_the_card_until_stopped(tmp_path: Path) -> None:
    port = free_port()
    env = os.environ | {"SENTINEL_HOME": str(tmp_path / "home")}
    process = await asyncio.create_subprocess_exec(
        *SENTINEL, "a2a", "serve", "--port", str(port), "--no-worker",
        env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient() as http, asyncio.timeout(60):
            while True:
                try:
                    card = await http.get(f"{url}/.well-known/agent-card.json")
                    break
                except httpx.ConnectError:
                    await asyncio.sleep(0.1)
            health = await http.get(f"{url}/health")
    finally:
        process.terminate()
        out, _ = await asyncio.wait_for(process.communicate(), timeout=30)
    assert card.json()["supportedInterfaces"][0]["url"] == f"{url}/a2a"
    assert health.status_code == 200
    assert f"A2A JSON-RPC: {url}/a2a (open to this machine)." in out.decode()


async def test_a2a_serve_beyond_loopback_needs_a_key(tmp_path: Path) -> None:
    env = os.environ | {"SENTINEL_HOME": str(tmp_path / "home")}
    process = await asyncio.create_subprocess_exec(
        *SENTINEL, "a2a", "serve", "--host", "0.0.0.0", "--port", "0",
        env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode != 0
    assert "sentinel keys create" in (out + err).decode()
