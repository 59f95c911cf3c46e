"""Monitors to and from files: JSON Lines, and changedetection.io's ``url-watches.json``.

A JSON Lines file holds one monitor per line with the fields the create API takes (query,
name, criteria, notify, channels, min_interval, max_interval, governor, rules, timezone),
validated by the same :class:`~sentinel.monitor.models.MonitorSpec`; channels may be strings
(a URL or an address) or the JSON objects ``export`` writes. Intervals are written in seconds.

changedetection.io keeps its watches in ``url-watches.json`` (also inside its backup zip):
``{"watching": {uuid: watch}, "settings": {...}}``. What maps: ``url`` (the query asks what
changed there), ``title`` (the name, else the URL), ``tags`` (their titles, from
``settings.application.tags``, kept in the monitor's context), ``time_between_check`` (or the
global default when the watch uses it) as the shortest interval, ``notification_urls`` (Apprise
URLs, as channels) and ``paused``. Everything else — CSS/XPath filters, trigger and ignore
text, browser steps, request headers, method and body, proxies, restock/price processors, the
snapshot history — has no equivalent: :func:`read_changedetection` names each such field.
"""

from __future__ import annotations

import json
import zipfile
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from sentinel.errors import InvalidInput
from sentinel.monitor.models import MAX_NAME_CHARS, parse_monitor_spec
from sentinel.monitor.service import new_monitor, seconds
from sentinel.storage import MonitorRecord, NewMonitor

CHANGEDETECTION_FILE = "url-watches.json"
# changedetection.io's default check interval when neither the watch nor the settings say.
CHANGEDETECTION_DEFAULT = timedelta(hours=3)
_INTERVAL_UNITS = {"weeks": 604800, "days": 86400, "hours": 3600, "minutes": 60, "seconds": 1}
# Watch fields that map, or that carry no behaviour (bookkeeping of changedetection.io).
_MAPPED = {"url", "title", "tags", "tag", "time_between_check", "paused", "notification_urls"}
_BOOKKEEPING = {
    "uuid", "date_created", "last_checked", "last_changed", "last_error", "last_viewed",
    "check_count", "previous_md5", "previous_md5_before_filters", "consecutive_filter_failures",
    "fetch_time", "last_check_status", "last_notification_error", "remote_server_reply",
    "time_between_check_use_default", "check_unique_lines", "notification_format",
    "notification_title", "notification_body", "notification_muted", "notification_screenshot",
    "notification_alert_count", "extract_title_as_title", "has_ldjson_price_data",
    "content-type", "history_snapshot_max_length", "viewed", "filter_failure_notification_send",
    "webdriver_delay", "processor_state", "sort_text_alphabetically", "time_schedule_limit",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Imported:
    """One monitor read from a file: where it came from, what to create, whether paused."""

    where: str
    monitor: NewMonitor
    paused: bool = False


class ImportProblems(InvalidInput):
    """Every bad entry of a file, each named by its line (or watch): nothing was imported."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        shown = "\n".join(problems[:20])
        more = len(problems) - 20
        suffix = f"\n… and {more} more" if more > 0 else ""
        super().__init__("import file", len(problems), f"nothing was imported:\n{shown}{suffix}")

    def __str__(self) -> str:
        return self.problem


def monitor_from_json(data: Any) -> NewMonitor:
    """The monitor one JSON object describes, validated like a create request; channels may
    be strings or the stored JSON objects ``export_line`` writes."""
    if not isinstance(data, dict):
        raise InvalidInput("monitor", data, "must be a JSON object")
    body = dict(data)
    channels = body.pop("channels", [])
    if not isinstance(channels, list):
        raise InvalidInput("channels", channels, "must be a list")
    body["channels"] = [c for c in channels if isinstance(c, str)]
    typed = [c for c in channels if not isinstance(c, str)]
    return new_monitor(parse_monitor_spec(body), channels=typed)


def read_jsonl(lines: Iterator[str]) -> Iterator[Imported]:
    """The monitors of a JSON Lines file (blank lines skipped); ``ImportProblems`` names
    every bad line by number after reading them all."""
    problems: list[str] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield Imported(f"line {number}", monitor_from_json(json.loads(line)))
        except json.JSONDecodeError as error:
            problems.append(f"line {number}: not JSON ({error.msg} at column {error.colno})")
        except InvalidInput as error:
            problems.append(f"line {number}: {error.problem}")
    if problems:
        raise ImportProblems(problems)


def export_line(record: MonitorRecord) -> str:
    """One monitor as a JSON line of create fields (``monitor_from_json`` reads it back)."""
    data: dict[str, Any] = {
        "query": record.original_query,
        "name": record.name,
        "criteria": record.action_criteria,
        "notify": record.notify_behavior.value,
        "channels": record.channels,
        "min_interval": record.min_interval_s,
        "max_interval": record.max_interval_s,
        "governor": record.governor_kind.value,
        "timezone": record.context.get("timezone", "UTC"),
    }
    if record.governor_rules is not None:
        data["rules"] = record.governor_rules
    return json.dumps(data, ensure_ascii=False)


def load_changedetection(path: Path) -> dict[str, Any]:
    """The ``url-watches.json`` document at ``path``, or inside the backup zip at ``path``."""
    try:
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as archive:
                names = [n for n in archive.namelist() if n.endswith(CHANGEDETECTION_FILE)]
                if not names:
                    raise InvalidInput("import file", str(path), f"has no {CHANGEDETECTION_FILE}")
                document = json.loads(archive.read(names[0]))
        else:
            document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, zipfile.BadZipFile) as error:
        raise InvalidInput("import file", str(path), f"is not readable JSON: {error}") from None
    if not isinstance(document, dict) or not isinstance(document.get("watching"), dict):
        raise InvalidInput("import file", str(path), 'has no "watching" object')
    return document


@dataclass(slots=True)
class ChangedetectionImport:
    """The monitors of a changedetection.io file, and the fields that could not be mapped
    (field name → how many watches set it)."""

    monitors: list[Imported]
    unmapped: Counter[str]


def read_changedetection(document: Mapping[str, Any]) -> ChangedetectionImport:
    """Map changedetection.io watches to monitors (see the module documentation).
    ``ImportProblems`` names every watch that cannot be mapped, by its uuid."""
    settings = document.get("settings") or {}
    application = settings.get("application") or {}
    tag_titles = {
        uuid: str(tag.get("title", uuid))
        for uuid, tag in (application.get("tags") or {}).items()
        if isinstance(tag, dict)
    }
    default = _interval((settings.get("requests") or {}).get("time_between_check"))
    monitors: list[Imported] = []
    problems: list[str] = []
    unmapped: Counter[str] = Counter()
    names: set[str] = set()
    for uuid, watch in document["watching"].items():
        try:
            imported = _watch(str(uuid), watch, tag_titles, default, names)
        except InvalidInput as error:
            problems.append(f"watch {uuid}: {error.problem}")
            continue
        monitors.append(imported)
        names.add(imported.monitor.name)
        unmapped.update(_unmapped_fields(watch))
    if problems:
        raise ImportProblems(problems)
    return ChangedetectionImport(monitors, unmapped)


def _watch(
    uuid: str,
    watch: Any,
    tag_titles: Mapping[str, str],
    default: timedelta | None,
    names: set[str],
) -> Imported:
    if not isinstance(watch, dict) or not isinstance(watch.get("url"), str):
        raise InvalidInput("watch", uuid, "has no url")
    url = watch["url"].strip()
    name = (str(watch.get("title") or "").strip() or url)[:MAX_NAME_CHARS]
    if name in names:
        name = f"{name[: MAX_NAME_CHARS - 11]} ({uuid[:8]})"
    every = _interval(watch.get("time_between_check"))
    if watch.get("time_between_check_use_default", every is None) or every is None:
        every = default or CHANGEDETECTION_DEFAULT
    body = {
        "query": f"What changed on {url}?",
        "name": name,
        "criteria": f"the content of {url} changed",
        "notify": "always",
        "channels": [u for u in watch.get("notification_urls") or [] if isinstance(u, str)],
        "min_interval": max(seconds(every), 60),
        "max_interval": max(seconds(every), 60) * 4,
    }
    monitor = monitor_from_json(body)
    tags = [tag_titles.get(t, t) for t in watch.get("tags") or [] if isinstance(t, str)]
    if isinstance(watch.get("tag"), str) and watch["tag"].strip():
        tags += [t.strip() for t in watch["tag"].split(",") if t.strip()]
    context = {**monitor.context, "source": f"changedetection.io {uuid}"}
    if tags:
        context["tags"] = list(dict.fromkeys(tags))
    return Imported(f"watch {uuid}", replace(monitor, context=context), bool(watch.get("paused")))


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
