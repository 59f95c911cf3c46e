"""How ``sentinel chat`` shows a turn: its events rendered as they stream, with rich.

Status lines and reasoning are dim; the persona with its confidence, each action taken with
its result, then the answer as it streams, the suggestions (numbered: ``/1`` asks the first)
and the receipt's seq and hash. Model text is printed as text, never as rich markup.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from sentinel.assistant.chat.events import ChatEvent

MAX_SHOWN_CHARS = 240
LISTED = 3
NAME_KEYS = ("title", "text", "name", "question", "query")
HASH_SHOWN = 16


def short(value: Any, limit: int = MAX_SHOWN_CHARS) -> str:
    """``value`` as one line (strings as they are, the rest as JSON), cut to ``limit``."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def label(record: Any) -> str:
    """A record for people: ``#id “title”`` (or its text, name, question), else short JSON."""
    if not isinstance(record, dict):
        return short(record, 80)
    nested = record.get("memory") or record.get("task")
    if isinstance(nested, dict):
        return label(nested)
    name = next((record[k] for k in NAME_KEYS if record.get(k) is not None), None)
    ident = f"#{record['id']} " if record.get("id") is not None else ""
    return f"{ident}“{short(name, 80)}”" if name is not None else ident + short(record, 80)


def summarize(result: Any) -> str:
    """An action's result in one line: each field, lists counted with their first items."""
    if not isinstance(result, dict):
        return short(result)
    parts = []
    for key, value in result.items():
        if isinstance(value, list):
            more = ", …" if len(value) > LISTED else ""
            listed = ", ".join(label(v) for v in value[:LISTED])
            parts.append(f"{len(value)} {key}: {listed}{more}" if value else f"no {key}")
        elif isinstance(value, dict):
            parts.append(f"{key} {label(value)}")
        elif value not in (None, ""):
            parts.append(f"{key}: {short(value, 80)}")
    return " · ".join(parts)


def action_line(action: dict[str, Any]) -> Text:
    """One action taken: ``✓ NAME {parameters} → result`` (``✗ … → error`` when it failed)."""
    name = str(action.get("action") or action.get("name") or "?")
    error = action.get("error")
    ok = bool(action.get("ok", error is None))
    line = Text("  ")
    line.append("✓ " if ok else "✗ ", style="green" if ok else "red")
    line.append(name, style="bold")
    parameters = action.get("parameters")
    if parameters:
        line.append(" " + short(parameters, 120), style="dim")
    outcome = summarize(action.get("result")) if ok else str(error)
    if outcome:
        line.append(" → ")
        line.append(outcome, style=None if ok else "red")
    return line


@dataclass
class TurnView:
    """Renders one turn's events on ``console``; ``answer`` and ``suggestions`` are what the
    turn said (kept for the conversation history and ``/1``-style follow-ups)."""

    console: Console
    answer: str = ""
    suggestions: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    _answering: bool = False
    _held: str = ""
    _persona: tuple[Any, Any] | None = None

    def track(self, event: ChatEvent) -> None:
        """Keep what the turn said: the answer, the suggestions, the failed stages."""
        data = event.data
        if event.event == "content":
            self.answer += str(data.get("content", ""))
        elif event.event == "suggestions":
            self.suggestions = [str(s) for s in data.get("suggestions") or []]
        elif event.event == "error":
            self.errors.append(f"{data.get('stage', '?')}: {data.get('error', '')}")

    def show(self, event: ChatEvent) -> None:
        """Keep and render one event."""
        self.track(event)
        data = event.data
        if event.event != "content":
            self._end_answer()
        if event.event == "status":
            status = Text("· " + str(data.get("status", "")), style="dim")
            self.console.print(status, soft_wrap=True)
        elif event.event == "reasoning":
            self._reasoning(data)
        elif event.event == "content":
            self._content(str(data.get("content", "")))
        elif event.event == "suggestions":
            self._suggestions(self.suggestions)
        elif event.event == "receipt":
            digest = str(data.get("hash", ""))[:HASH_SHOWN]
            self.console.print(
                Text(f"receipt #{data.get('seq')} sha256 {digest}…", style="dim cyan")
            )
        elif event.event == "error":
            self.console.print(Text("error " + self.errors[-1], style="bold red"), soft_wrap=True)
        elif event.event == "done":
            seconds = int(data.get("duration_ms") or 0) / 1000
            iterations = data.get("iterations")
            self.console.print(
                Text(f"done in {seconds:.1f} s, {iterations} iteration(s)", style="dim")
            )

    def _reasoning(self, data: dict[str, Any]) -> None:
        persona = data.get("persona")
        if persona and (persona, data.get("confidence")) != self._persona:
            self._persona = (persona, data.get("confidence"))
            line = Text("persona ", style="dim")
            line.append(str(persona), style="bold magenta")
            confidence = data.get("confidence")
            if isinstance(confidence, int | float):
                line.append(f" ({confidence:.0%} confident)", style="magenta")
            self.console.print(line)
        reasoning = str(data.get("reasoning") or "").strip()
        if reasoning:
            iteration = data.get("iteration")
            label = f"thinking [{iteration}]: " if iteration else "why: "
            self.console.print(Text(label + reasoning, style="dim italic"), soft_wrap=True)
        actions = data.get("actions") or []
        if actions:
            self.console.print(Text("actions:", style="dim"))
            for action in actions:
                if isinstance(action, dict):
                    self.console.print(action_line(action), soft_wrap=True)

    def _content(self, delta: str) -> None:
        # Line breaks that end a piece of the answer are held back: a status line may come
        # next (what was done is said before the model writes), and blank lines before it
        # would say nothing.
        text = self._held + delta
        body = text.rstrip("\n")
        self._held = text[len(body) :]
        if not body:
            return
        if not self._answering:
            self._answering = True
            self.console.print(Text("assistant› ", style="bold green"), end="")
        self.console.print(Text(body), end="", soft_wrap=True)

    def _end_answer(self) -> None:
        self._held = ""
        if self._answering:
            self._answering = False
            self.console.print()

    def _suggestions(self, suggestions: list[str]) -> None:
        if not suggestions:
            return
        self.console.print(Text("suggestions:", style="dim"))
        for number, suggestion in enumerate(suggestions, 1):
            self.console.print(f"  [bold]/{number}[/] {escape(suggestion)}", soft_wrap=True)
