"""Whether a piece of a page is about the contract's subject, and not a look-alike.

A subject ("ASUS Dual RTX 5060 Ti 16GB") is compared with text by its *atoms*: its words and
its numbers, case- and accent-folded, letters split from digits ("16GB" is "16" and "gb",
as "16 GB" is). Numbers weigh double: they name models, versions and references. Words that
say nothing about which thing is meant (articles, "the", "official", "store") are left out.

A *reference* is a token of the subject that identifies one thing among its kind: it holds a
digit and is four characters or more, or is built with "/" or "-" ("25/01873/FUL",
"WH-1000XM5", "10298"). Text that holds a token of the same shape but different
("25/01837/FUL", "RTX 5070") and not the subject's own is about a look-alike, whatever else
it shares with the subject.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import Stemmer

_ATOM = re.compile(r"[^\W\d_]+|\d+")
_TOKEN = re.compile(r"[\w]+(?:[/.\-][\w]+)*")
_GENERIC_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "of",
        "for",
        "to",
        "in",
        "on",
        "at",
        "by",
        "with",
        "from",
        "my",
        "our",
        "your",
        "its",
        "their",
        "this",
        "that",
        "new",
        "official",
        "store",
        "shop",
        "online",
        "website",
        "site",
        "page",
        "edition",
        "version",
        "release",
        "model",
        "le",
        "la",
        "les",
        "l",
        "un",
        "une",
        "des",
        "du",
        "de",
        "et",
        "ou",
        "pour",
        "avec",
        "sur",
        "au",
        "aux",
        "der",
        "die",
        "das",
        "den",
        "dem",
        "des",
        "ein",
        "eine",
        "und",
        "oder",
        "für",
        "beim",
        "bei",
        "zum",
        "zur",
        "einen",
        "einem",
        "eines",
        "chez",
        "dans",
        "por",
        "sur",
        "mit",
        "von",
        "im",
        "am",
        "el",
        "los",
        "las",
        "un",
        "una",
        "y",
        "o",
        "para",
        "con",
        "del",
        "al",
        "en",
        "tell",
        "me",
        "when",
    ]
)
_STEMMER = Stemmer.Stemmer("english")
ABOUT = 0.5
"""The share of the subject's weighted atoms a text must hold to be about it."""


def fold(text: str) -> str:
    """``text`` without accents, case-folded (NFKD, combining marks dropped)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


_GENERIC = frozenset(
    "".join(c for c in unicodedata.normalize("NFKD", w) if not unicodedata.combining(c))
    for w in _GENERIC_WORDS
)


@lru_cache(maxsize=8192)
def atoms(text: str) -> frozenset[str]:
    """The words (two letters or more, not generic; stemmed, so "Termine" is "Termin" and
    "slots" is "slot") and numbers of ``text``."""
    found = set()
    for atom in _ATOM.findall(fold(text)):
        if atom.isdigit():
            found.add(atom.lstrip("0") or "0")
        elif len(atom) > 1 and atom not in _GENERIC:
            found.add(_STEMMER.stemWord(atom))
    return frozenset(found)


def _weight(atom: str) -> int:
    return 2 if atom.isdigit() else 1


@lru_cache(maxsize=1024)
def references(text: str) -> frozenset[str]:
    """The tokens of ``text`` that identify one thing (see the module documentation)."""
    found = set()
    for token in _TOKEN.findall(fold(text)):
        has_digit = any(c.isdigit() for c in token)
        if has_digit and (len(token) >= 4 or "/" in token or "-" in token):
            found.add(token)
    return frozenset(found)


def _shape(token: str) -> str:
    """A token's shape: digits as 9, letters as a, separators kept ("25/01873/ful" is
    "99/99999/aaa")."""
    return re.sub(r"[^\W\d_]", "a", re.sub(r"\d", "9", token))


@dataclass(frozen=True)
class SubjectMatcher:
    """Scores text against one subject (see the module documentation)."""

    name: str
    site: str | None = None
    when: str = ""
    """The days the subject is for, as the sentence names them ("Friday 9 April 2027"), taken
    out of ``name``: readers match days themselves, in every format a page writes them."""

    @property
    def key(self) -> frozenset[str]:
        """The subject's atoms."""
        return atoms(self.name)

    def score(self, text: str) -> float:
        """The weighted share of the subject's atoms ``text`` holds, 0 for a look-alike."""
        key = self.key
        if not key:
            return 0.0
        if self.lookalike(text):
            return 0.0
        found = atoms(text)
        total = sum(_weight(atom) for atom in key)
        held = sum(_weight(atom) for atom in key if atom in found)
        return held / total

    def lookalike(self, text: str) -> str | None:
        """A token of ``text`` shaped like one of the subject's references but different,
        when ``text`` does not also hold that reference; else None."""
        ours = references(self.name)
        if not ours:
            return None
        theirs = references(text)
        for reference in ours:
            if reference in theirs:
                continue
            shape = _shape(reference)
            for token in theirs:
                if _shape(token) == shape and token != reference:
                    return token
        return None

    def about(self, text: str) -> bool:
        """Whether ``text`` is about the subject."""
        return self.score(text) >= ABOUT

    def host_score(self, host: str) -> float:
        """The share of the subject's words (four letters or more, not generic) that the
        host's name holds: "riversidelibrary.example" holds "Riverside" and "Library" of
        "Riverside Public Library" (2/3); 0 when the subject has no such word."""
        words = {
            word for word in re.findall(r"[^\W\d_]{4,}", fold(self.name)) if word not in _GENERIC
        }
        if not words:
            return 0.0
        squashed = fold(host).replace("-", "")
        return sum(1 for word in words if word in squashed) / len(words)

    def site_score(self, *texts: str) -> float:
        """How well the site the subject names matches ``texts`` (host, title): the share of
        its atoms they hold; 1.0 when the subject names no site."""
        if not self.site:
            return 1.0
        key = atoms(self.site)
        if not key:
            return 1.0
        # "pixelparts.example" holds "pixelparts"; "Pixel Parts" is "pixel" and "parts".
        joined = " ".join(texts)
        squashed = fold(joined).replace(" ", "").replace("-", "")
        found = atoms(joined)
        held = sum(1 for atom in key if atom in found or atom in squashed)
        if held == 0 and fold(self.site).replace(" ", "") in squashed:
            return 1.0
        return held / len(key)
