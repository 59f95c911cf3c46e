"""Usage accounting: every completion made inside a ``UsageTracker`` block is added to it.

Trackers nest (an outer run tracker and an inner step tracker both see a call) and follow
the asyncio context, so tasks started inside the block are counted too.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from contextvars import ContextVar, Token
from dataclasses import dataclass
from types import TracebackType

from sentinel.errors import InvalidInput
from sentinel.llm.types import Usage

_active: ContextVar[tuple[UsageTracker, ...]] = ContextVar("sentinel_llm_trackers", default=())


@dataclass(frozen=True, slots=True)
class ModelPrice:
    """Prices in currency units per one million tokens. Cached prompt tokens cost
    ``cached_per_million`` when given, else the normal prompt price."""

    prompt_per_million: float
    completion_per_million: float
    cached_per_million: float | None = None

    def cost(self, usage: Usage) -> float:
        """The cost of ``usage`` at these prices."""
        cached_price = (
            self.prompt_per_million if self.cached_per_million is None else self.cached_per_million
        )
        uncached = usage.prompt_tokens - usage.cached_tokens
        return (
            uncached * self.prompt_per_million
            + usage.cached_tokens * cached_price
            + usage.completion_tokens * self.completion_per_million
        ) / 1_000_000


class PriceTable:
    """Prices per model name; models not in the table have no known cost."""

    def __init__(self, prices: Mapping[str, ModelPrice] | None = None) -> None:
        self._prices = dict(prices or {})
        for name, price in self._prices.items():
            if min(price.prompt_per_million, price.completion_per_million) < 0:
                raise InvalidInput(f"prices[{name}]", price, "prices cannot be negative")

    def cost(self, model: str, usage: Usage) -> float | None:
        """The cost of ``usage`` on ``model``, or None when the model has no price."""
        price = self._prices.get(model)
        return None if price is None else price.cost(usage)


@dataclass(frozen=True, slots=True)
class UsageRecord:
    """One completion as the tracker saw it."""

    model: str
    usage: Usage
    latency_s: float


class UsageTracker:
    """Accumulates the usage of every completion made inside ``with tracker:``.

    Use it as ``with UsageTracker() as run: ...`` then read ``run.total``, ``run.by_model()``
    and ``run.cost()``. It is thread-safe, so worker threads may record into it.
    """

    def __init__(self, prices: PriceTable | None = None) -> None:
        self.prices = prices or PriceTable()
        self._records: list[UsageRecord] = []
        self._lock = threading.Lock()
        self._tokens: list[Token[tuple[UsageTracker, ...]]] = []

    def __enter__(self) -> UsageTracker:
        self._tokens.append(_active.set((*_active.get(), self)))
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        _active.reset(self._tokens.pop())

    def add(self, record: UsageRecord) -> None:
        """Add one completion's usage."""
        with self._lock:
            self._records.append(record)

    @property
    def records(self) -> tuple[UsageRecord, ...]:
        """Every completion recorded, in order."""
        with self._lock:
            return tuple(self._records)

    @property
    def total(self) -> Usage:
        """Usage summed over every recorded completion."""
        total = Usage()
        for record in self.records:
            total += record.usage
        return total

    @property
    def latency_s(self) -> float:
        """Model time summed over every recorded completion."""
        return sum(record.latency_s for record in self.records)

    def by_model(self) -> dict[str, Usage]:
        """Usage summed per model name."""
        totals: dict[str, Usage] = {}
        for record in self.records:
            totals[record.model] = totals.get(record.model, Usage()) + record.usage
        return totals

    def cost(self) -> float | None:
        """Total cost, or None when any model used has no price in the table."""
        total = 0.0
        for model, usage in self.by_model().items():
            cost = self.prices.cost(model, usage)
            if cost is None:
                return None
            total += cost
        return total


def record_usage(model: str, usage: Usage, latency_s: float) -> None:
    """Add a completion to every tracker active in the current context."""
    trackers = _active.get()
    if trackers:
        record = UsageRecord(model, usage, latency_s)
        for tracker in trackers:
            tracker.add(record)
