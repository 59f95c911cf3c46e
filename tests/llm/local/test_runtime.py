"""The embedded llama.cpp runtime with SmolLM2-135M: one load shared by the process, the event
loop never blocked, abandoned streams stop generating, the prompt prefix cache is reused."""

from __future__ import annotations

import asyncio
import time

import pytest

from sentinel.llm import LocalModel, Message, ModelRequestError, OpenAICompatibleModel
from sentinel.llm.local import LoadedModel
from sentinel.llm.local.runtime import loaded_models
from tests.llm.conftest import SMALL_MODEL, TEST_OPTIONS

pytestmark = pytest.mark.model

LONG_RULES = (
    "You are the governor of a monitoring agent. Decide whether to notify the user. "
    "Rules: notify only about facts found on a fetched page; never notify twice for the "
    "same fact; prefer waiting when unsure; next checks are between one hour and one week. "
) * 4


async def test_models_with_equal_options_share_one_loaded_server(
    small_model_server: LoadedModel,
) -> None:
    first, second = (
        LocalModel(SMALL_MODEL, options=TEST_OPTIONS),
        LocalModel(SMALL_MODEL, options=TEST_OPTIONS),
    )

    assert await first.load() is small_model_server
    assert await second.load() is small_model_server
    assert sum(1 for m in loaded_models() if m is small_model_server) == 1


@pytest.mark.network
async def test_the_loopback_endpoint_refuses_clients_without_its_key(
    small_model_server: LoadedModel,
) -> None:
    assert small_model_server.address.startswith("http://127.0.0.1:")
    async with OpenAICompatibleModel(
        SMALL_MODEL, base_url=small_model_server.address, api_key="guess"
    ) as intruder:
        with pytest.raises(ModelRequestError) as caught:
            await intruder.complete("hi", max_tokens=2)

    assert caught.value.status == 401


async def test_generation_does_not_block_the_event_loop(small_model_server: LoadedModel) -> None:
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.005)
            ticks += 1

    ticker = asyncio.create_task(tick())
    started = time.perf_counter()
    await LocalModel(SMALL_MODEL, options=TEST_OPTIONS).complete(
        "Tell me a story.", max_tokens=40, temperature=0
    )
    elapsed = time.perf_counter() - started
    ticker.cancel()

    assert ticks >= elapsed / 0.005 / 4


async def test_an_abandoned_stream_stops_the_generation(small_model_server: LoadedModel) -> None:
    model = LocalModel(SMALL_MODEL, options=TEST_OPTIONS)
    async with model.stream("Write a very long essay.", max_tokens=400, temperature=0) as stream:
        async for _ in stream:
            break

    started = time.perf_counter()
    # The worker thread is free again only once llama.cpp has stopped generating.
    await asyncio.get_running_loop().run_in_executor(small_model_server.executor, time.time)

    assert time.perf_counter() - started < 1.0


async def test_a_repeated_static_prefix_is_served_from_the_prompt_cache(
    small_model_server: LoadedModel,
) -> None:
    model = LocalModel(SMALL_MODEL, options=TEST_OPTIONS)
    rules = f"[{time.time_ns()}] {LONG_RULES}"  # unique, so the first call cannot hit a cache

    first = await model.complete(
        [Message.system(rules), Message.user("Page says: price 10 EUR.")], max_tokens=4
    )
    second = await model.complete(
        [Message.system(rules), Message.user("Page says: sold out.")], max_tokens=4
    )

    assert first.timings is not None
    assert second.timings is not None
    assert second.usage.cached_tokens > first.usage.prompt_tokens // 2
    assert second.timings.prompt_tokens_evaluated < first.timings.prompt_tokens_evaluated // 2


async def test_a_prompt_longer_than_the_context_is_a_typed_request_error(
    small_model_server: LoadedModel,
) -> None:
    with pytest.raises(ModelRequestError, match="context") as caught:
        await LocalModel(SMALL_MODEL, options=TEST_OPTIONS).complete("word " * 6000, max_tokens=4)

    assert caught.value.status == 400
    assert not caught.value.retryable
