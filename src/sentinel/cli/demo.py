"""``sentinel demo``: the main job on the embedded defaults.

For now this runs the agent-runtime demonstration (two agents handing work to each other
through the store); it grows into the offline monitoring demonstration.
"""

from __future__ import annotations

import runpy
from pathlib import Path

import typer

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "translator_handoff.py"


def run_demo() -> None:
    """Run the runtime demonstration from the repository's examples."""
    if not EXAMPLE.exists():
        typer.echo(f"demo program not found at {EXAMPLE} (run from a source checkout)", err=True)
        raise typer.Exit(1)
    runpy.run_path(str(EXAMPLE), run_name="__main__")
