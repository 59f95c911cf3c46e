"""Snapshot.of: every record field read from the row's column of the same name, converted."""

from __future__ import annotations

from dataclasses import fields
from datetime import UTC, datetime, timedelta, timezone
from typing import Any, get_args

import pytest
from sqlalchemy import inspect

import sentinel.storage  # noqa: F401  (imports every record class)
from sentinel.storage import MonitorRecord
from sentinel.storage.enums import GovernorKind, MonitorState, NotifyBehavior
from sentinel.storage.models import Monitor
from sentinel.storage.snapshot import Snapshot


def _record_classes() -> list[type[Snapshot[Any]]]:
    # ``@dataclass(slots=True)`` replaces the class it decorates: the replaced one, still a
    # subclass until collected, is the one without ``__slots__`` of its own.
    slotted = [cls for cls in Snapshot.__subclasses__() if "__slots__" in vars(cls)]
    return sorted(slotted, key=lambda cls: cls.__name__)


def test_the_record_classes_are_found() -> None:
    names = {cls.__name__ for cls in _record_classes()}
    assert {"MonitorRecord", "RunRecord", "DeliveryRecord", "StateVersionRecord"} <= names


@pytest.mark.parametrize("record", _record_classes(), ids=lambda cls: cls.__name__)
def test_each_field_is_a_column_and_each_converter_a_field(record: type[Snapshot[Any]]) -> None:
    (row_class,) = get_args(record.__orig_bases__[0])  # type: ignore[attr-defined]
    columns = set(inspect(row_class).columns.keys())
    names = {field.name for field in fields(record)}  # type: ignore[arg-type]
    assert names <= columns
    assert set(record.CONVERTERS) <= names


def test_a_row_is_converted_and_detached() -> None:
    paris = timezone(timedelta(hours=1))
    channels: list[dict[str, Any]] = [{"type": "webhook"}]
    row = Monitor(
        id=7,
        name="iphone",
        original_query="q",
        current_query="q",
        action_criteria="c",
        notify_behavior="once",
        channels=channels,
        state="active",
        next_run_at=datetime(2026, 1, 1, 13, 0, tzinfo=paris),
        last_run_at=None,
        run_count=0,
        consecutive_failures=0,
        min_interval_s=60,
        max_interval_s=3600,
        governor_kind="llm",
        governor_rules=None,
        context={"k": 1},
        lease_owner=None,
        lease_expires_at=None,
        created_at=datetime(2026, 1, 1, tzinfo=UTC),
        updated_at=datetime(2026, 1, 1, tzinfo=UTC),
    )
    record = MonitorRecord.of(row)
    assert record.notify_behavior is NotifyBehavior.ONCE
    assert record.state is MonitorState.ACTIVE
    assert record.governor_kind is GovernorKind.LLM
    assert record.next_run_at == datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    assert record.next_run_at is not None
    assert record.next_run_at.tzinfo is UTC
    assert record.last_run_at is None
    assert record.channels == channels
    assert record.channels is not channels
    assert record.context == {"k": 1}
    assert record.context is not row.context
    assert record.name == "iphone"
    assert record.max_interval_s == 3600
