"""The versions a page's text reports released for the subject, pre-releases marked.

A version counts in a heading, a lead or a sentence that speaks of a release, when its clause
reports it; not in a section or sentence that says it is not out yet (a changelog's
"Unreleased", "planned", "coming soon"), and not as what something requires or supports
("requires Python 3.11", "HDMI 2.1"), and not as where something changed ("the setting is
gone in 5.0", "new in 3.2") outside a heading. A pre-release is one the version says is
(``3.0rc1``) or the words around it do ("beta", "release candidate", "nightly").
"""

from __future__ import annotations

import re

from packaging.version import InvalidVersion, Version

from sentinel.monitor.reading.readings import Candidate
from sentinel.monitor.reading.subject import SubjectMatcher
from sentinel.monitor.reading.text_readers.about import about_sentences, reports
from sentinel.monitor.sensing.sources import PageRecord

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

# A version named as where something changed ("the legacy_wal setting is gone in 5.0", "new
# in 3.2", "fixed in 2.1.3", "entfernt in 5.0", "supprimé dans la 5.0"): an upgrade guide or a
# changelog entry speaks of a version that may not be out; a heading ("What's new in 5.0")
# still counts as one.
_CHANGED_IN = re.compile(
    r"\b(?:gone|removed|dropped|deprecated|changed|added|new|fixed|introduced|enabled|disabled"
    r"|renamed|replaced|default|defaults|entfernt|neu|ge[äa]ndert|behoben|eingef[üu]hrt"
    r"|supprim[ée]e?s?|nouveau|nouvelle|modifi[ée]e?s?|corrig[ée]e?s?|eliminad[oa]s?|nuev[oa]s?"
    r"|cambiad[oa]s?|corregid[oa]s?)\s+(?:in|im|dans|en)\s+(?:(?:la|le|version|versi[óo]n"
    r"|v)\s*)?$",
    re.IGNORECASE,
)


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
            if not sentence.heading and _CHANGED_IN.search(text[: match.start()]):
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
