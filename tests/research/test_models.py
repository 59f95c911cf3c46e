"""Which model each node uses."""

from __future__ import annotations

import pytest

from sentinel.errors import InvalidInput
from sentinel.llm import LocalModel, ScriptedModel
from sentinel.research import ResearchModels


def test_roles_follow_the_model_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_LLM", "scripted")
    monkeypatch.setenv("SENTINEL_LLM_REPORTER", "local:smollm2-135m")

    models = ResearchModels.configured()

    assert isinstance(models.planner, ScriptedModel)
    assert isinstance(models.reporter, LocalModel)
    assert models.names["reporter"] == "smollm2-135m"


def test_one_spec_puts_every_node_on_one_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_LLM_REPORTER", "local:smollm2-135m")

    models = ResearchModels.configured("scripted")

    assert {type(m) for m in (models.planner, models.analyzer, models.reporter)} == {ScriptedModel}
    assert ResearchModels.configured("extractive").names == dict.fromkeys(
        ("planner", "analyzer", "reporter"), "extractive"
    )


def test_an_unknown_spec_names_the_problem() -> None:
    with pytest.raises(InvalidInput, match=r"expected local.*extractive"):
        ResearchModels.configured("gpt:4")
