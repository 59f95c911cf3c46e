"""Run the chosen cases one after the other against one loopback server."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from sentinel.bench.sensing.corpus import CaseFiles
from sentinel.bench.sensing.harness import CaseResult, run_case
from sentinel.bench.sensing.invoke import Cli
from sentinel.bench.sensing.server import PageServer

__all__ = ["run_cases"]

Progress = Callable[[CaseResult], None]


def run_cases(
    cases: Sequence[CaseFiles],
    cli: Cli,
    *,
    model: str,
    threads: int | None = None,
    progress: Progress | None = None,
    scratch: Path | None = None,
) -> list[CaseResult]:
    """Each case in turn (a local model serves one request at a time), each in its own home
    under ``scratch`` (default: a temporary folder removed afterwards)."""
    with tempfile.TemporaryDirectory(prefix="sentinel-sensing-") as temporary, PageServer() as site:
        root = scratch if scratch is not None else Path(temporary)
        results = []
        for files in cases:
            result = run_case(files, cli, site, model=model, scratch=root, threads=threads)
            results.append(result)
            if progress is not None:
                progress(result)
        return results
