"""A monitor definition from user input to storage values, for every front end alike.

``sentinel watch add`` and the HTTP API validate with the same :class:`MonitorSpec`, and
channels (strings or JSON objects) with ``sentinel.notify``, so both refuse the same inputs
with the same messages.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from sentinel.errors import InvalidInput
from sentinel.monitor.models import MonitorSpec, parse_monitor_spec
from sentinel.notify import parse_channel_specs
from sentinel.storage import GovernorKind, MonitorChanges, MonitorRecord, NewMonitor, NotifyBehavior

IMMUTABLE_FIELDS = frozenset({"query", "original_query"})


def seconds(span: timedelta) -> int:
    """Whole seconds of an interval, at least one."""
    return max(1, round(span.total_seconds()))


def new_monitor(spec: MonitorSpec) -> NewMonitor:
    """The monitor to store for a validated spec; each channel is validated as its kind."""
    return NewMonitor(
        name=spec.display_name,
        original_query=spec.query,
        action_criteria=spec.criteria,
        notify_behavior=NotifyBehavior(spec.notify.value),
        channels=parse_channel_specs(spec.channels),
        min_interval_s=seconds(spec.min_interval),
        max_interval_s=seconds(spec.max_interval),
        governor_kind=GovernorKind(spec.governor),
        governor_rules=spec.rules,
        context={"timezone": spec.timezone} if spec.timezone != "UTC" else {},
    )


def spec_data(record: MonitorRecord) -> dict[str, Any]:
    """The spec fields of a stored monitor, as a create request would carry them."""
    data: dict[str, Any] = {
        "query": record.original_query,
        "name": record.name,
        "criteria": record.action_criteria,
        "notify": record.notify_behavior.value,
        "channels": [],
        "min_interval": timedelta(seconds=record.min_interval_s),
        "max_interval": timedelta(seconds=record.max_interval_s),
        "governor": record.governor_kind.value,
        "timezone": record.context.get("timezone", "UTC"),
    }
    if record.governor_rules is not None:
        data["rules"] = record.governor_rules
    return data


def monitor_changes(record: MonitorRecord, patch: Mapping[str, Any]) -> MonitorChanges:
    """The storage changes of a partial update: the patch is applied to the monitor's spec and
    the result validated as a whole, so an update is refused exactly when a create would be.

    ``query`` (the original question) is immutable: naming it raises ``InvalidInput``.
    """
    for field in IMMUTABLE_FIELDS & set(patch):
        raise InvalidInput(field, patch[field], "is immutable; fork the monitor to ask anew")
    merged = spec_data(record) | dict(patch)
    if "channels" not in patch:
        merged.pop("channels")
    spec = parse_monitor_spec(merged)
    changes = MonitorChanges(
        name=spec.display_name,
        action_criteria=spec.criteria,
        notify_behavior=NotifyBehavior(spec.notify.value),
        min_interval_s=seconds(spec.min_interval),
        max_interval_s=seconds(spec.max_interval),
        governor_kind=GovernorKind(spec.governor),
        governor_rules=spec.rules,
        context=_with_timezone(record.context, spec.timezone),
    )
    if "channels" in patch:
        changes["channels"] = parse_channel_specs(spec.channels)
    return changes


def _with_timezone(context: dict[str, Any], timezone: str) -> dict[str, Any]:
    updated = {key: value for key, value in context.items() if key != "timezone"}
    if timezone != "UTC":
        updated["timezone"] = timezone
    return updated
