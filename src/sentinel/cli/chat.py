"""``sentinel chat``: talk to the assistant in the terminal, as the local user.

``sentinel chat "question"`` runs one turn and exits (exit code 1 when a stage of the turn
failed); ``sentinel chat`` alone is a conversation: each line you type is a turn, the history
goes with every turn, ``/1`` asks the previous turn's first suggestion, ``/exit`` or Ctrl-D
ends it. Without a terminal on stdin (a pipe, a file, CI) the lines are read until end of
input and no prompt is printed; ``CI=true`` with a terminal and no question is refused rather
than waiting for a person who is not there. ``--json`` prints every event as one JSON line
(``{"event": ..., "data": {...}}``) instead of the rich view.

Turns run on the local database (``SENTINEL_DATABASE_URL`` / ``SENTINEL_HOME``) with the
assistant's configured model (``SENTINEL_LLM_ASSISTANT``, else ``SENTINEL_LLM``).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Annotated, TextIO

import typer
from rich.text import Text

from sentinel.assistant.chat.deps import ChatDeps
from sentinel.assistant.chat.events import (
    MAX_ITERATIONS_CAP,
    MAX_MESSAGES,
    ChatMessage,
    ChatRequest,
)
from sentinel.assistant.chat.flow import stream_turn
from sentinel.cli import common
from sentinel.cli.chat_view import TurnView
from sentinel.cli.common import EXIT_BAD_INPUT, EXIT_FAILURE, database, run, stderr, stdout
from sentinel.errors import InvalidInput
from sentinel.llm import LanguageModel, get_model
from sentinel.owners import LOCAL_OWNER

EXIT_COMMANDS = frozenset({"/exit", "/quit", "/bye"})
PROMPT = "[bold cyan]you›[/] "


def assistant_model() -> LanguageModel:
    """The model turns run on: the assistant role's configured model."""
    return get_model("assistant")


@dataclass
class Conversation:
    """The messages so far and the options every turn of this session uses."""

    max_iterations: int = MAX_ITERATIONS_CAP
    include_reasoning: bool = True
    parallel_actions: bool = True
    messages: list[ChatMessage] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)

    def request(self, text: str) -> ChatRequest:
        """The request of a turn answering ``text`` after the history."""
        history = self.messages[-(MAX_MESSAGES - 1) :]
        return ChatRequest(
            messages=[*history, ChatMessage(role="user", content=text)],
            max_iterations=self.max_iterations,
            include_reasoning=self.include_reasoning,
            parallel_actions=self.parallel_actions,
        )

    def record(self, text: str, answer: str, suggestions: list[str]) -> None:
        """Keep the turn in the history."""
        self.messages.append(ChatMessage(role="user", content=text))
        if answer:
            self.messages.append(ChatMessage(role="assistant", content=answer))
        self.suggestions = suggestions

    def expand(self, line: str) -> str:
        """``/N`` is the previous turn's N-th suggestion; anything else is itself."""
        number = line[1:]
        if line.startswith("/") and number.isdigit():
            index = int(number) - 1
            if not 0 <= index < len(self.suggestions):
                count = len(self.suggestions)
                raise InvalidInput(
                    "suggestion", line, f"the last answer made {count} suggestion(s)"
                )
            return self.suggestions[index]
        return line


@asynccontextmanager
async def chat_deps() -> AsyncIterator[ChatDeps]:
    """The deps of this session's turns, on the local database."""
    async with database() as db:
        yield ChatDeps.open(db, model=assistant_model(), clock=common.cli_clock())


async def one_turn(deps: ChatDeps, conversation: Conversation, text: str, *, as_json: bool) -> bool:
    """Run and show one turn; True when no stage of it failed."""
    request = conversation.request(text)
    view = TurnView(stdout)
    async for event in stream_turn(request, owner=LOCAL_OWNER, deps=deps):
        if as_json:
            view.track(event)
            typer.echo(json.dumps({"event": event.event, "data": event.data}, default=str))
        else:
            view.show(event)
    conversation.record(text, view.answer, view.suggestions)
    return not view.errors


def line_reader(stream: TextIO) -> Callable[[], str | None]:
    """Reads the next line typed (None at end of input): with a prompt on a terminal."""
    if stream.isatty():

        def prompted() -> str | None:
            try:
                return stdout.input(PROMPT)
            except EOFError:
                stdout.print()
                return None

        return prompted

    def piped() -> str | None:
        line = stream.readline()
        if not line:
            return None
        return line.rstrip("\r\n")

    return piped


async def conversation_loop(
    deps: ChatDeps,
    conversation: Conversation,
    read: Callable[[], str | None],
    *,
    as_json: bool,
    echo: bool = False,
) -> None:
    """Turns until ``/exit`` or end of input; ``echo`` prints each message after ``you›``."""
    while (line := read()) is not None:
        text = line.strip()
        if not text:
            continue
        if text.lower() in EXIT_COMMANDS:
            break
        try:
            text = conversation.expand(text)
        except InvalidInput as error:
            stderr.print(f"[red]{error.value}: {error.problem}[/]")
            continue
        if echo:
            stdout.print(Text("you› ", style="bold cyan") + Text(text), soft_wrap=True)
        await one_turn(deps, conversation, text, as_json=as_json)


def chat(
    question: Annotated[
        str | None,
        typer.Argument(help="Ask this one question and exit (without it: a conversation)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print each event as a JSON line.")
    ] = False,
    no_reasoning: Annotated[
        bool, typer.Option("--no-reasoning", help="Do not show the persona and reasoning.")
    ] = False,
    max_iterations: Annotated[
        int,
        typer.Option(
            "--max-iterations", min=1, max=MAX_ITERATIONS_CAP, help="Reason-act rounds per turn."
        ),
    ] = MAX_ITERATIONS_CAP,
    sequential: Annotated[
        bool, typer.Option("--sequential", help="Run a plan's actions one after another.")
    ] = False,
) -> None:
    """Talk to the assistant: it remembers, manages tasks, monitors and research, signs each turn.

    One question: ``sentinel chat "remind me what Ana likes"``. Without one, a conversation:
    ``/1`` asks a suggestion, ``/exit`` or Ctrl-D ends it.
    """
    conversation = Conversation(
        max_iterations=max_iterations,
        include_reasoning=not no_reasoning,
        parallel_actions=not sequential,
    )
    if question is None and sys.stdin.isatty() and os.environ.get("CI", "").lower() == "true":
        stderr.print(
            "[bold red]Error:[/] CI=true and no question: give one "
            '(sentinel chat "…") or pipe the messages on stdin'
        )
        raise typer.Exit(EXIT_BAD_INPUT)
    if question is not None and not question.strip():
        stderr.print("[bold red]Error:[/] the question is empty")
        raise typer.Exit(EXIT_BAD_INPUT)

    async def main() -> bool:
        async with chat_deps() as deps:
            if question is not None:
                return await one_turn(deps, conversation, question.strip(), as_json=as_json)
            if sys.stdin.isatty() and not as_json:
                stdout.print("[dim]Chat with the assistant. /exit or Ctrl-D to leave.[/]")
            # From a pipe nobody sees the lines typed: the output shows each after "you›".
            echo = not as_json and not sys.stdin.isatty()
            read = line_reader(sys.stdin)
            await conversation_loop(deps, conversation, read, as_json=as_json, echo=echo)
            return True

    try:
        ok = run(main)
    except KeyboardInterrupt:
        stderr.print("\n[dim]interrupted[/]")
        raise typer.Exit(130) from None
    if not ok:
        raise typer.Exit(EXIT_FAILURE)
