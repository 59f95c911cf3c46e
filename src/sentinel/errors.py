"""Typed errors shared by every layer.

Errors carry the offending value and say what was wrong; only the CLI and API layers render
them for people.
"""

from __future__ import annotations

from typing import Any

# How much of an offending value a message shows: enough to find it, never a megabyte.
MAX_SHOWN_CHARS = 200


def shown_value(value: Any) -> str:
    """``repr(value)``, cut to ``MAX_SHOWN_CHARS`` with an ellipsis and its full length."""
    text = repr(value)
    if len(text) <= MAX_SHOWN_CHARS:
        return text
    return f"{text[:MAX_SHOWN_CHARS]}… ({len(text)} characters)"


class SentinelError(Exception):
    """Base class of every error Sentinel raises on purpose."""


class InvalidInput(SentinelError, ValueError):
    """A user-supplied value is malformed: names the field and the value."""

    def __init__(self, field: str, value: Any, problem: str) -> None:
        self.field = field
        self.value = value
        self.problem = problem
        super().__init__(f"invalid {field} {shown_value(value)}: {problem}")


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
