"""The tables with the recall of reachable events and Sentinel given the pages (issue 33),
from new results documents, and unchanged from the documents written before them."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from sentinel.bench.monitoring.metrics import Timeline, match_notifications
from sentinel.bench.monitoring.reachability import EventReach
from sentinel.bench.monitoring.report import markdown, to_json
from sentinel.bench.monitoring.runner import ScenarioScore
from sentinel.bench.monitoring.tables import (
    has_given,
    has_reachable,
    load_documents,
    readme_tables,
)
from sentinel.bench.summary_table import readme_summary
from tests.bench.monitor_scenarios import FLIPFLOP, QUIET
from tests.bench.test_monitor_report import LAUNCH_TEST, bench, score

COMMITTED = Path(__file__).parents[2] / "docs" / "benchmarks"
OLD = sorted(COMMITTED.glob("monitor-oracle-facts-test-seed*.json"))


def marked(found: ScenarioScore, *reachable: bool) -> ScenarioScore:
    """``found`` matched against its scenario's events marked ``reachable`` (an indexed page
    carries each reachable one)."""
    timeline = Timeline.of(found.scenario, reachable)
    reach = tuple(
        EventReach(event.at, ("http://page.example/",), ("http://page.example/",) if flag else ())
        for event, flag in zip(found.scenario.events, reachable, strict=True)
    )
    matching = match_notifications(timeline, found.result.notifications)
    return replace(found, matching=matching, reach=reach)


def document(seed: int) -> dict[str, Any]:
    """A test-split run of both modes: searching, Sentinel misses the flip-flop lamp's second
    in-stock event (unreachable: no indexed page leads to it) and its first; given the pages
    it catches both within minutes."""
    result = bench(
        marked(score(LAUNCH_TEST, "sentinel", [2.0], checks=30, searches=10, calls=2), True),
        marked(score(FLIPFLOP, "sentinel", [], checks=20, searches=10), True, True, False),
        marked(score(QUIET, "sentinel", [], checks=10)),
        marked(score(LAUNCH_TEST, "sentinel-given", [0.1], checks=90, calls=2), True),
        marked(score(FLIPFLOP, "sentinel-given", [0.2, 48.1], checks=90), True, True, False),
        marked(score(QUIET, "sentinel-given", [], checks=90)),
        marked(score(LAUNCH_TEST, "diff-fixed-24h", [12.0], checks=40), True),
        marked(score(FLIPFLOP, "diff-fixed-24h", [3.0], checks=40), True, True, False),
        marked(score(QUIET, "diff-fixed-24h", [], checks=40)),
        marked(score(LAUNCH_TEST, "llm-fixed-24h", [12.0], checks=20, calls=50), True),
    )
    result.seed = seed
    return to_json(result, scenario_source="here")


def write(tmp_path: Path, *documents: dict[str, Any]) -> list[Path]:
    paths = []
    for doc in documents:
        path = tmp_path / f"monitor-oracle-facts-test-seed{doc['seed']}.json"
        path.write_text(json.dumps(doc))
        paths.append(path)
    return paths


def row(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(start))


def test_the_document_holds_reachable_recall_per_policy_and_the_pages_mode() -> None:
    found = document(0)

    ours = found["splits"]["test"]["sentinel"]
    assert found["pages"] == "both"
    # Three expected events (the launch, the lamp twice); the lamp's second is unreachable.
    assert (ours["events"], ours["detected"], ours["recall"]) == (3, 1, 0.3333)
    assert (ours["reachable_events"], ours["reachable_detected"]) == (2, 1)
    assert ours["reachable_recall"] == 0.5
    lamp = next(
        e for e in found["scenarios"] if e["id"] == "lamp-flipflop" and e["policy"] == "sentinel"
    )
    assert lamp["unreachable_events"] == ["2025-03-03T12:00:00+00:00"]


def test_the_report_shows_recall_of_reachable_events_and_both_modes_targets() -> None:
    result = bench(
        marked(score(LAUNCH_TEST, "sentinel", [2.0]), True),
        marked(score(FLIPFLOP, "sentinel", []), True, True, False),
        marked(score(LAUNCH_TEST, "sentinel-given", [0.1]), True),
    )

    text = markdown(result)

    assert "3 expected events (2 reachable)" in text
    assert "| sentinel | test | 33% | 50% |" in text
    assert "| sentinel recall of reachable events | 50.0% | >= 97% | **no** |" in text
    assert "| sentinel-given median delay | 6 min | <= 15 min | yes |" in text


def test_new_documents_add_reachable_recall_and_the_given_mode_to_the_tables(
    tmp_path: Path,
) -> None:
    documents = load_documents(write(tmp_path, document(0), document(1)))

    text = readme_tables(documents)

    assert has_reachable(documents)
    assert has_given(documents)
    assert "| split | policy | recall | recall (reachable) | false alerts" in text
    assert row(text, "| test | sentinel |").startswith("| test | sentinel | 33.3% | 50.0% |")
    assert row(text, "| test | sentinel-given |").startswith("| test | sentinel-given | 100.0% |")
    assert "| recall of reachable events | 50.0% | >= 97% | **no** |" in text
    assert "| recall, given the pages | 100.0% | >= 99% | yes |" in text
    # Given the pages: 6 and 12 minutes, and 6 minutes late on the lamp's second event.
    assert "| median delay, given the pages | 6 min | <= 15 min | yes |" in text
    assert row(text, "| 0 | test |") == (
        "| 0 | test | 33.3% | 50.0% | 100.0% | 6 min | 2.0 h | 7.5 h | 80 | 120 | 2 | 50 |"
    )
    assert "| given detected | given delays | given checks |" in text
    assert row(text, "| lamp-flipflop |") == (
        "| lamp-flipflop | always | 0/2 (0/1 reachable) | — | 30 | — "
        "| 2/2 (1/1 reachable) | 12 min, 6 min | 90 | 3.0 h | 40 |"
    )


def test_the_readme_summary_shows_both_modes_from_new_documents(tmp_path: Path) -> None:
    write(tmp_path, document(0), document(1))

    text = readme_summary(tmp_path)

    searching = "| monitors searching for their pages, `test` worlds, seeds 0, 1 |"
    given = "| monitors given the baselines' pages, `test` worlds, seeds 0, 1 |"
    assert f"{searching} recall of reachable events | 50.0% | >= 97% | **no** |" in text
    assert f"{given} recall | 100.0% | >= 99% | yes |" in text
    assert f"{given} false alerts | 0 | 0 | yes |" in text
    assert f"{given} median delay | 6 min | <= 15 min | yes |" in text


@pytest.mark.skipif(not OLD, reason="no committed monitoring results")
def test_documents_written_before_issue_33_print_as_they_did(tmp_path: Path) -> None:
    documents = load_documents(OLD)
    for path in OLD:  # without the watch-set documents, which the summary prefers
        (tmp_path / path.name).write_text(path.read_text())

    text = readme_tables(documents)
    summary = readme_summary(tmp_path)

    assert not has_reachable(documents)
    assert not has_given(documents)
    assert "recall (reachable)" not in text
    assert "given the pages" not in text
    assert "| seed | split | sentinel recall | sentinel median |" in text
    assert "reachable" not in summary
    assert "given the baselines' pages" not in summary
    assert "| monitors, `test` worlds, seeds 0, 1, 2, 3 | recall |" in summary
