"""The switch that makes real model requests an error in tests."""

from __future__ import annotations

import pytest

from sentinel.llm import (
    LocalModel,
    ModelRequestsForbidden,
    OpenAICompatibleModel,
    ScriptedModel,
    allow_real_models,
    forbid_real_models,
    real_models_allowed,
)
from sentinel.llm.guard import ENV_VAR, allowed_by_environment


async def test_the_autouse_fixture_refuses_real_models_in_unmarked_tests() -> None:
    # Nothing is loaded or sent: the guard runs before the provider does anything.
    with pytest.raises(ModelRequestsForbidden, match="smollm2-135m"):
        await LocalModel("smollm2-135m").complete("hi")
    with pytest.raises(ModelRequestsForbidden):
        OpenAICompatibleModel("gpt", base_url="http://127.0.0.1:9/v1").stream("hi")


async def test_scripted_models_are_always_allowed() -> None:
    assert not real_models_allowed()
    assert (await ScriptedModel(["fine"]).complete("hi")).text == "fine"


def test_blocks_nest_and_restore_the_outer_setting() -> None:
    with allow_real_models():
        assert real_models_allowed()
        with forbid_real_models():
            assert not real_models_allowed()
        assert real_models_allowed()
    assert not real_models_allowed()


@pytest.mark.parametrize(
    ("value", "allowed"),
    [("0", False), ("false", False), (" OFF ", False), ("no", False), ("1", True), ("yes", True)],
)
def test_the_environment_variable_decides_outside_any_block(value: str, allowed: bool) -> None:
    assert allowed_by_environment({ENV_VAR: value}) is allowed


def test_real_models_are_allowed_when_the_variable_is_unset() -> None:
    assert allowed_by_environment({})
