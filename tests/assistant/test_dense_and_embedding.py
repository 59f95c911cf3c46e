"""The dense index and the packaged MiniLM: growable, compacting, sensible similarities."""

from __future__ import annotations

import numpy as np
import pytest

from sentinel.assistant.memory.dense import DenseIndex
from sentinel.assistant.memory.embedding import (
    MiniLmEmbedder,
    from_bytes,
    missing_packages,
    to_bytes,
)
from sentinel.assistant.memory.fusion import RRF_K, fuse, ranking


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


def test_rrf_orders_by_summed_reciprocal_ranks() -> None:
    fused = fuse([1, 2, 3], [3, 1], {1: 0.9, 2: 0.1, 3: 0.5})
    assert [r.doc_id for r in fused] == [1, 3, 2]
    assert fused[0].rrf == pytest.approx(1 / (RRF_K + 1) + 1 / (RRF_K + 2))
    assert (fused[1].bm25_rank, fused[1].dense_rank, fused[1].score) == (3, 1, 0.5)


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
