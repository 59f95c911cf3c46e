"""Whether a passage is about the subject the question names, or about a look-alike.

A question names its subject by identifiers (an application number ``25/01873/FUL``, a model
number ``KT-2150``, a flight ``BA 1472``) and by names ("Port Ellan", "the Old Dairy"). A
page beside the right one often names a look-alike: application ``25/01837/FUL``, the return
crossing "Skarra - Port Ellan", another route "Port Ellan - Brenish". A passage that states a
true fact about the look-alike supports a sentence word for word, and the report is still wrong
about its subject. :func:`about_subject` marks each passage of a run, judged by, in order:

1. the passage's own identifiers: one of the question's kind (same shape: digits, letters and
   separators in the same places) that is the question's makes it on the subject, one that
   only a look-alike has makes it off;
2. its label, the nearest heading above it on its page, else the page title: a label with a
   look-alike's identifier, with the question's two names in the other order ("Skarra - Port
   Ellan" for a question "from Port Ellan to Skarra"), or naming a new name while leaving out
   one of the question's ("Port Ellan - Brenish") puts the passage off the subject;
3. its names: a passage naming a name that the run's off-subject labels name (and no
   on-subject label, nor a passage beside the question's names, does: "Brenish", "Hollins
   Farm") is off;
4. otherwise it is on the subject: most sentences name nothing, and their page decides.

Nothing here reads ground truth: the rules hold for any question that names its subject.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass

from sentinel.research.passages import Passage, SourceText

_IDENTIFIER = re.compile(
    r"(?<![\w/-])(?:[A-Z]{1,4}[ -]?\d{1,6}[A-Za-z]{0,3}|"
    r"[A-Za-z0-9]*\d[A-Za-z0-9]*(?:[/-][A-Za-z0-9]+)+)(?![\w/-]|[:.,]\d)"
)
_NAME = re.compile(r"(?<![\w/-])[A-Z][\w'’-]*(?:\s+(?:of\s+|de\s+)?[A-Z][\w'’-]*)*")
_CALENDAR = frozenset(
    [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ]
)
_COMMON = frozenset(
    [
        "the",
        "a",
        "an",
        "i",
        "it",
        "this",
        "that",
        "these",
        "those",
        "there",
        "what",
        "which",
        "who",
        "when",
        "where",
        "why",
        "how",
        "did",
        "does",
        "do",
        "is",
        "are",
        "was",
        "were",
        "will",
        "can",
        "on",
        "in",
        "at",
        "for",
        "from",
        "to",
        "by",
        "of",
        "and",
        "or",
        "but",
        "if",
        "as",
    ]
)
_LINK = r"\s*(?:to|-|–|—|/)\s*"
_TERMINAL = (".", "!", "?", ":")
MAX_LABEL_WORDS = 15


def shape(identifier: str) -> str:
    """An identifier's shape: digits as 9, letters as A, separators kept (``99/99999/AAA``)."""
    return re.sub(r"[A-Za-z]", "A", re.sub(r"\d", "9", identifier.replace(" ", "")))


def identifiers(text: str) -> set[str]:
    """Identifier-like tokens of ``text`` (with a digit, and a letter or a separator), upper
    case, spaces removed; plain numbers, times and dates are not identifiers."""
    found = set()
    for match in _IDENTIFIER.finditer(text):
        token = match.group(0).replace(" ", "").upper()
        if any(c.isdigit() for c in token) and not token.isdigit():
            found.add(token)
    return found


def names(text: str, known: frozenset[str] = frozenset()) -> list[str]:
    """Capitalised names of ``text`` ("Port Ellan", "Old Dairy"): days and months, a leading
    "The", and a lone capitalised first word of a sentence (it may be any word) left out,
    unless it is ``known`` (casefolded)."""
    found = []
    for match in _NAME.finditer(text):
        words = [w.rstrip("'’s").rstrip("'’") if w.endswith(("'s", "’s")) else w
                 for w in match.group(0).split()]  # fmt: skip
        while words and words[0].casefold() in _COMMON:
            words = words[1:]
        words = [w for w in words if w.casefold() not in _CALENDAR]
        if not words:
            continue
        start = match.start() + match.group(0).find(words[0])
        opens = not text[:start].strip() or text[:start].rstrip()[-1:] in ".!?:"
        lone = len(words) == 1 and words[0] == match.group(0).split()[0]
        if lone and opens and words[0].casefold() not in known:
            continue
        found.append(" ".join(words))
    return found


def _words(name: str) -> set[str]:
    return {w.casefold() for w in name.split() if w.casefold() not in _COMMON}


@dataclass(frozen=True)
class Subject:
    """What a question names: identifiers (and their shapes), names, and a route's order."""

    ids: frozenset[str]
    shapes: frozenset[str]
    names: tuple[str, ...]
    route: tuple[str, str] | None

    @classmethod
    def of(cls, question: str) -> Subject:
        """The subject ``question`` names."""
        ids = frozenset(identifiers(question))
        named = tuple(dict.fromkeys(names(question)))
        route = None
        for first in named:
            for second in named:
                link = rf"{re.escape(first)}{_LINK}{re.escape(second)}"
                if first != second and re.search(link, question):
                    route = (first, second)
        return cls(ids, frozenset(shape(i) for i in ids), named, route)

    def mine(self, name: str) -> bool:
        """Whether ``name`` is one of the question's (they share a word)."""
        return any(_words(name) & _words(own) for own in self.names)

    def identified(self, text: str, lookalikes: frozenset[str] = frozenset()) -> bool | None:
        """By identifiers of the question's kind: True (the question's), False (only
        look-alikes': one character off the question's, or in ``lookalikes``), None (none of
        that kind, or only others: "rebooked on SK 320" is not about another flight)."""
        kind = [i for i in identifiers(text) if shape(i) in self.shapes or self.near(i)]
        if any(i in self.ids for i in kind):
            return True
        if any(i in lookalikes or self.near(i) for i in kind):
            return False
        return None

    def near(self, identifier: str) -> bool:
        """Whether ``identifier`` is one edit (or one swap of neighbours) from the question's,
        or the question's with a letter or two more or less at its end (a model's variant:
        ``N40X`` beside ``N40``)."""
        for own in self.ids:
            if own == identifier:
                continue
            if shape(own) == shape(identifier) and _one_edit(identifier, own):
                return True
            short, long = sorted((own, identifier), key=len)
            if (
                long.startswith(short)
                and long[len(short) :].isalpha()
                and len(long) - len(short) <= 2
            ):
                return True
        return False

    def reversed_route(self, text: str) -> bool:
        """Whether ``text`` links the question's two route names the other way round."""
        if self.route is None:
            return False
        first, second = (re.escape(n) for n in self.route)
        backward = re.search(rf"{second}{_LINK}{first}", text)
        return bool(backward) and not re.search(rf"{first}{_LINK}{second}", text)

    def label_verdict(self, label: str, proper: frozenset[str] | None = None) -> bool | None:
        """A heading's or a title's verdict (rule 2 of the module); None when it says nothing.
        A label names its subject, so another identifier of the question's kind in it makes
        the section about another subject. ``proper``: the words of names the sources'
        sentences write (None: every capitalised word of the label is a name)."""
        kind = [i for i in identifiers(label) if shape(i) in self.shapes or self.near(i)]
        if kind:
            return any(i in self.ids for i in kind)
        if self.reversed_route(label):
            return False
        found = names(f"x {label}")  # a label's first word may be a name
        mine = [n for n in found if self.mine(n)]
        # Titles capitalise every word: a foreign name counts when the sources' sentences
        # write it capitalised too ("Brenish"), not when they do not ("Swell cancels ...").
        foreign = [n for n in found if not self.mine(n) and (proper is None or _words(n) & proper)]
        covered = {own for own in self.names if any(_words(own) & _words(n) for n in mine)}
        if foreign and mine and len(covered) < len(self.names):
            return False
        return True if mine else None


def about_subject(
    passages: Sequence[Passage], sources: Sequence[SourceText], question: str
) -> list[Passage]:
    """``passages`` with ``on_subject`` set by the rules of the module."""
    subject = Subject.of(question)
    if not subject.ids and not subject.names:
        return list(passages)
    texts = {source.url: source for source in sources}
    off_names: set[str] = set()
    on_names: set[str] = set()
    others: set[str] = set()
    proper = frozenset(w for p in passages for n in names(p.quote) for w in _words(n))
    for source in sources:  # what only the look-alikes' labels name
        for heading in [source.title, *_labels(source.text)]:
            verdict = subject.label_verdict(heading, proper) if heading else None
            named = {n.casefold() for n in names(f"x {heading}") if not subject.mine(n)}
            if verdict is False:
                off_names.update(named)
                others.update(i for i in identifiers(heading) if shape(i) in subject.shapes)
            elif verdict:
                on_names.update(named)
    lookalikes = frozenset(others - subject.ids)
    first: list[tuple[Passage, bool | None, bool | None]] = []
    for passage in passages:
        read = texts.get(passage.url)
        label = _label(read, passage.start) if read else None
        own = subject.identified(passage.quote, lookalikes)
        labelled = subject.label_verdict(label, proper) if label else None
        if labelled is None and passage.title:
            labelled = subject.label_verdict(passage.title, proper)
        first.append((passage, own, labelled))
        found = names(passage.quote)
        if own or any(subject.mine(n) for n in found):  # named beside the question's
            on_names.update(n.casefold() for n in found if not subject.mine(n))
    off_names -= on_names
    marked = []
    for passage, own, labelled in first:
        on = _decide(subject, passage, own, labelled, off_names)
        marked.append(dataclasses.replace(passage, on_subject=on))
    return marked


def _decide(
    subject: Subject,
    passage: Passage,
    own: bool | None,
    labelled: bool | None,
    off_names: set[str],
) -> bool:
    if own is not None:
        return own
    if labelled is False or subject.reversed_route(passage.quote):
        return False
    found = names(passage.quote, frozenset(off_names))
    return not any(n.casefold() in off_names for n in found)


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` becomes ``b`` by one substitution or one swap of neighbouring characters
    (same length: identifiers of one shape)."""
    if len(a) != len(b):
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    if len(diff) == 1:
        return True
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and (a[diff[1]] == b[diff[0]])
    )


def _is_label(line: str) -> bool:
    return bool(line) and not line.endswith(_TERMINAL) and len(line.split()) <= MAX_LABEL_WORDS


def _labels(text: str) -> list[str]:
    """The heading-like lines of a text."""
    lines = (line.strip().lstrip("#").strip() for line in text.split("\n"))
    return [line for line in lines if _is_label(line)]


def _label(source: SourceText, start: int) -> str | None:
    """The nearest heading above ``start`` in the source's text: a line without closing
    punctuation, short enough to be a heading."""
    before = source.text[:start].split("\n")[:-1]
    for line in reversed(before):
        line = line.strip().lstrip("#").strip()
        if _is_label(line):
            return line
    return None
