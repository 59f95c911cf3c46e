"""Why a monitor run failed, in the categories the engine retries by.

A run never raises for an expected failure: the error is classified here and recorded with the
run. The engine (or whoever calls :func:`sentinel.monitor.run.execute_run`) decides what to do
from the category alone:

- ``rate_limit``: a provider asked us to slow down (HTTP 429); retry later, not soon;
- ``network``: a connection failed or timed out; retry soon;
- ``provider``: a provider answered with an error (5xx, a malformed reply, refused
  credentials); retry when ``retryable``, otherwise a person must look;
- ``model``: the model's output could not be used even after the repair round; the raw output
  is kept; retrying at once rarely helps, the next scheduled run tries again;
- ``user``: the monitor's own definition is at fault (a rule that does not parse, a governor
  without a model); nothing improves until someone edits it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from types import MappingProxyType
from typing import Literal, Protocol

from sentinel.errors import ConfigError, InvalidInput, ModelOutputError, ProviderError
from sentinel.llm.errors import ModelRequestsForbidden
from sentinel.pacing import CategoryBudget, CategoryRetryPolicy, FailureRetries

ErrorCategory = Literal["rate_limit", "network", "model", "provider", "user"]

EXPECTED_ERRORS: tuple[type[BaseException], ...] = (
    ProviderError,
    ModelOutputError,
    InvalidInput,
    ConfigError,
    ModelRequestsForbidden,
)
"""The exceptions a run records as a failure instead of raising."""

# How a fetch failure's category maps onto ours: anything not listed is the provider's doing.
_NETWORK_FETCHES = frozenset({"network", "timeout"})
MAX_MESSAGE_CHARS = 2000


@dataclass(frozen=True)
class RunFailure:
    """A classified failure: its category, whether trying again may help, what happened, and
    the raw model output when a model's answer was the problem."""

    category: ErrorCategory
    message: str
    retryable: bool
    raw_output: str | None = None
    retry_after_s: float | None = None

    def describe(self) -> str:
        """``category: message`` for logs and traces."""
        return f"{self.category}: {self.message}"


def classify_error(error: BaseException) -> RunFailure:
    """The :class:`RunFailure` for an expected error (see :data:`EXPECTED_ERRORS`).

    Raises ``TypeError`` for anything else: an unexpected exception is a bug to surface, not a
    failure to file under some category.
    """
    message = _shorten(str(error) or type(error).__name__)
    if isinstance(error, ModelOutputError):
        return RunFailure("model", message, retryable=False, raw_output=error.raw)
    if isinstance(error, ProviderError):
        retry_after = getattr(error, "retry_after", None)
        wait = float(retry_after) if isinstance(retry_after, int | float) else None
        if error.status == 429:
            return RunFailure("rate_limit", message, retryable=True, retry_after_s=wait)
        fetch_category = getattr(error, "category", None)
        if fetch_category in _NETWORK_FETCHES or (error.retryable and error.status is None):
            return RunFailure("network", message, retryable=True, retry_after_s=wait)
        return RunFailure("provider", message, retryable=error.retryable, retry_after_s=wait)
    if isinstance(error, InvalidInput | ConfigError | ModelRequestsForbidden):
        return RunFailure("user", message, retryable=False)
    raise TypeError(f"not an expected run failure: {type(error).__name__}: {error}") from error


class RunRetries(Protocol):
    """When to try a failed run again: the delay before the next attempt, or None to give up
    on this occurrence (the monitor then keeps its regular schedule).

    ``attempt`` is the number of the attempt that failed: 0 for a first try, 1 for the first
    retry, and so on.
    """

    def __call__(self, failure: RunFailure, attempt: int) -> timedelta | None:
        """The delay before retrying, or None."""
        ...


# The monitor's own retry budgets, for runs no engine supplies a policy to: a retryable
# failure is retried 3 times, waiting 2 min × 4**k (a rate limit 10 min × 4**k); a model or
# user failure never right away (the model was already given a repair round, and a definition
# error needs a person). Capped at the fourth window, which three retries never reach.
_STANDALONE_FACTOR = 4.0
_STANDALONE_RETRIES = 3
_STANDALONE_ANY = CategoryBudget(
    retries=_STANDALONE_RETRIES,
    base_s=120.0,
    max_s=120.0 * _STANDALONE_FACTOR**_STANDALONE_RETRIES,
    multiplier=_STANDALONE_FACTOR,
)
STANDALONE_BUDGETS: Mapping[str, CategoryBudget] = MappingProxyType(
    {
        "rate_limit": CategoryBudget(
            retries=_STANDALONE_RETRIES,
            base_s=600.0,
            max_s=600.0 * _STANDALONE_FACTOR**_STANDALONE_RETRIES,
            multiplier=_STANDALONE_FACTOR,
        ),
        "network": _STANDALONE_ANY,
        "provider": _STANDALONE_ANY,
        "model": CategoryBudget(retries=0),
        "user": CategoryBudget(retries=0),
    }
)

STANDALONE_POLICY = CategoryRetryPolicy(
    STANDALONE_BUDGETS,
    unknown=_STANDALONE_ANY,
    # No jitter: the engine's RunnerRetries jitters when it runs the monitor.
    jitter=0.0,
    # A failure its provider calls permanent is never retried; a server's Retry-After wins
    # when longer, however long (the engine's policy clamps it, this one does not).
    retry_permanent=frozenset(),
    cap_retry_after=False,
)
"""The policy a run follows when no engine supplies one (see :data:`STANDALONE_BUDGETS`)."""

STANDALONE_RETRIES: RunRetries = FailureRetries(STANDALONE_POLICY)
""":data:`STANDALONE_POLICY` in the shape a run asks for: the default of
``RunServices.retry_policy``."""


def _shorten(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE_CHARS else text[: MAX_MESSAGE_CHARS - 1] + "…"
