"""The default embedded model, Qwen2.5-Coder-0.5B: a few short generations only (it takes a
few seconds to load and reads ~90 prompt tokens/s on two cores)."""

from __future__ import annotations

import time

import pytest
from pydantic import BaseModel

from sentinel.llm import LocalModel, Message
from sentinel.llm.local import DEFAULT_LOCAL_MODEL
from tests.llm.conftest import TEST_OPTIONS, require_model

pytestmark = pytest.mark.model


class Offer(BaseModel):
    product: str
    price: float
    currency: str


@pytest.fixture(scope="module")
def qwen() -> LocalModel:
    require_model(DEFAULT_LOCAL_MODEL)
    model = LocalModel(DEFAULT_LOCAL_MODEL, options=TEST_OPTIONS)
    model.load_sync()
    return model


async def test_qwen_answers_a_short_question(qwen: LocalModel) -> None:
    completion = await qwen.complete(
        "What is 2 + 2? Answer with the number only.", max_tokens=4, temperature=0
    )

    assert "4" in completion.text
    assert completion.model == DEFAULT_LOCAL_MODEL


async def test_qwen_extracts_a_valid_structure_under_the_grammar(qwen: LocalModel) -> None:
    completion = await qwen.complete(
        [
            Message.system("Extract the offer from the text."),
            Message.user("The Acme desk lamp now costs 24.99 EUR at our shop."),
        ],
        output=Offer,
        max_tokens=40,
        temperature=0,
    )

    assert completion.repairs == 0
    assert completion.parsed.price == pytest.approx(24.99)
    assert completion.parsed.currency.upper() == "EUR"
    assert "lamp" in completion.parsed.product.lower()


async def test_qwen_reuses_the_cached_static_prefix(qwen: LocalModel) -> None:
    rules = f"[{time.time_ns()}] You watch product pages and report price changes tersely. " * 3

    first = await qwen.complete(
        [Message.system(rules), Message.user("Lamp: 20 EUR.")], max_tokens=2, temperature=0
    )
    second = await qwen.complete(
        [Message.system(rules), Message.user("Desk: 90 EUR.")], max_tokens=2, temperature=0
    )

    assert first.timings is not None
    assert second.timings is not None
    assert second.usage.cached_tokens >= first.usage.prompt_tokens // 2
    assert second.timings.prompt_tokens_evaluated < first.timings.prompt_tokens_evaluated // 2
