"""A local full-text search engine: SQLite FTS5 ranked by BM25.

It backs offline use (search a folder of notes) and the simulated world's search endpoint.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sentinel.web.search.base import SearchHit, SearchInput

# Title matches weigh more than body matches, as on every web search engine.
_TITLE_WEIGHT = 4.0
_TEXT_WEIGHT = 1.0
_SNIPPET_TOKENS = 32
_PHRASE = re.compile(r'"([^"]*)"')
_WORD = re.compile(r"\w+", re.UNICODE)
FOLDER_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".html", ".htm"})

_SCHEMA = """
CREATE TABLE IF NOT EXISTS docs (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    published REAL
);
CREATE VIRTUAL TABLE IF NOT EXISTS docs_fts USING fts5(
    title, text, content='docs', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS docs_ai AFTER INSERT ON docs BEGIN
    INSERT INTO docs_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
CREATE TRIGGER IF NOT EXISTS docs_ad AFTER DELETE ON docs BEGIN
    INSERT INTO docs_fts(docs_fts, rowid, title, text)
        VALUES ('delete', old.id, old.title, old.text);
END;
CREATE TRIGGER IF NOT EXISTS docs_au AFTER UPDATE ON docs BEGIN
    INSERT INTO docs_fts(docs_fts, rowid, title, text)
        VALUES ('delete', old.id, old.title, old.text);
    INSERT INTO docs_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
"""

_QUERY = f"""
SELECT docs.url, docs.title, docs.published,
       snippet(docs_fts, 1, '', '', '…', {_SNIPPET_TOKENS}) AS snip,
       bm25(docs_fts, {_TITLE_WEIGHT}, {_TEXT_WEIGHT}) AS rank
FROM docs_fts JOIN docs ON docs.id = docs_fts.rowid
WHERE docs_fts MATCH ? AND (? IS NULL OR (docs.published IS NOT NULL AND docs.published >= ?))
ORDER BY rank, docs.url
LIMIT ?
"""


@dataclass
class Document:
    """A page or file the local index can find: its address, title, plain text and date."""

    url: str
    title: str
    text: str
    published: datetime | None = None


def _timestamp(moment: datetime | None) -> float | None:
    if moment is None:
        return None
    # Naive datetimes are read as UTC: every Sentinel clock is UTC.
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def fts_query(text: str) -> str | None:
    """Turn free user text into a safe FTS5 expression; None when it holds no searchable word.

    Double-quoted segments become phrases, every other word a quoted term, all joined with OR
    so partial matches still rank (BM25 orders documents that match more terms first). Quoting
    every token means FTS syntax in the input (``AND``, ``*``, ``:``, ``^``, parentheses) is
    searched for as words and never parsed as operators.
    """
    parts: list[str] = []
    for phrase in _PHRASE.findall(text):
        words = _WORD.findall(phrase)
        if words:
            parts.append('"' + " ".join(words) + '"')
    for word in _WORD.findall(_PHRASE.sub(" ", text)):
        term = f'"{word}"'
        if term not in parts:
            parts.append(term)
    return " OR ".join(parts) if parts else None


class LocalIndex:
    """An SQLite FTS5 full-text index of documents, in memory by default or in a file.

    Methods are synchronous and serialized by a lock, so the index can be shared by coroutines
    and threads alike; every call is short for the corpus sizes this is meant for.
    """

    def __init__(self, path: str | Path = ":memory:") -> None:
        self._path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self._path, check_same_thread=False, isolation_level=None)
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the underlying database connection."""
        with self._lock:
            self._db.close()

    def upsert(self, doc: Document) -> None:
        """Add a document, or replace the one with the same URL."""
        self.upsert_many([doc])

    def upsert_many(self, docs: Iterable[Document]) -> None:
        """Add or replace several documents in one transaction."""
        rows = [(d.url, d.title, d.text, _timestamp(d.published)) for d in docs]
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.executemany(
                    "INSERT INTO docs(url, title, text, published) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT(url) DO UPDATE SET title=excluded.title, text=excluded.text, "
                    "published=excluded.published",
                    rows,
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def delete(self, url: str) -> None:
        """Remove the document with this URL; unknown URLs are ignored."""
        with self._lock:
            self._db.execute("DELETE FROM docs WHERE url = ?", (url,))

    def clear(self) -> None:
        """Remove every document."""
        with self._lock:
            self._db.execute("DELETE FROM docs")

    def __len__(self) -> int:
        with self._lock:
            (count,) = self._db.execute("SELECT count(*) FROM docs").fetchone()
        return int(count)

    def get(self, url: str) -> Document | None:
        """The stored document with this URL, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT url, title, text, published FROM docs WHERE url = ?", (url,)
            ).fetchone()
        if row is None:
            return None
        published = None if row[3] is None else datetime.fromtimestamp(row[3], UTC)
        return Document(url=row[0], title=row[1], text=row[2], published=published)

    def query(
        self, text: str, *, limit: int = 10, published_after: datetime | None = None
    ) -> list[SearchHit]:
        """Documents matching ``text``, best BM25 rank first, with a snippet of the matched terms.

        Any user text is accepted: punctuation and FTS operators are searched as plain words,
        and text without a single word yields no hits. With ``published_after``, documents of
        unknown date are left out, since they cannot be shown to be fresh.
        """
        expression = fts_query(text)
        if expression is None or limit <= 0:
            return []
        after = _timestamp(published_after)
        with self._lock:
            rows = self._db.execute(_QUERY, (expression, after, after, limit)).fetchall()
        return [
            SearchHit(
                title=title,
                url=url,
                snippet=" ".join(snip.split()),
                published=None if published is None else datetime.fromtimestamp(published, UTC),
                provider="local",
                # bm25() is lower-is-better; hits carry higher-is-better scores.
                score=-rank,
            )
            for url, title, published, snip, rank in rows
        ]

    @classmethod
    def from_folder(cls, folder: Path) -> LocalIndex:
        """An in-memory index of the .md, .txt and .html files under ``folder`` (recursively).

        Each document's URL is its file URI; its title is the HTML ``<title>``, the first
        Markdown heading, or else the file name.
        """
        from sentinel.web.search.files import read_document  # keeps lxml out of index users

        root = Path(folder)
        if not root.is_dir():
            raise NotADirectoryError(f"not a folder: {root}")
        index = cls()
        paths = sorted(
            p for p in root.rglob("*") if p.is_file() and p.suffix.lower() in FOLDER_SUFFIXES
        )
        index.upsert_many(read_document(p) for p in paths)
        return index


class LocalSearch:
    """The search provider over a :class:`LocalIndex` (provider name ``local``)."""

    name = "local"

    def __init__(self, index: LocalIndex, *, clock: Callable[[], datetime] | None = None) -> None:
        self.index = index
        # The simulated world passes its virtual clock, so freshness follows simulated time.
        self._clock = clock or (lambda: datetime.now(UTC))

    async def search(self, query: SearchInput) -> list[SearchHit]:
        """Search the index; the freshness window is measured from the provider's clock."""
        return self.index.query(
            query.query, limit=query.num_results, published_after=query.since(self._clock())
        )
