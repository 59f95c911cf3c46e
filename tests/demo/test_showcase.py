"""The whole demo, played once with the scripted model: the real engine, pipeline, outbox,
delivery worker and signed webhooks on three simulated worlds. The scripted model reads only
the prompts; the ground truth is used by the summary and these assertions only."""

from __future__ import annotations

import asyncio
import io
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from rich.console import Console

from sentinel.demo import ConsoleDisplay, ShowcaseReport, ShowcaseSettings, run_showcase
from sentinel.llm import forbid_real_models
from sentinel.llm.local import DEFAULT_LOCAL_MODEL, get_spec, status
from sentinel.storage import DeliveryStatus, MonitorState, open_database
from sentinel.storage.settings import sqlite_url

RELEASE = datetime(2025, 10, 1, 14, tzinfo=UTC)
PRICE_DROP = datetime(2025, 10, 3, 6, tzinfo=UTC)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo")
    (path / "demo.db").write_text("a previous demo's database")
    return path


@pytest.fixture(scope="module")
def played(home: Path) -> tuple[ShowcaseReport, str, str]:
    """The demo played once for the whole module: its report, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    display = ConsoleDisplay(Console(file=out, width=160), Console(file=err, width=160))
    settings = ShowcaseSettings(scripted=True, home=home)
    with forbid_real_models():
        report = asyncio.run(run_showcase(settings, display))
    return report, out.getvalue(), err.getvalue()


def test_the_final_release_is_notified_once_after_it_happened(
    played: tuple[ShowcaseReport, str, str],
) -> None:
    report, _, _ = played
    row = next(r for r in report.summaries if r.scenario_id == "quillstore-release")
    [notification] = [
        n for n in report.notifications if n.payload.monitor_name == "quillstore-release"
    ]

    assert row.first_event == RELEASE
    assert row.detected_at is not None
    assert RELEASE <= row.detected_at <= RELEASE + timedelta(hours=12)
    assert row.false_alerts == 0
    assert notification.payload.facts == {"stable_version": "5.0.0"}


def test_the_price_drop_is_notified_with_the_price_on_voltmarts_page(
    played: tuple[ShowcaseReport, str, str],
) -> None:
    report, _, _ = played
    row = next(r for r in report.summaries if r.scenario_id == "headphones-price-drop")
    [notification] = [
        n for n in report.notifications if n.payload.monitor_name == "headphones-price-drop"
    ]

    assert row.detected_at is not None
    assert row.detected_at >= PRICE_DROP
    assert row.false_alerts == 0
    assert notification.payload.facts == {"price_usd": 279.99}
    assert "voltmart.example" in notification.payload.message


def test_the_noise_only_scenario_never_notifies_and_the_prefilter_spares_the_model(
    played: tuple[ShowcaseReport, str, str],
) -> None:
    report, _, _ = played
    row = next(r for r in report.summaries if r.scenario_id == "library-hours-churn")

    assert row.notifications == 0
    assert row.first_event is None
    assert row.counts.skipped > 2 * row.counts.sensed
    # A skipped run spares the sensor's call (the rules governor calls no model anyway).
    assert row.counts.calls_saved == row.counts.skipped


def test_every_demo_monitor_is_read_by_code_as_its_contract_says(
    played: tuple[ShowcaseReport, str, str],
) -> None:
    """Each rule names fields a page states (a version, a price, the opening hours): the
    contracts have the code read them, as a user's ``watch add --rules`` monitor does, and no
    sensing needs the model."""
    report, _, _ = played
    for row in report.summaries:
        assert row.counts.sensed >= 1, row.scenario_id
        assert row.counts.model_calls == 0, row.scenario_id


def test_every_scenario_runs_the_pipeline_without_failures_and_saves_model_calls(
    played: tuple[ShowcaseReport, str, str],
) -> None:
    report, _, _ = played

    assert [r.scenario_id for r in report.summaries] == [
        "quillstore-release",
        "headphones-price-drop",
        "library-hours-churn",
    ]
    for row in report.summaries:
        assert row.counts.failed == 0, row.scenario_id
        assert row.counts.calls_saved > 0, row.scenario_id
        assert row.counts.sensed >= 1, row.scenario_id
        assert row.counts.runs == row.counts.sensed + row.counts.skipped


async def test_notifications_went_through_the_outbox_and_the_monitors_were_left_still(
    played: tuple[ShowcaseReport, str, str], home: Path
) -> None:
    report, _, _ = played
    db = await open_database(sqlite_url(home / "demo.db"), migrate=False)
    try:
        async with db.transaction() as tx:
            monitors = {m.name: m for m in await tx.monitors.find()}
            deliveries = await tx.outbox.find(limit=100)
    finally:
        await db.close()

    assert [d.status for d in deliveries] == [DeliveryStatus.DELIVERED] * 2
    assert {d.idempotency_key for d in deliveries} == {
        n.idempotency_key for n in report.notifications
    }
    assert monitors["quillstore-release"].state is MonitorState.COMPLETED
    assert monitors["headphones-price-drop"].state is MonitorState.COMPLETED
    # Its window is over: paused, so that no later engine runs it in another world.
    assert monitors["library-hours-churn"].state is MonitorState.PAUSED


def test_the_screen_shows_the_plan_the_notifications_and_the_summary(
    played: tuple[ShowcaseReport, str, str],
) -> None:
    report, out, err = played

    assert "scripted" in err
    assert 'rules: stable_version == "5.0.0"' in err
    assert 'starts from {"opening_hours": null}' in err
    assert "skipped by the pre-filter" in err
    assert out.count("🔔") == 2
    assert "What the monitors did" in out
    assert "wall time" in out
    assert report.wall_s > 0


@pytest.mark.model
@pytest.mark.timeout(1200)  # about half a minute on an idle 2-core machine; far more on a busy one
def test_the_demo_on_the_embedded_model_notifies_the_release_read_by_code(tmp_path: Path) -> None:
    """As ``make demo`` plays it: the embedded model is loaded, and the release's contract
    (its rule names a version) has the code read the download page, so no call is needed
    and the final release, not a release candidate, reaches the inbox once."""
    spec = get_spec(DEFAULT_LOCAL_MODEL)
    if not status(spec).installed:
        pytest.skip(f"{DEFAULT_LOCAL_MODEL} is not installed: {spec.install_command}")
    out, err = io.StringIO(), io.StringIO()
    display = ConsoleDisplay(Console(file=out, width=160), Console(file=err, width=160))
    settings = ShowcaseSettings(scenarios=("quillstore-release",), home=tmp_path)

    report = asyncio.run(run_showcase(settings, display))

    [row] = report.summaries
    assert report.plan.model.label == f"local:{DEFAULT_LOCAL_MODEL}"
    assert row.counts.failed == 0
    assert row.counts.model_calls == 0
    assert row.counts.calls_saved >= 1, "most of a week without change costs no model call"
    assert (row.notifications, row.false_alerts) == (1, 0)
    [notification] = report.notifications
    assert notification.payload.facts == {"stable_version": "5.0.0"}
    assert "wall time" in out.getvalue()
