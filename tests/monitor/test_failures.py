"""Classifying run failures into the categories the engine retries by, and the retry policy."""

from __future__ import annotations

from datetime import timedelta

import pytest

from sentinel.errors import ConfigError, InvalidInput, ProviderError
from sentinel.llm.errors import ModelRequestError, OutputParseError
from sentinel.monitor.failures import STANDALONE_RETRIES, RunFailure, classify_error
from sentinel.web.errors import FetchError, SearchAuthError, SearchProviderError


@pytest.mark.parametrize(
    ("error", "category", "retryable"),
    [
        (SearchProviderError("brave", "HTTP 429", retryable=True, status=429), "rate_limit", True),
        (ModelRequestError("openai", "HTTP 429", retryable=True, status=429), "rate_limit", True),
        (FetchError("http://a.example/", "timeout", "slow", retryable=True), "network", True),
        (FetchError("http://a.example/", "network", "reset", retryable=True), "network", True),
        (ModelRequestError("openai", "connection refused", retryable=True), "network", True),
        (ModelRequestError("openai", "HTTP 503", retryable=True, status=503), "provider", True),
        (SearchAuthError("brave", "invalid key", status=401), "provider", False),
        (FetchError("http://a.example/", "blocked", "private address"), "provider", False),
        (OutputParseError("SensorReply", "no JSON", "sure!"), "model", False),
        (InvalidInput("rules", "price <", "incomplete"), "user", False),
        (ConfigError("no governor model"), "user", False),
    ],
)
def test_expected_errors_fall_into_their_category(
    error: Exception, category: str, retryable: bool
) -> None:
    failure = classify_error(error)

    assert (failure.category, failure.retryable) == (category, retryable)
    assert failure.message == str(error)


def test_a_model_failure_keeps_the_raw_output() -> None:
    failure = classify_error(OutputParseError("GovernorReply", "no JSON", "I refuse"))

    assert failure.raw_output == "I refuse"


def test_a_server_retry_after_is_kept() -> None:
    error = SearchProviderError("brave", "slow down", retryable=True, status=429, retry_after=90)

    assert classify_error(error).retry_after_s == 90


def test_an_unexpected_exception_is_not_classified() -> None:
    with pytest.raises(TypeError, match="not an expected run failure"):
        classify_error(KeyError("bug"))


def test_a_very_long_message_is_shortened() -> None:
    failure = classify_error(ProviderError("p", "x" * 5000))

    assert len(failure.message) <= 2000


def test_retries_back_off_then_give_up() -> None:
    policy = STANDALONE_RETRIES
    network = RunFailure("network", "reset", retryable=True)

    delays = [policy(network, attempt) for attempt in range(4)]

    assert delays == [timedelta(minutes=2), timedelta(minutes=8), timedelta(minutes=32), None]


def test_rate_limits_wait_longer_and_honour_the_servers_wish() -> None:
    policy = STANDALONE_RETRIES
    limited = RunFailure("rate_limit", "429", retryable=True, retry_after_s=3600)

    assert policy(RunFailure("rate_limit", "429", retryable=True), 0) == timedelta(minutes=10)
    assert policy(limited, 0) == timedelta(hours=1)


@pytest.mark.parametrize("category", ["model", "user"])
def test_model_and_user_failures_are_not_retried_at_once(category: str) -> None:
    assert STANDALONE_RETRIES(RunFailure(category, "x", retryable=True), 0) is None  # type: ignore[arg-type]


def test_non_retryable_provider_failures_are_not_retried() -> None:
    assert STANDALONE_RETRIES(RunFailure("provider", "401", retryable=False), 0) is None
