"""LocalIndex: BM25 full-text search, tolerant of any user text, with freshness filtering."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from sentinel.web.search.base import SearchInput, SearchProvider
from sentinel.web.search.local import Document, LocalIndex, LocalSearch, fts_query

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def index() -> LocalIndex:
    idx = LocalIndex()
    idx.upsert_many(
        [
            Document(
                "http://news.example/iphone-17",
                "Apple announces iPhone 17",
                "Apple announced the iPhone 17 today. Pricing starts at $999 and preorders open "
                "on Friday.",
                NOW - timedelta(days=2),
            ),
            Document(
                "http://rumors.example/iphone",
                "iPhone rumours roundup",
                "Analysts expect a new phone in September, with a faster chip.",
                NOW - timedelta(days=40),
            ),
            Document(
                "http://shop.example/kettle",
                "Electric kettle",
                "A 1.7 litre kettle that boils water quickly.",
                None,
            ),
        ]
    )
    return idx


def test_query_ranks_documents_matching_more_terms_first(index: LocalIndex) -> None:
    hits = index.query("iPhone 17 pricing")
    assert [h.url for h in hits[:2]] == [
        "http://news.example/iphone-17",
        "http://rumors.example/iphone",
    ]
    assert hits[0].score is not None
    assert hits[1].score is not None
    assert hits[0].score > hits[1].score
    assert all(h.provider == "local" for h in hits)


def test_snippet_contains_a_matched_term(index: LocalIndex) -> None:
    (hit,) = index.query("preorders")
    assert "preorders" in hit.snippet
    assert hit.title == "Apple announces iPhone 17"


def test_stemming_matches_word_forms(index: LocalIndex) -> None:
    assert [h.url for h in index.query("boiling")] == ["http://shop.example/kettle"]


@pytest.mark.parametrize(
    "text",
    [
        'iphone "unterminated',
        "iphone AND OR NOT",
        "iphone* ^title: (nested",
        "NEAR(iphone kettle)",
        "'; DROP TABLE docs; --",
        "title:iphone",
        "c++ / c# -- what?!",
    ],
)
def test_query_never_raises_on_fts_syntax_or_punctuation(index: LocalIndex, text: str) -> None:
    hits = index.query(text)
    assert isinstance(hits, list)
    assert len(index) == 3


@pytest.mark.parametrize("text", ["", "   ", "?!...", '""', "***"])
def test_query_without_words_returns_no_hits(index: LocalIndex, text: str) -> None:
    assert index.query(text) == []


def test_quoted_phrase_is_matched_as_a_phrase() -> None:
    assert fts_query('"faster chip" apple') == '"faster chip" OR "apple"'
    idx = LocalIndex()
    idx.upsert(Document("u:1", "a", "the chip is faster than before"))
    idx.upsert(Document("u:2", "b", "a faster chip arrives"))
    assert [h.url for h in idx.query('"faster chip"')] == ["u:2"]


def test_published_after_excludes_old_and_undated_documents(index: LocalIndex) -> None:
    hits = index.query("iphone kettle", published_after=NOW - timedelta(days=7))
    assert [h.url for h in hits] == ["http://news.example/iphone-17"]
    assert hits[0].published == NOW - timedelta(days=2)


def test_naive_published_after_is_read_as_utc(index: LocalIndex) -> None:
    naive = (NOW - timedelta(days=7)).replace(tzinfo=None)
    assert len(index.query("iphone", published_after=naive)) == 1


def test_limit_caps_the_number_of_hits(index: LocalIndex) -> None:
    assert len(index.query("iphone kettle apple", limit=1)) == 1
    assert index.query("iphone", limit=0) == []


def test_upsert_replaces_the_document_with_the_same_url(index: LocalIndex) -> None:
    index.upsert(Document("http://shop.example/kettle", "Kettle", "Now a teapot", None))
    assert len(index) == 3
    assert index.query("boils") == []
    assert [h.url for h in index.query("teapot")] == ["http://shop.example/kettle"]
    doc = index.get("http://shop.example/kettle")
    assert doc is not None
    assert doc.text == "Now a teapot"


def test_delete_and_clear_remove_documents(index: LocalIndex) -> None:
    index.delete("http://shop.example/kettle")
    index.delete("http://unknown.example/")
    assert len(index) == 2
    assert index.query("kettle") == []
    index.clear()
    assert len(index) == 0
    assert index.query("iphone") == []


def test_file_index_persists_across_instances(tmp_path: Path) -> None:
    path = tmp_path / "index.sqlite"
    first = LocalIndex(path)
    first.upsert(Document("u:1", "Persistent", "stored on disk", NOW))
    first.close()
    second = LocalIndex(path)
    (hit,) = second.query("disk")
    assert hit.published == NOW
    second.close()


def test_concurrent_threads_can_share_an_index() -> None:
    idx = LocalIndex()
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            for i in range(20):
                idx.upsert(Document(f"u:{n}:{i}", f"doc {n}", f"shared words number{i}"))
                idx.query("shared words")
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(idx) == 80


def test_from_folder_indexes_markdown_text_and_html(tmp_path: Path) -> None:
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "plan.md").write_text("# Launch plan\n\nShip the rocket on Tuesday.\n")
    (tmp_path / "todo.txt").write_text("buy rocket fuel")
    (tmp_path / "page.html").write_text(
        "<html><head><title>Rocket page</title><script>var rocket=1</script></head>"
        "<body><p>The rocket is <b>ready</b>.</p></body></html>"
    )
    (tmp_path / "image.png").write_bytes(b"\x89PNG rocket")
    idx = LocalIndex.from_folder(tmp_path)
    assert len(idx) == 3
    titles = {h.title for h in idx.query("rocket")}
    assert titles == {"Launch plan", "todo", "Rocket page"}
    (html_hit,) = idx.query("ready")
    assert html_hit.url == (tmp_path / "page.html").resolve().as_uri()
    assert idx.query("var") == []  # script content is not page text


def test_from_folder_rejects_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(NotADirectoryError):
        LocalIndex.from_folder(tmp_path / "missing")


async def test_local_search_applies_num_results_and_freshness_from_its_clock(
    index: LocalIndex,
) -> None:
    provider = LocalSearch(index, clock=lambda: NOW)
    assert isinstance(provider, SearchProvider)
    assert provider.name == "local"
    hits = await provider.search(SearchInput(query="iphone", num_results=1))
    assert len(hits) == 1
    fresh = await provider.search(SearchInput(query="iphone", freshness="d7"))
    assert [h.url for h in fresh] == ["http://news.example/iphone-17"]
    later = LocalSearch(index, clock=lambda: NOW + timedelta(days=30))
    assert await later.search(SearchInput(query="iphone", freshness="d7")) == []
