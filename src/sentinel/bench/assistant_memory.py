"""Memory retrieval of the assistant: BM25, dense and hybrid side by side, and their cost.

Quality: the built-in vault (``assistant_memory_data``: 201 memories, 60 questions with known
answers) is indexed exactly as the memory service indexes a user's memories; each question is
answered by BM25 alone, by the dense vectors alone, by the hybrid (normalised score fusion)
ranking, and by the hybrid ranking with the product's ``min_score`` threshold. Reported per
split: recall@5 (the share of a question's answer memories in the top 5, averaged) and MRR (1 /
rank of the first answer, 0 when not in the top 10). The ``test`` split is the one to report;
``dev`` is the one to look at while developing.

Cost: indexes of 10 to 10,000 memories (vault texts made unique, random unit vectors: cost
does not depend on what the vectors say) timing one query per method and one incremental add
(medians), against a full bm25s re-index, which is what adding a memory would cost if the
index were rebuilt. Ratios are against the 10-memory index measured in the same run.
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import subprocess
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Literal

import numpy as np
import typer
from rich.console import Console
from rich.table import Table

from sentinel.assistant.memory.bm25 import tokenize
from sentinel.assistant.memory.embedding import Embedder
from sentinel.assistant.memory.fusion import Ranked, ranking
from sentinel.assistant.memory.index import OwnerIndex
from sentinel.assistant.memory.service import default_embedder
from sentinel.assistant.memory.settings import MemorySettings
from sentinel.bench.assistant_memory_data import BenchQuestion, memories, questions
from sentinel.errors import InvalidInput

TOP_K = 5
MRR_DEPTH = 10
SIZES = (10, 100, 1_000, 10_000)
METHODS = ("bm25", "dense", "hybrid", "hybrid@min_score")


@dataclass(frozen=True, slots=True)
class MethodScore:
    """One method on one split."""

    method: str
    recall_at_5: float
    mrr: float
    questions: int
    by_kind: dict[str, float] = field(default_factory=dict)  # recall@5 per question kind


@dataclass(frozen=True, slots=True)
class ScalingPoint:
    """Per-operation cost at one index size, in microseconds."""

    memories: int
    bm25_query_us: float
    dense_query_us: float
    hybrid_query_us: float
    add_us: float
    bm25s_reindex_us: float


@dataclass(frozen=True, slots=True)
class MemoryBenchResult:
    """The whole run: quality per split (dev, test) and cost per index size."""

    memories: int
    questions: int
    embedder: str | None
    notice: str | None
    min_score: float
    splits: dict[str, list[MethodScore]]
    scaling: list[ScalingPoint]

    def score(self, split: str, method: str) -> MethodScore:
        """The score of ``method`` on ``split``."""
        return next(s for s in self.splits[split] if s.method == method)

    def to_json(self) -> dict[str, object]:
        """The result with the metadata needed to compare runs (what
        docs/benchmarks/assistant-memory.json holds)."""
        return {
            "benchmark": "assistant-memory",
            "at": datetime.now(UTC).isoformat(timespec="seconds"),
            "commit": _commit(),
            "machine": {
                "platform": platform.platform(),
                "cpus": os.cpu_count(),
                "python": platform.python_version(),
            },
            **asdict(self),
        }


async def run_memory_benchmark(
    *,
    embedder: Embedder | Literal["auto"] | None = "auto",
    sizes: tuple[int, ...] = SIZES,
    min_score: float | None = None,
    repeats: int = 30,
) -> MemoryBenchResult:
    """Run the quality comparison and the cost measurement (``sizes=()`` skips the latter)."""
    settings = MemorySettings()
    notice = None
    if embedder == "auto":
        embedder, notice = default_embedder(settings)
    floor = settings.min_score if min_score is None else min_score
    vault = memories()
    asked = questions()
    splits: dict[str, list[MethodScore]] = {}
    if embedder is not None:
        vectors = await embedder.embed([m.text for m in vault])
        query_vectors = await embedder.embed([q.text for q in asked])
        index = OwnerIndex(0, embedder.dimensions)
        for number, (memory, vector) in enumerate(zip(vault, vectors, strict=True)):
            index.put(number, memory.text, vector)
        key_of = {number: memory.key for number, memory in enumerate(vault)}
        rankings = {
            method: [
                _rank(index, method, q.text, query_vectors[i], floor) for i, q in enumerate(asked)
            ]
            for method in METHODS
        }
        for split in ("dev", "test"):
            chosen = [i for i, q in enumerate(asked) if q.split == split]
            splits[split] = [
                _score(
                    method,
                    [asked[i] for i in chosen],
                    [rankings[method][i] for i in chosen],
                    key_of,
                )
                for method in METHODS
            ]
    else:
        index = OwnerIndex(0, None)
        for number, memory in enumerate(vault):
            index.put(number, memory.text, None)
        key_of = {number: memory.key for number, memory in enumerate(vault)}
        for split in ("dev", "test"):
            in_split = [q for q in asked if q.split == split]
            ranked = [[r.doc_id for r in index.rank_bm25(q.text, MRR_DEPTH)] for q in in_split]
            splits[split] = [_score("bm25", in_split, ranked, key_of)]
    from threadpoolctl import threadpool_limits

    with threadpool_limits(1):  # one core: BLAS's threads would fight the machine's other work
        scaling = [_cost(size, repeats) for size in sizes]
    return MemoryBenchResult(
        memories=len(vault),
        questions=len(asked),
        embedder=None if embedder is None else embedder.name,
        notice=notice,
        min_score=floor,
        splits=splits,
        scaling=scaling,
    )


def _rank(
    index: OwnerIndex, method: str, query: str, vector: np.ndarray, floor: float
) -> list[int]:
    ranked: list[Ranked]
    if method == "bm25":
        ranked = index.rank_bm25(query, MRR_DEPTH)
    elif method == "dense":
        assert index.dense is not None
        ids, cosines = index.dense.similarities(vector)
        return ranking(ids, cosines, MRR_DEPTH)
    else:
        ranked = index.rank_hybrid(query, vector, TOP_K)
        if method == "hybrid@min_score":
            ranked = [r for r in ranked if r.score >= floor]
    return [r.doc_id for r in ranked[:MRR_DEPTH]]


def _score(
    method: str,
    asked: list[BenchQuestion],
    ranked: list[list[int]],
    key_of: dict[int, str],
) -> MethodScore:
    recalls: list[float] = []
    reciprocal: list[float] = []
    by_kind: dict[str, list[float]] = {}
    for question, ids in zip(asked, ranked, strict=True):
        keys = [key_of[i] for i in ids]
        found = sum(1 for answer in question.answers if answer in keys[:TOP_K])
        recall = found / len(question.answers)
        recalls.append(recall)
        by_kind.setdefault(question.kind, []).append(recall)
        rank = next((n for n, key in enumerate(keys, 1) if key in question.answers), None)
        reciprocal.append(0.0 if rank is None else 1.0 / rank)
    return MethodScore(
        method=method,
        recall_at_5=round(float(np.mean(recalls)), 4),
        mrr=round(float(np.mean(reciprocal)), 4),
        questions=len(asked),
        by_kind={kind: round(float(np.mean(v)), 4) for kind, v in sorted(by_kind.items())},
    )


def _cost(size: int, repeats: int) -> ScalingPoint:
    """Time queries and one incremental add on an index of ``size`` memories."""
    import bm25s

    vault = [m.text for m in memories()]
    texts = [f"{vault[i % len(vault)]} (entry {i})" for i in range(size)]
    generator = np.random.default_rng(7)
    vectors = generator.standard_normal((size + repeats, 384)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    index = OwnerIndex(0, 384)
    for i, text in enumerate(texts):
        index.put(i, text, vectors[i])
    asked = [q.text for q in questions()][:repeats]
    query_vector = vectors[0]

    def timed(run: Callable[[str], object]) -> float:
        """The median time of one call over the questions (medians shrug off a busy CPU)."""
        run(asked[0])  # warm up
        times = []
        for query in asked:
            start = time.perf_counter()
            run(query)
            times.append(time.perf_counter() - start)
        return float(np.median(times)) * 1e6

    dense = index.dense
    assert dense is not None
    bm25_us = timed(lambda q: index.rank_bm25(q, TOP_K))
    dense_us = timed(lambda q: ranking(*dense.similarities(query_vector), TOP_K))
    hybrid_us = timed(lambda q: index.rank_hybrid(q, query_vector, TOP_K))
    adds = []
    for n in range(repeats):
        start = time.perf_counter()
        index.put(size + n, f"new memory {n} about {asked[n % len(asked)]}", vectors[size + n])
        adds.append(time.perf_counter() - start)
    add_us = float(np.median(adds)) * 1e6
    corpus = [tokenize(text) for text in texts]
    bm25s.BM25(method="lucene").index(corpus[:5], show_progress=False)  # warm up
    start = time.perf_counter()
    bm25s.BM25(method="lucene").index(corpus, show_progress=False)
    reindex_us = (time.perf_counter() - start) * 1e6
    return ScalingPoint(
        memories=size,
        bm25_query_us=round(bm25_us, 1),
        dense_query_us=round(dense_us, 1),
        hybrid_query_us=round(hybrid_us, 1),
        add_us=round(add_us, 1),
        bm25s_reindex_us=round(reindex_us, 1),
    )


def _commit() -> str | None:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            cwd=Path(__file__).parent,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None


def render_memory_benchmark(
    result: MemoryBenchResult, console: Console, split: str = "test"
) -> None:
    """Print the quality table for ``split`` and the cost table."""
    if result.notice:
        console.print(f"[yellow]{result.notice}[/]")
    quality = Table(
        "method",
        "recall@5",
        "MRR",
        *(f"recall@5 {kind}" for kind in ("fact", "update", "temporal", "preference")),
        title=(
            f"Memory retrieval, {split} split: {result.memories} memories, "
            f"{result.splits[split][0].questions} questions (embedder: {result.embedder or 'none'})"
        ),
    )
    for score in result.splits[split]:
        name = score.method.replace("@min_score", f" (score >= {result.min_score})")
        quality.add_row(
            name,
            f"{score.recall_at_5:.3f}",
            f"{score.mrr:.3f}",
            *(
                f"{score.by_kind.get(k, 0.0):.3f}"
                for k in ("fact", "update", "temporal", "preference")
            ),
        )
    console.print(quality)
    if not result.scaling:
        return
    base = result.scaling[0]
    cost = Table(
        "memories",
        "BM25 query µs",
        "dense query µs",
        "hybrid query µs (x base)",
        "add one µs (x base)",
        "bm25s full re-index µs",
        title="Retrieval cost as memories grow (ratios against the smallest index, same run)",
    )
    for point in result.scaling:
        cost.add_row(
            f"{point.memories:,}",
            f"{point.bm25_query_us:,.0f}",
            f"{point.dense_query_us:,.0f}",
            f"{point.hybrid_query_us:,.0f} ({point.hybrid_query_us / base.hybrid_query_us:.1f}x)",
            f"{point.add_us:,.0f} ({point.add_us / base.add_us:.1f}x)",
            f"{point.bm25s_reindex_us:,.0f}",
        )
    console.print(cost)


def memory_command(
    output: Annotated[
        Path | None, typer.Option("--json", help="Also write the result as JSON to this file.")
    ] = None,
    sizes: Annotated[
        str, typer.Option("--sizes", help="Comma-separated index sizes for the cost table.")
    ] = "10,100,1000,10000",
    split: Annotated[
        str, typer.Option("--split", help="Which split's quality to print (dev or test).")
    ] = "test",
    dataset: Annotated[
        Path | None,
        typer.Option(
            "--dataset",
            help="A LoCoMo or LongMemEval file: measure on it instead of the built-in vault.",
        ),
    ] = None,
    haystacks: Annotated[
        str | None,
        typer.Option(
            "--haystacks", help="With --dataset: positions or ids to keep (0-4, conv-26,...)."
        ),
    ] = None,
    cache: Annotated[
        Path | None,
        typer.Option("--cache", help="With --dataset: keep the dataset's vectors in this folder."),
    ] = None,
) -> None:
    """Memory retrieval: recall@5 and MRR of BM25, dense and hybrid, and cost as memories
    grow; with ``--dataset``, R@5/R@10/NDCG@10/any@5 per unit and category on that file."""
    console = Console()
    if dataset is not None:
        from sentinel.bench.memory_public import render, run_public, to_document

        try:
            public = asyncio.run(
                run_public(
                    dataset,
                    haystacks=haystacks,
                    cache_dir=cache,
                    progress=lambda h: console.print(f"[dim]{h}[/]"),
                )
            )
        except InvalidInput as exc:
            hint = "--haystacks" if exc.field == "haystacks" else "--dataset"
            raise typer.BadParameter(str(exc), param_hint=hint) from exc
        render(public, console)
        if output is not None:
            document = to_document(public, _commit())
            output.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        return
    parsed = tuple(int(s) for s in sizes.split(",") if s.strip())
    result = asyncio.run(run_memory_benchmark(sizes=parsed))
    render_memory_benchmark(result, console, split)
    if output is not None:
        output.write_text(json.dumps(result.to_json(), indent=2) + "\n", encoding="utf-8")
