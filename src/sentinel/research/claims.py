"""The claim check: every sentence of a published report is supported by the passage it cites.

A model's draft goes through :func:`check_report` before anyone reads it. Sentence by sentence
(the executive summary first, then the sections):

- a sentence a passage of a source it cites supports (``support``) is kept, citing that
  passage; one supported by a passage of *another* source is kept with its citation moved
  there (a misattributed citation is re-pointed, never kept);
- a cut-off sentence ("The energy ministry[1]") is completed from the passage that states
  what it began to say, or dropped;
- a question states nothing and is dropped; a sentence nothing supports is replaced by the
  passage closest to it (its words, quoted from the source), or dropped when none is close;
- a sentence only passages about a look-alike of the question's subject support (another
  application number, the return crossing: ``subject``) is dropped, and no such passage is
  ever quoted;
- a sentence that is not a sentence (a table row, a heading glued to its text, navigation, a
  torn-out piece of the question: ``form``) is rewritten from the passage closest to it, or
  dropped; a passage quoted in its place is itself well formed;
- a sentence that repeats an earlier one (same words, or nearly: :data:`REPEAT_OVERLAP`) is
  dropped, so the summary and the sections never say the same thing twice; so is one that
  rests only on passages already cited, states no value not already stated and brings few
  new words (at most :data:`RESTATED_NEW_WORDS` of its own): the same fact reworded.

A section left empty is written again from the passages that bear on its title and the
question (an extractive fallback); a summary left empty takes the most relevant passage not
used elsewhere; what the question asks and the report left out (the vote, the reason) is
added to the summary from the passage that says it (``coverage``). A section title that names
a look-alike, or is no title at all, is replaced. Sources are then the ones cited, numbered in
order of first citation, so every source that contributes a sentence is cited and no other is
listed. ``ReportCheck``
counts what was kept, moved, completed, rewritten and dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sentinel.research.citations import normalize_url
from sentinel.research.coverage import missing_answers
from sentinel.research.form import sentence_problem, well_formed
from sentinel.research.passages import Passage, stems
from sentinel.research.schemas import (
    Citation,
    Claim,
    FinalReport,
    ReportCheck,
    ReportSection,
    Source,
)
from sentinel.research.sentences import marked, sentence_key, split_sentences
from sentinel.research.subject import Subject
from sentinel.research.support import claim_of, closest_passage, find_support, supports
from sentinel.text.quotes import normalize_for_quote
from sentinel.text.values import Values

REPEAT_OVERLAP = 0.8
RESTATED_NEW_WORDS = 1 / 3
FALLBACK_SENTENCES = 2
SUMMARY_FALLBACK_SENTENCES = 2
NO_MORE = "The sources retrieved state nothing more on this question."
OTHER_TITLE = "Further findings"
MAX_TITLE_WORDS = 10


@dataclass(frozen=True)
class Kept:
    """A sentence of the checked report and the passages it cites."""

    text: str
    passages: tuple[Passage, ...]


@dataclass
class _Tally:
    sentences: int = 0
    supported: int = 0
    repointed: int = 0
    completed: int = 0
    rewritten: int = 0
    dropped_unsupported: int = 0
    dropped_repeated: int = 0
    dropped_cut_off: int = 0
    dropped_off_subject: int = 0
    dropped_malformed: int = 0
    fallback_sections: int = 0
    added_for_question: int = 0
    keys: list[tuple[str, frozenset[str]]] = field(default_factory=list)
    used: set[tuple[str, int]] = field(default_factory=set)
    words: set[str] = field(default_factory=set)
    values: Values = field(default_factory=lambda: Values(frozenset(), ()))

    def restates(self, kept: Kept) -> bool:
        """Whether ``kept`` only rewords facts already in the report (see the module)."""
        if not all(passage.key in self.used for passage in kept.passages):
            return False
        facts = claim_of(kept.text)
        if not facts.values.stated_by(self.values):
            return False
        return len(facts.words - self.words) <= RESTATED_NEW_WORDS * len(facts.words)

    def report_check(self) -> ReportCheck:
        return ReportCheck(
            sentences=self.sentences,
            supported=self.supported,
            repointed=self.repointed,
            completed=self.completed,
            rewritten=self.rewritten,
            dropped_unsupported=self.dropped_unsupported,
            dropped_repeated=self.dropped_repeated,
            dropped_cut_off=self.dropped_cut_off,
            fallback_sections=self.fallback_sections,
            dropped_off_subject=self.dropped_off_subject,
            dropped_malformed=self.dropped_malformed,
            added_for_question=self.added_for_question,
        )


def repeats(text: str, earlier: Sequence[tuple[str, frozenset[str]]]) -> bool:
    """Whether ``text`` says again what one of ``earlier`` (key, words) says."""
    key, words = sentence_key(text), stems(text)
    for other_key, other_words in earlier:
        if key == other_key:
            return True
        union = words | other_words
        if union and len(words & other_words) / len(union) >= REPEAT_OVERLAP:
            return True
    return False


def is_fragment(text: str, cut_off: bool, passages: Sequence[Passage]) -> bool:
    """Whether a sentence that looks ``cut_off`` is a fragment: it is not when it is a passage
    word for word (a page's sentence may start in lower case: "iPhone 17 ...")."""
    if not cut_off:
        return False
    folded = normalize_for_quote(text).rstrip(".")
    return not any(passage.folded.rstrip(".") == folded for passage in passages)


def check_report(report: FinalReport, passages: Sequence[Passage], question: str) -> FinalReport:
    """``report`` with every sentence supported by the passage it cites (see the module).

    ``passages`` are those of every source retrieved in the run (``on_subject`` set by
    ``subject.about_subject``). Raises ``ValueError`` when no passage supports anything the
    report could say.
    """
    tally = _Tally()
    usable = [p for p in passages if p.on_subject]
    quotable = [p for p in usable if well_formed(p.quote, question)]
    urls = [source.url for source in report.sources]
    check = _Checker(urls, passages, usable, quotable, question, tally)
    summary = check.text(report.executive_summary)
    sections: list[tuple[str, list[Kept]]] = []
    for section in report.sections:
        kept = check.text(section.content)
        if not kept:
            kept = _fallback(f"{section.section_title} {question}", quotable, tally)
            tally.fallback_sections += 1 if kept else 0
        if kept:
            sections.append((_title(section.section_title, question), kept))
    if not summary:
        summary = _fallback(question, quotable, tally, SUMMARY_FALLBACK_SENTENCES)
    if not summary:
        summary, sections = _summary_from_sections(sections)
    if not summary:
        raise ValueError("no passage of the sources retrieved supports any sentence")
    said = [k.text for k in summary] + [k.text for _, items in sections for k in items]
    for passage in missing_answers(question, said, quotable, tally.used):
        added = Kept(passage.quote, (passage,))
        if not repeats(added.text, tally.keys):
            _use(added, tally)
            summary.append(added)
            tally.added_for_question += 1
    if not sections:
        sections = _sections_from_summary(summary)
    return _assemble(report, summary, sections, tally)


def _title(title: str, question: str) -> str:
    """A section's title, or :data:`OTHER_TITLE` in place of one that names a look-alike of
    the question's subject or is no title (a table row, a sentence run on, a bare number)."""
    if "|" in title or len(title.split()) > MAX_TITLE_WORDS or not any(c.isalpha() for c in title):
        return OTHER_TITLE
    if Subject.of(question).label_verdict(title) is False:
        return OTHER_TITLE
    return title


@dataclass
class _Checker:
    """Checks the sentences of the draft's texts, one after the other, into ``tally``."""

    urls: Sequence[str]
    passages: Sequence[Passage]
    usable: Sequence[Passage]
    quotable: Sequence[Passage]
    question: str
    tally: _Tally

    def text(self, text: str) -> list[Kept]:
        """The kept sentences of one text of the draft."""
        kept: list[Kept] = []
        tally = self.tally
        for sentence in split_sentences(text):
            tally.sentences += 1
            cited = [self.urls[n - 1] for n in sentence.cited if 1 <= n <= len(self.urls)]
            cut_off = is_fragment(sentence.text, sentence.cut_off, self.passages)
            result, outcome = self.one(sentence.text, cut_off, cited)
            if result is not None and (repeats(result.text, tally.keys) or tally.restates(result)):
                outcome = "dropped_repeated"
            setattr(tally, outcome, getattr(tally, outcome) + 1)
            if outcome != "dropped_repeated" and result is not None:
                _use(result, tally)
                kept.append(result)
        return kept

    def one(self, text: str, cut_off: bool, cited: Sequence[str]) -> tuple[Kept | None, str]:
        """The sentence as it may stand (or None) and what became of it (a ``ReportCheck``
        counter's name)."""
        if text.endswith("?"):
            return None, "dropped_unsupported"  # a question states nothing
        facts = claim_of(text.rstrip(".!?,;: "))
        support = find_support(facts, self.usable, cited)
        if support is None and find_support(facts, self.passages, cited) is not None:
            return None, "dropped_off_subject"
        if cut_off:
            # A fragment is completed by the passage it began to quote; its own words never
            # stand.
            if support is not None and len(support.passages) == 1:
                passage = support.passages[0]
                if well_formed(passage.quote, self.question):
                    return Kept(passage.quote, support.passages), "completed"
            return None, "dropped_cut_off"
        malformed = sentence_problem(text, self.question) is not None
        if support is not None and not malformed:
            wanted = {normalize_url(url) for url in cited}
            moved = any(normalize_url(p.url) not in wanted for p in support.passages)
            return Kept(text, support.passages), "repointed" if moved else "supported"
        if support is not None and len(support.passages) == 1:
            # Not a sentence, but its passage is: the passage says it.
            passage = support.passages[0]
            if well_formed(passage.quote, self.question):
                return Kept(passage.quote, support.passages), "rewritten"
        closest = closest_passage(facts, self.quotable, self.tally.used)
        if closest is not None:
            return Kept(closest.quote, (closest,)), "rewritten"
        return None, "dropped_malformed" if malformed else "dropped_unsupported"


def _use(kept: Kept, tally: _Tally) -> None:
    facts = claim_of(kept.text)
    tally.keys.append((sentence_key(kept.text), facts.words))
    tally.used.update(passage.key for passage in kept.passages)
    tally.words |= facts.words
    tally.values = tally.values | facts.values


def _fallback(
    focus: str, passages: Sequence[Passage], tally: _Tally, limit: int = FALLBACK_SENTENCES
) -> list[Kept]:
    """Up to ``limit`` unused passages that share most words with ``focus``."""
    wanted = stems(focus)
    ranked = sorted(
        (p for p in passages if p.key not in tally.used and len(p.words & wanted) >= 2),
        key=lambda p: -len(p.words & wanted),
    )
    chosen: list[Kept] = []
    for passage in ranked:
        if len(chosen) == limit:
            break
        kept = Kept(passage.quote, (passage,))
        if repeats(kept.text, tally.keys) or not supports(claim_of(kept.text), [passage]):
            continue
        _use(kept, tally)
        chosen.append(kept)
    return chosen


def _summary_from_sections(
    sections: list[tuple[str, list[Kept]]],
) -> tuple[list[Kept], list[tuple[str, list[Kept]]]]:
    """With nothing left to summarise with, the first sentence of the longest section leads
    the report (moved, not copied)."""
    if not sections:
        return [], sections
    longest = max(range(len(sections)), key=lambda i: len(sections[i][1]))
    title, kept = sections[longest]
    rest = [*sections[:longest], (title, kept[1:]), *sections[longest + 1 :]]
    return kept[:1], [(t, k) for t, k in rest if k]


def _sections_from_summary(summary: list[Kept]) -> list[tuple[str, list[Kept]]]:
    """With every section gone, the summary's later sentences become the findings."""
    if len(summary) > 1:
        moved = summary[1:]
        del summary[1:]
        return [("Findings", moved)]
    return []


def _assemble(
    report: FinalReport,
    summary: list[Kept],
    sections: list[tuple[str, list[Kept]]],
    tally: _Tally,
) -> FinalReport:
    titles = {normalize_url(s.url): s.title for s in report.sources}
    order: dict[str, int] = {}
    sources: list[Source] = []
    for kept in [*summary, *(k for _, items in sections for k in items)]:
        for passage in kept.passages:
            key = normalize_url(passage.url)
            if key not in order:
                order[key] = len(sources) + 1
                title = titles.get(key) or passage.title or passage.url
                sources.append(Source(title=title, url=passage.url))

    def claim(kept: Kept) -> Claim:
        citations = [
            Citation(source=order[normalize_url(p.url)], quote=p.quote, start=p.start, end=p.end)
            for p in kept.passages
        ]
        return Claim(text=kept.text, citations=citations)

    def prose(claims: list[Claim]) -> str:
        return " ".join(marked(c.text, [x.source for x in c.citations]) for c in claims)

    summary_claims = [claim(k) for k in summary]
    built = [
        ReportSection(section_title=title, content=prose(claims), claims=claims)
        for title, claims in ((t, [claim(k) for k in items]) for t, items in sections)
    ]
    if not built:
        built = [ReportSection(section_title="Findings", content=NO_MORE)]
    return FinalReport(
        topic=report.topic,
        executive_summary=prose(summary_claims),
        sections=built,
        sources=sources,
        summary_claims=summary_claims,
        check=tally.report_check(),
    )
