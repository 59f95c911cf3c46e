"""get_model: from configuration to a provider instance."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pydantic import BaseModel

from sentinel.llm import (
    LanguageModel,
    LLMSettings,
    LocalModel,
    OpenAICompatibleModel,
    ScriptedModel,
    get_model,
)
from sentinel.llm.errors import LLMConfigError


class Answer(BaseModel):
    """A structured reply."""

    city: str


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith("SENTINEL_LLM"):
            monkeypatch.delenv(name)


def test_default_model_is_the_local_qwen_loaded_lazily() -> None:
    model = get_model()

    assert isinstance(model, LocalModel)
    assert model.name == "qwen2.5-coder-0.5b"
    assert isinstance(model, LanguageModel)


def test_role_overrides_are_resolved_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_LLM_GOVERNOR", "local:smollm2-135m")
    monkeypatch.setenv("SENTINEL_LLM_PLANNER", "openai:gpt-4o-mini")
    monkeypatch.setenv("SENTINEL_LLM_PLANNER_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("SENTINEL_LLM_TIMEOUT", "12")

    governor, planner, sensor = get_model("governor"), get_model("planner"), get_model("sensor")

    assert isinstance(governor, LocalModel)
    assert governor.name == "smollm2-135m"
    assert isinstance(planner, OpenAICompatibleModel)
    assert (planner.name, planner.base_url, planner.timeout) == (
        "gpt-4o-mini",
        "http://127.0.0.1:9/v1",
        12.0,
    )
    assert sensor.name == "qwen2.5-coder-0.5b"


def test_local_generation_defaults_come_from_settings() -> None:
    model = get_model(settings=LLMSettings(max_tokens=64, temperature=0.0, n_ctx=2048))

    assert isinstance(model, LocalModel)
    assert model.defaults.max_tokens == 64
    assert model.defaults.temperature == 0.0
    assert model.options.n_ctx == 2048


def test_retries_setting_counts_attempts_after_the_first() -> None:
    model = get_model(settings=LLMSettings(spec="openai:m", max_retries=2))

    assert isinstance(model, OpenAICompatibleModel)
    assert model.retry.max_attempts == 3


async def test_scripted_provider_fills_schemas_for_offline_runs() -> None:
    model = get_model(settings=LLMSettings(spec="scripted"))

    assert isinstance(model, ScriptedModel)
    assert (await model.complete("hi")).text == "ok"


async def test_a_script_file_replays_its_replies_by_output_then_fills(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "script.yaml"
    script.write_text("Answer:\n  - {city: Paris}\ntext:\n  - First reply.\n  - Second reply.\n")
    monkeypatch.setenv("SENTINEL_LLM_ASSISTANT", "scripted")
    monkeypatch.setenv("SENTINEL_LLM_SCRIPT", str(script))
    model = get_model("assistant")

    assert isinstance(model, ScriptedModel)
    assert (await model.complete("a", output=Answer)).parsed == Answer(city="Paris")
    assert (await model.complete("b", output=Answer)).parsed == Answer(city="a")  # example values
    assert (await model.complete("c")).text == "First reply."
    assert [piece async for piece in model.stream("d") if isinstance(piece, str)] == [
        "Second",
        " reply.",
    ]
    assert (await model.complete("e")).text == "ok"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "cannot read it"),
        ("[1, 2]", "expected a mapping of output names"),
        ("text: one reply", "expected a mapping of output names"),
    ],
)
def test_a_bad_script_file_is_refused_naming_the_variable(
    tmp_path: Path, content: str | None, problem: str
) -> None:
    script = tmp_path / "script.yaml"
    if content is not None:
        script.write_text(content)

    with pytest.raises(LLMConfigError, match=problem) as refused:
        get_model(settings=LLMSettings(spec="scripted", script=script))
    assert refused.value.variable == "SENTINEL_LLM_SCRIPT"


def test_local_models_use_the_homes_model_server_unless_it_is_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    default = get_model()
    monkeypatch.setenv("SENTINEL_LLM_SERVER", "off")
    monkeypatch.setenv("SENTINEL_LLM_SERVER_IDLE", "90")
    alone = get_model()

    assert isinstance(default, LocalModel)
    assert isinstance(alone, LocalModel)
    assert (default.server, default.server_idle_s) == (True, 600.0)
    assert (alone.server, alone.server_idle_s) == (False, 90.0)


@pytest.mark.parametrize(
    ("variable", "value"), [("SENTINEL_LLM_SERVER", "sometimes"), ("SENTINEL_LLM_SERVER_IDLE", "0")]
)
def test_a_bad_model_server_setting_is_refused_naming_it(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str
) -> None:
    monkeypatch.setenv(variable, value)

    with pytest.raises(LLMConfigError, match=variable):
        get_model()
