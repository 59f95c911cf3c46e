"""Typed errors shared by every layer.

Errors carry the offending value and say what was wrong; only the CLI and API layers render
them for people.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

# How much of an offending value a message shows: enough to find it, never a megabyte.
MAX_SHOWN_CHARS = 200
# The longest problem an error carries (what is wrong, not what was sent).
MAX_PROBLEM_CHARS = 2000
# How deep and how many of a value's texts are looked for in a problem (bounded work).
_SEARCHED_DEPTH = 6
_SEARCHED_TEXTS = 200


def shown_value(value: Any) -> str:
    """``repr(value)``, cut to ``MAX_SHOWN_CHARS`` with an ellipsis and its full length."""
    text = repr(value)
    if len(text) <= MAX_SHOWN_CHARS:
        return text
    return cut_text(text)


def cut_text(text: str, limit: int = MAX_SHOWN_CHARS) -> str:
    """``text`` if it has at most ``limit`` characters, else its start, an ellipsis and its
    full length."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


def bounded_problem(problem: str, value: Any) -> str:
    """``problem`` with every long text of ``value`` it quotes (as written, or as ``repr``
    shows it) cut to ``MAX_SHOWN_CHARS``, and at most ``MAX_PROBLEM_CHARS`` long: whatever a
    validator or a library put in its message, an error echoes at most 200 characters of a
    value."""
    texts = sorted(set(_long_texts(value, 0)), key=len, reverse=True)[:_SEARCHED_TEXTS]
    for text in texts:
        for form in (text, repr(text)[1:-1]):
            if form in problem:
                problem = problem.replace(form, cut_text(form))
    return cut_text(problem, MAX_PROBLEM_CHARS)


def _long_texts(value: Any, depth: int) -> Iterator[str]:
    """The strings in ``value`` (a dict's keys too) longer than ``MAX_SHOWN_CHARS``."""
    if isinstance(value, str):
        if len(value) > MAX_SHOWN_CHARS:
            yield value
    elif depth < _SEARCHED_DEPTH and isinstance(value, dict):
        for key, item in list(value.items())[:_SEARCHED_TEXTS]:
            yield from _long_texts(key, depth + 1)
            yield from _long_texts(item, depth + 1)
    elif depth < _SEARCHED_DEPTH and isinstance(value, list | tuple | set | frozenset):
        for item in list(value)[:_SEARCHED_TEXTS]:
            yield from _long_texts(item, depth + 1)


class SentinelError(Exception):
    """Base class of every error Sentinel raises on purpose."""


class InvalidInput(SentinelError, ValueError):
    """A user-supplied value is malformed: names the field and the value. The message shows
    at most ``MAX_SHOWN_CHARS`` of any text of the value (:func:`bounded_problem`)."""

    def __init__(self, field: str, value: Any, problem: str) -> None:
        self.field = cut_text(field)
        self.value = value
        self.problem = bounded_problem(problem, value)
        super().__init__(f"invalid {self.field} {shown_value(value)}: {self.problem}")


class ConfigError(SentinelError):
    """The configuration (environment, sentinel.toml) is inconsistent or incomplete."""


class ProviderError(SentinelError):
    """A remote provider (model, search, delivery channel) failed.

    ``retryable`` tells callers whether trying again later may succeed (429, 5xx, timeouts).
    """

    def __init__(
        self, provider: str, message: str, *, retryable: bool = False, status: int | None = None
    ) -> None:
        self.provider = provider
        self.retryable = retryable
        self.status = status
        super().__init__(f"{provider}: {message}")


class ModelOutputError(SentinelError):
    """A model's output could not be turned into the requested structure; keeps the raw text."""

    def __init__(self, message: str, raw: str) -> None:
        self.raw = raw
        super().__init__(message)
