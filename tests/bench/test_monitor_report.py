"""Targets, tables and the results document, from hand-made scores."""

from __future__ import annotations

from datetime import timedelta

from sentinel.bench.monitoring.metrics import Timeline, match_notifications
from sentinel.bench.monitoring.policy import PolicyResult
from sentinel.bench.monitoring.report import (
    code_commit,
    format_delay,
    markdown,
    targets,
    to_json,
)
from sentinel.bench.monitoring.runner import BenchResult, ScenarioScore
from sentinel.bench.monitoring.sensors import SensorSetup
from tests.bench.monitor_scenarios import LAUNCH, QUIET, scenario


def score(text: str, policy: str, delays_h: list[float], **counts: int) -> ScenarioScore:
    played = scenario(text)
    base = played.events[0].at if played.events else played.start
    result = PolicyResult(
        notifications=[base + timedelta(hours=h) for h in delays_h],
        pages=counts.get("checks", 0),
        searches=counts.get("searches", 0),
        not_modified=counts.get("not_modified", 0),
        model_calls=counts.get("calls", 0),
        tokens=counts.get("prompt", 0) + counts.get("completion", 0) + counts.get("tokens", 0),
        prompt_tokens=counts.get("prompt", 0),
        completion_tokens=counts.get("completion", 0),
        runs=counts.get("runs", 1),
    )
    return ScenarioScore(
        played, policy, result, match_notifications(Timeline.of(played), result.notifications)
    )


def bench(*scores: ScenarioScore) -> BenchResult:
    policies = list(dict.fromkeys(s.policy for s in scores))
    scenarios = list({s.scenario.id: s.scenario for s in scores}.values())
    return BenchResult(SensorSetup("oracle-facts"), 0, policies, scenarios, list(scores))


# gizmo-launch is a dev scenario and quiet-shop a test one (sentinel.sim.split); the same
# world renamed gizmo-launch-2 falls in test.
LAUNCH_TEST = LAUNCH.replace("id: gizmo-launch", "id: gizmo-launch-2")


def test_targets_compare_sentinel_with_the_24_hour_references() -> None:
    result = bench(
        score(LAUNCH_TEST, "sentinel", [2.0], checks=50, not_modified=20, searches=30, calls=2),
        score(QUIET, "sentinel", [], checks=5, calls=1),
        score(LAUNCH_TEST, "diff-fixed-24h", [12.0], checks=40),
        score(QUIET, "diff-fixed-24h", [], checks=20),
        score(LAUNCH_TEST, "llm-fixed-24h", [12.0], checks=40, calls=20),
    )

    found = {t.name: t for t in targets(result)}

    assert found["sentinel event recall"].met is True
    assert found["sentinel false alerts on noise-only scenarios"].met is True
    assert found["sentinel median delay"].met is True
    assert found["sentinel median delay"].measured == "2.0 h = 0.17 x 12.0 h"
    # Searches and full fetches are paid for, 304s are not: 30 + (50 - 20) + 5 > 1.0 x 60.
    paid = found["sentinel searches + full fetches"]
    assert paid.met is False
    assert paid.measured == "65 = 1.08 x 60"
    assert found["sentinel model calls"].met is True  # 3 <= 0.2 x 20


def test_targets_are_judged_on_the_test_split_when_it_ran() -> None:
    result = bench(
        score(LAUNCH, "sentinel", [30.0]),  # dev: slow, ignored by the targets
        score(LAUNCH_TEST, "sentinel", [2.0]),
        score(LAUNCH, "diff-fixed-24h", [1.0]),
        score(LAUNCH_TEST, "diff-fixed-24h", [12.0]),
    )

    found = {t.name: t for t in targets(result)}

    assert result.splits == ["dev", "test"]
    assert found["sentinel median delay"].measured == "2.0 h = 0.17 x 12.0 h"
    assert result.totals("sentinel", split="dev").delays_s == [30.0 * 3600]
    text = markdown(result)
    assert "## Targets on the test split" in text
    assert "| sentinel | dev | 100% |" in text
    assert "| sentinel | test | 100% |" in text
    document = to_json(result, scenario_source="here")
    assert document["target_split"] == "test"
    assert set(document["splits"]) == {"dev", "test"}
    assert document["splits"]["dev"]["sentinel"]["median_delay_s"] == 30.0 * 3600
    assert {e["id"]: e["split"] for e in document["scenarios"]} == {
        "gizmo-launch": "dev",
        "gizmo-launch-2": "test",
    }
    # The commit is the code the run measured (read when it started), not the checkout's now.
    assert to_json(result, scenario_source="here", commit="abc1234")["commit"] == "abc1234"
    assert document["commit"] == code_commit()


def test_targets_fall_back_to_every_scenario_without_a_test_split() -> None:
    result = bench(score(LAUNCH, "sentinel", [2.0]), score(LAUNCH, "diff-fixed-24h", [8.0]))

    found = {t.name: t for t in targets(result)}

    assert result.splits == ["dev"]
    assert found["sentinel median delay"].measured == "2.0 h = 0.25 x 8.0 h"
    assert "## Targets on the all split" in markdown(result)


def test_noise_alerts_and_missing_references_show_in_targets() -> None:
    result = bench(
        score(LAUNCH_TEST, "sentinel", []),
        score(QUIET, "sentinel", [1.0]),
    )

    found = {t.name: t for t in targets(result)}

    assert found["sentinel event recall"].met is False
    assert found["sentinel false alerts on noise-only scenarios"].measured == "1"
    assert "sentinel median delay" not in found
    assert targets(bench(score(LAUNCH, "oracle", [0.0]))) == []


def test_ratio_without_a_reference_value_is_not_judged() -> None:
    result = bench(score(LAUNCH, "sentinel", [3.0]), score(LAUNCH, "diff-fixed-24h", []))

    delay = next(t for t in targets(result) if t.name == "sentinel median delay")

    assert delay.met is None


def test_markdown_names_the_sensor_and_has_a_row_per_policy_and_score() -> None:
    result = bench(score(LAUNCH, "sentinel", [2.0]), score(LAUNCH, "oracle", [0.0]))

    text = markdown(result)

    assert "oracle-facts (error rate 0%)" in text
    assert "Search engine: **realistic**" in text
    assert "| sentinel | all | 100% | — | 100% | 0 | 2.0 h | 2.0 h |" in text
    assert "| sentinel | dev | 100% | — | 100% | 0 | 2.0 h | 2.0 h |" in text
    assert "| gizmo-launch | dev | once | oracle | 1/1 | 0 (0) | 0 min |" in text


def test_results_document_has_the_promised_shape() -> None:
    result = bench(score(LAUNCH, "sentinel", [2.0, 3.0], checks=8, calls=2, tokens=90))

    document = to_json(result, scenario_source="bundled")

    summary = document["policies"]["sentinel"]
    assert document["sensor"] == "oracle-facts (error rate 0%)"
    assert summary["recall"] == 1.0
    assert summary["precision"] == 0.5
    assert summary["false_alerts"] == 1
    assert summary["median_delay_s"] == 7200.0
    assert summary["p90_delay_s"] == 7200.0
    assert (summary["checks"], summary["model_calls"], summary["tokens"]) == (8, 2, 90)
    (entry,) = document["scenarios"]
    assert entry["id"] == "gizmo-launch"
    assert entry["policy"] == "sentinel"
    assert (entry["events"], entry["detected"], entry["false_alerts"]) == (1, 1, 1)
    assert entry["delays_s"] == [7200.0]


def test_costs_are_counted_apart_and_priced_per_monitor_month() -> None:
    # gizmo-launch lasts 5 days: a sixth of a 30-day monitor-month.
    result = bench(
        score(
            LAUNCH,
            "sentinel",
            [2.0],
            checks=12,
            not_modified=10,
            searches=4,
            calls=3,
            prompt=2000,
            completion=500,
        )
    )

    document = to_json(result, scenario_source="bundled")

    summary = document["policies"]["sentinel"]
    assert summary["searches"] == 4
    assert summary["full_fetches"] == 2
    assert summary["not_modified"] == 10
    assert summary["paid_requests"] == 6
    assert (summary["prompt_tokens"], summary["completion_tokens"]) == (2000, 500)
    assert summary["monitor_months"] == round(5 / 30, 2)
    cost = 4 * 0.005 + 2 * 0.00001 + 2 * 0.00015 + 0.5 * 0.0006
    assert summary["cost_usd"] == round(cost, 4)
    assert summary["cost_per_monitor_month_usd"] == round(cost * 6, 4)
    assert document["search"] == "realistic"
    assert document["prices"]["search"] == 0.005
    assert "search" in document["prices"]["sources"]
    (entry,) = document["scenarios"]
    assert (entry["full_fetches"], entry["not_modified"]) == (2, 10)
    row = next(line for line in markdown(result).splitlines() if "| sentinel | all |" in line)
    assert "| 4 | 2 | 10 | 3 | 2500 | $0.124 |" in row


def test_delays_read_in_minutes_below_an_hour() -> None:
    assert format_delay(None) == "—"
    assert format_delay(90) == "2 min"
    assert format_delay(5400) == "1.5 h"


def test_failing_scores_show_what_the_policy_said() -> None:
    noisy = score(QUIET, "sentinel", [1.0])
    noisy.result.record(noisy.result.notifications[0], "notified: rule 'condition == true' holds")
    quiet = score(LAUNCH, "oracle", [0.0])
    quiet.result.record(quiet.result.notifications[0], "notified: fine")

    text = markdown(bench(noisy, quiet))

    assert "**quiet-shop · sentinel**" in text
    assert "notified: rule 'condition == true' holds" in text
    assert "notified: fine" not in text
