"""The pre-filter: skip sensing and governing when nothing the sensor would read has changed.

Before waking a model, a run fetches its known sources and searches; this module compares
what came back with the previous run's baseline. It skips only when every source's fingerprint
is unchanged and no new search hit appeared.

Failed fetches. An outage must neither trigger a storm of sensing (every failure looking like
a change) nor hide a change (a page that changed while it was unreachable). So a failed source
counts as unchanged when an earlier run fetched it successfully, and its last good fingerprint
is carried forward in the baseline, so that when it comes back changed the change is seen; a
failed source that never succeeded has no baseline, and the run does not skip.

Named sources (the pages a user gave the monitor) also keep a :class:`SourceEntry`: the
validators of the response their fingerprint was taken from, so the next run asks with a
conditional request and an unchanged page answers 304 without a body (its fingerprint is then
the stored one), and when their content last changed.

Sources the previous baseline knew but this run neither fetched nor tried count as changed:
silence about a source is not evidence that it is the same — except in a probe
(``probe=True``): a cheap run that deliberately re-reads only some known sources (see
:func:`sentinel.monitor.sensing.sources.probe_sources`). A probe compares only what it read; the
sources it left unread keep their last fingerprints in the baseline, unjudged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta

from sentinel.errors import InvalidInput

MAX_REMEMBERED_HITS = 500


@dataclass(frozen=True)
class SourceEntry:
    """What a monitor keeps of one named source beside its fingerprint.

    ``etag`` and ``last_modified``: the validators of the response the fingerprint was taken
    from, sent back as ``If-None-Match`` / ``If-Modified-Since``. ``first_read``: when the
    monitor first read the page; ``changed_at``: when it first read the content as it is now
    (its fingerprint); ``changes``: how many times the content changed in between. Times are
    ISO 8601, on the run's clock. Only runs that sense store a snapshot, so these count what
    those runs saw (a skipped run saw no change).
    """

    etag: str | None = None
    last_modified: str | None = None
    first_read: str | None = None
    changed_at: str | None = None
    changes: int = 0


@dataclass(frozen=True)
class SourceSnapshot:
    """What one run saw before sensing: fingerprints of fetched pages (URL → fingerprint),
    the URLs whose fetch failed, the search hit URLs (most relevant first), and the date
    search gave each dated hit (URL → ISO date; an engine dates a page by its last update),
    and the lines of each page naming a day or a time on the mission's subject (URL → lines,
    see :func:`sentinel.monitor.scheduling.anchors.dated_lines`): the schedule of a run that
    leaves the page unread still looks closer around them. ``sources``: the entry of each named
    source (:class:`SourceEntry`; URL → entry)."""

    fingerprints: Mapping[str, str] = field(default_factory=dict)
    failed: frozenset[str] = frozenset()
    search_hits: tuple[str, ...] = ()
    hit_dates: Mapping[str, str] = field(default_factory=dict)
    lines: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    sources: Mapping[str, SourceEntry] = field(default_factory=dict)


@dataclass(frozen=True)
class PrefilterDecision:
    """Whether to skip this run's sensing, why, and the baseline to store for the next run."""

    skip: bool
    reason: str
    changed_urls: tuple[str, ...]
    new_hits: tuple[str, ...]
    baseline: SourceSnapshot
    notes: tuple[str, ...] = ()


def prefilter(
    previous: SourceSnapshot | None, current: SourceSnapshot, *, probe: bool = False
) -> PrefilterDecision:
    """Compare this run's sources with the previous baseline (None on a first run).

    ``probe``: this run read only some of the known sources on purpose; those it did not read
    are neither changed nor unchanged, and keep their last fingerprints (and dated lines) in the
    baseline."""
    if previous is None:
        return PrefilterDecision(
            skip=False,
            reason="first run: nothing to compare with",
            changed_urls=tuple(current.fingerprints),
            new_hits=current.search_hits,
            baseline=_baseline(None, current),
        )
    changed: list[str] = []
    notes: list[str] = []
    unbaselined: list[str] = []
    for url, fingerprint in current.fingerprints.items():
        if previous.fingerprints.get(url) != fingerprint:
            changed.append(url)
    for url in sorted(current.failed - current.fingerprints.keys()):
        if url in previous.fingerprints:
            notes.append(f"{url}: fetch failed; kept its last known fingerprint")
        else:
            unbaselined.append(url)
    unread = [u for u in previous.fingerprints if u not in current.fingerprints]
    unread = [u for u in unread if u not in current.failed]
    if probe and unread:
        notes.append(f"probe: {len(unread)} known source(s) not read; last fingerprints kept")
    elif unread:
        changed += unread
        notes += [f"{url}: not checked this run" for url in unread]
    seen = set(previous.search_hits)
    new_hits = tuple(url for url in current.search_hits if url not in seen)
    baseline = _baseline(previous, current, keep=unread if probe else ())
    if changed or new_hits or unbaselined:
        parts = []
        if changed:
            parts.append(f"{len(changed)} source(s) changed")
        if new_hits:
            parts.append(f"{len(new_hits)} new search hit(s)")
        if unbaselined:
            parts.append(f"{len(unbaselined)} source(s) failed with no earlier fetch")
        return PrefilterDecision(
            False, ", ".join(parts), tuple(changed), new_hits, baseline, tuple(notes)
        )
    if current.fingerprints and probe and unread:
        reason = "no change (probe): every source read unchanged and no new search hit"
    elif current.fingerprints:
        reason = "no change: every source unchanged and no new search hit"
    elif current.failed:
        reason = "no change seen: every fetch failed; nothing new to sense"
    else:
        reason = "no change: no sources and no new search hit"
    return PrefilterDecision(True, reason, (), (), baseline, tuple(notes))


def _baseline(
    previous: SourceSnapshot | None, current: SourceSnapshot, keep: Sequence[str] = ()
) -> SourceSnapshot:
    fingerprints = dict(current.fingerprints)
    lines = {url: found for url, found in current.lines.items() if url in fingerprints}
    if previous is not None:
        carried = [*keep, *(url for url in current.failed if url not in fingerprints)]
        for url in carried:
            if url in previous.fingerprints:
                fingerprints[url] = previous.fingerprints[url]
                if previous.lines.get(url):
                    lines[url] = previous.lines[url]
    hits = list(current.search_hits)
    if previous is not None:
        # Remember hits that dropped out of this search, so one reappearing is not "new".
        current_hits = set(hits)
        hits += [url for url in previous.search_hits if url not in current_hits]
    failed = frozenset(current.failed - current.fingerprints.keys())
    remembered = tuple(hits[:MAX_REMEMBERED_HITS])
    dates = {**(previous.hit_dates if previous else {}), **current.hit_dates}
    kept = set(remembered)
    dated = {url: date for url, date in dates.items() if url in kept}
    sources = _named_sources(previous, current)
    return SourceSnapshot(fingerprints, failed, remembered, dated, lines, sources)


def _named_sources(
    previous: SourceSnapshot | None, current: SourceSnapshot
) -> dict[str, SourceEntry]:
    """The named sources' entries after this run: a page read unchanged keeps its history with
    the validators just received; a changed page counts one change more, dated now; a page
    that failed keeps its entry."""
    before = previous.sources if previous is not None else {}
    failed = current.failed - current.fingerprints.keys()
    entries = {url: entry for url, entry in before.items() if url in failed}
    for url, entry in current.sources.items():
        last = before.get(url)
        if last is None or previous is None:
            entries[url] = entry
        elif previous.fingerprints.get(url) == current.fingerprints.get(url):
            entries[url] = replace(last, etag=entry.etag, last_modified=entry.last_modified)
        else:
            entries[url] = replace(entry, first_read=last.first_read, changes=last.changes + 1)
    return entries


def backoff_interval(
    consecutive_skips: int, base: timedelta, maximum: timedelta, *, factor: float = 2.0
) -> timedelta:
    """The wait after ``consecutive_skips`` unchanged runs in a row: ``base * factor**skips``,
    at most ``maximum``. Zero skips waits ``base``."""
    if consecutive_skips < 0:
        raise InvalidInput("consecutive_skips", consecutive_skips, "must not be negative")
    if factor < 1:
        raise InvalidInput("factor", factor, "must be at least 1 (a back-off never speeds up)")
    if base > maximum:
        raise InvalidInput("base", base, f"exceeds maximum {maximum}")
    wait = base
    if factor == 1:
        return wait
    for _ in range(consecutive_skips):
        wait *= factor
        if wait >= maximum:
            return maximum
    return wait
