"""Messages, parameters and usage values."""

from __future__ import annotations

import pytest

from sentinel.errors import InvalidInput
from sentinel.llm import GenerationParams, Message, Timings, Usage
from sentinel.llm.types import to_finish_reason, to_messages


def test_a_bare_string_prompt_is_one_user_message() -> None:
    assert to_messages("hello") == (Message.user("hello"),)


def test_dict_messages_are_accepted_alongside_message_objects() -> None:
    messages = to_messages([{"role": "system", "content": "rules"}, Message.user("hi")])

    assert messages == (Message.system("rules"), Message.user("hi"))


def test_unknown_role_is_rejected_naming_the_message() -> None:
    with pytest.raises(InvalidInput, match=r"messages\[1\]\.role"):
        to_messages([Message.user("a"), {"role": "tool", "content": "b"}])


def test_non_text_content_is_rejected() -> None:
    with pytest.raises(InvalidInput, match=r"messages\[0\]\.content"):
        to_messages([{"role": "user", "content": ["image"]}])


def test_an_empty_conversation_is_rejected() -> None:
    with pytest.raises(InvalidInput, match="at least one message"):
        to_messages([])


@pytest.mark.parametrize(
    ("field", "value"), [("max_tokens", 0), ("temperature", -0.1), ("temperature", 2.5)]
)
def test_out_of_range_generation_params_are_rejected(field: str, value: float) -> None:
    with pytest.raises(InvalidInput, match=field):
        GenerationParams(**{field: value})  # type: ignore[arg-type]


def test_usage_adds_up_field_by_field() -> None:
    total = Usage(10, 2, 4, 1) + Usage(5, 3, 0, 1)

    assert total == Usage(15, 5, 4, 2)
    assert total.total_tokens == 20


def test_llama_cpp_timings_give_tokens_per_second() -> None:
    timings = Timings.from_llama_cpp(
        {"prompt_n": 87, "prompt_ms": 1000.0, "predicted_n": 15, "predicted_ms": 500.0}
    )

    assert timings is not None
    assert timings.prompt_tokens_per_second == pytest.approx(87.0)
    assert timings.generation_tokens_per_second == pytest.approx(30.0)


def test_incomplete_timings_are_ignored() -> None:
    assert Timings.from_llama_cpp({"prompt_n": 3}) is None
    assert Timings.from_llama_cpp(None) is None


@pytest.mark.parametrize(
    ("reason", "expected"),
    [("stop", "stop"), (None, "stop"), ("length", "length"), ("content_filter", "other")],
)
def test_provider_finish_reasons_map_onto_three_values(reason: str | None, expected: str) -> None:
    assert to_finish_reason(reason) == expected
