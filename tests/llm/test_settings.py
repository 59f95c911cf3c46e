"""SENTINEL_LLM* configuration, per-role overrides and the errors that name the variable."""

from __future__ import annotations

import os

import pytest

from sentinel.errors import ConfigError, InvalidInput
from sentinel.llm import LLMConfigError
from sentinel.llm.settings import load_settings


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith("SENTINEL_LLM"):
            monkeypatch.delenv(name)


def test_default_is_the_embedded_qwen_model() -> None:
    choice = load_settings().choice()

    assert (choice.kind, choice.model) == ("local", "qwen2.5-coder-0.5b")


def test_an_openai_compatible_endpoint_is_configured_by_four_variables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SENTINEL_LLM", "openai")
    monkeypatch.setenv("SENTINEL_LLM_BASE_URL", "http://127.0.0.1:8080/v1")
    monkeypatch.setenv("SENTINEL_LLM_API_KEY", "sk-secret")
    monkeypatch.setenv("SENTINEL_LLM_MODEL", "qwen-72b")

    settings = load_settings()
    choice = settings.choice("planner")

    assert choice.kind == "openai"
    assert choice.model == "qwen-72b"
    assert choice.base_url == "http://127.0.0.1:8080/v1"
    assert choice.api_key == "sk-secret"
    assert "sk-secret" not in repr(settings)


def test_a_role_can_use_another_provider_and_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_LLM", "openai:gpt-4o-mini")
    monkeypatch.setenv("SENTINEL_LLM_GOVERNOR", "local:smollm2-135m")

    settings = load_settings()

    assert (settings.choice("governor").kind, settings.choice("governor").model) == (
        "local",
        "smollm2-135m",
    )
    assert settings.choice("sensor").model == "gpt-4o-mini"


def test_a_role_model_variable_overrides_only_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_LLM", "openai:gpt-4o-mini")
    monkeypatch.setenv("SENTINEL_LLM_BASE_URL", "http://127.0.0.1:1/v1")
    monkeypatch.setenv("SENTINEL_LLM_REPORTER_MODEL", "gpt-4o")
    monkeypatch.setenv("SENTINEL_LLM_REPORTER_BASE_URL", "http://127.0.0.1:2/v1")

    choice = load_settings().choice("reporter")

    assert (choice.kind, choice.model, choice.base_url) == (
        "openai",
        "gpt-4o",
        "http://127.0.0.1:2/v1",
    )


def test_local_model_may_be_chosen_by_the_model_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_LLM", "local")
    monkeypatch.setenv("SENTINEL_LLM_MODEL", "smollm2-135m")

    assert load_settings().choice().model == "smollm2-135m"


def test_an_unknown_provider_names_the_role_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_LLM_ANALYZER", "anthropic:claude")

    with pytest.raises(LLMConfigError, match="SENTINEL_LLM_ANALYZER='anthropic:claude'") as caught:
        load_settings().choice("analyzer")

    assert isinstance(caught.value, ConfigError)
    assert caught.value.variable == "SENTINEL_LLM_ANALYZER"


def test_an_unknown_local_model_lists_the_known_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_LLM", "local:llama-70b")

    with pytest.raises(LLMConfigError, match=r"SENTINEL_LLM='llama-70b'.*smollm2-135m"):
        load_settings().choice()


def test_openai_without_a_model_names_the_missing_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_LLM", "openai")

    with pytest.raises(LLMConfigError, match="SENTINEL_LLM_MODEL"):
        load_settings().choice()


def test_an_invalid_number_names_its_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_LLM_TIMEOUT", "-5")

    with pytest.raises(LLMConfigError, match="SENTINEL_LLM_TIMEOUT") as caught:
        load_settings()

    assert caught.value.value == "-5"


def test_an_unknown_role_is_rejected() -> None:
    with pytest.raises(InvalidInput, match="governer"):
        load_settings().choice("governer")
