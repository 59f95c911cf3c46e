"""``sra run "question"``: the Sentinel Research Agent's own entry point (the seed's CLI).

The same command as ``sentinel research``, under the name the seed gave it.
"""

from __future__ import annotations

import typer

from sentinel.cli.research import research

app = typer.Typer(
    name="sra",
    help="Sentinel Research Agent: a question in, a validated, cited JSON report out.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


@app.callback()
def main() -> None:
    """Sentinel Research Agent."""


app.command("run")(research)


def run() -> None:
    """Console-script entry point (``sra``)."""
    app()
