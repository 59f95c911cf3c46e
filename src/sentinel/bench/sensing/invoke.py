"""How the bench types ``sentinel …`` commands: in this process, or one process a command.

The harness is given a :class:`Cli`. :class:`SubprocessCli` runs each command as a user's
shell does (``--cold``: every command loads its model again). The in-process one, which keeps
a loaded model warm across cases as a worker holds one, invokes the ``sentinel`` Typer app;
it lives with the app in ``sentinel.cli.bench_sensing``, since this layer may not import
the CLI.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

__all__ = ["COMMAND_TIMEOUT_S", "Cli", "Environment", "Invocation", "SubprocessCli"]

Environment = Mapping[str, str | None]
"""Variables to set for a command; None removes one."""

COMMAND_TIMEOUT_S = 1800.0
"""A command that runs longer has hung (a run on the embedded model takes about a minute)."""

_ENTRY = "from sentinel.cli.main import run; run()"


@dataclass(frozen=True)
class Invocation:
    """A finished command: what it printed, its exit code, how long it took."""

    args: tuple[str, ...]
    exit_code: int
    stdout: str
    stderr: str
    seconds: float

    @property
    def failed(self) -> str | None:
        """Why the command failed (its last lines of error output), None when it succeeded."""
        if self.exit_code == 0:
            return None
        lines = (self.stderr or self.stdout).strip().splitlines()
        return " ".join(lines[-3:]) or f"exit code {self.exit_code}"


class Cli(Protocol):
    """Runs ``sentinel ARGS…`` with ``env`` added to this process's environment."""

    name: str
    """``in-process`` or ``subprocess``: how commands ran (reported with the results)."""

    def __call__(self, args: Sequence[str], env: Environment) -> Invocation:
        """Run one command to its end."""
        ...


class SubprocessCli:
    """Each command in a new Python process, through the ``sentinel`` entry point."""

    name = "subprocess"

    def __init__(self, timeout_s: float = COMMAND_TIMEOUT_S) -> None:
        self.timeout_s = timeout_s

    def __call__(self, args: Sequence[str], env: Environment) -> Invocation:
        """Run ``sentinel ARGS…`` in a child process."""
        merged = dict(os.environ)
        for name, value in env.items():
            if value is None:
                merged.pop(name, None)
            else:
                merged[name] = value
        started = time.perf_counter()
        try:
            done = subprocess.run(
                [sys.executable, "-c", _ENTRY, *args],
                capture_output=True,
                text=True,
                env=merged,
                timeout=self.timeout_s,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return Invocation(
                tuple(args), -1, "", f"timed out after {self.timeout_s:g} s", self.timeout_s
            )
        return Invocation(
            tuple(args), done.returncode, done.stdout, done.stderr, time.perf_counter() - started
        )
