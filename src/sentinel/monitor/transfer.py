"""Monitors to and from JSON Lines files (changedetection.io's files: ``changedetection``).

A JSON Lines file holds one monitor per line with the fields the create API takes (query,
name, criteria, notify, channels, min_interval, max_interval, governor, rules, timezone, urls,
fields), validated by the same :class:`~sentinel.monitor.models.MonitorSpec`; channels may be
strings (a URL or an address) or the JSON objects ``export`` writes. Intervals are written in
seconds. A UTF-8 byte order mark at the start of the file is skipped.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from sentinel.errors import InvalidInput
from sentinel.monitor.models import parse_monitor_spec
from sentinel.monitor.service import new_monitor
from sentinel.storage import MonitorRecord, NewMonitor

BOM = "\ufeff"


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
        if number == 1:
            line = line.removeprefix(BOM)  # Windows editors start UTF-8 files with one
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
    if record.urls:
        data["urls"] = record.urls
    if record.fields:
        data["fields"] = record.fields
    return json.dumps(data, ensure_ascii=False)
