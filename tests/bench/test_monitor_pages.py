"""``--pages``: Sentinel given the pages the diff baselines watch, beside Sentinel searching."""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from sentinel.bench.monitor import command
from sentinel.bench.monitoring.diff_fixed import watched_urls
from sentinel.bench.monitoring.metrics import Timeline, match_notifications
from sentinel.bench.monitoring.policies import make_policy, pages_mode, with_pages
from sentinel.bench.monitoring.policy import BenchContext
from sentinel.bench.monitoring.sensors import SensorSetup
from sentinel.bench.monitoring.sentinel_policy import SentinelPolicy, create_monitor, given_pages
from sentinel.errors import InvalidInput
from sentinel.llm import forbid_real_models
from sentinel.storage import open_database, upgrade_to_head
from sentinel.storage.settings import sqlite_url
from tests.bench.monitor_scenarios import LAUNCH, scenario, write_library

app = typer.Typer()
app.command()(command)


@pytest.fixture(autouse=True)
def no_real_models() -> Iterator[None]:
    with forbid_real_models():
        yield


@pytest.fixture(scope="module")
def db_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "template.db"
    asyncio.run(upgrade_to_head(sqlite_url(path)))
    return path


def test_search_mode_keeps_the_policies_as_named() -> None:
    names = ["diff-fixed-1h", "sentinel", "sentinel-max-6h", "oracle"]

    assert with_pages(names, "search") == names
    assert pages_mode(names) == "search"


def test_given_mode_replaces_each_sentinel_policy_by_its_given_twin() -> None:
    chosen = with_pages(["diff-fixed-1h", "sentinel", "sentinel-max-6h", "oracle"], "given")

    assert chosen == ["diff-fixed-1h", "sentinel-given", "sentinel-max-6h-given", "oracle"]
    assert pages_mode(chosen) == "given"


def test_both_mode_runs_each_sentinel_policy_both_ways_side_by_side() -> None:
    chosen = with_pages(["sentinel", "oracle", "sentinel-given"], "both")

    assert chosen == ["sentinel", "sentinel-given", "oracle"]
    assert pages_mode(chosen) == "both"
    assert pages_mode(["oracle"]) is None


def test_a_given_policy_is_the_sentinel_policy_given_pages() -> None:
    given = make_policy("sentinel-given")
    bounded = make_policy("sentinel-max-6h-given")

    assert given == SentinelPolicy("sentinel-given", pages="given")
    assert isinstance(bounded, SentinelPolicy)
    assert (bounded.name, bounded.pages) == ("sentinel-max-6h-given", "given")
    assert bounded.max_interval == timedelta(hours=6)


@pytest.mark.parametrize("name", ["sentinel-given-given", "oracle-given", "diff-fixed-1h-given"])
def test_only_a_searching_sentinel_policy_can_be_given_pages(name: str) -> None:
    with pytest.raises(InvalidInput):
        make_policy(name)


def test_the_given_pages_are_exactly_those_the_diff_baselines_watch() -> None:
    played = scenario(LAUNCH)

    assert given_pages(played) == [f"http://{host}{path}" for host, path in watched_urls(played)]
    # The official site's front page and its newsroom page; the rumour blog is not watched.
    assert given_pages(played) == [
        "http://www.gizmo.example/",
        "http://www.gizmo.example/news/gizmo-2",
    ]


@pytest.fixture
def db_path(db_template: Path, tmp_path: Path) -> Path:
    path = tmp_path / "given.db"
    shutil.copyfile(db_template, path)
    return path


async def test_a_given_monitor_names_the_baselines_pages_as_a_users_urls(db_path: Path) -> None:
    played = scenario(LAUNCH)
    path = db_path
    db = await open_database(sqlite_url(path), migrate=False)
    try:
        given = await create_monitor(db, played, oracle=True, pages="given")
        searching = await create_monitor(db, played.model_copy(update={"id": "x"}), oracle=True)
    finally:
        await db.close()

    assert given.urls == given_pages(played)
    assert searching.urls == []


async def test_sentinel_given_the_pages_reads_them_without_searching(
    db_template: Path, tmp_path: Path
) -> None:
    played = scenario(LAUNCH)
    ctx = BenchContext(0, SensorSetup("oracle-facts"), db_template, tmp_path)

    result = await make_policy("sentinel-given").run(played, ctx)
    matching = match_notifications(Timeline.of(played), result.notifications)

    assert matching.detected == (0,)
    assert matching.false_alerts == ()
    assert result.searches == 0
    assert result.pages > 0
    assert result.notes["named_pages"] == 2


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def test_pages_both_reports_sentinel_searching_and_given(tmp_path: Path) -> None:
    library = write_library(tmp_path / "lib", "gizmo-launch")
    results = tmp_path / "r.json"

    result = invoke(
        "--sensor", "oracle-facts", "--scenarios", str(library), "--pages", "both",
        "--policy", "sentinel", "--policy", "oracle", "--jobs", "1", "--json", str(results),
    )  # fmt: skip

    assert result.exit_code == 0, result.output
    document = json.loads(results.read_text())
    assert document["pages"] == "both"
    assert list(document["policies"]) == ["sentinel", "sentinel-given", "oracle"]
    assert document["policies"]["sentinel-given"]["searches"] == 0
    # At seed 0 the launch's event is reachable (its page indexed, or linked from one that is).
    assert document["policies"]["sentinel"]["reachable_events"] == 1
    assert isinstance(document["policies"]["sentinel"]["reachable_recall"], float)
    assert all(entry["unreachable_events"] == [] for entry in document["scenarios"])
    assert "| sentinel-given | all |" in result.stdout
    targets = {t["target"] for t in document["targets"]}
    assert {"sentinel-given event recall", "sentinel-given median delay"} <= targets
