"""The OpenAI-compatible provider against a scripted server on 127.0.0.1: retries, Retry-After,
timeouts, malformed bodies, dropped connections, structured-output fallback, concurrency."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from pydantic import BaseModel

from sentinel.errors import ProviderError
from sentinel.llm import (
    MalformedResponseError,
    ModelRequestError,
    OpenAICompatibleModel,
    RetryPolicy,
    TruncatedOutputError,
)
from sentinel.pacing import Backoff
from tests.llm.fake_openai import FakeOpenAIServer, Reply, chat_body, chunk_events

pytestmark = pytest.mark.network

FAST_RETRY = RetryPolicy(max_attempts=3, backoff=Backoff(base_s=0.01, cap_s=0.05, jitter=0.25))


class Product(BaseModel):
    name: str
    price: float


class Sleeps:
    """Records every backoff the provider asks for (and really waits)."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)
        await asyncio.sleep(seconds)


def provider(
    server: FakeOpenAIServer,
    sleeps: Sleeps | None = None,
    *,
    timeout: float = 5.0,
    retry: RetryPolicy = FAST_RETRY,
    **options: Any,
) -> OpenAICompatibleModel:
    return OpenAICompatibleModel(
        "fake-model",
        base_url=server.base_url,
        sleep=sleeps or Sleeps(),
        timeout=timeout,
        retry=retry,
        **options,
    )


async def test_rate_limited_request_waits_as_long_as_retry_after_says() -> None:
    sleeps = Sleeps()
    async with (
        FakeOpenAIServer(
            Reply(429, {"error": {"message": "slow down"}}, headers={"Retry-After": "0.2"}),
            Reply(body=chat_body("done")),
        ) as server,
        provider(server, sleeps) as model,
    ):
        completion = await model.complete("hi")

    assert completion.text == "done"
    assert sleeps.delays == [0.2]
    first, second = server.received
    assert second.at - first.at >= 0.19


async def test_server_error_is_retried_with_jittered_backoff() -> None:
    sleeps = Sleeps()
    async with (
        FakeOpenAIServer(
            Reply(500, {"error": {"message": "boom"}}), Reply(body=chat_body("recovered"))
        ) as server,
        provider(server, sleeps) as model,
    ):
        completion = await model.complete("hi")

    assert completion.text == "recovered"
    assert len(server.received) == 2
    assert len(sleeps.delays) == 1
    assert 0.0075 <= sleeps.delays[0] <= 0.01  # jitter takes off up to a quarter


async def test_persistent_server_errors_raise_a_retryable_error_after_max_attempts() -> None:
    async with (
        FakeOpenAIServer(
            *[Reply(503, {"error": {"message": "overloaded"}}) for _ in range(3)]
        ) as server,
        provider(server) as model,
    ):
        with pytest.raises(ModelRequestError) as caught:
            await model.complete("hi")

    assert isinstance(caught.value, ProviderError)
    assert caught.value.status == 503
    assert caught.value.retryable
    assert caught.value.attempts == 3
    assert len(server.received) == 3


async def test_client_error_is_not_retried() -> None:
    async with (
        FakeOpenAIServer(Reply(401, {"error": {"message": "bad key"}})) as server,
        provider(server) as model,
    ):
        with pytest.raises(ModelRequestError) as caught:
            await model.complete("hi")

    assert caught.value.status == 401
    assert not caught.value.retryable
    assert "bad key" in str(caught.value)
    assert len(server.received) == 1


async def test_slow_reply_times_out_and_the_retry_succeeds() -> None:
    async with (
        FakeOpenAIServer(
            Reply(body=chat_body("late"), delay=2.0), Reply(body=chat_body("on time"))
        ) as server,
        provider(server, timeout=0.3) as model,
    ):
        completion = await model.complete("hi")

    assert completion.text == "on time"
    assert len(server.received) == 2


async def test_server_that_never_answers_in_time_raises_a_timeout_error() -> None:
    async with (
        FakeOpenAIServer(*[Reply(body=chat_body("late"), delay=2.0) for _ in range(2)]) as server,
        provider(
            server,
            timeout=0.2,
            retry=RetryPolicy(max_attempts=2, backoff=Backoff(base_s=0.01, cap_s=20.0)),
        ) as model,
    ):
        with pytest.raises(ModelRequestError, match=r"no response within 0\.2s") as caught:
            await model.complete("hi")

    assert caught.value.retryable
    assert caught.value.attempts == 2


async def test_malformed_json_body_raises_malformed_response_without_retry() -> None:
    async with FakeOpenAIServer(Reply(body="{not json")) as server, provider(server) as model:
        with pytest.raises(MalformedResponseError) as caught:
            await model.complete("hi")

    assert "{not json" in caught.value.body
    assert len(server.received) == 1


async def test_body_without_choices_raises_malformed_response() -> None:
    async with (
        FakeOpenAIServer(Reply(body={"object": "nonsense"})) as server,
        provider(server) as model,
    ):
        with pytest.raises(MalformedResponseError, match="not a chat completion"):
            await model.complete("hi")


async def test_dropped_connection_is_retried() -> None:
    async with (
        FakeOpenAIServer(Reply(drop=True), Reply(body=chat_body("second try"))) as server,
        provider(server) as model,
    ):
        completion = await model.complete("hi")

    assert completion.text == "second try"
    assert len(server.received) == 2


async def test_truncated_reply_reports_finish_reason_length() -> None:
    async with (
        FakeOpenAIServer(
            Reply(body=chat_body("Once upon a", finish_reason="length")),
            Reply(body=chat_body('{"name": "Lamp", "pri', finish_reason="length")),
        ) as server,
        provider(server) as model,
    ):
        text = await model.complete("story", max_tokens=3)
        with pytest.raises(TruncatedOutputError) as caught:
            await model.complete("lamp", output=Product, max_tokens=3)

    assert text.finish_reason == "length"
    assert caught.value.raw == '{"name": "Lamp", "pri'
    assert caught.value.max_tokens == 3
    assert server.received[0].body["max_tokens"] == 3


async def test_usage_includes_cached_prompt_tokens() -> None:
    async with (
        FakeOpenAIServer(
            Reply(body=chat_body("x", prompt_tokens=100, completion_tokens=3, cached_tokens=64))
        ) as server,
        provider(server) as model,
    ):
        completion = await model.complete("hi")

    assert completion.usage.prompt_tokens == 100
    assert completion.usage.cached_tokens == 64
    assert completion.usage.completion_tokens == 3


async def test_structured_output_is_requested_with_a_json_schema_response_format() -> None:
    async with (
        FakeOpenAIServer(Reply(body=chat_body('{"name": "Lamp", "price": 12.5}'))) as server,
        provider(server, structured="schema") as model,
    ):
        completion = await model.complete("lamp", output=Product)

    assert completion.parsed == Product(name="Lamp", price=12.5)
    sent = server.received[0].body["response_format"]
    assert sent["type"] == "json_schema"
    assert sent["json_schema"]["schema"] == Product.model_json_schema()


async def test_rejected_response_format_falls_back_to_instructions_and_remembers() -> None:
    async with (
        FakeOpenAIServer(
            Reply(400, {"error": {"message": "response_format is not supported"}}),
            Reply(body=chat_body('Sure! {"name": "Lamp", "price": 12.5}')),
            Reply(body=chat_body('{"name": "Desk", "price": 99}')),
        ) as server,
        provider(server) as model,
    ):
        first = await model.complete("lamp", output=Product)
        second = await model.complete("desk", output=Product)

    assert first.parsed == Product(name="Lamp", price=12.5)
    assert second.parsed == Product(name="Desk", price=99)
    assert model.schema_rejected
    rejected, fallback, later = (r.body for r in server.received)
    assert "response_format" in rejected
    assert "response_format" not in fallback
    assert "response_format" not in later
    assert fallback["messages"][0]["role"] == "system"
    assert (
        json.dumps(Product.model_json_schema(), separators=(",", ":"))
        in (fallback["messages"][0]["content"])
    )


async def test_schema_mode_does_not_fall_back() -> None:
    async with (
        FakeOpenAIServer(
            Reply(400, {"error": {"message": "response_format is not supported"}})
        ) as server,
        provider(server, structured="schema") as model,
    ):
        with pytest.raises(ModelRequestError) as caught:
            await model.complete("lamp", output=Product)

    assert caught.value.status == 400
    assert len(server.received) == 1


async def test_api_key_and_extra_headers_are_sent() -> None:
    async with (
        FakeOpenAIServer(Reply(body=chat_body("ok"))) as server,
        provider(server, api_key="sk-test", headers={"X-Title": "sentinel"}) as model,
    ):
        await model.complete("hi")

    headers = server.received[0].headers
    assert headers["authorization"] == "Bearer sk-test"
    assert headers["x-title"] == "sentinel"


async def test_concurrency_limit_bounds_requests_in_flight() -> None:
    async with (
        FakeOpenAIServer(*[Reply(body=chat_body(str(i)), delay=0.05) for i in range(4)]) as server,
        provider(server, max_concurrency=2) as model,
    ):
        await asyncio.gather(*(model.complete(f"q{i}") for i in range(4)))

    assert server.max_in_flight == 2


async def test_stream_is_retried_when_it_fails_before_the_first_delta() -> None:
    async with (
        FakeOpenAIServer(
            Reply(502, {"error": {"message": "bad gateway"}}),
            Reply(events=chunk_events(["Hel", "lo"])),
        ) as server,
        provider(server) as model,
    ):
        stream = model.stream("hi")
        deltas = [delta async for delta in stream]

    assert deltas == ["Hel", "lo"]
    assert stream.completion.text == "Hello"
    assert stream.completion.usage.completion_tokens == 2
    assert server.received[1].body["stream"] is True
