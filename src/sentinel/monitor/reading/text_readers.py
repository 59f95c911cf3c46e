"""Candidates from a page's main text, one reader per measure, by code.

Each reader walks the sentences of the page (:mod:`sentinel.monitor.reading.page_text`) that
are about the subject and not in an aside (reviews, related products), and yields what they
state: prices with their currency (not an old, struck-through, unit or delivery price), stock
cues (sold-out wording first, so "back in stock soon" is not "in stock"), versions (not a
forecast, with pre-releases marked), status and decision words, cancellations, dates and free
slots. A cue counts only in a clause that *reports* — not one that asks, hedges, forecasts
or says it has not happened yet (:mod:`sentinel.monitor.governing.modality`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime

from packaging.version import InvalidVersion, Version

from sentinel.monitor.governing.cues import Modality
from sentinel.monitor.governing.modality import classify_clause, clauses, is_question
from sentinel.monitor.reading import lexicon
from sentinel.monitor.reading.page_text import Sentence, sentences_of
from sentinel.monitor.reading.readings import Candidate
from sentinel.monitor.reading.subject import SubjectMatcher, atoms
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.text.money import money_in
from sentinel.text.values import Day, values_in

_STRUCK = re.compile(r"~~[^~]*~~")
_VERSION = re.compile(
    r"(?<![\w.])v?(?P<version>\d+(?:\.\d+){1,3}(?:[-.]?(?:rc|beta|alpha|a|b|dev|pre|preview)"
    r"[.-]?\d*)?)(?![\w.])",
    re.IGNORECASE,
)
_PRERELEASE_WORDS = re.compile(
    r"\b(?:beta|alpha|rc\s?\d*|release\s+candidate|preview|nightly|snapshot|canary|pre-?releases?"
    r"|dev(?:elopment)?\s+build|test\s+build|b[êe]ta|vorabversion|vorschau|versi[óo]n\s+preliminar)\b",
    re.IGNORECASE,
)
_RELEASE_CONTEXT = re.compile(
    r"\b(?:release[sd]?|version|v\d|is\s+(?:here|out|live|available)|now\s+available|available\s+now"
    r"|download|changelog|what's\s+new|notes|tagged|published|shipped|launch(?:ed)?|latest|stable"
    r"|sortie|publi[ée]e?|disponible|nouvelle\s+version|ver[öo]ffentlicht|erschienen|verf[üu]gbar"
    r"|publicad[oa]|lanzad[oa]|nueva\s+versi[óo]n|firmware|update|mise\s+[àa]\s+jour|aktualisierung"
    r"|actualizaci[óo]n)\b",
    re.IGNORECASE,
)
# A version a page says is not out: in a changelog's "Unreleased" section, feature-frozen,
# planned, upcoming, in development (the four languages).
_UNRELEASED = re.compile(
    r"\b(?:unreleased|not\s+(?:yet\s+)?(?:been\s+)?released|feature[\s-]fr(?:ee|o)z(?:e|en)|upcoming"
    r"|in\s+development|work\s+in\s+progress|coming\s+soon|planned|roadmap|next\s+release"
    r"|(?:will|to)\s+be\s+released|release\s+date\s*:?\s*(?:tba|tbc)|non\s+publi[ée]e?|[àa]\s+venir"
    r"|prochaine\s+version|en\s+d[ée]veloppement|unver[öo]ffentlicht|geplant|demn[äa]chst"
    r"|n[äa]chste\s+version|in\s+entwicklung|no\s+publicad[oa]|pr[óo]xima\s+versi[óo]n"
    r"|en\s+desarrollo|planificad[oa]|previst[oa])\b",
    re.IGNORECASE,
)
_NOT_A_VERSION_CONTEXT = re.compile(
    r"\b(?:requires?|compatible|depends|supports?|minimum|python|node(?:\.js)?|java|android|ios"
    r"|macos|windows|upgrad(?:e|ing)\s+(?:from|to)|migrat(?:e|ing|ion)\s+(?:from|to|guide)|since"
    r"|introduced\s+in|deprecated|hdmi|displayport|usb"
    r"|bluetooth|wi-?fi|pcie|ddr\d?|gddr\d?)\b",
    re.IGNORECASE,
)
_EVENT_DATE_NOISE = re.compile(
    r"\b(?:updated|posted|published|modified|copyright|©|sale|on\s+sale|tickets?|registration"
    r"|register|deadline|submit|call\s+for|early[\s-]bird|newsletter|mis\s+[àa]\s+jour|publi[ée]"
    r"|aktualisiert|ver[öo]ffentlicht|vorverkauf|anmeld|actualizado|publicado|inscripci[óo]n"
    r"|entradas)\b",
    re.IGNORECASE,
)
_TBA = re.compile(
    r"\b(?:tba|tbc|to\s+be\s+(?:announced|confirmed)|dates?\s+(?:coming\s+soon|to\s+follow)"
    r"|[àa]\s+venir|[àa]\s+confirmer|bekanntgegeben\s+werden|folgt|por\s+confirmar|por\s+anunciar)\b",
    re.IGNORECASE,
)


# "Decision status: …", "Status – …", "Availability: …": a value under a label saying what
# it is of (the label's words in the four languages).
_LABEL = re.compile(
    r"^\W*(?:[\w ]{0,30}\b)?(?:decision|status|outcome|result|verdict|availability|stock|state"
    r"|d[ée]cision|statut|[ée]tat|disponibilit[ée]|r[ée]sultat|entscheidung|beschluss|status"
    r"|verf[üu]gbarkeit|ergebnis|decisi[óo]n|estado|disponibilidad|resultado)\b[^:\n]{0,20}"
    r"[:\-–][^\n]{0,25}$",
    re.IGNORECASE,
)
PAGE_SHARE = 0.9
"""What a sentence that names nothing itself inherits of its page's score: a booking page
names the service in one block and lists the free times under a heading of their own."""


@dataclass(frozen=True)
class About:
    """A sentence about the subject: its score; whether its own words (title, section, line)
    name the subject, or it only inherits its page's; and whether they name the site."""

    sentence: Sentence
    score: float
    own: bool
    site: bool


def about_sentences(
    page: PageRecord, matcher: SubjectMatcher, *, threshold: float = 0.5
) -> Iterator[About]:
    """The sentences of ``page`` about the subject (not in an aside, not under a look-alike's
    heading): by their own words, or — never ranking above those — because the page as a
    whole names the subject (a booking page names the service in one block and lists the
    free times under a heading of their own)."""
    title = page.title or ""
    sentences = sentences_of(page)
    whole = "\n".join([title, *(s.text for s in sentences if not s.aside)])
    inherited = min(PAGE_SHARE * matcher.score(whole), threshold)
    for sentence in sentences:
        if sentence.aside:
            continue
        context = sentence.context(title)
        if matcher.lookalike(f"{sentence.section}\n{sentence.line}"):
            continue
        own = matcher.score(context)
        site = (
            bool(matcher.site) and matcher.site_score(f"{sentence.section}\n{sentence.line}") >= 0.5
        )
        if own >= threshold:
            yield About(sentence, own, True, site)
        elif inherited >= threshold:
            yield About(sentence, inherited, False, site)


_INDIRECT_QUESTION = re.compile(
    r"""\b(?:ask(?:s|ed|ing)?|wonder(?:s|ed|ing)?|want(?:s|ed)?\s+to\s+know|not\s+sure)\b
        [^.;!?]{0,80}?\b(?:whether|if)\b
      |\b(?:demand[ée]s?|demandent|demande)\b[^.;!?]{0,80}?\bsi\b
      |\b(?:gefragt|fragen|fragt|wissen\s+wollen)\b[^.;!?]{0,80}?\bob\b
      |\b(?:preguntad[oa]s?|preguntan|pregunta)\b[^.;!?]{0,80}?\bsi\b""",
    re.IGNORECASE | re.VERBOSE,
)
"""An indirect question before a value: "Many of you have asked whether 3.0 is out" asks;
it does not report 3.0 out (in the four languages)."""


def reports(sentence: str, start: int) -> bool:
    """Whether the clause of ``sentence`` holding position ``start`` reports (asserts)."""
    if is_question(sentence):
        return False
    if any(m.end() <= start for m in _INDIRECT_QUESTION.finditer(sentence)):
        return False
    offset = 0
    for clause in clauses(sentence):
        found = sentence.find(clause, offset)
        if found < 0:
            continue
        offset = found + len(clause)
        if found <= start < offset:
            return classify_clause(clause).modality is Modality.ASSERTED
    return classify_clause(sentence).modality is Modality.ASSERTED


def price_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """The current prices the page's text states for the subject, with their currency (on the
    subject's day, when it is for one and the page dates its prices)."""
    return on_the_subjects_day(_prices(page, matcher), matcher)


def _prices(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    found: list[Candidate] = []
    for about in about_sentences(page, matcher):
        sentence, score = about.sentence, about.score
        text = sentence.text
        struck = [m.span() for m in _STRUCK.finditer(text)]
        for money in money_in(text):
            if any(a <= money.start < b for a, b in struck):
                continue
            before, after = text[: money.start], text[money.end :]
            if lexicon.NOT_THE_PRICE.search(before[-40:]) or lexicon.NOT_THE_PRICE_AFTER.match(
                after
            ):
                continue
            found.append(
                Candidate(
                    money.amount,
                    sentence.text,
                    page.url,
                    "page",
                    score,
                    sentence.position,
                    note=f"price in the text: {money.text}",
                    currency=money.currency,
                )
            )
    return found


def _cue_candidates(
    page: PageRecord,
    matcher: SubjectMatcher,
    cues: list[tuple[object, re.Pattern[str]]],
    *,
    what: str,
    past: re.Pattern[str] | None = None,
) -> list[Candidate]:
    """One candidate per sentence about the subject: the value of the first cue (in the order
    of ``cues``) found in a reporting clause; earlier cues mask the text they match."""
    found: list[Candidate] = []
    for about in about_sentences(page, matcher):
        sentence, score = about.sentence, about.score
        text = sentence.text
        if past is not None and past.search(text):
            continue
        masked = text
        for value, pattern in cues:
            match = pattern.search(masked)
            if match is None:
                continue
            if reports(text, match.start()):
                found.append(
                    Candidate(
                        value,
                        text,
                        page.url,
                        "page",
                        score,
                        sentence.position,
                        note=f'{what}: "{match.group().strip()}"',
                        labelled=bool(_LABEL.match(text[: match.start()])),
                        own=about.own,
                        site=about.site,
                    )
                )
                break
            masked = masked[: match.start()] + " " * len(match.group()) + masked[match.end() :]
    return found


def stock_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """Whether the text says the subject is in stock, sentence by sentence."""
    cues: list[tuple[object, re.Pattern[str]]] = [
        (False, lexicon.OUT_OF_STOCK),
        (True, lexicon.IN_STOCK),
    ]
    return _cue_candidates(page, matcher, cues, what="stock", past=lexicon.PAST_STOCK)


# "at Hendon", "in Leeds", "bei Mitte": a place a sentence puts what it says at.
_PLACE = re.compile(
    r"\b(?:at|in|bei|im|à|au|en)\s+(?:the\s+)?(?P<place>[A-ZÀ-Ý][\w'-]+(?:\s+[A-ZÀ-Ý][\w'-]+){0,3})"
)
DETAIL_LINES = 6
DETAIL_CHARS = 200


def slot_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """Whether the text says a slot (table, appointment…) is free, sentence by sentence; a
    free one's quote goes on with the lines that list what is free ("Freie Termine am
    23.02.2027 - 08:15 Uhr - 10:30 Uhr"), and a sentence that puts the slots at another place
    than the one the subject names ("Available times at Hendon" for Mill Hill) is not one."""
    cues: list[tuple[object, re.Pattern[str]]] = [(False, lexicon.NO_SLOTS), (True, lexicon.SLOTS)]
    sentences = sentences_of(page)
    candidates = [
        candidate
        for candidate in _cue_candidates(page, matcher, cues, what="availability")
        + _time_list_candidates(page, matcher)
        if not _elsewhere(candidate.quote, matcher)
    ]
    candidates = on_the_subjects_day(candidates, matcher)
    found: list[Candidate] = []
    for candidate in candidates:
        if candidate.value is True and not candidate.note.startswith("times listed"):
            detail = _detail_after(sentences, candidate.position)
            if detail:
                candidate = replace(candidate, quote=f"{candidate.quote} {detail}")
        found.append(candidate)
    return found


def on_the_subjects_day(candidates: list[Candidate], matcher: SubjectMatcher) -> list[Candidate]:
    """When the subject is for a day and the page dates what it states, only what it states
    of that day ("Reservations open five months in advance" says nothing of 9 April; the
    calendar's "sam. 13 févr. à partir de 109 €" is the night of the 13th)."""
    wanted = named_days(f"{matcher.when} {matcher.name} {matcher.site or ''}")
    if not wanted or not any(_stated_days(c.quote) for c in candidates):
        return candidates
    return [
        replace(c, labelled=True)
        for c in candidates
        if _stated_days(c.quote) and _on_wanted_day(c.quote, wanted)
    ]


_CLOCK = re.compile(r"\b(?:[01]?\d|2[0-3])[:.h][0-5]\d\b")


def _time_list_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """Free times a booking page lists under the day they are on ("## Saturday 16 January"
    then "- 15:45 with Jordan"): the heading and its first times, as the page writes them."""
    wanted = named_days(f"{matcher.when} {matcher.name}")
    sentences = sentences_of(page)
    found = []
    for index, sentence in enumerate(sentences):
        if not sentence.heading or sentence.aside:
            continue
        days = _stated_days(sentence.text)
        if not days or (wanted and not _on_wanted_day(sentence.text, wanted)):
            continue
        times: list[str] = []
        for item in sentences[index + 1 : index + 1 + 2 * DETAIL_LINES]:
            if item.heading or not _CLOCK.search(item.text):
                break
            if item.line not in times:
                times.append(item.line)
        if times:
            quote = f"{sentence.text} {' '.join(times)}"
            found.append(
                Candidate(
                    True,
                    quote,
                    page.url,
                    "page",
                    1.0,
                    sentence.position,
                    note=f"times listed under {sentence.text!r}",
                    labelled=True,
                )
            )
    return found


_NUMERIC_DAY = re.compile(r"(?<![\d/.])(\d{1,2})[/.](\d{1,2})(?:[/.](\d{2,4}))?(?![\d/])")


def named_days(text: str) -> list[Day]:
    """The days ``text`` names with a day of the month ("Friday 9 April 2027", "14 June")."""
    return [day for day in values_in(text).days if day.day is not None]


def _stated_days(text: str) -> list[Day]:
    """The days ``text`` states, numeric ones ("Fri 4/9", "23.02.2027") read both ways."""
    days = list(named_days(text))
    for match in _NUMERIC_DAY.finditer(text):
        first, second = int(match[1]), int(match[2])
        year = int(match[3]) if match[3] and len(match[3]) == 4 else None
        for month, day in ((first, second), (second, first)):
            if 1 <= month <= 12 and 1 <= day <= 31:
                days.append(Day(year, month, day))
    return days


def _on_wanted_day(text: str, wanted: list[Day]) -> bool:
    """Whether ``text`` is about one of the ``wanted`` days: it states one of them, or no day
    at all (then it is about the page's, as "3 slots available" under the day's heading)."""
    stated = _stated_days(text)
    return not stated or any(day.agrees(want) for day in stated for want in wanted)


def _elsewhere(text: str, matcher: SubjectMatcher) -> bool:
    """Whether ``text`` puts what it says at a place the subject does not name."""
    named = atoms(f"{matcher.name} {matcher.site or ''}")
    for match in _PLACE.finditer(text):
        place = atoms(match["place"])
        if place and not place & named:
            return True
    return False


def _detail_after(sentences: tuple[Sentence, ...], position: int) -> str:
    """The lines that follow the sentence at ``position`` in its section, as the page writes
    them (list items, table rows, short lines), up to a few."""
    start = next((i for i, s in enumerate(sentences) if s.position == position), None)
    if start is None:
        return ""
    section, own_line = sentences[start].section, sentences[start].line
    if own_line.startswith("|"):
        return ""  # a table cell says what it says; its row is no list of it
    lines: list[str] = []
    for sentence in sentences[start + 1 : start + 1 + DETAIL_LINES + 8]:
        if sentence.heading or sentence.section != section:
            break
        if sentence.line == own_line or (lines and lines[-1] == sentence.line):
            continue  # the rest of its own paragraph is not a list of what is free
        lines.append(sentence.line)
        if sum(len(line) for line in lines) > DETAIL_CHARS:
            break
    return " ".join(lines)


def status_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """The status words the text gives the subject (a status page lists newest first)."""
    cues: list[tuple[object, re.Pattern[str]]] = list(lexicon.STATUS_CUES)
    return _cue_candidates(page, matcher, cues, what="status")


def decision_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """The decisions the text reports on the subject."""
    cues: list[tuple[object, re.Pattern[str]]] = list(lexicon.DECISION_CUES)
    return _cue_candidates(page, matcher, cues, what="decision")


def cancelled_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """Whether the text reports the subject cancelled (or going ahead)."""
    cues: list[tuple[object, re.Pattern[str]]] = [
        (False, lexicon.NOT_CANCELLED),
        (True, lexicon.CANCELLED),
    ]
    return _cue_candidates(page, matcher, cues, what="cancellation")


def version_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """The versions the text reports released for the subject (forecasts left out)."""
    found: list[Candidate] = []
    for about in about_sentences(page, matcher, threshold=0.34):
        sentence, score = about.sentence, about.score
        text = sentence.text
        if not (sentence.heading or _RELEASE_CONTEXT.search(text) or sentence.lead):
            continue
        if _UNRELEASED.search(text) or _UNRELEASED.search(sentence.section):
            continue
        for match in _VERSION.finditer(text):
            raw = match["version"]
            try:
                parsed = Version(raw)
            except InvalidVersion:
                continue
            around = text[max(0, match.start() - 40) : match.end() + 40]
            if _NOT_A_VERSION_CONTEXT.search(text[max(0, match.start() - 30) : match.start()]):
                continue
            if not reports(text, match.start()):
                continue
            prerelease = parsed.is_prerelease or bool(_PRERELEASE_WORDS.search(around))
            found.append(
                Candidate(
                    str(parsed),
                    text,
                    page.url,
                    "page",
                    score,
                    sentence.position,
                    note=f"version {raw}" + (" (pre-release)" if prerelease else ""),
                    prerelease=prerelease,
                )
            )
    return found


def date_candidates(
    page: PageRecord, matcher: SubjectMatcher, *, now: datetime | None = None
) -> list[Candidate]:
    """The days the text announces for the subject: stated in a reporting clause, not a
    posting or sale date, not before today, and in the year the subject names if it names
    one."""
    today = (now or datetime.now(UTC)).astimezone(UTC).date()
    wanted_years = {int(y) for y in re.findall(r"\b(20\d\d)\b", matcher.name)}
    found: list[Candidate] = []
    for about in about_sentences(page, matcher, threshold=0.34):
        sentence, score = about.sentence, about.score
        text = sentence.text
        if _EVENT_DATE_NOISE.search(text) or _TBA.search(text):
            continue
        for day in values_in(text).days:
            if day.day is None:
                continue
            year = day.year or today.year
            if wanted_years and year not in wanted_years:
                continue
            try:
                moment = date(year, day.month, day.day)
            except ValueError:
                continue
            if moment < today or not reports(text, 0):
                continue
            found.append(
                Candidate(
                    moment.isoformat(),
                    text,
                    page.url,
                    "page",
                    score,
                    sentence.position,
                    note=f"date {moment.isoformat()}",
                )
            )
    return found
