"""A page's main text as the readers see it: sentences, each with its section and its context.

The text is the page's main content as Markdown (:mod:`sentinel.web.extract`). Headings
open sections; the sentences before the first heading below the page's title form the *lead*.
A section whose heading says it is about something else than the page's own subject —
reviews, questions and answers, related or recently viewed products, comments — is marked
*aside*: what its sentences say (a review's "came back in stock last time", an old price)
is never a reading. Each sentence keeps the verbatim text it was cut from, so a quote of it
is found on the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from sentinel.monitor.sensing.sources import PageRecord

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'“«¿¡(]?[A-ZÀ-Ý0-9])")
_MARKUP = re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+|>\s*)")
_EMPHASIS = re.compile(r"\*\*|__")
"""Bold markers: "**Approved (9–4).** Awaiting assent." is two sentences, read without them."""
ASIDE = re.compile(
    r"""\b(?:reviews?|ratings?|customer\s+(?:reviews|ratings|questions)|q\s*&\s*a|questions\s+and
    \s+answers|comments?|related|you\s+(?:may|might)\s+also|also\s+(?:bought|viewed|like)
    |customers\s+(?:also|who)|recently\s+viewed|similar\s+(?:products|items)|recommended|accessories
    |frequently\s+bought|compare\s+(?:with|similar)|more\s+from|other\s+(?:products|models)
    |previous\s+(?:releases|versions)|older\s+releases
    |avis|commentaires|produits\s+(?:similaires|associ[ée]s)|vous\s+aimerez|les\s+clients\s+ont
    |bewertungen|rezensionen|kundenmeinungen|fragen\s+und\s+antworten|[äa]hnliche
    |zubeh[öo]r|das\s+k[öo]nnte|kunden\s+kauften|opiniones|rese[ñn]as
    |valoraciones|preguntas|productos\s+(?:relacionados|similares)|tambi[ée]n\s+te)\b""",
    re.IGNORECASE | re.VERBOSE,
)


@dataclass(frozen=True)
class Sentence:
    """One sentence (or list item, table row, heading) of a page's main text."""

    text: str
    line: str
    section: str
    lead: bool
    aside: bool
    position: int
    heading: bool = False

    def context(self, title: str) -> str:
        """What the sentence is read in: the page title, its section heading, its line."""
        return f"{title}\n{self.section}\n{self.line}"


@lru_cache(maxsize=256)
def _split(text: str, title: str) -> tuple[Sentence, ...]:
    sentences: list[Sentence] = []
    sections: list[tuple[int, str]] = []
    lead = True
    position = 0
    title_atoms = title.casefold().strip()
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        heading = _HEADING.match(line)
        if heading is not None:
            level, words = len(heading[1]), heading[2].strip()
            sections = [item for item in sections if item[0] < level] + [(level, words)]
            # The first heading that is not the page's title ends the lead.
            if level > 1 and words.casefold() != title_atoms:
                lead = False
            section = " / ".join(words for _, words in sections)
            sentences.append(
                Sentence(words, line, section, lead, _aside(sections), position, heading=True)
            )
            position += 1
            continue
        section = " / ".join(words for _, words in sections)
        body = _EMPHASIS.sub("", _MARKUP.sub("", line))
        # A table row is read cell by cell: each cell says its own thing ("Fri 4/9 - Site 023
        # is Available" beside "Sat 4/10 - Site 012 is Available").
        pieces = [c.strip() for c in body.strip("|").split("|")] if line.startswith("|") else None
        for piece in pieces if pieces is not None else _SENTENCE_END.split(body):
            piece = piece.strip()
            if piece:
                sentences.append(Sentence(piece, line, section, lead, _aside(sections), position))
                position += 1
    return tuple(sentences)


def _aside(sections: list[tuple[int, str]]) -> bool:
    return any(ASIDE.search(words) for _, words in sections[1:] or sections)


def sentences_of(page: PageRecord) -> tuple[Sentence, ...]:
    """The sentences of ``page``'s main text, in order (see the module documentation)."""
    return _split(page.text, page.title or "")
