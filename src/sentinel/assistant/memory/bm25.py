"""An incremental BM25 index: adding, replacing or removing a document costs only its own terms.

Tokenisation is bm25s's (lower-case words, English stop words, Snowball stemming through
PyStemmer). Scoring is BM25 in bm25s's ``lucene`` variant (Lucene's idf, never negative,
``k1 = 1.5``, ``b = 0.75``) times the constant ``k1 + 1`` (so a term found once in a document
of average length scores exactly its idf); ``tests/assistant/test_bm25.py`` checks the scores
equal ``bm25s.BM25(method="lucene")``'s times ``k1 + 1`` on the same corpus. bm25s itself
precomputes every document-term score with the corpus's idf baked in, so one new memory would
mean re-indexing all of them; here postings are append-only arrays and idf is computed at
query time from live document frequencies, so an add is O(terms of the document) and a query
is O(postings of its terms), vectorised with numpy.

Removed documents leave dead postings behind, masked at query time; once more than half of
the postings are dead the index compacts itself (amortised O(1) per removal).
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

import numpy as np
import Stemmer
from bm25s.tokenization import Tokenizer
from numpy.typing import NDArray

K1 = 1.5
B = 0.75


STOPWORDS = "en_plus"  # NLTK's English list: question words ("when", "what", "my") carry none


@lru_cache(maxsize=1)
def tokenizer() -> Tokenizer:
    """bm25s's tokenizer as Sentinel configures it (also what the tests compare against)."""
    return Tokenizer(stopwords=STOPWORDS, stemmer=Stemmer.Stemmer("english"))


@lru_cache(maxsize=1)
def _stopwords() -> frozenset[str]:
    return frozenset(tokenizer().stopwords)


def tokenize(text: str) -> list[str]:
    """The terms BM25 indexes for ``text`` (lower-cased, stop words dropped, stemmed)."""
    split = tokenizer()
    stopwords = _stopwords()
    stem = split.stemmer
    return [stem(word) for word in split.splitter(text.lower()) if word not in stopwords]


class _Postings:
    """The documents (slots) holding one term and how often, as growable typed arrays."""

    __slots__ = ("counts", "slots")

    def __init__(self) -> None:
        self.slots = array("l")
        self.counts = array("f")


class Bm25Index:
    """BM25 over documents keyed by int id; ``add`` replaces a document already present."""

    def __init__(self) -> None:
        self._postings: dict[str, _Postings] = {}
        self._df: Counter[str] = Counter()
        self._slot_of: dict[int, int] = {}
        self._ids = array("l")  # slot -> document id (-1 once removed)
        self._lengths = array("f")  # slot -> number of terms
        self._terms: dict[int, tuple[str, ...]] = {}  # id -> its distinct terms
        self._total_length = 0.0
        self._dead_postings = 0
        self._live_postings = 0

    def __len__(self) -> int:
        return len(self._slot_of)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._slot_of

    def add(self, doc_id: int, text: str) -> None:
        """Index ``text`` as document ``doc_id`` (replacing its previous text)."""
        if doc_id in self._slot_of:
            self.remove(doc_id)
        terms = Counter(tokenize(text))
        slot = len(self._ids)
        self._ids.append(doc_id)
        length = float(sum(terms.values()))
        self._lengths.append(length)
        self._slot_of[doc_id] = slot
        self._terms[doc_id] = tuple(terms)
        self._total_length += length
        for term, count in terms.items():
            postings = self._postings.get(term)
            if postings is None:
                postings = self._postings[term] = _Postings()
            postings.slots.append(slot)
            postings.counts.append(float(count))
            self._df[term] += 1
        self._live_postings += len(terms)

    def add_many(self, documents: Iterable[tuple[int, str]]) -> None:
        """Index several documents."""
        for doc_id, text in documents:
            self.add(doc_id, text)

    def remove(self, doc_id: int) -> None:
        """Forget document ``doc_id`` (no-op when absent)."""
        slot = self._slot_of.pop(doc_id, None)
        if slot is None:
            return
        self._ids[slot] = -1
        self._total_length -= self._lengths[slot]
        terms = self._terms.pop(doc_id)
        for term in terms:
            self._df[term] -= 1
            if self._df[term] <= 0:
                del self._df[term]
        self._live_postings -= len(terms)
        self._dead_postings += len(terms)
        if self._dead_postings > max(self._live_postings, 1024):
            self._compact()

    def scores(self, query: str) -> tuple[NDArray[np.int64], NDArray[np.float32]]:
        """Ids of the documents sharing a term with ``query`` and their BM25 scores (> 0)."""
        totals = self.slot_scores(query)
        hit = totals > 0
        return self.slot_ids()[hit].copy(), totals[hit]

    def slot_scores(self, query: str) -> NDArray[np.float32]:
        """The BM25 score of every slot (0 for removed documents and those sharing no term):
        with ``slot_ids`` and ``slot``, a score can be looked up by id in O(1)."""
        n_docs = len(self._slot_of)
        lengths = np.frombuffer(self._lengths, dtype=np.float32)
        totals = np.zeros(len(lengths), dtype=np.float32)
        terms = [term for term in set(tokenize(query)) if term in self._df]
        if not n_docs or not terms:
            return totals
        average = self._total_length / n_docs
        norm = K1 * (1 - B + B * lengths / average)
        for term in terms:
            postings = self._postings[term]
            slots = np.frombuffer(postings.slots, dtype=np.int64)
            counts = np.frombuffer(postings.counts, dtype=np.float32)
            df = self._df[term]
            idf = np.log(1.0 + (n_docs - df + 0.5) / (df + 0.5))
            totals[slots] += idf * counts * (K1 + 1) / (counts + norm[slots])
        totals[self.slot_ids() < 0] = 0.0
        return totals

    def slot_ids(self) -> NDArray[np.int64]:
        """The document id of each slot (-1 once removed), a view (do not write to it)."""
        return np.frombuffer(self._ids, dtype=np.int64)

    def slot(self, doc_id: int) -> int | None:
        """The slot of document ``doc_id`` (None when absent)."""
        return self._slot_of.get(doc_id)

    def query_weight(self, query: str) -> float:
        """The sum of the idf of ``query``'s distinct terms, about the score a document of
        average length holding each term once gets. A term no document holds weighs as much
        as the rarest held term (df = 1): it counts, but cannot outweigh the rest on a small
        index."""
        n_docs = len(self._slot_of)
        total = 0.0
        for term in set(tokenize(query)):
            df = max(self._df.get(term, 0), 1)
            total += float(np.log(1.0 + (n_docs - df + 0.5) / (df + 0.5)))
        return total

    def _compact(self) -> None:
        live = [(doc_id, terms) for doc_id, terms in self._terms.items()]
        lengths = {doc_id: self._lengths[self._slot_of[doc_id]] for doc_id, _ in live}
        postings_of = {
            term: dict(zip(p.slots, p.counts, strict=True)) for term, p in self._postings.items()
        }
        old_slot = dict(self._slot_of)
        self._postings = {}
        self._slot_of = {}
        self._ids = array("l")
        self._lengths = array("f")
        for doc_id, terms in live:
            slot = len(self._ids)
            self._ids.append(doc_id)
            self._lengths.append(lengths[doc_id])
            self._slot_of[doc_id] = slot
            for term in terms:
                postings = self._postings.get(term)
                if postings is None:
                    postings = self._postings[term] = _Postings()
                postings.slots.append(slot)
                postings.counts.append(postings_of[term][old_slot[doc_id]])
        self._dead_postings = 0
