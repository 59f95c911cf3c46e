"""The source snapshot as stored with a state version (``state_versions.fingerprints``).

A run's :class:`~sentinel.monitor.sensing.prefilter.SourceSnapshot` is stored with the state
it sensed, and the next run's pre-filter compares with it (in this process or another one):
fingerprints by URL, failed URLs, search hits and their dates, dated lines, and the named
sources' entries (validators and change history). Reading is lenient: a snapshot stored before
a field existed, or a malformed part, reads as absent rather than failing the run.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict

from sentinel.monitor.sensing.prefilter import SourceEntry, SourceSnapshot

SNAPSHOT_KEYS = ("pages", "failed", "search_hits")
_ENTRY_TEXTS = ("etag", "last_modified", "first_read", "changed_at")


def snapshot_to_json(snapshot: SourceSnapshot) -> dict[str, object]:
    """The snapshot as stored with a state version (``state_versions.fingerprints``); the
    named sources' entries under ``sources`` (absent when the monitor has none)."""
    document: dict[str, object] = {
        "pages": dict(snapshot.fingerprints),
        "failed": sorted(snapshot.failed),
        "search_hits": list(snapshot.search_hits),
        "hit_dates": dict(snapshot.hit_dates),
        "lines": {url: list(found) for url, found in snapshot.lines.items()},
    }
    if snapshot.sources:
        document["sources"] = {
            url: {key: value for key, value in asdict(entry).items() if value is not None}
            for url, entry in snapshot.sources.items()
        }
    return document


def snapshot_from_json(document: Mapping[str, object] | None) -> SourceSnapshot | None:
    """The snapshot stored by :func:`snapshot_to_json`; None for an empty or foreign document
    (then the pre-filter treats the run as a first run and senses)."""
    if not document or not all(key in document for key in SNAPSHOT_KEYS):
        return None
    pages, failed, hits = (document[key] for key in SNAPSHOT_KEYS)
    if not isinstance(pages, Mapping) or not isinstance(failed, list | tuple):
        return None
    if not isinstance(hits, list | tuple):
        return None
    # hit_dates and lines are absent from snapshots stored before they existed.
    dates, lines = document.get("hit_dates"), document.get("lines")
    return SourceSnapshot(
        fingerprints={str(url): str(fp) for url, fp in pages.items()},
        failed=frozenset(str(url) for url in failed),
        search_hits=tuple(str(url) for url in hits),
        hit_dates={str(u): str(d) for u, d in dates.items()} if isinstance(dates, Mapping) else {},
        lines=_stored_lines(lines),
        sources=_stored_sources(document.get("sources")),
    )


def _stored_sources(document: object) -> dict[str, SourceEntry]:
    """The named sources' entries of a stored snapshot; malformed ones are left out (the
    page is then read without a conditional request and gets a fresh entry)."""
    if not isinstance(document, Mapping):
        return {}
    entries = {}
    for url, stored in document.items():
        if not isinstance(stored, Mapping):
            continue
        texts = {key: stored.get(key) for key in _ENTRY_TEXTS}
        changes = stored.get("changes", 0)
        if all(v is None or isinstance(v, str) for v in texts.values()) and isinstance(
            changes, int
        ):
            entries[str(url)] = SourceEntry(**texts, changes=changes)
    return entries


def _stored_lines(document: object) -> dict[str, tuple[str, ...]]:
    """The dated lines of a stored snapshot; what is not a URL → list of lines is left out."""
    if not isinstance(document, Mapping):
        return {}
    return {
        str(url): tuple(str(line) for line in found)
        for url, found in document.items()
        if isinstance(found, list | tuple) and found
    }
