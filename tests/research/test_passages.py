"""The passages a report may cite: sentences of the sources read, with their spans."""

from __future__ import annotations

from sentinel.research.passages import SourceText, passages_of


def test_each_sentence_is_a_passage_with_its_span_in_the_source_text() -> None:
    text = (
        "# Heat pump grants\n\nThe grant covers 40% of the cost. It opens on 3 March 2025.\n"
        "- Applicants need a certified installer"
    )
    source = SourceText("https://a.example/", "Grants", text)

    found = passages_of(source)

    assert [p.quote for p in found] == [
        "The grant covers 40% of the cost.",
        "It opens on 3 March 2025.",
        "Applicants need a certified installer",
    ]
    assert all(text[p.start : p.end] == p.quote for p in found)


def test_a_sentence_a_page_wrapped_over_two_lines_is_one_passage() -> None:
    text = "Heard the single fare goes to 18 euros and they cut it to 8\ncrossings a day. Ok."
    (first,) = passages_of(SourceText("u", "t", text))

    assert (
        first.quote
        == "Heard the single fare goes to 18 euros and they cut it to 8\ncrossings a day."
    )


def test_sentences_the_excerpt_cut_off_are_no_passages() -> None:
    text = "The free vaccine is for everyone over 65 and\nThe campaign starts in October …"
    assert passages_of(SourceText("u", "t", text)) == []
