"""What a policy's requests and model calls cost a user, at a stated price list.

The benchmark counts what a user pays for separately — search queries, full page fetches,
conditional fetches answered 304 (the copy was current: headers only), model calls and their
prompt and completion tokens — and prices them with :data:`PRICES`, whose every figure says
where it comes from. The cost per **monitor-month** divides a policy's total by the monitored
time: the sum of its scenarios' lengths, in 30-day months.

The prices are list prices (USD) as published by the providers named; a user's own contract,
free tiers or a self-hosted search engine change them, which is why every count is reported
on its own beside the cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sentinel.errors import InvalidInput

__all__ = ["MONTH", "PRICES", "PriceList", "Usage"]

MONTH = timedelta(days=30)


@dataclass(frozen=True)
class Usage:
    """What one policy spent, in the units users pay for."""

    searches: int = 0
    full_fetches: int = 0
    not_modified: int = 0
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass(frozen=True)
class PriceList:
    """USD per unit; ``sources`` says where each figure comes from (shown in the docs)."""

    search: float
    full_fetch: float
    not_modified: float
    prompt_per_1k: float
    completion_per_1k: float
    sources: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        for name in ("search", "full_fetch", "not_modified", "prompt_per_1k", "completion_per_1k"):
            if getattr(self, name) < 0:
                raise InvalidInput(name, getattr(self, name), "a price cannot be negative")

    def cost(self, usage: Usage) -> float:
        """What ``usage`` costs at these prices, in USD."""
        return (
            usage.searches * self.search
            + usage.full_fetches * self.full_fetch
            + usage.not_modified * self.not_modified
            + usage.prompt_tokens / 1000 * self.prompt_per_1k
            + usage.completion_tokens / 1000 * self.completion_per_1k
        )

    def per_monitor_month(self, usage: Usage, monitored: timedelta) -> float | None:
        """The cost of ``usage`` per 30 days of one monitor, over ``monitored`` in total;
        None when nothing was monitored."""
        if monitored <= timedelta(0):
            return None
        return self.cost(usage) / (monitored / MONTH)

    def to_json(self) -> dict[str, Any]:
        """The price list as the results document records it."""
        return {
            "currency": "USD",
            "search": self.search,
            "full_fetch": self.full_fetch,
            "not_modified": self.not_modified,
            "prompt_per_1k_tokens": self.prompt_per_1k,
            "completion_per_1k_tokens": self.completion_per_1k,
            "sources": dict(self.sources),
        }


PRICES = PriceList(
    search=0.005,
    full_fetch=0.00001,
    not_modified=0.0,
    prompt_per_1k=0.00015,
    completion_per_1k=0.0006,
    sources=(
        (
            "search",
            "$5 per 1,000 queries: Google's Custom Search JSON API list price beyond the free "
            "100 a day",
        ),
        (
            "full_fetch",
            "~0: a 100 kB page at $0.09/GB (AWS's list price for data transfer out, first "
            "10 TB a month), a stand-in for bandwidth and CPU of a self-run fetcher",
        ),
        ("not_modified", "0: a 304 answer is a few hundred bytes of headers"),
        (
            "model",
            "OpenAI's list price for gpt-4o-mini: $0.15 per 1M prompt tokens, $0.60 per 1M "
            "completion tokens (a small hosted model of the kind a monitor's sensor needs)",
        ),
    ),
)
"""The price list the benchmark reports costs at (see each entry's source)."""
