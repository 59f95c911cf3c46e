"""The passages a report may cite: every sentence of every source retrieved in the run.

A source's text is what the run read of it: the page's extracted text as kept for the report
(its most relevant paragraphs) or, for a hit that was not read, its search snippet. Each
passage keeps its character span in that text, so a citation says exactly where its words
are. Headings and lines too short to state anything ("Menu", "Share this") are not passages, nor
are sentences the excerpt cut off ("... for everyone over 60 now and").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sentinel.research.citations import normalize_url
from sentinel.research.reading import terms
from sentinel.research.sentences import dangles
from sentinel.research.state import ResearchState
from sentinel.text.quotes import normalize_for_quote
from sentinel.text.values import Values, values_in

MIN_PASSAGE_WORDS = 4
MAX_PASSAGE_CHARS = 400
_END = re.compile(r"(?<=[.!?])[\"'”’)]?\s+(?=[A-Z0-9\"'“(])")
_ABBREVIATION = re.compile(r"\b(?:[A-Z]|e\.g|i\.e|etc|vs|Mr|Mrs|Ms|Dr|St|No|approx|incl)\.$")
_STEM = re.compile(r"(?<=\w{3})(?:ies|es|s)$")


@dataclass(frozen=True)
class SourceText:
    """One retrieved source: its address, its title and the text the run read of it."""

    url: str
    title: str
    text: str


@dataclass(frozen=True)
class Passage:
    """One sentence of a source, where it is, and what the support check compares."""

    url: str
    title: str
    quote: str
    start: int
    end: int
    folded: str
    words: frozenset[str]
    title_words: frozenset[str]
    values: Values
    context_values: Values
    on_subject: bool = True
    """Whether the passage is about the question's subject, not a look-alike (``subject``)."""

    @property
    def key(self) -> tuple[str, int]:
        """Identifies the passage within a run."""
        return normalize_url(self.url), self.start


def stems(text: str) -> frozenset[str]:
    """The content words of ``text``, plurals folded (``grants`` is ``grant``)."""
    return frozenset(_STEM.sub("", word) for word in terms(normalize_for_quote(text)))


def sources_read(state: ResearchState) -> list[SourceText]:
    """The text of every source retrieved in the run: pages read first, then snippets."""
    texts: list[SourceText] = []
    seen: set[str] = set()
    hits = {normalize_url(hit.url): hit for hit in state.search_results}
    for page in state.pages:
        key = normalize_url(page.url)
        if page.error is None and page.excerpt and key not in seen:
            seen.add(key)
            title = page.title or (hits[key].title if key in hits else "")
            texts.append(SourceText(page.url, title, page.excerpt))
    for key, hit in hits.items():
        if key not in seen and hit.snippet.strip():
            seen.add(key)
            texts.append(SourceText(hit.url, hit.title, hit.snippet))
    return texts


def passages_of(source: SourceText) -> list[Passage]:
    """The sentences of one source, with their spans in its text."""
    found: list[Passage] = []
    title_values = values_in(source.title)
    title_words = stems(source.title)
    for start, end in _sentence_spans(source.text):
        quote = source.text[start:end].strip()
        if len(quote.split()) < MIN_PASSAGE_WORDS or len(quote) > MAX_PASSAGE_CHARS:
            continue
        if quote.endswith("…") or dangles(quote):
            continue  # a sentence the excerpt cut ("... over 60 now and"): quotes nothing whole
        values = values_in(quote)
        found.append(
            Passage(
                url=source.url,
                title=source.title,
                quote=quote,
                start=start,
                end=start + len(quote),
                folded=normalize_for_quote(quote),
                words=stems(quote),
                title_words=title_words,
                values=values,
                context_values=values | title_values,
            )
        )
    return found


def all_passages(sources: list[SourceText]) -> list[Passage]:
    """The passages of every source, in the order of the sources."""
    return [passage for source in sources for passage in passages_of(source)]


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for block_start, block in _blocks(text):
        lead = len(block) - len(block.lstrip(" #>-*·"))
        start = lead
        for match in _END.finditer(block):
            candidate = block[start : match.start() + 1]
            if _ABBREVIATION.search(candidate.rstrip("\"'”’)")):
                continue
            end = match.start() + len(match.group(0).rstrip())
            spans.append((block_start + start, block_start + end))
            start = match.end()
        if block[start:].strip():
            spans.append((block_start + start, block_start + len(block.rstrip())))
    return [(s, e) for s, e in spans if e > s]


def _blocks(text: str) -> list[tuple[int, str]]:
    """The text's lines, a line that goes on (in lower case or a number) on the next one joined
    with it
    (a paragraph wrapped by its page: "... they cut it to 8\ncrossings a day.")."""
    blocks: list[tuple[int, str]] = []
    offset = 0
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\n")
        previous = blocks[-1][1].rstrip() if blocks else ""
        continues = (
            previous
            and not previous.endswith((".", "!", "?", ":"))
            and (body.lstrip()[:1].islower() or body.lstrip()[:1].isdigit())
        )
        if continues:
            start = blocks[-1][0]
            blocks[-1] = (start, text[start : offset + len(body)])
        elif body.strip():
            blocks.append((offset, body))
        offset += len(line)
    return blocks
