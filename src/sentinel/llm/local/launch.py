"""Finding the home's model server, or starting one: what a command does before its first
local model call when ``SENTINEL_LLM_SERVER=auto`` (the default).

Under the start lock a command reads the endpoint file; a live server with the options it
needs is used; none (or a dead one) is replaced by a new server, started detached (its own
session, stdin from /dev/null, output to its log: a pipe or a terminal of the command's would
keep it attached) and waited for until it publishes its endpoint. A server that exits first,
or is not ready in time, is stopped and the command fails with what its log says: a half-
started server is never left behind. A live server loaded with other options (context size,
an explicit thread count) is left alone, and the command loads its own model (``None``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sentinel.llm.errors import ModelServerError
from sentinel.llm.local.endpoint import Endpoint, ServerFiles, pid_alive
from sentinel.llm.local.registry import ModelSpec
from sentinel.llm.local.remote import RemoteModel, answers
from sentinel.llm.local.runtime import RuntimeOptions

START_TIMEOUT_S = 600.0
"""How long a command waits for a new server to publish its endpoint. Generous: the first
start assembles and hashes the weights (about 10 s for the default model; more for larger
ones, and far more on a loaded machine); a server that dies says so at once."""

STOP_WAIT_S = 10.0
"""How long a stop waits for SIGTERM to work before SIGKILL."""


@dataclass
class Waiting:
    """The clock a start waits on (injectable: tests pass a virtual one)."""

    now: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    poll_s: float = 0.05


@dataclass
class _Attached:
    handles: dict[tuple[str, RuntimeOptions], RemoteModel] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)


_attached = _Attached()
_children: list[subprocess.Popen[bytes]] = []
"""Servers this process started: kept so that a stop can reap them (no zombie, no warning)."""


def compatible(endpoint: Endpoint, options: RuntimeOptions) -> bool:
    """Whether a server loaded as ``endpoint`` serves a command that wants ``options``: the
    same context size and slots, and the same threads when the command asks for a number."""
    return (
        endpoint.n_ctx == options.n_ctx
        and endpoint.n_parallel == options.n_parallel
        and (options.threads is None or options.threads == endpoint.threads)
    )


def attach(
    spec: ModelSpec,
    options: RuntimeOptions,
    *,
    home: Path,
    idle_s: float,
    waiting: Waiting | None = None,
) -> RemoteModel | None:
    """This process's handle on the home's server for ``spec``, starting the server when none
    runs; None when the running one was loaded with other options.

    Blocking (a start waits for the model to load): call it from a worker thread. Raises
    ModelServerError when a server cannot be started, naming its log.
    """
    files = ServerFiles(home, spec.name)
    key = (str(files.endpoint_path), options)
    try:
        files.ensure_run_dir()
    except OSError as exc:
        raise ModelServerError(
            f"local:{spec.name}",
            f"cannot keep a model server's files in {files.run_dir}: {exc} "
            "(SENTINEL_LLM_SERVER=off loads the model in this process instead)",
        ) from exc
    with _attached.lock:
        handle = _attached.handles.get(key)
        if handle is not None:
            return handle
        with files.start_lock():
            users = files.users_lock(shared=True)
            users.acquire()
            try:
                endpoint = _live(files) or start(spec, options, files, idle_s, waiting)
                if not compatible(endpoint, options):
                    users.release()
                    return None
                handle = RemoteModel(endpoint, users)
            except BaseException:
                users.release()
                raise
            try:
                handle.check()
            except BaseException:
                handle.close()  # releases the users lock too
                raise
        _attached.handles[key] = handle
        return handle


def detach(handle: RemoteModel) -> None:
    """Forget ``handle`` (its server is gone); the next :func:`attach` looks again."""
    with _attached.lock:
        for key, held in list(_attached.handles.items()):
            if held is handle:
                del _attached.handles[key]
    handle.close()


def _live(files: ServerFiles) -> Endpoint | None:
    """The recorded server if it runs and answers its key, else None (a stale file goes)."""
    endpoint = files.read()
    if endpoint is None:
        return None
    # A dead pid, or one that does not answer to the key (the pid may be another process's
    # now): not the server the file names.
    if pid_alive(endpoint.pid) and answers(endpoint):
        return endpoint
    files.endpoint_path.unlink(missing_ok=True)
    return None


def server_command(
    spec: ModelSpec, options: RuntimeOptions, home: Path, idle_s: float
) -> list[str]:
    """The command line of a model server for ``spec`` in ``home``."""
    command = [sys.executable, "-m", "sentinel.llm.local.server", "--model", spec.name]
    command += ["--home", str(home), "--n-ctx", str(options.n_ctx), "--idle", f"{idle_s:g}"]
    if options.threads is not None:
        command += ["--threads", str(options.threads)]
    return command


def start(
    spec: ModelSpec,
    options: RuntimeOptions,
    files: ServerFiles,
    idle_s: float,
    waiting: Waiting | None = None,
    *,
    command: list[str] | None = None,
    timeout_s: float = START_TIMEOUT_S,
) -> Endpoint:
    """Start a server (``command``, default :func:`server_command`) and wait until it
    publishes its endpoint; the caller holds the start lock."""
    waiting = waiting or Waiting()
    command = command or server_command(spec, options, files.home, idle_s)
    files.endpoint_path.unlink(missing_ok=True)
    with files.open_log() as log:
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # the terminal's Ctrl-C is for the command, not the server
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    _children.append(process)
    try:
        return _wait_ready(process, files, spec, waiting, timeout_s)
    except BaseException:
        stop_process(process.pid)
        raise


def _wait_ready(
    process: subprocess.Popen[bytes],
    files: ServerFiles,
    spec: ModelSpec,
    waiting: Waiting,
    timeout_s: float,
) -> Endpoint:
    deadline = waiting.now() + timeout_s
    while True:
        code = process.poll()
        if code is not None:
            raise ModelServerError(
                f"local:{spec.name}",
                f"the model server did not start (exit {code}): "
                f"{files.log_tail() or 'it printed nothing'} (log: {files.log_path})",
            )
        endpoint = files.read()
        if endpoint is not None and endpoint.pid == process.pid:
            return endpoint
        if waiting.now() >= deadline:
            raise ModelServerError(
                f"local:{spec.name}",
                f"the model server was not ready after {timeout_s:g} s and was stopped "
                f"(log: {files.log_path})",
                retryable=True,
            )
        waiting.sleep(waiting.poll_s)


def stop_process(pid: int, wait_s: float = STOP_WAIT_S) -> bool:
    """SIGTERM ``pid``, SIGKILL it if it is still there after ``wait_s``; True once gone.

    A child of this process is reaped; another process is watched until it disappears.
    """
    child = next((p for p in _children if p.pid == pid), None)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            break
        if child is not None:
            try:
                child.wait(timeout=wait_s)
                break
            except subprocess.TimeoutExpired:
                continue
        deadline = time.monotonic() + wait_s
        while pid_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if not pid_alive(pid):
            break
    if child is not None:
        child.poll()
        _children.remove(child)
    return not pid_alive(pid)


def stop(files: ServerFiles) -> Endpoint | None:
    """Stop the home's server for this model (whoever started it); the endpoint it had, or
    None when none was running. Processes using it start a new one on their next call."""
    with _attached.lock:
        for key, held in list(_attached.handles.items()):
            if key[0] == str(files.endpoint_path):
                del _attached.handles[key]
                held.close()
    with files.start_lock():
        endpoint = _live(files)
        if endpoint is None:
            return None
        stop_process(endpoint.pid)
        files.remove(endpoint.pid)
        return endpoint
