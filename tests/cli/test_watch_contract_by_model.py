"""``watch add`` asks a model for a sentence the code has no form for, checks the answer
against the sentence, and prints what it got; a rule, fields or criteria of the user's own
mean no model is asked."""

from __future__ import annotations

from pathlib import Path

import pytest

import sentinel.llm
from sentinel.llm import ScriptedModel, forbid_real_models
from tests.cli.test_watch_cli import add, home, invoke, sqlite_template

__all__ = ["home", "sqlite_template"]

SENTENCE = "Ping me once Fotohaus sells the Lumen X100 camera for 1.199 € or cheaper"
ANSWER = {
    "shape": "price_below",
    "subject": "Lumen X100 camera",
    "amount": 1199,
    "currency": "EUR",
    "version": None,
}


def scripted(monkeypatch: pytest.MonkeyPatch, *answers: object) -> ScriptedModel:
    model = ScriptedModel.from_script({"ShapeAnswer": list(answers)})
    monkeypatch.setattr(sentinel.llm, "get_model", lambda role=None, **_: model)
    return model


def test_a_sentence_the_code_cannot_compile_is_compiled_by_the_model(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = scripted(monkeypatch, ANSWER)
    with forbid_real_models():
        printed = invoke("watch", "add", SENTENCE)
    assert printed.exit_code == 0, printed.output
    assert "Contract (compiled by the model from the sentence" in printed.stdout
    assert 'price < 1199.0 && currency == "EUR"' in printed.stdout
    assert len(model.calls) == 1


def test_an_answer_the_sentence_does_not_bear_out_leaves_the_llm_governor(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scripted(monkeypatch, ANSWER | {"amount": 999})
    with forbid_real_models():
        stored = add(SENTENCE)
    assert stored["contract"] is None


def test_no_model_is_asked_when_the_code_compiles_or_the_user_says_how_to_decide(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = scripted(monkeypatch)
    with forbid_real_models():
        add("Tell me when the Sonora QC Ultra is under $300 at Voltmart")
        add(SENTENCE, "--name", "two", "--criteria", "when reviewers call it a bargain")
        add(SENTENCE, "--name", "three", "--rules", "price < 1199")
    assert model.calls == []
