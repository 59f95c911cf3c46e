"""How far the world's search engine is from a perfect one: index lag, unindexed pages, dates.

A real engine does not see a page change the moment it happens. It recrawls a page every few
hours to a day, so a change becomes searchable only after a lag; it never indexes some pages
at all (no links to them, a ``noindex``, a crawl budget spent elsewhere); and the date it shows
for a result is sometimes missing (no ``<time>``, no sitemap ``lastmod``) or wrong (the date
the page was first published, or one read from an unrelated date in the text).
:class:`SearchRealism` says how much of each; :meth:`SearchRealism.profile` draws one page's
behaviour from the world's seed and the page's URL, so a world behaves the same way every time
it is built with the same seed, whatever order its pages are searched in.

:data:`PERFECT` is the engine the simulator had before (every change searchable at once, every
page indexed, every date right); :data:`REALISTIC` is what the monitoring benchmark uses by
default. The shares are rough: engines publish no figures, and what matters is that no result
of the benchmark rests on perfect freshness.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from sentinel.errors import InvalidInput

__all__ = ["PERFECT", "REALISTIC", "DateMode", "PageProfile", "SearchRealism", "search_realism"]

DateMode = Literal["right", "missing", "wrong"]


@dataclass(frozen=True)
class PageProfile:
    """How the engine treats one page: when a version becomes searchable (``lag`` after it
    appears), whether the page is indexed at all, and how its results are dated (``wrong``
    dates are the page's first publication moved back by ``date_shift``)."""

    lag: timedelta
    indexed: bool
    date_mode: DateMode
    date_shift: timedelta = timedelta(0)

    def shown_date(self, first: datetime, modified: datetime) -> datetime | None:
        """The date a result for this page shows, for a version that appeared at ``modified``
        on a page first published at ``first``."""
        if self.date_mode == "missing":
            return None
        if self.date_mode == "wrong":
            return first - self.date_shift
        return modified


@dataclass(frozen=True)
class SearchRealism:
    """The engine's imperfections (see the module documentation).

    ``min_lag``..``max_lag``: each page's index lag, drawn log-uniformly (most pages are
    recrawled within hours, a few take a day); ``unindexed``: the share of pages never indexed;
    ``undated`` and ``misdated``: the shares of pages whose results show no date or a wrong
    one (the first publication date, ``1..max_date_shift`` days earlier still).
    """

    name: str
    min_lag: timedelta = timedelta(0)
    max_lag: timedelta = timedelta(0)
    unindexed: float = 0.0
    undated: float = 0.0
    misdated: float = 0.0
    max_date_shift_days: int = 30

    def __post_init__(self) -> None:
        if self.min_lag < timedelta(0) or self.max_lag < self.min_lag:
            raise InvalidInput("lag", (self.min_lag, self.max_lag), "needs 0 <= min <= max")
        for label, share in (
            ("unindexed", self.unindexed),
            ("undated", self.undated),
            ("misdated", self.misdated),
        ):
            if not 0.0 <= share <= 1.0:
                raise InvalidInput(label, share, "must be a share between 0 and 1")
        if self.undated + self.misdated > 1.0:
            raise InvalidInput("undated + misdated", self.undated + self.misdated, "exceeds 1")
        if self.max_date_shift_days < 1:
            raise InvalidInput("max_date_shift_days", self.max_date_shift_days, "must be >= 1")

    @property
    def perfect(self) -> bool:
        """Whether the engine has no imperfection at all."""
        return (
            self.max_lag == timedelta(0)
            and self.unindexed == 0.0
            and self.undated == 0.0
            and self.misdated == 0.0
        )

    def profile(self, seed: int, url: str) -> PageProfile:
        """The page at ``url``'s behaviour in a world built with ``seed`` (deterministic)."""
        if self.perfect:
            return PageProfile(timedelta(0), True, "right")
        rng = random.Random(f"{seed}:search:{url}")
        lag = self._lag(rng.random())
        indexed = rng.random() >= self.unindexed
        draw = rng.random()
        shift = timedelta(days=rng.randint(1, self.max_date_shift_days))
        if draw < self.undated:
            return PageProfile(lag, indexed, "missing")
        if draw < self.undated + self.misdated:
            return PageProfile(lag, indexed, "wrong", shift)
        return PageProfile(lag, indexed, "right")

    def _lag(self, draw: float) -> timedelta:
        if self.max_lag == self.min_lag:
            return self.min_lag
        low = max(self.min_lag.total_seconds(), 60.0)
        high = self.max_lag.total_seconds()
        seconds = math.exp(math.log(low) + draw * (math.log(high) - math.log(low)))
        return timedelta(seconds=round(seconds))


PERFECT = SearchRealism("perfect")
"""Every change searchable at once, every page indexed, every date right."""

REALISTIC = SearchRealism(
    "realistic",
    min_lag=timedelta(hours=1),
    max_lag=timedelta(hours=24),
    unindexed=0.1,
    undated=0.15,
    misdated=0.1,
)
"""Lags of 1 to 24 hours (median about 5 h), 10 % of pages never indexed, 15 % of pages
undated and 10 % misdated."""

_BY_NAME = {engine.name: engine for engine in (PERFECT, REALISTIC)}


def search_realism(name: str) -> SearchRealism:
    """The engine called ``name`` (``perfect`` or ``realistic``)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise InvalidInput("search", name, f"must be one of {', '.join(_BY_NAME)}") from None
