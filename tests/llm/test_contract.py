"""The contract every provider honours, run against the scripted model, the embedded local
model (SmolLM2-135M in-process) and an OpenAI-compatible HTTP server on 127.0.0.1 (the same
loaded model, served by llama.cpp)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from pydantic import BaseModel, field_validator

from sentinel.errors import ModelOutputError, ProviderError
from sentinel.llm import (
    LanguageModel,
    LocalModel,
    ModelRequestError,
    OpenAICompatibleModel,
    OutputParseError,
    ScriptedModel,
    ScriptedRequest,
    TruncatedOutputError,
    UsageTracker,
)
from sentinel.llm.local import LoadedModel
from tests.llm.conftest import SMALL_MODEL, TEST_OPTIONS

FACT = "Paris is the capital of France. Extract the city and its country."
ECHO = "Repeat exactly: alpha beta gamma delta"
CONTEXT_WORDS = 4096  # the local models' context window is 4096 tokens


class City(BaseModel):
    city: str
    country: str


class RejectedCity(BaseModel):
    """Every value is refused, so even a well-formed reply cannot validate."""

    city: str

    @field_validator("city")
    @classmethod
    def never(cls, value: str) -> str:
        raise ValueError("this city is never acceptable")


def plausible_reply(request: ScriptedRequest) -> str | ModelRequestError:
    """How the scripted model stands in for a real one in the contract."""
    if len(request.prompt.split()) > CONTEXT_WORDS:
        return ModelRequestError("scripted", "request exceeds the context size", status=400)
    if request.output is not None:
        return '{"city": "Paris", "country": "France"}'
    if request.prompt.startswith("Repeat exactly:"):
        return request.prompt.removeprefix("Repeat exactly:").strip()
    return "Hello there, it is nice to meet you today."


@pytest.fixture(
    params=[
        "scripted",
        pytest.param("local", marks=pytest.mark.model),
        pytest.param("http", marks=[pytest.mark.model, pytest.mark.network]),
    ]
)
async def model(request: pytest.FixtureRequest) -> AsyncIterator[LanguageModel]:
    if request.param == "scripted":
        yield ScriptedModel(plausible_reply)
        return
    server: LoadedModel = request.getfixturevalue("small_model_server")
    if request.param == "local":
        yield LocalModel(SMALL_MODEL, options=TEST_OPTIONS)
        return
    async with OpenAICompatibleModel(
        SMALL_MODEL, base_url=server.address, api_key=server.api_key, timeout=30
    ) as http:
        yield http


async def test_plain_completion_has_text_usage_latency_and_model(model: LanguageModel) -> None:
    completion = await model.complete("Say hello.", max_tokens=8, temperature=0)

    assert completion.text.strip()
    assert completion.parsed is None
    assert completion.usage.prompt_tokens > 0
    assert 0 < completion.usage.completion_tokens <= 8
    assert completion.usage.requests == 1
    assert completion.latency_s > 0
    assert completion.model


async def test_structured_output_is_parsed_into_the_requested_type(model: LanguageModel) -> None:
    completion = await model.complete(FACT, output=City, max_tokens=40, temperature=0)

    assert isinstance(completion.parsed, City)
    assert completion.parsed.city.lower() == "paris"
    assert completion.finish_reason == "stop"


async def test_stream_deltas_join_into_the_final_completion(model: LanguageModel) -> None:
    deltas: list[str] = []
    async with model.stream("Say hello.", max_tokens=8, temperature=0) as stream:
        async for delta in stream:
            deltas.append(delta)

    assert len(deltas) >= 2
    assert "".join(deltas) == stream.completion.text
    assert stream.completion.usage.completion_tokens > 0


async def test_stop_sequence_ends_the_reply_before_it(model: LanguageModel) -> None:
    completion = await model.complete(ECHO, max_tokens=20, temperature=0, stop=["gamma"])

    assert "beta" in completion.text
    assert "gamma" not in completion.text
    assert completion.finish_reason == "stop"


async def test_max_tokens_cuts_the_reply_with_finish_reason_length(model: LanguageModel) -> None:
    completion = await model.complete("Say hello.", max_tokens=2, temperature=0)

    assert completion.finish_reason == "length"
    assert completion.usage.completion_tokens == 2


async def test_structure_cut_by_max_tokens_raises_truncated_output(model: LanguageModel) -> None:
    with pytest.raises(TruncatedOutputError) as caught:
        await model.complete(FACT, output=City, max_tokens=2, temperature=0)

    assert isinstance(caught.value, ModelOutputError)
    assert caught.value.raw


async def test_reply_that_never_validates_raises_after_one_repair_round(
    model: LanguageModel,
) -> None:
    with UsageTracker() as run, pytest.raises(OutputParseError) as caught:
        await model.complete(FACT, output=RejectedCity, max_tokens=30, temperature=0)

    assert "never acceptable" in caught.value.problem
    assert len(caught.value.attempts) == 2
    assert caught.value.raw == caught.value.attempts[-1]
    assert run.total.requests == 2


async def test_prompt_beyond_the_context_window_is_a_non_retryable_provider_error(
    model: LanguageModel,
) -> None:
    with pytest.raises(ModelRequestError) as caught:
        await model.complete("word " * (CONTEXT_WORDS + 500), max_tokens=4)

    assert isinstance(caught.value, ProviderError)
    assert caught.value.status == 400
    assert not caught.value.retryable
