"""What a caller may set on a monitor, validated before it reaches the database."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, TypedDict, TypeVar

from sentinel.errors import InvalidInput
from sentinel.storage.enums import GovernorKind, NotifyBehavior

# The seed's bounds on how often a monitor may run.
DEFAULT_MIN_INTERVAL_S = 15 * 60
DEFAULT_MAX_INTERVAL_S = 30 * 24 * 3600
MAX_NAME_LENGTH = 200

E = TypeVar("E", bound=StrEnum)


@dataclass(frozen=True, slots=True)
class NewMonitor:
    """A monitor to create. ``current_query`` starts as ``original_query`` unless given.

    ``channels`` are JSON channel specs; validate them with ``sentinel.notify`` before storing
    (storage keeps them as plain data). ``first_run_at`` None means due at creation. ``urls``
    (pages read on every run) and ``fields`` (the state's declared fields) are validated by
    ``sentinel.monitor.models.MonitorSpec``; storage checks only that they are JSON lists.
    """

    name: str
    original_query: str
    action_criteria: str
    current_query: str | None = None
    notify_behavior: NotifyBehavior = NotifyBehavior.ONCE
    channels: list[dict[str, Any]] = field(default_factory=list)
    min_interval_s: int = DEFAULT_MIN_INTERVAL_S
    max_interval_s: int = DEFAULT_MAX_INTERVAL_S
    governor_kind: GovernorKind = GovernorKind.LLM
    governor_rules: str | None = None
    context: dict[str, Any] = field(default_factory=dict)
    first_run_at: datetime | None = None
    urls: list[str] = field(default_factory=list)
    fields: list[dict[str, Any]] = field(default_factory=list)
    contract: dict[str, Any] | None = None
    # The name was made from the query, not chosen: when the owner already has a monitor of
    # that name, the new one is numbered ("… (2)") instead of refused.
    name_derived: bool = False

    def __post_init__(self) -> None:
        # Accept the plain strings a CLI or JSON body carries; store the enum members.
        object.__setattr__(
            self,
            "notify_behavior",
            parse_enum("notify_behavior", NotifyBehavior, self.notify_behavior),
        )
        object.__setattr__(
            self, "governor_kind", parse_enum("governor_kind", GovernorKind, self.governor_kind)
        )
        validate_name(self.name)
        validate_text("original_query", self.original_query)
        validate_text("action_criteria", self.action_criteria)
        if self.current_query is not None:
            validate_text("current_query", self.current_query)
        validate_intervals(self.min_interval_s, self.max_interval_s)
        validate_governor(self.governor_kind, self.governor_rules)
        validate_json("channels", self.channels, list)
        validate_json("context", self.context, dict)
        validate_json("urls", self.urls, list)
        validate_json("fields", self.fields, list)
        if self.contract is not None:
            validate_json("contract", self.contract, dict)


class MonitorChanges(TypedDict, total=False):
    """The mutable fields of a monitor. ``original_query`` is absent on purpose: it is the
    mission, and changing it would make the stored state history describe another question."""

    name: str
    current_query: str
    action_criteria: str
    notify_behavior: NotifyBehavior
    channels: list[dict[str, Any]]
    min_interval_s: int
    max_interval_s: int
    governor_kind: GovernorKind
    governor_rules: str | None
    context: dict[str, Any]
    urls: list[str]
    fields: list[dict[str, Any]]
    contract: dict[str, Any] | None


MUTABLE_FIELDS = frozenset(MonitorChanges.__annotations__)


def validate_changes(changes: dict[str, Any]) -> None:
    """Refuse unknown or immutable fields and malformed values in an update.

    Enum fields given as strings are replaced by their members in ``changes``; the checks that
    involve the stored row too (interval bounds, rules text) happen in the repository.
    """
    for key, value in changes.items():
        if key == "original_query":
            raise InvalidInput(
                "original_query", value, "is immutable; create a new monitor for a new mission"
            )
        if key not in MUTABLE_FIELDS:
            raise InvalidInput(
                "field", key, f"not a mutable monitor field {sorted(MUTABLE_FIELDS)}"
            )
    if "name" in changes:
        validate_name(changes["name"])
    for key in ("current_query", "action_criteria"):
        if key in changes:
            validate_text(key, changes[key])
    if "notify_behavior" in changes:
        changes["notify_behavior"] = parse_enum(
            "notify_behavior", NotifyBehavior, changes["notify_behavior"]
        )
    if "governor_kind" in changes:
        changes["governor_kind"] = parse_enum(
            "governor_kind", GovernorKind, changes["governor_kind"]
        )
    if "channels" in changes:
        validate_json("channels", changes["channels"], list)
    if "context" in changes:
        validate_json("context", changes["context"], dict)
    for key in ("urls", "fields"):
        if key in changes:
            validate_json(key, changes[key], list)
    if changes.get("contract") is not None:
        validate_json("contract", changes["contract"], dict)


def validate_name(name: str) -> None:
    """A monitor name is non-blank and at most 200 characters."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidInput("name", name, "must be a non-empty string")
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidInput("name", name, f"longer than {MAX_NAME_LENGTH} characters")


def validate_text(field_name: str, value: str) -> None:
    """Queries and criteria must say something."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(field_name, value, "must be a non-empty string")


def validate_intervals(min_interval_s: int, max_interval_s: int) -> None:
    """``0 < min_interval_s <= max_interval_s`` (seconds)."""
    if min_interval_s <= 0:
        raise InvalidInput("min_interval_s", min_interval_s, "must be positive")
    if max_interval_s < min_interval_s:
        raise InvalidInput(
            "max_interval_s", max_interval_s, f"is below min_interval_s={min_interval_s}"
        )


def validate_governor(kind: GovernorKind, rules: str | None) -> None:
    """A rules governor needs its rules text."""
    if kind is GovernorKind.RULES and not (rules and rules.strip()):
        raise InvalidInput("governor_rules", rules, "required when governor_kind is 'rules'")


def validate_json(field_name: str, value: Any, kind: type) -> None:
    """The value is a ``kind`` (list or dict) that serialises to JSON."""
    if not isinstance(value, kind):
        raise InvalidInput(field_name, value, f"must be a JSON {kind.__name__}")
    try:
        json.dumps(value)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(field_name, value, f"is not JSON-serialisable: {exc}") from exc


def parse_enum(field_name: str, cls: type[E], value: E | str) -> E:
    """The member of ``cls`` whose value is ``value``, or InvalidInput listing the choices."""
    try:
        return cls(value)
    except ValueError as exc:
        choices = ", ".join(member.value for member in cls)
        raise InvalidInput(field_name, value, f"must be one of: {choices}") from exc
