"""The model server with SmolLM2-135M: commands in separate processes share one warm server,
a stopped server is replaced on the next call, and a stop leaves no process behind."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from sentinel.llm import LocalModel
from sentinel.llm.local.endpoint import ServerFiles, pid_alive
from sentinel.llm.local.launch import stop
from tests.llm.conftest import SMALL_MODEL, TEST_OPTIONS, require_model

pytestmark = [pytest.mark.model, pytest.mark.timeout(600)]

ONE_CALL = """
import asyncio
from sentinel.llm import get_model
reply = asyncio.run(get_model().complete("Say hi.", max_tokens=4, temperature=0))
print(reply.usage.prompt_tokens, reply.usage.cached_tokens)
"""


@pytest.fixture
def files(tmp_path: Path) -> Iterator[ServerFiles]:
    require_model(SMALL_MODEL)
    files = ServerFiles(tmp_path / "home", SMALL_MODEL)
    yield files
    stop(files)


def command_env(home: Path) -> dict[str, str]:
    """A user's environment: the server on (the default), CI, the small model."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SENTINEL_")}
    return {
        **env,
        "SENTINEL_HOME": str(home),
        "SENTINEL_LLM": f"local:{SMALL_MODEL}",
        "SENTINEL_LLM_THREADS": "1",
        "SENTINEL_LLM_SERVER_IDLE": "120",
        "CI": "true",
    }


def one_call(home: Path) -> subprocess.CompletedProcess[str]:
    # Output captured through pipes: had the server kept them open, this would never return.
    return subprocess.run(
        [sys.executable, "-c", ONE_CALL],
        env=command_env(home),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_commands_in_separate_processes_share_one_warm_server(files: ServerFiles) -> None:
    first = one_call(files.home)
    assert first.returncode == 0, first.stderr
    server = files.read_live()
    assert server is not None
    assert server.url.startswith("http://127.0.0.1:")

    second = one_call(files.home)

    assert second.returncode == 0, second.stderr
    assert files.read_live() == server
    prompt, cached = map(int, second.stdout.split())
    assert cached > 0, "the second command found the first one's prompt in the cache"
    assert cached < prompt


def test_the_servers_endpoint_refuses_requests_without_its_key(files: ServerFiles) -> None:
    assert one_call(files.home).returncode == 0
    server = files.read_live()
    assert server is not None

    guessed = httpx.post(
        f"{server.url}/v1/chat/completions",
        json={"messages": [{"role": "user", "content": "hi"}], "max_tokens": 2},
        headers={"Authorization": "Bearer guess"},
        timeout=30,
    )

    assert guessed.status_code == 401


async def test_a_call_after_the_server_stopped_starts_another(files: ServerFiles) -> None:
    model = LocalModel(SMALL_MODEL, options=TEST_OPTIONS, home=files.home, server=True)
    await model.complete("Say hi.", max_tokens=4, temperature=0)
    before = files.read_live()
    assert before is not None

    stop(files)
    assert not pid_alive(before.pid)
    reply = await model.complete("Say hi.", max_tokens=4, temperature=0)

    after = files.read_live()
    assert reply.text
    assert after is not None
    assert after.pid != before.pid


def test_stopping_the_server_leaves_no_process_and_no_endpoint(files: ServerFiles) -> None:
    assert one_call(files.home).returncode == 0
    server = files.read_live()
    assert server is not None

    stopped = subprocess.run(
        [str(Path(sys.executable).with_name("sentinel")), "models", "server", "stop"],
        env=command_env(files.home),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert stopped.returncode == 0, stopped.stderr
    assert f"stopped pid {server.pid}" in stopped.stdout
    assert not pid_alive(server.pid)
    assert files.read() is None
