"""A report's prose as sentences, each with the source numbers it cites.

Models cite in several ways: ``... 6,000 [1].``, ``... 6,000. [1]``, ``... 6,000[1]`` and, under
the draft's grammar (every stretch of text ends with a citation), several sentences followed
by one marker. Each sentence here carries the numbers written right after it, or else those
that end its stretch of text. A sentence that does not end in ``.``, ``!`` or ``?`` before
its marker and the end of its stretch is *cut off* ("The energy ministry[1]"): a draft that
ran out of tokens, or a model that stopped mid-thought.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass

from sentinel.text.quotes import normalize_for_quote

_MARKER = re.compile(r"\s*\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\]")
_MARKERS = re.compile(rf"(?P<markers>(?:{_MARKER.pattern})+)(?P<end>[.!?](?![\d]))?")
_NUMBER = re.compile(r"\d{1,3}")
# A sentence ends at . ! ? (a closing quote or bracket may follow) before a space and a
# capital, a digit or an opening quote; "e.g. the" and "1.5" do not end one.
_END = re.compile(r"(?<=[.!?])[\"'”’)]?(?=\s+[A-Z0-9\"'“(])")
_TERMINAL = (".", "!", "?", '."', ".”", ".'", ".’", '?"', '!"', ".)")
_ABBREVIATION = re.compile(r"\b(?:[A-Z]|e\.g|i\.e|etc|vs|Mr|Mrs|Ms|Dr|St|No|approx|incl)\.$")
_DANGLING = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "for",
        "with",
        "in",
        "on",
        "at",
        "by",
        "from",
        "into",
        "as",
        "and",
        "or",
        "but",
        "nor",
        "that",
        "which",
        "who",
        "whose",
        "including",
        "such",
        "than",
        "up",
        "per",
        "its",
        "their",
        "his",
        "her",
        "our",
        "your",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
    ]
)
_PUNCTUATION = str.maketrans("", "", string.punctuation + "“”‘’«»…")


@dataclass(frozen=True)
class DraftSentence:
    """One sentence of a draft: its text without markers, and the sources it cites."""

    text: str
    cited: tuple[int, ...]

    @property
    def cut_off(self) -> bool:
        """Whether the sentence stops mid-way (no closing punctuation, or a last word that
        cannot end a sentence: "... covers 40% of.") or starts mid-way (in lower case: "The
        2025[1] heat pump grant covers ..." leaves "heat pump grant covers ...")."""
        if not self.text.endswith(_TERMINAL) or self.text[:1].islower():
            return True
        return dangles(self.text)


def dangles(text: str) -> bool:
    """Whether ``text`` ends on a word that cannot end a sentence ("of", "and", a comma)."""
    words = text.rstrip(".!?\"'”’)").split()
    if not words or words[-1][-1] in ",;:":
        return True
    return words[-1].casefold() in _DANGLING


def split_sentences(text: str) -> list[DraftSentence]:
    """The sentences of ``text`` in order, each with the numbers it cites (see module)."""
    sentences: list[DraftSentence] = []
    # Stretches: text up to and including a run of markers (the last one may have none).
    position = 0
    for match in _MARKERS.finditer(text):
        numbers = tuple(int(n) for n in _NUMBER.findall(match["markers"]))
        # "... 6,000 [1]." : the period after the marker ends the sentence before it.
        sentences += _stretch(text[position : match.start()] + (match["end"] or ""), numbers)
        position = match.end()
    sentences += _stretch(text[position:], ())
    return sentences


def _stretch(text: str, numbers: tuple[int, ...]) -> list[DraftSentence]:
    pieces = [piece.strip().lstrip(",;:").strip() for piece in _pieces(text)]
    pieces = [piece for piece in pieces if piece.strip(" .,;:")]
    return [DraftSentence(" ".join(piece.split()), numbers) for piece in pieces]


def _pieces(text: str) -> list[str]:
    pieces: list[str] = []
    start = 0
    for match in _END.finditer(text):
        candidate = text[start : match.end()]
        if _ABBREVIATION.search(candidate.rstrip("\"'”’)")):
            continue
        pieces.append(candidate)
        start = match.end()
    pieces.append(text[start:])
    return pieces


def sentence_key(text: str) -> str:
    """What two sentences must share to be the same sentence: folded words, no punctuation."""
    return " ".join(normalize_for_quote(text).translate(_PUNCTUATION).split())


def marked(text: str, numbers: tuple[int, ...] | list[int]) -> str:
    """``text`` with its citation before the closing punctuation: ``Costs rose [2].``"""
    marker = f"[{', '.join(str(n) for n in dict.fromkeys(numbers))}]"
    body = text.rstrip()
    end = body[-1] if body and body[-1] in ".!?" else "."
    return f"{body.rstrip('.!?').rstrip()} {marker}{end}"
