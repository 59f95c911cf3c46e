"""Usage accounting per call, aggregated per run, with optional prices."""

from __future__ import annotations

import asyncio

import pytest
from pydantic import BaseModel

from sentinel.errors import InvalidInput
from sentinel.llm import (
    ModelPrice,
    OutputParseError,
    PriceTable,
    ScriptedModel,
    Usage,
    UsageTracker,
)


class Flag(BaseModel):
    on: bool


async def test_every_completion_inside_the_block_is_added() -> None:
    model = ScriptedModel(["one two", "three"])

    with UsageTracker() as run:
        await model.complete("a b c")
        await model.complete("d")
    await ScriptedModel(["outside"]).complete("x")

    assert run.total.requests == 2
    assert run.total.completion_tokens == 3
    assert len(run.records) == 2
    assert run.records[0].model == "scripted"


async def test_completions_in_tasks_started_inside_the_block_are_counted() -> None:
    model = ScriptedModel(lambda request: "reply")

    with UsageTracker() as run:
        await asyncio.gather(*(model.complete(str(i)) for i in range(5)))

    assert run.total.requests == 5


async def test_nested_trackers_both_see_inner_calls() -> None:
    model = ScriptedModel(lambda request: "reply")

    with UsageTracker() as outer:
        await model.complete("a")
        with UsageTracker() as inner:
            await model.complete("b")

    assert outer.total.requests == 2
    assert inner.total.requests == 1


async def test_streams_are_counted_when_they_finish() -> None:
    model = ScriptedModel(["a b c"])

    with UsageTracker() as run:
        await model.stream("x").text()

    assert run.total.completion_tokens == 3


async def test_tokens_spent_on_a_failed_structured_call_still_count() -> None:
    model = ScriptedModel(["nope", "still nope"])

    with UsageTracker() as run, pytest.raises(OutputParseError):
        await model.complete("x", output=Flag)

    assert run.total.requests == 2


async def test_usage_is_split_per_model_and_priced_per_million_tokens() -> None:
    cheap, dear = ScriptedModel(["x"], name="cheap"), ScriptedModel(["y"], name="dear")
    prices = PriceTable(
        {"cheap": ModelPrice(1.0, 2.0), "dear": ModelPrice(10.0, 20.0, cached_per_million=1.0)}
    )

    with UsageTracker(prices) as run:
        await cheap.complete("a")
        await dear.complete("b")

    by_model = run.by_model()
    assert set(by_model) == {"cheap", "dear"}
    expected = (
        sum(
            usage.prompt_tokens * p + usage.completion_tokens * c
            for usage, (p, c) in ((by_model["cheap"], (1.0, 2.0)), (by_model["dear"], (10.0, 20.0)))
        )
        / 1_000_000
    )
    assert run.cost() == pytest.approx(expected)


def test_cached_prompt_tokens_use_the_cached_price() -> None:
    price = ModelPrice(prompt_per_million=10.0, completion_per_million=0.0, cached_per_million=1.0)

    assert price.cost(Usage(prompt_tokens=1_000_000, cached_tokens=500_000)) == pytest.approx(5.5)


async def test_cost_is_unknown_when_a_model_has_no_price() -> None:
    with UsageTracker(PriceTable({"other": ModelPrice(1, 1)})) as run:
        await ScriptedModel(["x"]).complete("a")

    assert run.cost() is None


def test_negative_prices_are_rejected() -> None:
    with pytest.raises(InvalidInput, match="negative"):
        PriceTable({"m": ModelPrice(-1.0, 1.0)})
