"""``sentinel demo``: the main job, offline — monitors on a simulated web, end to end.

Creates monitors for a few bundled scenarios on the embedded local model, runs the real engine
on a virtual clock through each scenario, prints every notification as it is delivered and
ends with a summary table (see :mod:`sentinel.demo`). ``--scripted`` replaces the model with a
deterministic script (everything else stays real); the test suite runs the demo that way.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from sentinel.cli.common import reported_errors
from sentinel.demo import CAST, DEFAULT_SCENARIOS, ConsoleDisplay, ShowcaseSettings, run_showcase
from sentinel.demo.summary import report_document
from sentinel.llm.local import DEFAULT_LOCAL_MODEL

PIPED_WIDTH = 120
"""Width when output is not a terminal (a log, a test): rich would otherwise wrap at 80."""


def _console(*, stderr: bool) -> Console:
    console = Console(stderr=stderr)
    return console if console.is_terminal else Console(stderr=stderr, width=PIPED_WIDTH)


def run_demo(
    scenarios: Annotated[
        list[str] | None,
        typer.Option(
            "--scenario",
            "-s",
            help=(
                f"A scenario to play, repeatable: {', '.join(m.scenario_id for m in CAST)} "
                f"(default: {', '.join(DEFAULT_SCENARIOS)})."
            ),
        ),
    ] = None,
    model: Annotated[
        str, typer.Option(help="The embedded local model (see `sentinel models list`).")
    ] = DEFAULT_LOCAL_MODEL,
    scripted: Annotated[
        bool, typer.Option("--scripted", help="A deterministic scripted model instead (fast).")
    ] = False,
    home: Annotated[
        Path | None,
        typer.Option(
            help="The demo's directory (default: <SENTINEL_HOME>/demo); demo.db is recreated."
        ),
    ] = None,
    report: Annotated[
        Path | None,
        typer.Option(
            help="Also write what the demo did as JSON to this file: wall time, model calls "
            "and time, and per monitor how it scored (what `sentinel bench demo` keeps)."
        ),
    ] = None,
) -> None:
    """Run the main job: monitors on a simulated web, offline, on the embedded model."""
    with reported_errors():
        settings = ShowcaseSettings(
            scenarios=tuple(scenarios) if scenarios else DEFAULT_SCENARIOS,
            model=model,
            scripted=scripted,
            home=home,
        )
        display = ConsoleDisplay(_console(stderr=False), _console(stderr=True))
        done = asyncio.run(run_showcase(settings, display))
    if report is not None:
        document = report_document(
            done.summaries,
            wall_s=done.wall_s,
            load_s=done.plan.model.load_s,
            model="scripted" if scripted else f"local:{model}",
        )
        report.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
