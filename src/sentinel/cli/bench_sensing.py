"""``sentinel bench sensing``: the sensing benchmark (``sentinel.bench.sensing``), with the
commands of each case typed into this very CLI.

The benchmark lives in ``sentinel.bench.sensing``; this module holds its options and the
in-process way of running ``sentinel`` commands, which needs the Typer app (the bench layer
may not import the CLI). In process, a loaded local model stays warm from case to case, as a
worker keeps one; ``--cold`` runs every command as its own process instead.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from sentinel.bench.sensing import CASES, CaseResult, Invocation, SubprocessCli, load_cases
from sentinel.bench.sensing.invoke import Cli, Environment
from sentinel.bench.sensing.results import document, load_average, print_results, write
from sentinel.bench.sensing.runner import run_cases
from sentinel.config import get_settings
from sentinel.errors import InvalidInput

DEFAULT_MODEL = "local:qwen2.5-coder-0.5b"


class InProcessCli:
    """Runs ``sentinel ARGS…`` by invoking the Typer app in this process."""

    name = "in-process"

    def __call__(self, args: Sequence[str], env: Environment) -> Invocation:
        """Run one command with ``env`` set for its duration."""
        from typer.testing import CliRunner

        from sentinel.cli.main import app

        # SENTINEL_HOME is read once a process; each case has its own.
        get_settings.cache_clear()
        started = time.perf_counter()
        try:
            result = CliRunner().invoke(app, list(args), env=dict(env))
        finally:
            get_settings.cache_clear()
        seconds = time.perf_counter() - started
        stderr = result.stderr
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            stderr += "".join(traceback.format_exception(result.exception))
        return Invocation(tuple(args), result.exit_code, result.stdout, stderr, seconds)


def command(
    model: Annotated[
        str,
        typer.Option(
            "--model",
            help="The model of every role: local:NAME, openai:MODEL (with SENTINEL_LLM_BASE_URL "
            "and SENTINEL_LLM_API_KEY) or scripted.",
        ),
    ] = DEFAULT_MODEL,
    split: Annotated[str, typer.Option("--split", help="dev, test or all.")] = "all",
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help="Run the first N cases (by id).")
    ] = None,
    case: Annotated[
        list[str] | None, typer.Option("--case", help="Run this case only (repeatable).")
    ] = None,
    cases_dir: Annotated[
        Path | None,
        typer.Option("--cases", help="Your own corpus: a folder of case folders."),
    ] = None,
    threads: Annotated[
        int, typer.Option("--threads", min=1, help="llama.cpp threads for a local model.")
    ] = 2,
    cold: Annotated[
        bool, typer.Option("--cold", help="Run every command as its own process.")
    ] = False,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Also write the results to this JSON file.")
    ] = None,
) -> None:
    """A monitor reading real-shaped pages end to end: watch add, a run on BEFORE, a run on
    AFTER, on 127.0.0.1; right decisions, false alerts, misses, model calls, tokens, seconds.
    """
    console = Console()
    if split not in ("dev", "test", "all"):
        raise typer.BadParameter("is not dev, test or all", param_hint="--split")
    try:
        chosen = load_cases(split, cases_dir or CASES)
    except InvalidInput as error:
        raise typer.BadParameter(f"{error.field}: {error.problem}", param_hint="--cases") from None
    if case:
        unknown = sorted(set(case) - {files.case.id for files in chosen})
        if unknown:
            raise typer.BadParameter(
                f"no case {', '.join(unknown)} in split {split}", param_hint="--case"
            )
        chosen = [files for files in chosen if files.case.id in case]
    chosen = chosen[:limit]
    cli: Cli = SubprocessCli() if cold else InProcessCli()
    local = model.startswith("local")

    def progress(result: CaseResult) -> None:
        verdicts = " ".join(
            f"{run.phase}={'notify' if run.notified else '-'}{'' if run.correct else '(wrong)'}"
            for run in result.runs
        )
        seconds = sum(run.seconds or 0.0 for run in result.runs)
        console.print(f"{result.id}: {verdicts} in {seconds:.1f}s", style="dim", markup=False)

    load_before = load_average()
    started = time.perf_counter()
    results = run_cases(
        chosen, cli, model=model, threads=threads if local else None, progress=progress
    )
    print_results(results, model, console)
    if json_file is not None:
        write(
            json_file,
            document(
                results,
                model=model,
                split=split,
                cli=cli.name,
                threads=threads if local else None,
                limit=limit,
                chosen=case or [],
                load_before=load_before,
                wall_s=time.perf_counter() - started,
            ),
        )
