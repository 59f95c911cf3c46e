"""Where a home's model server is found: its endpoint file, its locks and its log.

One model server per (home, model) serves every command of that home (see
``sentinel.llm.local.server``). Its files live in ``<home>/run/`` (mode 0700):

- ``llm-<model>.json`` (0600): the endpoint (pid, loopback URL, the bearer key, the options it
  loaded with), written atomically once the model answers; a reader that finds a dead pid
  treats it as absent.
- ``llm-<model>.lock``: held exclusively by whoever checks for a server and starts one, so two
  commands never start two servers.
- ``llm-<model>.users``: held *shared* by every process using the server. The server leaves
  when idle only if it can take it exclusively, so it never exits under a process still
  holding its endpoint, however long that process waits between requests.
- ``llm-<model>.log`` (0600): what the server printed, shown when it fails to start.

The key in the endpoint file is the only credential: the endpoint listens on 127.0.0.1 alone,
and only the home's owner can read the file.
"""

from __future__ import annotations

import fcntl
import json
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Self

RUN_DIR_MODE = 0o700
FILE_MODE = 0o600


@dataclass(frozen=True, slots=True)
class Endpoint:
    """A running model server, as its endpoint file records it."""

    pid: int
    url: str
    """The loopback base URL (``http://127.0.0.1:PORT``), without ``/v1``."""
    api_key: str
    model: str
    n_ctx: int
    threads: int
    """The threads it loaded with (resolved: never None)."""
    n_parallel: int
    idle_s: float
    started_at: float
    """Wall-clock seconds since the epoch."""

    def to_json(self) -> str:
        """The file's content."""
        return json.dumps(asdict(self), indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Endpoint | None:
        """The endpoint in ``text``; None when it is not a complete record (a torn or foreign
        file is treated as no server)."""
        try:
            raw = json.loads(text)
            return cls(
                pid=int(raw["pid"]),
                url=str(raw["url"]),
                api_key=str(raw["api_key"]),
                model=str(raw["model"]),
                n_ctx=int(raw["n_ctx"]),
                threads=int(raw["threads"]),
                n_parallel=int(raw["n_parallel"]),
                idle_s=float(raw["idle_s"]),
                started_at=float(raw["started_at"]),
            )
        except (ValueError, TypeError, KeyError):
            return None


class FileLock:
    """An ``flock`` on a file, released on close or when the process dies."""

    def __init__(self, path: Path, *, shared: bool = False, blocking: bool = True) -> None:
        self.path = path
        self._shared = shared
        self._blocking = blocking
        self._file: IO[bytes] | None = None

    def acquire(self) -> bool:
        """Take the lock; False when ``blocking=False`` and someone else holds it."""
        handle = _open_private(self.path, os.O_RDWR | os.O_CREAT)
        mode = fcntl.LOCK_SH if self._shared else fcntl.LOCK_EX
        try:
            fcntl.flock(handle.fileno(), mode | (0 if self._blocking else fcntl.LOCK_NB))
        except BlockingIOError:
            handle.close()
            return False
        self._file = handle
        return True

    @property
    def held(self) -> bool:
        """Whether this object holds the lock now."""
        return self._file is not None

    def release(self) -> None:
        """Let go (closing the file releases the flock)."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> Self:
        self.acquire()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()


@dataclass(frozen=True, slots=True)
class ServerFiles:
    """The files of one model's server in one home."""

    home: Path
    model: str

    @property
    def run_dir(self) -> Path:
        """``<home>/run``, created private (0700) on first use."""
        return self.home / "run"

    @property
    def endpoint_path(self) -> Path:
        """The endpoint file."""
        return self.run_dir / f"llm-{self.model}.json"

    @property
    def log_path(self) -> Path:
        """The server's output."""
        return self.run_dir / f"llm-{self.model}.log"

    def ensure_run_dir(self) -> Path:
        """Create ``run/`` private; refuse one that others can read (a shared home)."""
        self.run_dir.mkdir(mode=RUN_DIR_MODE, parents=True, exist_ok=True)
        os.chmod(self.run_dir, RUN_DIR_MODE)
        return self.run_dir

    def start_lock(self) -> FileLock:
        """Exclusive: held while checking for a server and starting one."""
        self.ensure_run_dir()
        return FileLock(self.run_dir / f"llm-{self.model}.lock")

    def users_lock(self, *, shared: bool, blocking: bool = True) -> FileLock:
        """Shared by each process using the server; exclusive for the server to leave."""
        self.ensure_run_dir()
        return FileLock(self.run_dir / f"llm-{self.model}.users", shared=shared, blocking=blocking)

    def read(self) -> Endpoint | None:
        """The recorded endpoint, whether or not its process still runs."""
        try:
            return Endpoint.from_json(self.endpoint_path.read_text(encoding="utf-8"))
        except OSError:
            return None

    def read_live(self) -> Endpoint | None:
        """The recorded endpoint if its process is alive, else None."""
        endpoint = self.read()
        return endpoint if endpoint is not None and pid_alive(endpoint.pid) else None

    def write(self, endpoint: Endpoint) -> None:
        """Publish ``endpoint`` atomically (0600: it holds the key)."""
        self.ensure_run_dir()
        fd, tmp = tempfile.mkstemp(dir=self.run_dir, prefix=".llm-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(endpoint.to_json())
            os.chmod(tmp, FILE_MODE)
            os.replace(tmp, self.endpoint_path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def remove(self, pid: int) -> None:
        """Remove the endpoint file if it is still ``pid``'s (a newer server's stays)."""
        endpoint = self.read()
        if endpoint is not None and endpoint.pid == pid:
            self.endpoint_path.unlink(missing_ok=True)

    def open_log(self) -> IO[bytes]:
        """The log, emptied, for a server about to start (0600)."""
        self.ensure_run_dir()
        return _open_private(self.log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)

    def log_tail(self, lines: int = 5) -> str:
        """The last lines the server printed (what a start failure shows)."""
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.strip().splitlines()[-lines:])


def pid_alive(pid: int) -> bool:
    """Whether a process ``pid`` runs (a zombie, exited but not yet reaped, does not)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: it exists (and is not our server)
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:  # no /proc here: kill(0) is all we know
        return True
    # The state follows the command name, which is in parentheses and may hold spaces.
    return stat.rpartition(")")[2].split()[:1] != ["Z"]


def _open_private(path: Path, flags: int) -> IO[bytes]:
    fd = os.open(path, flags, FILE_MODE)
    return os.fdopen(fd, "r+b" if flags & os.O_RDWR else "wb")
