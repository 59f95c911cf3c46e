"""A report's prose as sentences with their citations; cut-off sentences recognised."""

from __future__ import annotations

import pytest

from sentinel.research.sentences import marked, sentence_key, split_sentences


def test_each_sentence_takes_the_marker_after_it_or_the_one_ending_its_stretch() -> None:
    text = "Costs rose [1]. Prices fell. [2] Two sentences, one marker. The second[3]."
    assert [(s.text, s.cited) for s in split_sentences(text)] == [
        ("Costs rose.", (1,)),
        ("Prices fell.", (2,)),
        ("Two sentences, one marker.", (3,)),
        ("The second.", (3,)),
    ]


def test_abbreviations_and_decimals_do_not_end_a_sentence() -> None:
    text = "It costs 1.5 million, e.g. for Mr. Smith. It opens in May [1, 2]."
    assert [(s.text, s.cited) for s in split_sentences(text)] == [
        ("It costs 1.5 million, e.g. for Mr. Smith.", (1, 2)),
        ("It opens in May.", (1, 2)),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "The energy ministry[1]",
        "The grant covers 40% of[1].",
        "The grant covers 40%, and [1].",
        "heat pump grant covers 40% [1].",
    ],
)
def test_a_sentence_stopped_or_started_mid_way_is_cut_off(text: str) -> None:
    assert split_sentences(text)[-1].cut_off


def test_a_whole_sentence_is_not_cut_off() -> None:
    assert not split_sentences("The grant covers 40% of the cost [1].")[0].cut_off


def test_sentences_compare_by_their_words() -> None:
    assert sentence_key("The “grant” covers 40%!") == sentence_key("the grant covers 40 %")
    assert marked("Costs rose.", [2, 2]) == "Costs rose [2]."
    assert marked("Costs rose", (1, 3)) == "Costs rose [1, 3]."
