"""Command groups whose subcommands are imported only when they run.

A command module pulls in what it needs (the database layer, the web API, the model stack),
which takes seconds; ``sentinel --help`` needs none of it. A ``LazyGroup`` knows each
subcommand by a ``LazyCommand`` — its name, where it lives and its one-line help — and
imports the module only when the subcommand is resolved to run (or to print its own help).
Listing the subcommands (the group's help, shell completion) shows the registered help
without importing anything. This is click's documented "lazy loading subcommands" pattern,
built the way typer builds its own commands so options, help and errors are unchanged.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

import typer
import typer.main

# Typer (0.2x+) runs on its own copy of click, `typer._click`: its groups, commands and
# contexts are those classes, not the `click` package's.
from typer import _click as click
from typer._click.shell_completion import CompletionItem
from typer.core import TyperCommand, TyperGroup


@dataclass(frozen=True)
class LazyCommand:
    """A subcommand imported on use.

    ``target`` is ``"package.module:attribute"``: a ``typer.Typer`` (a command group) or a
    typer-annotated function (a single command). ``help`` is the text the parent group lists
    — for a group it is also the group's help, for a command it must match the first
    paragraph of the function's docstring (tests/cli/test_main_lazy.py checks it).
    """

    name: str
    target: str
    help: str

    def __post_init__(self) -> None:
        module, sep, attribute = self.target.partition(":")
        if not (sep and module and attribute.isidentifier()):
            raise ValueError(
                f"lazy command {self.name!r}: target {self.target!r} is not 'module:attribute'"
            )

    @property
    def module(self) -> str:
        """The module to import."""
        return self.target.partition(":")[0]

    @property
    def attribute(self) -> str:
        """The group or function inside the module."""
        return self.target.partition(":")[2]

    def load(self, rich_markup_mode: Any) -> click.Command:
        """Import the target and build its click command as ``add_typer``/``command`` would."""
        obj = getattr(importlib.import_module(self.module), self.attribute, None)
        holder = typer.Typer(rich_markup_mode=rich_markup_mode)
        if isinstance(obj, typer.Typer):
            holder.add_typer(obj, name=self.name, help=self.help)
        elif callable(obj):
            holder.command(self.name)(obj)
        else:
            raise TypeError(
                f"lazy command {self.name!r}: {self.target} is "
                f"{type(obj).__name__}, not a typer.Typer or a command function"
            )
        return typer.main.get_group(holder).commands[self.name]


class Placeholder(TyperCommand):
    """Stands for a lazy subcommand in listings: its name and help, nothing imported."""

    def __init__(self, entry: LazyCommand) -> None:
        super().__init__(entry.name, help=entry.help, short_help=entry.help)
        self.entry = entry

    def invoke(self, ctx: click.Context) -> Any:
        # Groups hand out placeholders only while listing; running one is a bug.
        raise RuntimeError(f"lazy command {self.name!r} was invoked before it was loaded")


class LazyGroup(TyperGroup):
    """A typer group whose ``lazy_commands`` are imported when first resolved.

    Make one with ``lazy_group(...)`` and pass it as ``typer.Typer(cls=…)``. Lazy commands
    are listed in their registry order, before any command registered on the Typer itself.
    """

    lazy_commands: ClassVar[Sequence[LazyCommand]] = ()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._listing = False
        names = [entry.name for entry in self.lazy_commands]
        if len(set(names)) != len(names):
            raise ValueError(f"{type(self).__name__}: lazy command names repeat: {names}")
        clashes = sorted(set(names) & set(self.commands))
        if clashes:
            raise ValueError(f"{type(self).__name__}: registered both lazily and not: {clashes}")
        eager = dict(self.commands)
        # Placeholders sit in `commands` so that order and "did you mean" suggestions work.
        self.commands = {entry.name: Placeholder(entry) for entry in self.lazy_commands}
        self.commands.update(eager)

    @contextmanager
    def _listing_only(self) -> Iterator[None]:
        previous, self._listing = self._listing, True
        try:
            yield
        finally:
            self._listing = previous

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = self.commands.get(cmd_name)
        if isinstance(command, Placeholder) and not self._listing:
            command = command.entry.load(self.rich_markup_mode)
            self.commands[cmd_name] = command
        return command

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with self._listing_only():
            super().format_help(ctx, formatter)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        # Completing a subcommand's name lists them; completing inside one resolves it
        # (through resolve_command), which loads it.
        with self._listing_only():
            return super().shell_complete(ctx, incomplete)

    def loaded(self) -> list[str]:
        """Names of the lazy commands imported so far."""
        return [
            entry.name
            for entry in self.lazy_commands
            if not isinstance(self.commands.get(entry.name), Placeholder)
        ]


def lazy_group(*entries: LazyCommand) -> type[LazyGroup]:
    """A ``LazyGroup`` class for ``typer.Typer(cls=…)`` with these subcommands."""
    return type("LazyGroup", (LazyGroup,), {"lazy_commands": tuple(entries)})
