"""``sentinel a2a serve``: the agent alone, as a process on 127.0.0.1; refused beyond loopback
without an API key."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.network
SENTINEL = [sys.executable, "-W", "error", "-c", "from sentinel.cli.main import run; run()"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def serve_until_the_card_answers(tmp_path: Path, *command: str) -> tuple[str, Any, str]:
    """Run ``sentinel <command> --port P`` until its agent card answers; the base URL, the
    card and what the process printed, once stopped."""
    port = free_port()
    env = os.environ | {"SENTINEL_HOME": str(tmp_path / "home")}
    process = await asyncio.create_subprocess_exec(
        *SENTINEL, *command, "--port", str(port), "--no-worker",
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
            assert (await http.get(f"{url}/health")).status_code == 200
    finally:
        process.terminate()
        out, _ = await asyncio.wait_for(process.communicate(), timeout=30)
    return url, card.json(), out.decode()


async def test_a2a_serve_answers_with_the_card_until_stopped(tmp_path: Path) -> None:
    url, card, printed = await serve_until_the_card_answers(tmp_path, "a2a", "serve")
    assert card["supportedInterfaces"][0]["url"] == f"{url}/a2a"
    assert f"A2A JSON-RPC: {url}/a2a (open to this machine)." in printed


async def test_sentinel_serve_mounts_the_agent_beside_the_api(tmp_path: Path) -> None:
    url, card, printed = await serve_until_the_card_answers(tmp_path, "serve")
    assert card["supportedInterfaces"][0]["url"] == f"{url}/a2a"
    assert f"A2A: {url}/a2a (agent card: {url}/.well-known/agent-card.json)." in printed


async def test_a2a_serve_beyond_loopback_needs_a_key(tmp_path: Path) -> None:
    env = os.environ | {"SENTINEL_HOME": str(tmp_path / "home")}
    process = await asyncio.create_subprocess_exec(
        *SENTINEL, "a2a", "serve", "--host", "0.0.0.0", "--port", "0",
        env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode != 0
    assert "sentinel keys create" in (out + err).decode()
