"""The demo's model: a missing local model is refused with the command that installs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from sentinel.demo import model as demo_model
from sentinel.demo.model import DemoModelMissing, check_installed, scripted_stand_in
from sentinel.errors import InvalidInput
from sentinel.llm.local import WeightStatus, get_spec


def test_a_model_that_is_not_installed_names_its_install_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec = get_spec("qwen2.5-coder-0.5b")
    missing = WeightStatus(spec.name, False, False, None, None, spec.distributions)
    monkeypatch.setattr(demo_model, "status", lambda _spec: missing)

    with pytest.raises(DemoModelMissing) as refused:
        check_installed(spec.name)

    assert spec.install_command in str(refused.value)
    assert "--scripted" in str(refused.value)
    assert "\n" not in str(refused.value), "the CLI shows errors as one line"


def test_an_installed_model_passes_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = get_spec("smollm2-135m")
    present = WeightStatus(spec.name, True, True, Path("/models/x.gguf"), 1, ())
    monkeypatch.setattr(demo_model, "status", lambda _spec: present)

    check_installed(spec.name)


def test_an_unregistered_model_is_refused_naming_the_registered_ones() -> None:
    with pytest.raises(InvalidInput, match=r"qwen2\.5-coder-0\.5b"):
        check_installed("gpt-17")


def test_the_scripted_stand_in_says_what_it_is() -> None:
    stand_in = scripted_stand_in({})

    assert stand_in.scripted
    assert stand_in.load_s == 0.0
    assert "scripted" in stand_in.label
