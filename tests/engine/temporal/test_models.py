"""A monitor's workflow id: its deployment, its id and its creation time, so a monitor never
meets the workflow of another that had the same id (a database made anew, a restored backup)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from sentinel.engine.temporal.models import workflow_id

CREATED = datetime(2026, 11, 26, 9, 30, 5, 123456, tzinfo=UTC)


def test_the_workflow_id_names_the_queue_the_monitor_and_its_creation_to_the_microsecond() -> None:
    assert workflow_id("prod", 1, CREATED) == "prod/monitor-1-20261126T093005123456Z"


def test_two_monitors_with_the_same_id_get_different_workflows() -> None:
    later = CREATED + timedelta(microseconds=1)
    assert workflow_id("prod", 1, CREATED) != workflow_id("prod", 1, later)
    assert workflow_id("prod", 1, CREATED) != workflow_id("staging", 1, CREATED)


def test_the_same_instant_in_another_zone_is_the_same_workflow() -> None:
    paris = CREATED.astimezone(timezone(timedelta(hours=1)))
    assert workflow_id("prod", 7, paris) == workflow_id("prod", 7, CREATED)
