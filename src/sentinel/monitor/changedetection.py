"""Monitors from changedetection.io: its datastore file, its datastore folder, or a backup zip.

Two layouts exist. Up to January 2026 one ``url-watches.json`` held everything:
``{"watching": {uuid: watch}, "settings": {"application": {...}, "requests": {...}}}``. Since,
``changedetection.json`` holds the settings and each watch has its own ``{uuid}/watch.json``.
A backup zip holds either; when it holds both, ``changedetection.json`` wins (the other is a
leftover from before the upgrade).

What maps, per watch:

- ``url``: the page the monitor reads on every run (``urls``; a ``source:`` prefix, the
  view-source mode, is dropped). The query asks what changed there, the criteria say "the
  content … changed", and the monitor notifies every time (``always``).
- ``title``: the name (else the URL). ``tags``: their titles, kept in the monitor's context.
- ``time_between_check`` (``{weeks, days, hours, minutes, seconds}``; the global
  ``settings.requests.time_between_check`` when the watch uses the default, 3 hours when
  neither says): the longest the monitor waits between checks (``max_interval``); it may check
  sooner when the page changes often, never sooner than Sentinel's default minimum (or the
  interval, when that is shorter).
- Notification URLs: channels, chosen as changedetection.io chooses them — the watch's own
  ``notification_urls``, else those of its first tag that has some, else the global
  ``settings.application.notification_urls``. A muted watch (or ``all_muted``) gets none,
  and the import says so.
- ``paused``.

Everything else — CSS/XPath filters, trigger and ignore text, browser steps, request headers,
method and body, proxies, restock/price processors, the snapshot history — has no
equivalent: :func:`read_changedetection` counts each such field.
"""

from __future__ import annotations

import json
import zipfile
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import timedelta
from pathlib import Path, PurePosixPath
from typing import Any

from sentinel.errors import InvalidInput
from sentinel.monitor.models import MAX_NAME_CHARS, MAX_QUERY_CHARS
from sentinel.monitor.scheduling.bounds import MIN_INTERVAL
from sentinel.monitor.service import seconds
from sentinel.monitor.transfer import Imported, ImportProblems, monitor_from_json

LEGACY_FILE = "url-watches.json"
SETTINGS_FILE = "changedetection.json"
WATCH_FILE = "watch.json"
# changedetection.io's default check interval when neither the watch nor the settings say.
CHANGEDETECTION_DEFAULT = timedelta(hours=3)
_INTERVAL_UNITS = {"weeks": 604800, "days": 86400, "hours": 3600, "minutes": 60, "seconds": 1}
# Watch fields that map, or that carry no behaviour (bookkeeping of changedetection.io).
_MAPPED = {
    "url", "title", "tags", "tag", "time_between_check", "paused", "notification_urls",
    "notification_muted",
}  # fmt: skip
_BOOKKEEPING = {
    "uuid", "date_created", "last_checked", "last_changed", "last_error", "last_viewed",
    "check_count", "previous_md5", "previous_md5_before_filters", "consecutive_filter_failures",
    "fetch_time", "last_check_status", "last_notification_error", "remote_server_reply",
    "time_between_check_use_default", "check_unique_lines", "notification_format",
    "notification_title", "notification_body", "notification_screenshot",
    "notification_alert_count", "extract_title_as_title", "has_ldjson_price_data",
    "content-type", "history_snapshot_max_length", "viewed", "filter_failure_notification_send",
    "webdriver_delay", "processor_state", "sort_text_alphabetically", "time_schedule_limit",
    "page_title", "llm_evaluation_cache",
}  # fmt: skip


@dataclass(slots=True)
class ChangedetectionImport:
    """The monitors of a changedetection.io datastore, the fields that could not be mapped
    (field name → how many watches set it) and notes on what was mapped differently."""

    monitors: list[Imported]
    unmapped: Counter[str]
    notes: list[str] = field(default_factory=list)


def load_changedetection(path: Path) -> Mapping[str, Any]:
    """The datastore at ``path`` as one ``{"watching", "settings"}`` document: a
    ``url-watches.json`` or ``changedetection.json`` file, a datastore folder, or a backup zip
    of either layout (see the module documentation)."""
    try:
        if path.is_dir():
            document = _from_files(_folder_files(path), str(path))
        elif zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as archive:
                document = _from_files(_archive_files(archive), str(path))
        else:
            document = _parse(path.read_bytes())
            if path.name == SETTINGS_FILE and not _mapping(document).get("watching"):
                document = _from_files(_folder_files(path.parent), str(path))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, zipfile.BadZipFile) as error:
        raise InvalidInput("import file", str(path), f"is not readable JSON: {error}") from None
    if not isinstance(document, dict) or not isinstance(document.get("watching"), dict):
        raise InvalidInput("import file", str(path), 'has no "watching" object')
    return document


Files = dict[str, Any]
"""A datastore's JSON files by path (``url-watches.json``, ``<uuid>/watch.json``…), each a
function reading its bytes."""


def _folder_files(folder: Path) -> Files:
    found: Files = {}
    for name in (LEGACY_FILE, SETTINGS_FILE):
        if (folder / name).is_file():
            found[name] = (folder / name).read_bytes
    for watch in sorted(folder.glob(f"*/{WATCH_FILE}")):
        found[f"{watch.parent.name}/{WATCH_FILE}"] = watch.read_bytes
    return found


def _archive_files(archive: zipfile.ZipFile) -> Files:
    found: Files = {}
    for name in archive.namelist():
        parts = PurePosixPath(name).parts
        if parts and parts[-1] in (LEGACY_FILE, SETTINGS_FILE) and parts[-1] not in found:
            found[parts[-1]] = lambda name=name: archive.read(name)
        elif len(parts) >= 2 and parts[-1] == WATCH_FILE:
            found[f"{parts[-2]}/{WATCH_FILE}"] = lambda name=name: archive.read(name)
    return found


def _from_files(files: Files, where: str) -> Any:
    if SETTINGS_FILE in files:
        settings = _parse(files[SETTINGS_FILE]())
        watching = dict(settings.get("watching") or {}) if isinstance(settings, dict) else {}
        for name, read in files.items():
            if name.endswith(f"/{WATCH_FILE}"):
                watching[name.split("/")[0]] = _parse(read())
        return {"watching": watching, "settings": _settings_of(settings)}
    if LEGACY_FILE in files:
        return _parse(files[LEGACY_FILE]())
    raise InvalidInput("import file", where, f"has no {LEGACY_FILE} and no {SETTINGS_FILE}")


def _settings_of(document: Any) -> Any:
    return document.get("settings") if isinstance(document, dict) else None


def _parse(data: bytes) -> Any:
    # json.loads reads UTF-8 with or without a byte order mark from bytes.
    return json.loads(data)


def read_changedetection(document: Mapping[str, Any]) -> ChangedetectionImport:
    """Map changedetection.io watches to monitors (see the module documentation).
    ``ImportProblems`` names every watch that cannot be mapped, by its uuid."""
    settings = _mapping(document.get("settings"))
    application = _mapping(settings.get("application"))
    tags = {
        str(uuid): tag for uuid, tag in _mapping(application.get("tags")).items() if _is_map(tag)
    }
    default = _interval(_mapping(settings.get("requests")).get("time_between_check"))
    global_urls = _urls(application.get("notification_urls"))
    all_muted = bool(application.get("all_muted"))
    monitors: list[Imported] = []
    problems: list[str] = []
    unmapped: Counter[str] = Counter()
    muted = 0
    names: set[str] = set()
    for uuid, watch in document["watching"].items():
        try:
            silent = all_muted or bool(_is_map(watch) and watch.get("notification_muted"))
            channels = [] if silent else _channels(watch, tags, global_urls)
            imported = _watch(str(uuid), watch, tags, default, channels, names)
        except InvalidInput as error:
            problems.append(f"watch {uuid}: {error.problem}")
            continue
        monitors.append(imported)
        names.add(imported.monitor.name)
        unmapped.update(_unmapped_fields(watch))
        muted += silent
    if problems:
        raise ImportProblems(problems)
    notes = []
    if muted:
        notes.append(f"{muted} watch(es) muted in changedetection.io: imported without channels")
    return ChangedetectionImport(monitors, unmapped, notes)


def _channels(
    watch: Any, tags: Mapping[str, Mapping[str, Any]], global_urls: list[str]
) -> list[str]:
    """The notification URLs changedetection.io would use for ``watch``: its own, else its
    first tag's, else the global ones."""
    if not _is_map(watch):
        return []
    own = _urls(watch.get("notification_urls"))
    if own:
        return own
    for tag_id in watch.get("tags") or []:
        tag = tags.get(str(tag_id))
        if tag is not None and not tag.get("notification_muted"):
            tagged = _urls(tag.get("notification_urls"))
            if tagged:
                return tagged
    return global_urls


def _watch(
    uuid: str,
    watch: Any,
    tags: Mapping[str, Mapping[str, Any]],
    default: timedelta | None,
    channels: list[str],
    names: set[str],
) -> Imported:
    if not _is_map(watch) or not isinstance(watch.get("url"), str) or not watch["url"].strip():
        raise InvalidInput("watch", uuid, "has no url")
    url = watch["url"].strip().removeprefix("source:")
    name = (str(watch.get("title") or "").strip() or url)[:MAX_NAME_CHARS]
    if name in names:
        name = f"{name[: MAX_NAME_CHARS - 11]} ({uuid[:8]})"
    every = _interval(watch.get("time_between_check"))
    if watch.get("time_between_check_use_default", every is None) or every is None:
        every = default or CHANGEDETECTION_DEFAULT
    longest = max(seconds(every), 60)
    subject = url if len(f"What changed on {url}?") <= MAX_QUERY_CHARS else name
    body = {
        "query": f"What changed on {subject}?",
        "name": name,
        "criteria": f"the content of {subject} changed",
        "notify": "always",
        "channels": channels,
        "urls": [url],
        "min_interval": min(seconds(MIN_INTERVAL), longest),
        "max_interval": longest,
    }
    monitor = monitor_from_json(body)
    titles = [_tag_title(tags, t) for t in watch.get("tags") or [] if isinstance(t, str)]
    if isinstance(watch.get("tag"), str) and watch["tag"].strip():
        titles += [t.strip() for t in watch["tag"].split(",") if t.strip()]
    context = {**monitor.context, "source": f"changedetection.io {uuid}"}
    if titles:
        context["tags"] = list(dict.fromkeys(titles))
    return Imported(f"watch {uuid}", replace(monitor, context=context), bool(watch.get("paused")))


def _tag_title(tags: Mapping[str, Mapping[str, Any]], tag_id: str) -> str:
    tag = tags.get(tag_id)
    return str(tag.get("title", tag_id)) if tag is not None else tag_id


def _interval(value: Any) -> timedelta | None:
    """changedetection.io's {weeks, days, hours, minutes, seconds}; None when all unset."""
    if not isinstance(value, dict):
        return None
    total = 0
    for unit, factor in _INTERVAL_UNITS.items():
        amount = value.get(unit)
        if amount in (None, ""):
            continue
        try:
            total += int(float(amount) * factor)
        except (TypeError, ValueError):
            raise InvalidInput("time_between_check", value, f"{unit} is not a number") from None
    return timedelta(seconds=total) if total > 0 else None


def _urls(value: Any) -> list[str]:
    """The notification URLs of a list (blank entries and non-strings left out)."""
    if not isinstance(value, list):
        return []
    return [url.strip() for url in value if isinstance(url, str) and url.strip()]


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if _is_map(value) else {}


def _is_map(value: Any) -> bool:
    return isinstance(value, Mapping)


def _unmapped_fields(watch: Mapping[str, Any]) -> list[str]:
    """The fields this watch sets that Sentinel has no equivalent for."""
    return [
        key
        for key, value in watch.items()
        if key not in _MAPPED
        and key not in _BOOKKEEPING
        and value not in (None, "", [], {}, False)
        and not (key == "method" and value == "GET")
        and not (key in ("processor", "fetch_backend") and value in ("text_json_diff", "system"))
    ]
