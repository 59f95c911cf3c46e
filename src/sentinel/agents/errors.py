"""Typed errors of the agent runtime.

Two families: *step errors* happen while an agent acts (the model said something unusable, or an
action failed) and are fed back to the model for a bounded number of retries; *wiring errors*
happen while an app is assembled and are raised to the developer at once.
"""

from __future__ import annotations

from typing import Any

from sentinel.errors import ConfigError, InvalidInput, ModelOutputError, SentinelError


class AgentError(SentinelError):
    """Base class of every error the agent runtime raises on purpose."""


class StepError(AgentError):
    """One agent step failed; the message is what the model is told.

    ``feedback`` says whether the failure is the model's to fix (its output or the action it
    chose) and so is shown to it on the next attempt; a provider failure is retried without
    telling the model anything, because the model never saw the request.
    """

    feedback: bool = True
    refused: bool = False


class ActionParseError(StepError, ModelOutputError):
    """The model's output holds no usable ``{"action": ..., "payload": ...}`` object."""

    def __init__(self, message: str, raw: str) -> None:
        ModelOutputError.__init__(self, message, raw)


class UnknownAction(StepError):
    """The model named an action that exists nowhere in the store."""

    def __init__(self, agent: str, action: str, known: frozenset[str]) -> None:
        self.agent = agent
        self.action = action
        super().__init__(
            f"unknown action {action!r}; the actions you can use are: {', '.join(sorted(known))}"
        )


class ForbiddenAction(StepError):
    """The model chose an action outside the agent's hard limit (``available_actions``)."""

    refused = True

    def __init__(self, agent: str, action: str, allowed: frozenset[str]) -> None:
        self.agent = agent
        self.action = action
        super().__init__(
            f"action {action!r} is forbidden for agent {agent!r} and was refused; "
            f"allowed actions: {', '.join(sorted(allowed))}"
        )


class ActionNotAvailable(StepError):
    """The action is within the agent's limit but not among its currently available ones."""

    def __init__(self, agent: str, action: str, current: frozenset[str]) -> None:
        self.agent = agent
        self.action = action
        super().__init__(
            f"action {action!r} is not available right now; "
            f"currently available: {', '.join(sorted(current)) or '(none)'}"
        )


class InvalidPayload(StepError):
    """The payload does not validate against the action's payload model."""

    def __init__(self, action: str, payload: Any, problem: str) -> None:
        self.action = action
        self.payload = payload
        super().__init__(f"invalid payload for action {action!r}: {problem}")


class ActionFailed(StepError):
    """The chosen action raised; the store left state untouched."""

    def __init__(self, action: str, cause: BaseException) -> None:
        self.action = action
        self.cause = cause
        super().__init__(f"action {action!r} failed: {type(cause).__name__}: {cause}")


class GenerationFailed(StepError):
    """The generating function raised (provider down, timeout...)."""

    feedback = False

    def __init__(self, agent: str, cause: BaseException) -> None:
        self.agent = agent
        self.cause = cause
        super().__init__(f"generation failed: {type(cause).__name__}: {cause}")


class AgentStateViolation(AgentError, InvalidInput):
    """An attempt to break an AgentState invariant (a changed hard limit, a non-subset)."""


class WiringError(AgentError, ConfigError):
    """An app cannot be assembled: unknown action, missing agent state, duplicate agent..."""


class AppTimeout(AgentError, TimeoutError):
    """``run_until_idle`` ran out of time; names the agents still acting."""

    def __init__(self, timeout: float, busy: list[str]) -> None:
        self.timeout = timeout
        self.busy = busy
        super().__init__(
            f"agents still acting after {timeout:g}s: {', '.join(busy) or '(rule dispatches)'}"
        )


class AgentCrashed(AgentError):
    """The runtime itself failed while running an agent (a bug, not a model mistake)."""

    def __init__(self, agent: str, cause: BaseException) -> None:
        self.agent = agent
        self.cause = cause
        super().__init__(f"agent {agent!r} crashed: {type(cause).__name__}: {cause}")


class PersistenceFailed(AgentError):
    """Saving the app's state snapshot failed; the app keeps running, the error is reported."""

    def __init__(self, path: str, cause: BaseException) -> None:
        self.path = path
        self.cause = cause
        super().__init__(f"saving the state snapshot to {path!r} failed: {cause}")
