"""The receiver of docs/monitors-webhooks.md, run as written: it verifies a real notification
from a real monitor run with the secret ``sentinel watch add`` printed, and refuses a
tampered body, a wrong secret and an old timestamp."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from sentinel.clock import SystemClock
from sentinel.notify.channels.webhook import SignedPostChannel
from sentinel.notify.signing import signature_header
from sentinel.sim import Scenario
from tests.cli.test_watch_cli import home, invoke, sqlite_template
from tests.cli.test_worker_cli import launch

__all__ = ["home", "launch", "sqlite_template"]

DOC = Path(__file__).parents[2] / "docs" / "monitors-webhooks.md"
STARTUP_ATTEMPTS = 200


def documented_receiver() -> str:
    """The one Python block of the page: the receiver."""
    [code] = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.DOTALL)
    return code


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def receiver_process(tmp_path: Path, secret: str, port: int) -> Iterator[list[str]]:
    """The documented receiver in a process of its own; yields (then fills) its output lines."""
    script = tmp_path / "receiver.py"
    script.write_text(documented_receiver())
    env = os.environ | {"SENTINEL_WEBHOOK_SECRET": secret, "PORT": str(port)}
    process = subprocess.Popen(
        [sys.executable, str(script)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    lines: list[str] = []
    try:
        for _ in range(STARTUP_ATTEMPTS):  # readiness, not timing: wait for the socket
            if process.poll() is not None:
                break
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        assert process.poll() is None, process.communicate()[1].decode()
        yield lines
    finally:
        process.terminate()
        out, _ = process.communicate(timeout=10)
        lines.extend(out.decode().splitlines())


def post(port: int, body: bytes, secret: str, *, at: datetime, key: str) -> int:
    headers = {"Sentinel-Signature": signature_header(secret, body, at), "Idempotency-Key": key}
    response = httpx.post(f"http://127.0.0.1:{port}/hook", content=body, headers=headers)
    return response.status_code


def test_the_documented_receiver_verifies_a_real_notification_with_the_printed_secret(
    home: Path, launch: Scenario, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The run sees the world just after the launch (September 2025: the date it announces is
    # still ahead); the notification is signed at the wall clock's time, which the receiver
    # checks against its own.
    signing_at_wall_clock = SignedPostChannel.__init__

    def wall_clock_channel(
        channel: SignedPostChannel, clock: object, client: httpx.AsyncClient | None = None
    ) -> None:
        signing_at_wall_clock(channel, SystemClock(), client)

    monkeypatch.setattr(SignedPostChannel, "__init__", wall_clock_channel)
    port = free_port()
    created = invoke(
        "watch",
        "add",
        launch.mission,
        "--criteria",
        launch.action_criteria,
        "--webhook",
        f"http://127.0.0.1:{port}/hook",
    )
    assert created.exit_code == 0, created.output
    [secret] = re.findall(r"^Signing secret: ([0-9a-f]{64}) ", created.stdout, flags=re.M)
    with receiver_process(tmp_path, secret, port) as printed:
        ran = invoke("watch", "run", "1", "--here")
        now = datetime.now(UTC)
        body = b'{"message":"hello"}'
        assert post(port, body, secret, at=now, key="k1") == 204
        assert post(port, body, secret, at=now, key="k1") == 204, "a repeat is acknowledged"
        tampered = {"Sentinel-Signature": signature_header(secret, body, now)}
        forged = httpx.post(
            f"http://127.0.0.1:{port}/hook", content=b'{"message":"hi"}', headers=tampered
        )
        assert forged.status_code == 401
        assert post(port, body, "0" * 64, at=now, key="k2") == 401
        assert post(port, body, secret, at=now - timedelta(minutes=10), key="k3") == 401
    assert ran.exit_code == 0, ran.output
    assert "Notification: delivered" in ran.stdout
    verified = [line.split(" ", 2) for line in printed if line.startswith("verified ")]
    [(_, key, message), (_, repeat_key, hello)] = verified
    assert key.startswith("run-1:")
    assert "the date is 2025-09-19" in message
    assert (repeat_key, hello) == ("k1", "hello"), "k1 was processed once"
