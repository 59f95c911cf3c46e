"""Page bodies: safe HTML from Markdown, and the plain text search indexes."""

from __future__ import annotations

from sentinel.sim.markdown import markdown_to_html, markdown_to_text, summary


def test_markdown_renders_paragraphs_headings_lists_links_bold_and_tables() -> None:
    html = markdown_to_html(
        "## Specs\n\nSome **bold** and a [link](http://a.example/x).\n\n- one\n- two\n\n"
        "| a | b |\n|---|---|\n| 1 | 2 |\n"
    )
    assert "<h2>Specs</h2>" in html
    assert "<strong>bold</strong>" in html
    assert '<a href="http://a.example/x">link</a>' in html
    assert "<li>one</li>" in html
    assert "<td>1</td>" in html


def test_raw_html_and_script_links_are_not_rendered() -> None:
    html = markdown_to_html("<script>alert(1)</script>\n\n[x](javascript:alert(1))")
    assert "<script>" not in html
    assert 'href="javascript' not in html


def test_plain_text_has_one_line_per_block() -> None:
    text = markdown_to_text("# Title\n\nFirst **para**\ncontinues.\n\n- a\n- b\n")
    assert text.splitlines() == ["Title", "First para continues.", "a", "b"]


def test_summary_is_the_first_paragraph_cut_at_a_word() -> None:
    assert summary("Short one.\n\nSecond.") == "Short one."
    long = "word " * 60
    cut = summary(long, limit=50)
    assert len(cut) <= 50
    assert cut.endswith("…")
    assert not cut.endswith(" …")
