"""``sentinel bench …``: each benchmark module under sentinel.bench exposes ``command``."""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(no_args_is_help=True)

# (subcommand, module exposing `command`: a typer-annotated function)
BENCHES: list[tuple[str, str]] = [
    ("store", "sentinel.bench.store"),
    ("llm", "sentinel.bench.llm"),
    ("research", "sentinel.bench.research"),
    ("monitor", "sentinel.bench.monitor"),
]

for _name, _module in BENCHES:
    try:
        _mod = importlib.import_module(_module)
    except ModuleNotFoundError as exc:
        if exc.name != _module:
            raise
        continue
    app.command(_name)(_mod.command)
