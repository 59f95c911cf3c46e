"""The model server's files, locks, idle rule and start, without a model: a start that fails
or never finishes leaves no process behind and says why."""

from __future__ import annotations

import asyncio
import itertools
import os
import stat
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from sentinel.llm.errors import ModelServerError
from sentinel.llm.local import get_spec, status
from sentinel.llm.local.endpoint import Endpoint, ServerFiles, pid_alive
from sentinel.llm.local.launch import Waiting, attach, compatible, start
from sentinel.llm.local.runtime import Activity, RuntimeOptions
from sentinel.llm.local.server import IdleWatch, serve_until_idle

SPEC = get_spec("smollm2-135m")
ENDPOINT = Endpoint(
    pid=os.getpid(),
    url="http://127.0.0.1:9",
    api_key="k" * 32,
    model=SPEC.name,
    n_ctx=4096,
    threads=2,
    n_parallel=1,
    idle_s=600,
    started_at=0.0,
)


@pytest.fixture
def files(tmp_path: Path) -> ServerFiles:
    return ServerFiles(tmp_path / "home", SPEC.name)


class VirtualWaiting(Waiting):
    """Time moves only when the start sleeps."""

    def __init__(self) -> None:
        self.at = 0.0
        super().__init__(now=lambda: self.at, sleep=self._advance, poll_s=0.5)

    def _advance(self, seconds: float) -> None:
        self.at += seconds


def test_the_endpoint_file_is_private_and_reads_back(files: ServerFiles) -> None:
    files.write(ENDPOINT)

    assert files.read() == ENDPOINT
    assert stat.S_IMODE(files.endpoint_path.stat().st_mode) == 0o600
    assert stat.S_IMODE(files.run_dir.stat().st_mode) == 0o700


def test_a_torn_or_foreign_endpoint_file_is_no_server(files: ServerFiles) -> None:
    files.ensure_run_dir()
    for text in ('{"pid": 12, "url": "http://127.0.0.1:1"', '{"pid": "x"}', "[]", ""):
        files.endpoint_path.write_text(text)
        assert files.read() is None


def test_an_endpoint_whose_process_is_gone_is_not_live(files: ServerFiles) -> None:
    files.write(replace(ENDPOINT, pid=2**22 + 12345))

    assert files.read() is not None
    assert files.read_live() is None


def test_removing_spares_a_newer_servers_endpoint(files: ServerFiles) -> None:
    files.write(replace(ENDPOINT, pid=4242))

    files.remove(pid=4141)
    assert files.read() is not None
    files.remove(pid=4242)
    assert files.read() is None


def test_a_server_serves_commands_asking_for_its_options_or_any_thread_count() -> None:
    assert compatible(ENDPOINT, RuntimeOptions(n_ctx=4096))
    assert compatible(ENDPOINT, RuntimeOptions(n_ctx=4096, threads=2))
    assert not compatible(ENDPOINT, RuntimeOptions(n_ctx=4096, threads=1))
    assert not compatible(ENDPOINT, RuntimeOptions(n_ctx=2048))


def test_idle_means_no_decode_and_nothing_in_progress_for_the_idle_time() -> None:
    watch = IdleWatch(idle_s=60, last_active=0)

    assert not watch.observe(Activity(decodes=10, in_progress=0), now=0)
    assert not watch.observe(Activity(decodes=15, in_progress=0), now=50)  # it decoded
    assert not watch.observe(Activity(decodes=15, in_progress=0), now=100)
    assert not watch.observe(Activity(decodes=15, in_progress=1), now=200)  # a long prompt
    assert watch.observe(Activity(decodes=15, in_progress=0), now=260)


class FakeLoaded:
    """A loaded model whose counters never move."""

    def activity(self) -> Activity:
        return Activity(decodes=3, in_progress=0)


async def test_an_idle_server_stays_while_a_process_holds_it_then_leaves(
    files: ServerFiles,
) -> None:
    files.write(ENDPOINT)
    clock = itertools.count(0, 100)
    user = files.users_lock(shared=True)
    user.acquire()
    server = asyncio.create_task(
        serve_until_idle(
            FakeLoaded(),  # type: ignore[arg-type]
            files,
            idle_s=300,
            stop=asyncio.Event(),
            now=lambda: float(next(clock)),
            poll_s=0.001,
        )
    )
    for _ in range(50):  # well past the idle time on its clock
        await asyncio.sleep(0.002)
    assert not server.done()
    assert files.read() == ENDPOINT

    user.release()

    assert await asyncio.wait_for(server, timeout=60) == "idle"
    assert files.read() is None


async def test_a_stopped_server_removes_its_endpoint(files: ServerFiles) -> None:
    files.write(ENDPOINT)
    stop = asyncio.Event()
    stop.set()

    why = await serve_until_idle(FakeLoaded(), files, 300, stop)  # type: ignore[arg-type]

    assert why == "stopped"
    assert files.read() is None


def test_a_server_that_fails_to_start_says_why_and_leaves_nothing(files: ServerFiles) -> None:
    failing = [sys.executable, "-c", "import sys; print('error: no weights here'); sys.exit(1)"]

    with pytest.raises(ModelServerError) as caught:
        start(SPEC, RuntimeOptions(), files, 600, command=failing)

    message = str(caught.value)
    assert "did not start (exit 1)" in message
    assert "error: no weights here" in message
    assert str(files.log_path) in message
    assert files.read() is None


def test_a_server_that_never_gets_ready_is_stopped(files: ServerFiles) -> None:
    marker = f"never-ready-{files.home}"
    hanging = [sys.executable, "-c", "import time; time.sleep(600)", marker]

    with pytest.raises(ModelServerError, match="not ready after 30 s and was stopped"):
        start(SPEC, RuntimeOptions(), files, 600, VirtualWaiting(), command=hanging, timeout_s=30)

    assert not processes_with(marker)


def processes_with(marker: str) -> list[int]:
    """The live processes whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if marker in command and pid_alive(int(entry.name)):
            found.append(int(entry.name))
    return found


def test_the_server_refuses_to_start_without_the_models_weights(files: ServerFiles) -> None:
    missing = get_spec("qwen2.5-coder-1.5b")
    if status(missing).installed:
        pytest.skip("qwen2.5-coder-1.5b is installed here")
    files = ServerFiles(files.home, missing.name)

    with pytest.raises(ModelServerError) as caught:
        start(missing, RuntimeOptions(), files, 600)

    assert "is not installed" in str(caught.value)
    assert missing.install_command in str(caught.value)


def test_a_home_where_the_servers_files_cannot_go_is_a_clear_error(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "run").write_text("a file where the folder should be")

    with pytest.raises(ModelServerError, match="SENTINEL_LLM_SERVER=off"):
        attach(SPEC, RuntimeOptions(), home=home, idle_s=600)
