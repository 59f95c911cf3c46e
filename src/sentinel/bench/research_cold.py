"""A research question as a user meets it: ``sentinel research`` as a new process.

The in-process benchmark loads the model once and keeps llama.cpp's prompt cache between
questions; a person typing ``sentinel research "…"`` pays for starting Python, importing
Sentinel, loading the weights and evaluating every prompt from scratch. :func:`cold_seconds`
runs the real CLI for one case and times it, wall clock, from start to exit.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from sentinel.bench.research_cases import Case

COLD_TIMEOUT_S = 1800.0


def sentinel_command() -> list[str]:
    """The ``sentinel`` console script of this interpreter's environment."""
    beside = Path(sys.executable).with_name("sentinel")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("sentinel")
    return [found] if found else [sys.executable, "-m", "sentinel.cli.main"]


def cold_seconds(case: Case, model: str, max_iters: int, world: str | None = None) -> float | None:
    """Seconds of ``sentinel research QUESTION --world …`` in a new process (None when it
    failed). ``world``: a scenario file for a user's case (default: the bundled id)."""
    command = [
        *sentinel_command(),
        "research",
        case.question,
        "--world",
        world or case.scenario,
        "--model",
        model,
        "--max-iters",
        str(max_iters),
        "--quiet",
    ]
    started = time.perf_counter()
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            timeout=COLD_TIMEOUT_S,
            check=False,
            env=dict(os.environ),
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    elapsed = time.perf_counter() - started
    return elapsed if done.returncode == 0 else None
