"""The demo's directory: one demo at a time, and a fresh database for each.

The demo recreates ``<directory>/demo.db`` every time, so two demos sharing a directory would
delete each other's database mid-run. A demo therefore holds an exclusive lock on
``<directory>/demo.lock`` (``flock``, released by the kernel even if the process dies) from
before it removes the old database until it ends; a second demo in the same directory is
refused at once, naming the directory and how to run elsewhere.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sentinel.errors import SentinelError

DATABASE_FILE = "demo.db"
LOCK_FILE = "demo.lock"


class DemoBusy(SentinelError):
    """Another demo is running in the same directory."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        super().__init__(
            f"another demo is running in {directory}; wait for it to finish or give this one "
            "a directory of its own with --home"
        )


@contextmanager
def demo_directory(directory: Path) -> Iterator[Path]:
    """Hold ``directory`` for one demo (see the module documentation); yields the path of a
    fresh database, any previous demo database (and its journal) removed."""
    directory.mkdir(parents=True, exist_ok=True)
    fd = os.open(directory / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise DemoBusy(directory) from None
        yield fresh_database(directory)
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def fresh_database(directory: Path) -> Path:
    """``<directory>/demo.db``, with any previous demo database (and its WAL) removed."""
    path = directory / DATABASE_FILE
    for leftover in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        leftover.unlink(missing_ok=True)
    return path
