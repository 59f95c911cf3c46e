"""Naming an option the way its user gave it, for error messages.

An option with an ``envvar`` may come from the command line or from the environment; an error
about its value names whichever the user actually set (``--model`` or
``SENTINEL_RESEARCH_MODEL``), so the message points at the thing to change.
"""

from __future__ import annotations

import typer


def given_as(ctx: typer.Context, parameter: str, option: str, envvar: str | None = None) -> str:
    """``envvar`` when the value of ``parameter`` came from the environment, else ``option``."""
    source = ctx.get_parameter_source(parameter)
    if envvar is not None and source is not None and source.name == "ENVIRONMENT":
        return envvar
    return option
