"""JSON extraction, validation, schema instructions and the repair message."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from sentinel.errors import ModelOutputError
from sentinel.llm import Message, OutputParseError, extract_json, parse_output
from sentinel.llm.structured import (
    repair_messages,
    response_format,
    schema_instructions,
    with_instructions,
)


class Price(BaseModel):
    product: str
    amount: float


@pytest.mark.parametrize(
    "text",
    [
        '{"product": "lamp", "amount": 3}',
        'Here you go:\n```json\n{"product": "lamp", "amount": 3}\n```\nAnything else?',
        '```\n{"product": "lamp", "amount": 3}\n```',
        'Sure! The answer is {"product": "lamp", "amount": 3}. Hope it helps {}',
        'I think {not json} but {"product": "lamp", "amount": 3}',
    ],
)
def test_json_is_found_bare_fenced_or_in_prose(text: str) -> None:
    assert extract_json(text) == {"product": "lamp", "amount": 3}


def test_nested_braces_inside_strings_do_not_confuse_extraction() -> None:
    assert extract_json('note: {"a": "x } y", "b": {"c": [1, 2]}} end') == {
        "a": "x } y",
        "b": {"c": [1, 2]},
    }


def test_text_without_json_raises_value_error_quoting_the_reply() -> None:
    with pytest.raises(ValueError, match="no JSON object found"):
        extract_json("I cannot help with that.")


def test_parse_output_validates_into_the_model() -> None:
    assert parse_output('{"product": "lamp", "amount": "3.5"}', Price) == Price(
        product="lamp", amount=3.5
    )


def test_validation_failure_names_the_field_and_keeps_the_raw_text() -> None:
    raw = '{"product": "lamp"}'
    with pytest.raises(OutputParseError) as caught:
        parse_output(raw, Price)

    assert isinstance(caught.value, ModelOutputError)
    assert caught.value.raw == raw
    assert "amount: Field required" in caught.value.problem
    assert caught.value.output == "Price"


def test_instructions_join_the_first_system_message_to_keep_the_prefix_static() -> None:
    messages = (Message.system("You extract prices."), Message.user("lamp 3 EUR"))

    sent = with_instructions(messages, schema_instructions(Price))

    assert len(sent) == 2
    assert sent[0].content.startswith("You extract prices.")
    assert '"amount"' in sent[0].content
    assert sent[1] == messages[1]


def test_instructions_become_a_system_message_when_there_is_none() -> None:
    sent = with_instructions((Message.user("lamp"),), "reply in JSON")

    assert sent[0] == Message.system("reply in JSON")


def test_response_format_carries_the_schema_by_name() -> None:
    fmt = response_format(Price)

    assert fmt["type"] == "json_schema"
    assert fmt["json_schema"]["name"] == "Price"
    assert fmt["json_schema"]["schema"]["required"] == ["product", "amount"]


def test_repair_round_shows_the_model_its_reply_and_the_problem() -> None:
    sent = repair_messages((Message.user("lamp"),), "{bad", "no JSON object found")

    assert sent[1] == Message.assistant("{bad")
    assert sent[2].role == "user"
    assert "no JSON object found" in sent[2].content


def test_an_output_types_schema_is_generated_once() -> None:
    from sentinel.llm.structured import output_schema, response_format

    class Once(BaseModel):
        value: int

    assert output_schema(Once) is output_schema(Once)
    assert response_format(Once)["json_schema"]["schema"] is output_schema(Once)
    assert output_schema(Once)["properties"]["value"]["type"] == "integer"
