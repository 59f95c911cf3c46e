"""A monitor's watch set: the pages it looks at between its searches.

A monitor watching a state that can hold briefly (a restock, a freed slot, an incident) cannot
search often — a search is the one expensive request — but it can look at the pages that matter
often: a conditional request and a fingerprint of their relevant content
(:mod:`sentinel.monitor.look`). This module says which pages those are and keeps what the
monitor learned of each, in the monitor's ``context`` under :data:`WATCH_SET` (so it outlives
the run history the schedule reads; the key of the one-page set before it,
:data:`LEGACY_KEY`, is still read and emptied at the next write):

- **which pages** (:func:`choose_watched`): of the pages a run read in full — found by search,
  by following a link from a page already read (:mod:`sentinel.monitor.watch_links`: "View
  availability", a product listing, an index of notices), or listed in the sitemap of a host
  it read (:mod:`sentinel.monitor.watch_sitemaps`) — those whose relevant excerpt (the
  paragraphs that mention the mission's or the criteria's words, and the page's structured
  offers and events) names the criteria's own words, most of them first, at most
  :data:`MAX_WATCHED` — chosen by what the page says, not by whether a state quoted it, so a
  shop page whose furniture never lets it answer 304 is still watched;
- **when a page leaves**: a read that finds none of the criteria's words on it any more, a
  better page taking its place, or :data:`MAX_FAILED_LOOKS` looks in a row that could not
  fetch it; a set left empty is *stale* and the next run searches;
- **its relevant fingerprint** (:func:`relevant_fingerprint`): a hash of that excerpt only, so an
  ad, a "trending" box or a new paragraph about something else does not count as a change,
  and a changed price, availability or status line always does. A page reached by a link or
  a sitemap was read but not sensed (following comes after sensing), so it enters with
  :data:`UNSENSED` instead: the next look finds it "changed" and the watch set is read in
  full, the page with it — a ruling published on a watched site is reported at the next look,
  not at its next change;
- **its history**: how it entered (``via``), when the monitor first saw it, when its relevant
  content last changed, how many times it changed and how many looks found something to
  keep, the validators of the last response, failed looks in a row and, after a 429/503,
  when it may be asked again; with, for the monitor, when it last searched, the shortest
  time a state in which the criteria held has lasted, and when it last read each host's
  sitemap (:class:`WatchSet`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, Literal, get_args
from urllib.parse import urlsplit

from sentinel.monitor.sensing.sources import PageRecord, query_terms
from sentinel.web.fingerprint import normalize_lines

WATCH_SET = "watch_set"
"""The key of the watch set in a monitor's ``context``."""
LEGACY_KEY = "known_pages"
"""The key the one-page set before the watch set was kept under: read when there is no
:data:`WATCH_SET`, emptied when the watch set is written."""
NAMED_SITE_BONUS = 3
"""What being on the site the mission names adds to a page's relevance."""
MAX_WATCHED = 5
"""The most pages a monitor looks at between searches (the official page, the listing that
links to it, the booking page…): each look at a page whose furniture changes (no 304) is a
full fetch, and the pages share the monitor's request budget."""
MAX_FAILED_LOOKS = 3
"""Looks in a row that could not fetch a page before it leaves the watch set."""
UNSENSED = ""
"""The relevant fingerprint of a page that entered by a link or a sitemap and was not sensed
yet: no page has it, so the next look reads the watch set in full."""

Via = Literal["search", "link", "named", "sitemap"]
"""How a page entered the watch set: a search hit read, a link followed from a page read, the
user's own ``urls``, or an address the sitemap of a host read lists."""

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9.$%'-]*")
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


@dataclass(frozen=True)
class WatchedPage:
    """One watched page: its relevant fingerprint and score (criteria words its excerpt
    names), how it entered (``via``), the validators of the response it was taken from, and
    its history (ISO 8601 times on the run's clock; ``changes``: how many times its relevant
    content changed since ``first_seen``; ``looks``: the looks that found something to keep
    (new validators, a failure, a rest) — a look that found the page as kept is in the run
    history only, so it writes nothing here; ``failures``:
    looks in a row that could not fetch it; ``resume_at``: after a 429/503, not asked before
    then)."""

    url: str
    relevant: str
    score: int
    first_seen: str
    changed_at: str
    changes: int = 0
    looks: int = 0
    etag: str | None = None
    last_modified: str | None = None
    via: Via = "search"
    failures: int = 0
    resume_at: str | None = None

    def resting(self, now: datetime) -> bool:
        """Whether the page's host asked to be left alone until after ``now``."""
        return self.resume_at is not None and datetime.fromisoformat(self.resume_at) > now


@dataclass(frozen=True)
class WatchSet:
    """What a monitor knows of its pages: the pages (most relevant first), when it last
    searched, the shortest life of a state in which its criteria held (seconds; kept
    beyond the run history's window), the time of a run its schedule set before the next
    look (a moment its pages name, a retry): that run searches and reads in full, when it
    last read each host's sitemap (``sitemaps_read``: host → ISO 8601 time), and how many
    searches in a row left the set empty (``fruitless``: the next search words its query
    another way, :mod:`sentinel.monitor.search_queries`)."""

    pages: tuple[WatchedPage, ...] = ()
    searched_at: str | None = None
    shortest_held_s: float | None = None
    full_at: str | None = None
    sitemaps_read: Mapping[str, str] = field(default_factory=dict, hash=False)
    fruitless: int = 0

    @property
    def urls(self) -> tuple[str, ...]:
        """The watched pages' URLs, most relevant first."""
        return tuple(page.url for page in self.pages)

    @property
    def stale(self) -> bool:
        """Whether the set has no page left to look at (the next run searches)."""
        return not self.pages

    def page(self, url: str) -> WatchedPage | None:
        """The watched page at ``url``, if it is one."""
        return next((page for page in self.pages if page.url == url), None)

    def sitemap_read_at(self, host: str) -> datetime | None:
        """When the monitor last read ``host``'s sitemap, if it has."""
        when = self.sitemaps_read.get(host)
        return datetime.fromisoformat(when) if when else None

    def last_search(self) -> datetime | None:
        """When the monitor last searched, if it has."""
        return datetime.fromisoformat(self.searched_at) if self.searched_at else None

    def shortest_held(self) -> timedelta | None:
        """The shortest life of a state in which the criteria held, if one was seen."""
        if self.shortest_held_s is None:
            return None
        return timedelta(seconds=self.shortest_held_s)

    def with_held(self, held: tuple[timedelta, ...]) -> WatchSet:
        """This set with the shortest of ``held`` (the run history's state lives) kept."""
        spans = [span.total_seconds() for span in held if span > timedelta(0)]
        if self.shortest_held_s is not None:
            spans.append(self.shortest_held_s)
        return replace(self, shortest_held_s=min(spans)) if spans else self

    def without_failing(self) -> WatchSet:
        """This set without the pages :data:`MAX_FAILED_LOOKS` looks in a row could not
        fetch."""
        kept = tuple(page for page in self.pages if page.failures < MAX_FAILED_LOOKS)
        return replace(self, pages=kept) if len(kept) != len(self.pages) else self


def relevant_excerpt(text: str, structured: str, terms: frozenset[str]) -> list[str]:
    """The page's relevant content as normalized lines: its structured offers and events, and
    the paragraphs that mention one of ``terms`` (relative times, ad labels and markup are
    dropped, see :func:`sentinel.web.fingerprint.normalize_lines`)."""
    lines = normalize_lines(structured) if structured else []
    for paragraph in _PARAGRAPH_BREAK.split(text):
        if _words(paragraph) & terms:
            lines.extend(normalize_lines(paragraph))
    return lines


def relevant_fingerprint(page: PageRecord, terms: frozenset[str]) -> str:
    """SHA-256 (hex) of the page's relevant excerpt (:func:`relevant_excerpt`)."""
    payload = "\n".join(relevant_excerpt(page.text, page.structured, terms))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def relevance(
    page: PageRecord,
    terms: frozenset[str],
    criteria: frozenset[str],
    *,
    mission: frozenset[str] = frozenset(),
    cited: bool = False,
) -> int:
    """How much the page matters: the ``criteria``'s words its relevant excerpt names (0 when
    none), and the mission's or criteria's words its title and its address's path name (a
    page titled, or at an address named, after the watched thing is about it, where a listing
    names it among others),
    :data:`NAMED_SITE_BONUS` more on a site the
    ``mission``'s words name ("… at CircuitCove" → circuitcove.example: the authority, whose
    product page beats a listing or a blog naming more of the words), one more when the state
    quoted it."""
    excerpt = relevant_excerpt(page.text, page.structured, terms)
    found: set[str] = set()
    for line in excerpt:
        found |= _words(line) & criteria
    if not found:
        return 0
    address = urlsplit(page.url)
    titled = _words(page.title or "") & (criteria | mission)
    slug = _words(re.sub(r"[/_-]+", " ", address.path)) & (criteria | mission)
    labels = (address.hostname or "").removeprefix("www.").split(".")[:-1]
    named = NAMED_SITE_BONUS if any(_stem(label) in mission for label in labels) else 0
    return len(found) + len(titled) + len(slug) + named + cited


def monitor_terms(mission: str, criteria: str | None) -> tuple[frozenset[str], frozenset[str]]:
    """The words that make a paragraph relevant (the mission's and the criteria's) and the
    criteria's own (the mission's when there are no criteria), without plural endings."""
    own = _stems(query_terms(criteria)) if criteria else frozenset()
    mission_terms = _stems(query_terms(mission))
    return mission_terms | own, own or mission_terms


def choose_watched(
    pages: Mapping[str, PageRecord],
    *,
    previous: WatchSet | None,
    mission: str,
    criteria: str | None,
    now: datetime,
    searched: bool,
    cited: Sequence[str] = (),
    linked: Mapping[str, PageRecord] | None = None,
    sitemap: Mapping[str, PageRecord] | None = None,
    entered: Mapping[str, Via] | None = None,
) -> WatchSet:
    """The watch set after a run that read ``pages`` in full, ``linked`` (pages reached by
    following links from them) and ``sitemap`` (pages reached from their hosts' sitemaps; see
    the module documentation): each page read keeps its
    history, with its relevant content compared with the stored one; a page read that no
    longer names a criteria word leaves; a watched page this run did not read stays a
    candidate with its stored score; the :data:`MAX_WATCHED` best-scored pages are kept
    (:func:`relevance`; ``cited``: the pages the state quotes). ``searched``: the run
    searched (its time is kept, and a search that leaves the set empty counts as
    ``fruitless``; one that fills it resets the count); ``entered``: how pages of ``pages``
    entered when not by a search (a page a look found in a sitemap, read with the watch
    set)."""
    terms, criteria_terms = monitor_terms(mission, criteria)
    mission_terms = _stems(query_terms(mission))
    before = previous or WatchSet()
    when = now.isoformat()
    candidates: dict[str, WatchedPage] = {page.url: page for page in before.pages}
    came = entered or {}
    read: list[tuple[str, PageRecord, Via]] = [
        (url, page, came.get(url, "search")) for url, page in pages.items()
    ]
    read += [(url, page, "link") for url, page in (linked or {}).items() if url not in pages]
    read += [
        (url, page, "sitemap")
        for url, page in (sitemap or {}).items()
        if url not in pages and url not in (linked or {})
    ]
    for url, page, via in read:
        score = relevance(page, terms, criteria_terms, mission=mission_terms, cited=url in cited)
        fingerprint = relevant_fingerprint(page, terms)
        known = candidates.get(url)
        if known is None:
            kept = fingerprint if url in pages else UNSENSED
            candidates[url] = WatchedPage(url, kept, score, when, when, via=via)
            continue
        changed = known.relevant not in (fingerprint, UNSENSED)
        candidates[url] = replace(
            known,
            relevant=fingerprint,
            score=score,
            changed_at=when if changed else known.changed_at,
            changes=known.changes + changed,
            etag=None,
            last_modified=None,
            failures=0,
        )
    order = list(candidates)
    ranked = sorted(
        (page for page in candidates.values() if page.score > 0),
        key=lambda page: (-page.score, order.index(page.url)),
    )
    chosen = tuple(ranked[:MAX_WATCHED])
    fruitless = before.fruitless
    if searched:
        fruitless = 0 if chosen else fruitless + 1
    return replace(
        before,
        pages=chosen,
        searched_at=when if searched else before.searched_at,
        full_at=None if searched else before.full_at,
        fruitless=fruitless,
    )


def watch_set_from_context(context: Mapping[str, Any]) -> WatchSet | None:
    """The watch set kept in a monitor's ``context`` (under :data:`WATCH_SET`, else the
    one-page set of older monitors under :data:`LEGACY_KEY`); None when there is none or it is
    malformed (the monitor then runs as if it had never searched)."""
    stored = context.get(WATCH_SET)
    if not isinstance(stored, Mapping):
        stored = context.get(LEGACY_KEY)
    if not isinstance(stored, Mapping):
        return None
    pages = []
    for item in stored.get("pages") or ():
        if not isinstance(item, Mapping):
            continue
        try:
            via = item.get("via", "search")
            pages.append(
                WatchedPage(
                    url=str(item["url"]),
                    relevant=str(item["relevant"]),
                    score=int(item.get("score", 1)),
                    first_seen=str(item["first_seen"]),
                    changed_at=str(item["changed_at"]),
                    changes=int(item.get("changes", 0)),
                    looks=int(item.get("looks", 0)),
                    etag=_text(item.get("etag")),
                    last_modified=_text(item.get("last_modified")),
                    via=via if via in get_args(Via) else "search",
                    failures=int(item.get("failures", 0)),
                    resume_at=_text(item.get("resume_at")),
                )
            )
        except (KeyError, TypeError, ValueError):
            continue
    held = stored.get("shortest_held_s")
    read = stored.get("sitemaps_read")
    fruitless = stored.get("fruitless")
    return WatchSet(
        pages=tuple(pages[:MAX_WATCHED]),
        searched_at=_text(stored.get("searched_at")),
        full_at=_text(stored.get("full_at")),
        shortest_held_s=float(held) if isinstance(held, int | float) else None,
        sitemaps_read={
            str(host): when
            for host, when in (read.items() if isinstance(read, Mapping) else ())
            if _moment(when) is not None
        },
        fruitless=fruitless if isinstance(fruitless, int) and fruitless > 0 else 0,
    )


def watch_set_to_json(watch: WatchSet) -> dict[str, Any]:
    """The watch set as kept in the monitor's ``context`` (see
    :func:`watch_set_from_context`); defaults are left out, to keep a look's write small."""
    defaults = {"changes": 0, "looks": 0, "via": "search", "failures": 0}
    stored: dict[str, Any] = {
        "pages": [
            {
                key: value
                for key, value in vars(page).items()
                if value is not None and defaults.get(key, ...) != value
            }
            for page in watch.pages
        ],
        "searched_at": watch.searched_at,
        "full_at": watch.full_at,
        "shortest_held_s": watch.shortest_held_s,
    }
    if watch.sitemaps_read:
        stored["sitemaps_read"] = dict(watch.sitemaps_read)
    if watch.fruitless:
        stored["fruitless"] = watch.fruitless
    return stored


def watch_set_context(watch: WatchSet, context: Mapping[str, Any]) -> dict[str, Any]:
    """The ``context`` entries that store ``watch`` on a monitor whose context is
    ``context``: the watch set, and the legacy key emptied when it is there."""
    update: dict[str, Any] = {WATCH_SET: watch_set_to_json(watch)}
    if context.get(LEGACY_KEY) is not None:
        update[LEGACY_KEY] = None
    return update


def stem_words(text: str) -> frozenset[str]:
    """The words of ``text``, case-folded, without plural or possessive endings (how a
    page's, a link's and the monitor's words are compared)."""
    return frozenset(_words(text))


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _moment(value: object) -> datetime | None:
    """An ISO 8601 time with its offset, as stored; None for anything else."""
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
    return moment if moment is not None and moment.tzinfo is not None else None


def _words(text: str) -> set[str]:
    return {_stem(m.group().strip(".'-").casefold()) for m in _WORD.finditer(text)}


def _stem(word: str) -> str:
    """The word without a plural or possessive ending ("advisories" → "advisory",
    "circuitcove's" → "circuitcove", "slots" → "slot"), so a page's words meet the monitor's."""
    word = word.removesuffix("'s")
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _stems(words: frozenset[str]) -> frozenset[str]:
    return frozenset(_stem(word) for word in words)
