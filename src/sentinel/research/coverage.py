"""The report answers what the question asks, when a source says it.

A small model's draft often answers half a question: "what did the committee decide, and by
what vote?" gets the decision, not the vote, though three sources state it. After the claim
check, :func:`missing_answers` looks for what the question asks that no sentence of the report
says:

- a word the question asks about (its content words, by their root: "vote" is answered by
  "voted"), left out of every sentence of the report;
- a reason, when the question asks why: no sentence says "because", "due to", "citing"...

and returns, for each, the passage that says it best: about the question's subject, well
formed, not used yet, sharing most roots with the question (one stating a number first). The
check adds these to the summary, where the answer is read first.

Before the report, :func:`evidence_covers` tells the loop whether what was found already says
every word the question asks (then no analyzer call is needed to know it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from sentinel.research.form import well_formed
from sentinel.research.passages import Passage
from sentinel.research.reading import terms

MAX_ADDED = 2
_WHY = re.compile(r"\b(?:why|reasons?|cause[sd]?|because)\b", re.I)
_REASON = re.compile(
    r"\b(?:because|due to|owing to|as a result|caused by|citing|cited|after|following|"
    r"since|so that|reason|as the)\b",
    re.I,
)
_DIGIT = re.compile(r"\d")
_ENDINGS = ("ings", "ing", "ied", "ies", "ed", "es", "s", "e")


def root(word: str) -> str:
    """A crude root: a word without its inflection ("voted", "votes", "vote" → "vot")."""
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def roots(text: str) -> set[str]:
    """The roots of ``text``'s content words (numbers kept whole)."""
    return {word if word[:1].isdigit() else root(word) for word in terms(text)}


def evidence_covers(question: str, texts: Iterable[str]) -> bool:
    """Whether ``texts`` (what a run found) state every root of the question's content words,
    and a reason when it asks why: the analyzer's model call could only agree."""
    found = " ".join(texts)
    if roots(question) - roots(found):
        return False
    return not (_WHY.search(question) and not _REASON.search(found))


def missing_answers(
    question: str,
    said: Iterable[str],
    passages: Sequence[Passage],
    used: set[tuple[str, int]],
) -> list[Passage]:
    """Passages that answer what the question asks and the report (``said``) does not
    (see the module), at most :data:`MAX_ADDED`."""
    text = " ".join(said)
    asked = roots(question)
    missing = asked - roots(text)
    candidates = [
        p for p in passages if p.on_subject and p.key not in used and well_formed(p.quote, question)
    ]
    chosen: list[Passage] = []

    def best(matching: list[Passage]) -> Passage | None:
        matching = [p for p in matching if p not in chosen]
        if not matching:
            return None
        return max(
            matching,
            key=lambda p: (len(roots(p.quote) & asked), bool(_DIGIT.search(p.quote))),
        )

    for word in sorted(missing):
        if len(chosen) == MAX_ADDED:
            break
        found = best([p for p in candidates if word in roots(p.quote)])
        if found is not None:
            chosen.append(found)
            text += " " + found.quote
    if _WHY.search(question) and not _REASON.search(text) and len(chosen) < MAX_ADDED:
        found = best([p for p in candidates if _REASON.search(p.quote)])
        # A reason must be about the question, not only be a reason.
        if found is not None and len(roots(found.quote) & asked) >= 2:
            chosen.append(found)
    return chosen
