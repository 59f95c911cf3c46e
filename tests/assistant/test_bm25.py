"""The incremental BM25 index scores exactly as bm25s would after a full re-index."""

from __future__ import annotations

import bm25s
import numpy as np
import pytest

from sentinel.assistant.memory.bm25 import K1, Bm25Index, tokenize

CORPUS = [
    "My sister Ana lives in Porto and runs marathons",
    "The car's MOT is due in June; book the garage early",
    "I switched from coffee to green tea in the mornings",
    "Ana's birthday is on 14 March; she likes running gear",
    "The garage on Elm Street fixed the car brakes last year",
    "Porto trip: book flights for the marathon weekend",
]


def bm25s_scores(corpus: list[str], query: str) -> np.ndarray:
    retriever = bm25s.BM25(method="lucene", k1=K1, b=0.75)
    retriever.index([tokenize(text) for text in corpus], show_progress=False)
    return np.asarray(retriever.get_scores(tokenize(query))) * (K1 + 1)


def ours(index: Bm25Index, query: str, size: int) -> np.ndarray:
    ids, scores = index.scores(query)
    dense = np.zeros(size)
    dense[ids] = scores
    return dense


def test_tokens_are_lowercased_stemmed_and_free_of_stop_words() -> None:
    assert tokenize("When does my sister run the Marathons?") == ["sister", "run", "marathon"]


@pytest.mark.parametrize("query", ["Ana marathon Porto", "car garage brakes", "tea", "nothing"])
def test_scores_equal_bm25s_on_the_same_corpus(query: str) -> None:
    index = Bm25Index()
    index.add_many(enumerate(CORPUS))
    np.testing.assert_allclose(
        ours(index, query, len(CORPUS)), bm25s_scores(CORPUS, query), rtol=1e-5
    )


def test_after_replacing_and_removing_documents_scores_equal_a_fresh_index() -> None:
    index = Bm25Index()
    index.add_many(enumerate(CORPUS))
    index.add(2, "I switched back to coffee")  # replace
    index.remove(4)
    current = {i: text for i, text in enumerate(CORPUS) if i != 4}
    current[2] = "I switched back to coffee"
    order = sorted(current)
    expected = bm25s_scores([current[i] for i in order], "coffee car garage")
    got = ours(index, "coffee car garage", len(CORPUS))[order]
    np.testing.assert_allclose(got, expected, rtol=1e-5)
    assert len(index) == 5
    assert 4 not in index


def test_compaction_keeps_the_scores() -> None:
    index = Bm25Index()
    for round_ in range(400):  # far more dead postings than live ones: compacts many times
        for i, text in enumerate(CORPUS):
            index.add(i, f"{text} round{round_ % 3}")
    fresh = Bm25Index()
    fresh.add_many((i, f"{text} round{399 % 3}") for i, text in enumerate(CORPUS))
    np.testing.assert_allclose(
        ours(index, "Ana car round0", 6), ours(fresh, "Ana car round0", 6), rtol=1e-5
    )
    assert index._dead_postings < 2048


def test_query_weight_is_the_sum_of_idf_and_counts_unknown_terms_as_the_rarest() -> None:
    index = Bm25Index()
    index.add_many(enumerate(CORPUS))
    rare = float(np.log(1 + (6 - 1 + 0.5) / 1.5))
    assert index.query_weight("Elm") == pytest.approx(rare)
    assert index.query_weight("zeppelin") == pytest.approx(rare)
    assert index.query_weight("Elm zeppelin") == pytest.approx(2 * rare)
