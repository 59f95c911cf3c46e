"""The scripted model: replies from a list or a function, recorded calls, schema filling,
and the same parsing and repair as the real providers."""

from __future__ import annotations

import datetime as dt
from typing import Literal

import pytest
from pydantic import BaseModel

from sentinel.errors import ProviderError
from sentinel.llm import (
    LanguageModel,
    Message,
    OutputParseError,
    ScriptedModel,
    ScriptedRequest,
    ScriptExhaustedError,
    UsageTracker,
)


class Decision(BaseModel):
    should_act: bool
    action: Literal["notify", "wait"]
    next_check: dt.date


async def test_replies_are_returned_in_order_and_every_call_is_recorded() -> None:
    model = ScriptedModel(["first", "second"])

    one = await model.complete("a", max_tokens=50, temperature=0.1)
    two = await model.complete([Message.system("rules"), Message.user("b")])

    assert (one.text, two.text) == ("first", "second")
    assert [call.prompt for call in model.calls] == ["a", "b"]
    assert model.calls[1].system == "rules"
    assert model.calls[0].params.max_tokens == 50
    assert model.calls[0].params.temperature == 0.1
    assert model.last_call.reply == "second"
    assert model.remaining == 0


async def test_a_function_of_the_request_can_answer() -> None:
    model = ScriptedModel(lambda request: request.prompt.upper())

    completion = await model.complete("shout")

    assert completion.text == "SHOUT"


async def test_an_async_function_can_answer() -> None:
    async def answer(request: ScriptedRequest) -> str:
        return f"{len(request.messages)} messages"

    model = ScriptedModel(answer)

    assert (await model.complete("x")).text == "1 messages"


async def test_running_out_of_replies_is_an_error_naming_the_call() -> None:
    model = ScriptedModel(["only"])
    await model.complete("a")

    with pytest.raises(ScriptExhaustedError, match="call #2"):
        await model.complete("what now?")


async def test_an_exception_reply_is_raised_to_script_failures() -> None:
    model = ScriptedModel([ProviderError("scripted", "down", retryable=True), "ok"])

    with pytest.raises(ProviderError, match="down"):
        await model.complete("a")
    assert (await model.complete("b")).text == "ok"


async def test_structured_output_parses_objects_dicts_and_prose_wrapped_json() -> None:
    decision = Decision(should_act=True, action="notify", next_check=dt.date(2025, 1, 2))
    model = ScriptedModel(
        [
            decision,
            {"should_act": False, "action": "wait", "next_check": "2025-02-01"},
            "Decision:\n```json\n"
            '{"should_act": true, "action": "wait", "next_check": "2025-03-01"}\n```',
        ]
    )

    results = [(await model.complete("x", output=Decision)).parsed for _ in range(3)]

    assert results[0] == decision
    assert results[1].next_check == dt.date(2025, 2, 1)
    assert results[2].action == "wait"
    assert model.calls[0].output is Decision


async def test_one_invalid_reply_is_repaired_with_the_validation_error_shown() -> None:
    model = ScriptedModel(
        [
            '{"should_act": true, "action": "shout", "next_check": "2025-01-01"}',
            '{"should_act": true, "action": "notify", "next_check": "2025-01-01"}',
        ]
    )

    with UsageTracker() as run:
        completion = await model.complete("x", output=Decision)

    assert completion.parsed.action == "notify"
    assert completion.repairs == 1
    assert completion.usage.requests == 2
    assert run.total.requests == 2
    repair_prompt = model.calls[1].messages[-1].content
    assert "action" in repair_prompt
    assert "'notify' or 'wait'" in repair_prompt
    assert model.calls[1].messages[-2] == Message.assistant(model.calls[0].reply)


async def test_repair_can_be_switched_off() -> None:
    model = ScriptedModel(["not json", '{"should_act": true}'])

    with pytest.raises(OutputParseError) as caught:
        await model.complete("x", output=Decision, repair=False)

    assert caught.value.raw == "not json"
    assert model.remaining == 1


async def test_a_filling_model_answers_any_output_type_and_any_text() -> None:
    model = ScriptedModel.filling()

    decision = await model.complete("x", output=Decision)
    text = await model.complete("hello")

    assert isinstance(decision.parsed, Decision)
    assert text.text == "ok"


async def test_stop_sequences_and_max_tokens_apply_like_a_real_model() -> None:
    model = ScriptedModel(["one two three four", "one two three four"])

    stopped = await model.complete("x", stop=["three"])
    cut = await model.complete("x", max_tokens=2)

    assert (stopped.text, stopped.finish_reason) == ("one two ", "stop")
    assert (cut.text, cut.finish_reason) == ("one two", "length")
    assert cut.usage.completion_tokens == 2


async def test_streaming_yields_word_deltas_and_records_the_call() -> None:
    model = ScriptedModel(["the quick brown fox"])

    stream = model.stream("x")
    deltas = [delta async for delta in stream]

    assert deltas == ["the", " quick", " brown", " fox"]
    assert stream.completion.text == "the quick brown fox"
    assert model.last_call.streamed


async def test_instructions_mode_records_the_schema_prompt_a_real_server_would_get() -> None:
    model = ScriptedModel.filling()
    model.structured = "instructions"

    await model.complete([Message.system("Decide."), Message.user("state")], output=Decision)

    assert model.last_call.system.startswith("Decide.")
    assert "next_check" in model.last_call.system


def test_scripted_model_satisfies_the_language_model_protocol() -> None:
    assert isinstance(ScriptedModel(), LanguageModel)
