"""Memory retrieval on a public benchmark file (LoCoMo, LongMemEval): the product's own index
against the file's questions, per unit and per category, with bootstrap intervals.

Each haystack (a LoCoMo conversation, a LongMemEval question's history) is indexed per unit
(``turn``: a memory per utterance; ``session``: a memory per session) exactly as the memory
service indexes a user's memories (``OwnerIndex``, the same chunking and vectors), and every
question is ranked by BM25 alone, the dense vectors alone, the hybrid fusion, and the product's
default (the hybrid with the default ``min_score``, what ``MemoryService.search`` returns).

Measures per question, averaged: R@k (the share of the evidence memories in the top k), any@5
(1 when at least one is in the top 5), NDCG@10 (binary relevance). Intervals: 95 % percentile
bootstrap over questions (1,000 resamples, seeded); for hybrid − BM25 the resampling is paired.
Time: the median ranking time per query of each method on one core (the query's embedding
excluded, and reported on its own: queries are embedded afresh, one at a time, as a search does;
memories' vectors may come from the on-disk cache).
"""

from __future__ import annotations

import hashlib
import math
import os
import platform
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

import numpy as np
from numpy.typing import NDArray
from rich.console import Console
from rich.table import Table

from sentinel.assistant.memory.chunking import chunks
from sentinel.assistant.memory.embedding import Embedder
from sentinel.assistant.memory.fusion import Ranked, ranking
from sentinel.assistant.memory.index import OwnerIndex
from sentinel.assistant.memory.service import default_embedder
from sentinel.assistant.memory.settings import MemorySettings
from sentinel.bench.memory_datasets import UNITS, Dataset, Haystack, Item, load_dataset

METHODS = ("bm25", "dense", "hybrid", "default")
DEPTH = 10
RESAMPLES = 1000
MEASURES = ("r@5", "r@10", "ndcg@10", "any@5")
# LoCoMo's adversarial questions (category 5) ask about things never said; published
# retrieval figures, and this benchmark's overall rows, leave them out.
EXCLUDED_FROM_OVERALL = ("5 adversarial", "abstention")


class EmbeddingCache:
    """An embedder's vectors by text, kept in memory and, given a directory, on disk (one
    ``.npz`` per model): re-running the benchmark embeds only what it has not seen."""

    def __init__(self, embedder: Embedder, directory: Path | None = None) -> None:
        self.embedder = embedder
        self.path = None
        self._vectors: dict[str, NDArray[np.float32]] = {}
        self._dirty = False
        if directory is not None:
            directory.mkdir(parents=True, exist_ok=True)
            safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in embedder.name)
            self.path = directory / f"{safe}.npz"
            if self.path.exists():
                with np.load(self.path) as saved:
                    keys, matrix = saved["keys"], saved["vectors"]
                    self._vectors = {str(k): matrix[i] for i, k in enumerate(keys)}

    @staticmethod
    def _key(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]

    async def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """One vector per text, computing only the missing ones (in one batch call)."""
        keys = [self._key(t) for t in texts]
        missing = list(dict.fromkeys(k for k in keys if k not in self._vectors))
        if missing:
            text_of = dict(zip(keys, texts, strict=True))
            computed = await self.embedder.embed([text_of[k] for k in missing])
            self._vectors.update(zip(missing, computed, strict=True))
            self._dirty = True
        if not keys:
            return np.empty((0, self.embedder.dimensions), np.float32)
        return np.vstack([self._vectors[k] for k in keys]).astype(np.float32)

    def save(self) -> None:
        """Write the cache to its directory (atomically), if it has one and grew."""
        if self.path is None or not self._dirty:
            return
        keys = np.array(list(self._vectors))
        matrix = np.vstack(list(self._vectors.values())).astype(np.float32)
        partial = self.path.with_suffix(".partial.npz")
        np.savez(partial, keys=keys, vectors=matrix)
        partial.replace(self.path)
        self._dirty = False


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean and its 95 % bootstrap interval."""

    mean: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Row:
    """One method on one unit and one group of questions (all, or one category)."""

    unit: str
    method: str
    group: str
    questions: int
    measures: dict[str, Interval]


@dataclass(frozen=True, slots=True)
class Difference:
    """hybrid − BM25 (or default − BM25) on one unit: the paired bootstrap interval."""

    unit: str
    method: str
    measure: str
    delta: Interval


@dataclass(slots=True)
class PublicResult:
    """Everything one run measured."""

    dataset: str
    format: str
    haystacks: list[str]
    embedder: str | None
    min_score: float
    questions: int
    skipped: int  # questions without evidence (not scored)
    memories: dict[str, int]
    rows: list[Row] = field(default_factory=list)
    differences: list[Difference] = field(default_factory=list)
    query_ms: dict[str, float] = field(default_factory=dict)  # ranking, median per query
    embed_query_ms: float | None = None


@dataclass(slots=True)
class _Scored:
    """Per question and method, the measures (one list entry per question)."""

    categories: list[str] = field(default_factory=list)
    values: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)


def measures_of(ranked: Sequence[str], relevant: frozenset[str]) -> dict[str, float]:
    """R@5, R@10, NDCG@10 and any@5 of one ranking (keys, best first) against ``relevant``."""
    top5, top10 = set(ranked[:5]), set(ranked[:10])
    gains = [1.0 if key in relevant else 0.0 for key in ranked[:10]]
    dcg = sum(g / math.log2(i + 2) for i, g in enumerate(gains))
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(len(relevant), 10)))
    return {
        "r@5": len(top5 & relevant) / len(relevant),
        "r@10": len(top10 & relevant) / len(relevant),
        "ndcg@10": dcg / ideal if ideal else 0.0,
        "any@5": 1.0 if top5 & relevant else 0.0,
    }


def bootstrap(values: Sequence[float], seed: int = 0) -> Interval:
    """The mean of ``values`` and its 95 % percentile bootstrap interval."""
    data = np.asarray(values, dtype=np.float64)
    if len(data) == 0:
        return Interval(0.0, 0.0, 0.0)
    picks = np.random.default_rng(seed).integers(0, len(data), (RESAMPLES, len(data)))
    means = data[picks].mean(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    return Interval(round(float(data.mean()), 4), round(float(low), 4), round(float(high), 4))


async def build_index(items: Sequence[Item], cache: EmbeddingCache | None) -> OwnerIndex:
    """An index of a haystack's memories as the service builds one (chunks embedded, dates
    indexed, each turn continuing the previous); memory ids are positions in ``items``."""
    index = OwnerIndex(0, None if cache is None else cache.embedder.dimensions)
    number = {item.key: n for n, item in enumerate(items)}
    pieces = [chunks(item.text) for item in items] if cache is not None else []
    flat = await cache.embed([p for parts in pieces for p in parts]) if cache is not None else None
    start = 0
    for n, item in enumerate(items):
        vectors = None
        if flat is not None:
            vectors = flat[start : start + len(pieces[n])]
            start += len(pieces[n])
        follows = None if item.follows is None else number.get(item.follows)
        index.put(n, item.text, vectors, item.date, follows)
    return index


def rank(
    index: OwnerIndex,
    method: str,
    query: str,
    vector: NDArray[np.float32] | None,
    min_score: float,
) -> list[int]:
    """The ids ``method`` ranks for ``query``, best first, at most ``DEPTH``."""
    ranked: list[Ranked]
    if method == "bm25" or vector is None:
        ranked = index.rank_bm25(query, DEPTH)
        if method == "default":
            ranked = [r for r in ranked if r.score >= min_score]
        return [r.doc_id for r in ranked[:DEPTH]]
    if method == "dense":
        assert index.dense is not None
        return ranking(*index.dense.similarities(vector), DEPTH)
    ranked = index.rank_hybrid(query, vector, DEPTH)
    if method == "default":
        ranked = [r for r in ranked if r.score >= min_score]
    return [r.doc_id for r in ranked[:DEPTH]]


async def evaluate(
    dataset: Dataset,
    cache: EmbeddingCache | None,
    *,
    min_score: float,
    units: Sequence[str] = UNITS,
    progress: Callable[[str], None] | None = None,
) -> PublicResult:
    """Rank every question with evidence of every haystack, per unit and method."""
    methods = METHODS if cache is not None else ("bm25", "default")
    scored = {unit: _Scored() for unit in units}
    memories = dict.fromkeys(units, 0)
    asked = [q for h in dataset.haystacks for q in h.questions]
    embed_times: list[float] = []
    from threadpoolctl import threadpool_limits

    for haystack in dataset.haystacks:
        if progress is not None:
            progress(haystack.id)
        vectors = await _query_vectors(haystack, cache, embed_times)
        for unit in units:
            with threadpool_limits(1):  # ranking timed on one core
                await _score_haystack(
                    haystack, unit, cache, vectors, methods, min_score, scored[unit]
                )
            memories[unit] += len(haystack.items[unit])
    result = PublicResult(
        dataset=Path(dataset.source).name,
        format=dataset.format,
        haystacks=[h.id for h in dataset.haystacks],
        embedder=None if cache is None else cache.embedder.name,
        min_score=min_score,
        questions=sum(1 for q in asked if any(q.evidence.values())),
        skipped=sum(1 for q in asked if not any(q.evidence.values())),
        memories=memories,
    )
    for unit, data in scored.items():
        _summarise(result, unit, data, methods)
    first = scored[units[0]] if units else _Scored()
    result.query_ms = {m: round(float(np.median(t)) * 1e3, 3) for m, t in first.times.items() if t}
    if embed_times:
        result.embed_query_ms = round(float(np.median(embed_times)) * 1e3, 2)
    return result


async def _query_vectors(
    haystack: Haystack, cache: EmbeddingCache | None, times: list[float]
) -> dict[str, NDArray[np.float32]]:
    if cache is None:
        return {}
    out: dict[str, NDArray[np.float32]] = {}
    for question in haystack.questions:
        if not any(question.evidence.values()):
            continue
        # Queries are embedded afresh, one at a time, as a search does (and so timed).
        start = time.perf_counter()
        out[question.id] = (await cache.embedder.embed([question.text]))[0]
        times.append(time.perf_counter() - start)
    return out


async def _score_haystack(
    haystack: Haystack,
    unit: str,
    cache: EmbeddingCache | None,
    vectors: dict[str, NDArray[np.float32]],
    methods: Sequence[str],
    min_score: float,
    into: _Scored,
) -> None:
    items = haystack.items[unit]
    index = await build_index(items, cache)
    key_of = [item.key for item in items]
    for question in haystack.questions:
        relevant = question.evidence.get(unit, frozenset())
        if not relevant:
            continue
        into.categories.append(question.category)
        vector = vectors.get(question.id)
        for method in methods:
            start = time.perf_counter()
            ids = rank(index, method, question.text, vector, min_score)
            into.times.setdefault(method, []).append(time.perf_counter() - start)
            values = measures_of([key_of[i] for i in ids], relevant)
            per_method = into.values.setdefault(method, {})
            for name, value in values.items():
                per_method.setdefault(name, []).append(value)


def _summarise(result: PublicResult, unit: str, data: _Scored, methods: Sequence[str]) -> None:
    categories = np.asarray(data.categories)
    overall = ~np.isin(categories, EXCLUDED_FROM_OVERALL)
    groups = [("overall", overall)] + [
        (name, categories == name) for name in sorted(set(data.categories))
    ]
    for group, mask in groups:
        if not mask.any():
            continue
        for method in methods:
            values = data.values[method]
            result.rows.append(
                Row(
                    unit=unit,
                    method=method,
                    group=group,
                    questions=int(mask.sum()),
                    measures={name: bootstrap(np.asarray(values[name])[mask]) for name in MEASURES},
                )
            )
    base = data.values.get("bm25")
    for method in ("hybrid", "default"):
        if base is None or method not in data.values:
            continue
        for name in MEASURES:
            paired = np.asarray(data.values[method][name]) - np.asarray(base[name])
            result.differences.append(Difference(unit, method, name, bootstrap(paired[overall])))


METHOD_NOTE = (
    "Each haystack indexed per unit with OwnerIndex as the memory service builds it (memories "
    "chunked for the dense model, a memory scoring by its best chunk); every question with "
    "evidence ranked by BM25, dense, hybrid (normalised fusion) and the product default "
    "(hybrid, hits with score >= min_score). R@k = share of the evidence memories in the top "
    "k; any@5 = at least one in the top 5; NDCG@10 binary. 95 % percentile bootstrap over "
    f"questions ({RESAMPLES} resamples, seed 0; differences paired). Overall rows leave out "
    "LoCoMo's adversarial category 5 and LongMemEval's abstention questions. Times: median "
    "ranking time per query on one core, the query's embedding apart."
)


def to_document(result: PublicResult, commit: str | None) -> dict[str, object]:
    """The result with the metadata needed to compare runs (what the committed JSON holds)."""
    return {
        "benchmark": "assistant-memory-public",
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": commit,
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
        },
        "method": METHOD_NOTE,
        **asdict(result),
    }


def render(result: PublicResult, console: Console) -> None:
    """Print the overall rows per unit and method, and the time per query."""
    table = Table(
        "unit",
        "method",
        *MEASURES,
        title=(
            f"Memory retrieval on {result.dataset} ({result.format}, "
            f"{len(result.haystacks)} haystacks, {result.questions} questions; embedder "
            f"{result.embedder or 'none'}): mean [95 % interval]"
        ),
    )
    for row in result.rows:
        if row.group != "overall":
            continue
        table.add_row(
            row.unit,
            row.method,
            *(
                f"{v.mean:.3f} [{v.low:.3f}, {v.high:.3f}]"
                for v in (row.measures[n] for n in MEASURES)
            ),
        )
    console.print(table)
    categories = Table("unit", "category", "questions", *(f"R@5 {m}" for m in METHODS))
    by_key = {(r.unit, r.group, r.method): r for r in result.rows}
    for unit, group in dict.fromkeys((r.unit, r.group) for r in result.rows):
        if group == "overall":
            continue
        rows = [by_key.get((unit, group, m)) for m in METHODS]
        count = next(r.questions for r in rows if r is not None)
        categories.add_row(
            unit,
            group,
            str(count),
            *("—" if r is None else f"{r.measures['r@5'].mean:.3f}" for r in rows),
        )
    console.print(categories)
    times = ", ".join(f"{m} {ms:.2f} ms" for m, ms in result.query_ms.items())
    embed = (
        "" if result.embed_query_ms is None else f"; embedding a query {result.embed_query_ms} ms"
    )
    console.print(f"Ranking time per query (median): {times}{embed}")


async def run_public(
    path: Path,
    *,
    haystacks: str | None,
    cache_dir: Path | None,
    embedder: Embedder | Literal["auto"] | None = "auto",
    progress: Callable[[str], None] | None = None,
) -> PublicResult:
    """Load ``path``, keep ``haystacks``, and evaluate with the product's embedder."""
    settings = MemorySettings()
    dataset = load_dataset(path).select(haystacks)
    model = default_embedder(settings)[0] if embedder == "auto" else embedder
    cache = None if model is None else EmbeddingCache(model, cache_dir)
    try:
        return await evaluate(dataset, cache, min_score=settings.min_score, progress=progress)
    finally:
        if cache is not None:
            cache.save()
