"""Issue 33's targets for the watch set (sentinel.bench.monitoring.watch_targets), judged on
results documents, and the README's summary taking its monitor rows from the watch-set
documents when they are committed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sentinel.bench.monitoring.report import to_json
from sentinel.bench.monitoring.watch_targets import watch_targets, watch_targets_table
from sentinel.bench.summary_table import readme_summary
from tests.bench.monitor_scenarios import FLIPFLOP, QUIET
from tests.bench.test_monitor_report import LAUNCH_TEST, bench, score
from tests.bench.test_monitor_tables_reachable import document, marked


def with_page_watcher(seed: int, *, sentinel_searches: int) -> dict[str, Any]:
    """A test-split run of both modes beside llm-on-change-3h (many fetches, a model call on
    each change) and llm-fixed-24h: Sentinel catches every event, searching and given."""
    result = bench(
        marked(score(LAUNCH_TEST, "sentinel", [0.2], checks=30, searches=sentinel_searches,
                     calls=1), True),
        marked(score(FLIPFLOP, "sentinel", [0.2, 48.1], checks=30, calls=1), True, True, False),
        marked(score(QUIET, "sentinel", [], checks=30)),
        marked(score(LAUNCH_TEST, "sentinel-given", [0.1], checks=60), True),
        marked(score(FLIPFLOP, "sentinel-given", [0.2, 48.1], checks=60), True, True, False),
        marked(score(QUIET, "sentinel-given", [], checks=60)),
        marked(score(LAUNCH_TEST, "llm-on-change-3h", [1.5], checks=300, calls=20), True),
        marked(score(FLIPFLOP, "llm-on-change-3h", [1.0, 49.0], checks=300, calls=20), True,
               True, False),
        marked(score(QUIET, "llm-on-change-3h", [], checks=300, calls=5)),
        marked(score(LAUNCH_TEST, "llm-fixed-24h", [12.0], checks=20, searches=20, calls=50),
               True),
    )  # fmt: skip
    result.seed = seed
    return to_json(result, scenario_source="here")


def judged(documents: list[dict[str, Any]]) -> dict[tuple[str, str], tuple[str, str, bool]]:
    return {(t.mode, t.metric): (t.measured, t.threshold, t.met) for t in watch_targets(documents)}


def test_a_cheap_fast_monitor_meets_every_target_and_a_searching_one_misses_the_cost() -> None:
    cheap = judged([with_page_watcher(0, sentinel_searches=0)])
    searching = judged([with_page_watcher(0, sentinel_searches=400)])

    assert cheap[("searching", "recall of reachable events")] == ("100.0%", ">= 97%", True)
    assert cheap[("searching", "false alerts")] == ("0", "0", True)
    assert cheap[("searching", "median delay")][1:] == ("<= 30 min", True)
    assert cheap[("searching", "model calls")] == ("2 = 0.04×", "<= 0.1× llm-fixed-24h", True)
    _measured, threshold, met = cheap[("searching", "$ per monitor-month")]
    assert threshold.endswith("(llm-on-change-3h)")
    assert met
    assert cheap[("given the pages", "recall")] == ("100.0%", ">= 99%", True)
    assert cheap[("given the pages", "median delay")][1:] == ("<= 15 min", True)
    # 400 searches at $0.005 cost more than the page-watcher's fetches and calls.
    assert not searching[("searching", "$ per monitor-month")][2]


def test_a_target_whose_reference_did_not_run_is_left_out() -> None:
    found = judged([document(0)])  # no llm-on-change-3h

    assert ("searching", "$ per monitor-month") not in found
    assert found[("searching", "recall of reachable events")] == ("50.0%", ">= 97%", False)
    assert found[("searching", "model calls")] == ("2 = 0.04×", "<= 0.1× llm-fixed-24h", True)


def test_the_table_names_the_mode_of_each_target() -> None:
    table = watch_targets_table([with_page_watcher(0, sentinel_searches=0)])

    assert table.startswith("| mode | target | measured | threshold | met |")
    assert "| searching | recall of reachable events | 100.0% | >= 97% | yes |" in table
    assert "| given the pages | recall | 100.0% | >= 99% | yes |" in table


def test_the_readme_summary_takes_its_monitor_rows_from_the_watch_set_documents(
    tmp_path: Path,
) -> None:
    (tmp_path / "monitor-oracle-facts-test-seed0.json").write_text(json.dumps(document(0)))
    before = readme_summary(tmp_path)
    watched = with_page_watcher(0, sentinel_searches=0)
    (tmp_path / "monitor-watch-set-test-seed0.json").write_text(json.dumps(watched))

    after = readme_summary(tmp_path)

    assert "| monitors searching for their pages, `test` worlds, seeds 0 |" in before
    assert "| monitors searching, `test` worlds, seed 0 | median delay |" in after
    assert "| monitors given the pages, `test` worlds, seed 0 | recall | 100.0% |" in after
    assert "seeds 0 |" not in after
