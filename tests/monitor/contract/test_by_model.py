"""A sentence the code does not compile, compiled by one model call — and every part of the
model's answer checked against the sentence."""

from __future__ import annotations

import pytest

from sentinel.llm import ScriptedModel
from sentinel.monitor.contract.by_model import ShapeAnswer, compile_by_model, contract_from_answer

SENTENCE = "Ping me once Fotohaus sells the Lumen X100 camera for 1.199 € or cheaper"


async def test_the_models_shape_becomes_a_contract_the_code_builds() -> None:
    model = ScriptedModel.from_script(
        {
            "ShapeAnswer": [
                {
                    "shape": "price_below",
                    "subject": "Lumen X100 camera",
                    "amount": 1199,
                    "currency": "EUR",
                    "version": None,
                }
            ]
        }
    )
    contract = await compile_by_model(SENTENCE, model)
    assert contract is not None
    assert contract.condition == 'price < 1199.0 && currency == "EUR"'
    assert (contract.subject.name, contract.origin) == ("Lumen X100 camera", "model")
    [call] = model.calls
    assert SENTENCE in call.prompt


@pytest.mark.parametrize(
    "answer",
    [
        # A subject the sentence does not contain.
        {"shape": "price_below", "subject": "Lumen X200", "amount": 1199, "currency": "EUR"},
        # An amount the sentence does not state (the model's own threshold).
        {"shape": "price_below", "subject": "Lumen X100 camera", "amount": 999, "currency": "EUR"},
        # A currency the sentence does not use.
        {"shape": "price_below", "subject": "Lumen X100 camera", "amount": 1199, "currency": "USD"},
        # A version the sentence does not name.
        {"shape": "version_released", "subject": "Lumen X100 camera", "version": "2.0"},
        {"shape": "none", "subject": "Lumen X100 camera"},
    ],
)
def test_an_answer_with_any_part_not_in_the_sentence_is_refused(answer: dict[str, object]) -> None:
    assert contract_from_answer(SENTENCE, ShapeAnswer.model_validate(answer)) is None


@pytest.mark.parametrize(
    ("sentence", "subject"),
    [
        ("Let me know when the Kite Runners gig at the Forum goes on sale", "Kite Runners gig"),
        ("Ping me when the Gazelle trainers come in size 9", "Gazelle trainers"),
        ("Avísame cuando publiquen la versión 2.1 de Telar", "Telar"),
    ],
)
@pytest.mark.parametrize("shape", ["resolved", "outage"])
def test_a_status_shape_needs_a_service_state_in_the_sentence(
    sentence: str, subject: str, shape: str
) -> None:
    answer = ShapeAnswer.model_validate({"shape": shape, "subject": subject})
    assert contract_from_answer(sentence, answer) is None


@pytest.mark.parametrize(
    ("sentence", "subject", "shape"),
    [
        ("Tell me when the Acme login problems are sorted", "Acme", "resolved"),
        ("Préviens-moi quand le réseau de Vélocité remarche", "Vélocité", "resolved"),
        ("Sag Bescheid, wenn das Portal von Nordwerk eine Störung hat", "Nordwerk", "outage"),
    ],
)
def test_a_status_shape_with_a_service_state_is_kept(
    sentence: str, subject: str, shape: str
) -> None:
    answer = ShapeAnswer.model_validate({"shape": shape, "subject": subject})
    contract = contract_from_answer(sentence, answer)
    assert contract is not None
    assert contract.fields[0].name == "status"
