"""Reading pages: the most relevant paragraphs within a budget, unread domains first."""

from __future__ import annotations

import pytest

from sentinel.errors import InvalidInput
from sentinel.research import IndexReader
from sentinel.research.reading import choose_pages, excerpt, terms, without_title
from sentinel.web.search.local import Document, LocalIndex
from tests.research.conftest import hit

PAGE = """# Parliament adopts the repair act
The vote took place in Strasbourg on Wednesday.
Cookie settings: we use cookies to improve your experience.
The act passed with 412 votes in favour and 126 against.
Related: gas storage hits 95 percent.
"""


def test_an_excerpt_keeps_the_relevant_lines_in_page_order() -> None:
    text = excerpt(PAGE, terms("How many votes did the repair act get?"), budget=120)

    assert text == (
        "Parliament adopts the repair act\nThe act passed with 412 votes in favour and 126 against."
    )


def test_an_excerpt_fits_its_budget_even_when_one_line_is_longer() -> None:
    text = excerpt("word " * 500, {"word"}, budget=100)

    assert len(text) <= 100
    assert text.endswith("…")


def test_an_empty_page_has_an_empty_excerpt() -> None:
    assert excerpt("\n \n", {"x"}, budget=100) == ""


def test_a_first_line_repeating_the_title_is_dropped() -> None:
    assert without_title("# The Title\nBody.", "the title") == "Body."
    assert without_title("Other\nBody.", "The Title") == "Other\nBody."


def test_pages_from_unread_domains_are_read_first() -> None:
    hits = [
        hit("https://a.example/1"),
        hit("https://a.example/2"),
        hit("https://www.b.example/1"),
        hit("https://c.example/1"),
    ]

    chosen = choose_pages(hits, already_read=["https://c.example/old"], limit=3)

    assert [h.url for h in chosen] == [
        "https://a.example/1",
        "https://www.b.example/1",
        "https://a.example/2",
    ]


def test_no_page_is_read_without_budget() -> None:
    assert choose_pages([hit("https://a.example/1")], already_read=[], limit=0) == []


async def test_the_index_reader_reads_stored_documents() -> None:
    index = LocalIndex()
    index.upsert(Document("file:///notes/tea.md", "Tea", "Green tea is steamed."))
    reader = IndexReader(index)

    page = await reader.read("file:///notes/tea.md")

    assert (page.title, page.text) == ("Tea", "Green tea is steamed.")
    with pytest.raises(InvalidInput, match="not a document of the local index"):
        await reader.read("file:///notes/coffee.md")
