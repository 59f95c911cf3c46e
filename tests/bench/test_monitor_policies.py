"""Each policy of the monitoring benchmark on small scenarios, with the oracle-facts sensor."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

import pytest

from sentinel.bench.monitoring.diff_fixed import page_text, text_hash, watched_urls
from sentinel.bench.monitoring.metrics import Matching, Timeline, match_notifications
from sentinel.bench.monitoring.policies import make_policy, policy_names
from sentinel.bench.monitoring.policy import BenchContext, PolicyResult, fixed_times
from sentinel.bench.monitoring.sensors import SensorSetup
from sentinel.errors import InvalidInput
from sentinel.llm import forbid_real_models
from sentinel.storage import upgrade_to_head
from sentinel.storage.settings import sqlite_url
from tests.bench.monitor_scenarios import FLIPFLOP, LAUNCH, QUIET, scenario


@pytest.fixture(autouse=True)
def no_real_models() -> Iterator[None]:
    with forbid_real_models():
        yield


@pytest.fixture(scope="module")
def db_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bench-monitor") / "template.db"
    # Its own thread: pytest-asyncio may be running a loop in this one.
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, upgrade_to_head(sqlite_url(path))).result()
    return path


@pytest.fixture
def ctx(db_template: Path, tmp_path: Path) -> BenchContext:
    return BenchContext(0, SensorSetup("oracle-facts"), db_template, tmp_path)


async def play(name: str, text: str, ctx: BenchContext) -> tuple[PolicyResult, Matching]:
    played = scenario(text)
    result = await make_policy(name).run(played, ctx)
    return result, match_notifications(Timeline.of(played), result.notifications)


# -- names ---------------------------------------------------------------------------------


def test_single_names_mean_24_hours_and_defaults_cover_every_kind() -> None:
    assert policy_names(["diff-fixed", "llm-fixed", "diff-fixed-24h"]) == [
        "diff-fixed-24h",
        "llm-fixed-24h",
    ]
    assert policy_names(None) == [
        "diff-fixed-1h",
        "diff-fixed-6h",
        "diff-fixed-24h",
        "llm-fixed-24h",
        "llm-on-change-3h",
        "llm-on-change-15m",
        "sentinel",
        "oracle",
    ]
    assert make_policy("sentinel-max-12h").name == "sentinel-max-12h"
    assert make_policy("llm-on-change-3h").name == "llm-on-change-3h"


@pytest.mark.parametrize(
    "name", ["diff-fixed-0h", "diff-fixed-5m", "llm-daily", "sentinel-1h", "llm-on-change-1m"]
)
def test_unknown_or_too_frequent_policies_are_refused(name: str) -> None:
    with pytest.raises(InvalidInput, match="policy"):
        make_policy(name)


def test_fixed_schedules_of_one_interval_share_a_seeded_phase() -> None:
    launch = scenario(LAUNCH)
    day = timedelta(days=1)

    times = list(fixed_times(launch, day, seed=0))

    assert times == list(fixed_times(launch, day, seed=0))
    assert times != list(fixed_times(launch, day, seed=1))
    assert launch.start <= times[0] < launch.start + day
    assert all(later - earlier == day for earlier, later in itertools.pairwise(times))
    assert times[-1] <= launch.end


# -- diff-fixed ----------------------------------------------------------------------------


def test_diff_fixed_watches_front_pages_and_existing_pages_of_trusted_sites() -> None:
    assert watched_urls(scenario(LAUNCH)) == [
        ("www.gizmo.example", "/"),
        ("www.gizmo.example", "/news/gizmo-2"),
    ]


def test_page_text_is_the_visible_text_with_whitespace_collapsed() -> None:
    html = (
        b"<html><head><title>T</title><style>p{}</style></head>"
        b"<body><p>a  b</p>\n<script>x()</script><p>c</p></body></html>"
    )

    assert page_text(html) == "a b c"
    assert text_hash(html) == text_hash(html.replace(b"a  b", b"a\n  b"))
    assert text_hash(html) != text_hash(html.replace(b"a  b", b"a b!"))


async def test_diff_fixed_detects_the_change_once_per_changed_watch(ctx: BenchContext) -> None:
    result, matching = await play("diff-fixed-24h", LAUNCH, ctx)

    assert matching.detected == (0,)
    assert 0 < matching.delays_s[0] < 24 * 3600
    # The article and the front page listing it changed: two notifications, one a duplicate.
    assert matching.duplicates == 1
    assert result.pages == result.runs * 2
    assert result.model_calls == 0


async def test_diff_fixed_alerts_on_page_noise(ctx: BenchContext) -> None:
    result, matching = await play("diff-fixed-24h", QUIET, ctx)

    assert matching.expected == 0
    assert len(matching.false_alerts) >= 1
    assert result.notifications == sorted(result.notifications)


# -- llm-fixed -----------------------------------------------------------------------------


async def test_llm_fixed_judges_every_check_and_stops_after_notifying_once(
    ctx: BenchContext,
) -> None:
    result, matching = await play("llm-fixed-24h", LAUNCH, ctx)
    _, diff = await play("diff-fixed-24h", LAUNCH, ctx)

    assert matching.detected == (0,)
    assert matching.false_alerts == ()
    assert matching.delays_s == diff.delays_s  # same interval, same phase
    assert result.model_calls == result.runs == result.searches
    assert result.tokens > 0


async def test_llm_fixed_notifies_a_condition_that_returns_but_not_a_repeat(
    ctx: BenchContext,
) -> None:
    result, matching = await play("llm-fixed-6h", FLIPFLOP, ctx)

    assert matching.detected == (0, 2)
    assert matching.false_alerts == ()
    assert len(result.notifications) == 2
    assert result.model_calls == result.runs > 2


async def test_llm_fixed_never_alerts_on_noise(ctx: BenchContext) -> None:
    result, _ = await play("llm-fixed-24h", QUIET, ctx)

    assert result.notifications == []
    assert result.model_calls == result.runs


# -- llm-on-change -------------------------------------------------------------------------


async def test_llm_on_change_asks_the_model_only_when_a_watched_page_changed(
    ctx: BenchContext,
) -> None:
    result, matching = await play("llm-on-change-3h", LAUNCH, ctx)

    assert matching.detected == (0,)
    assert matching.false_alerts == ()
    assert matching.delays_s[0] < 3 * 3600
    # The launch's pages carry no noise: one check saw a change, the one the model judged.
    assert result.model_calls == result.notes["changed_checks"] == 1
    assert result.searches == 0
    assert result.pages == result.runs * 2
    assert result.prompt_tokens > 0
    assert result.completion_tokens > 0


async def test_llm_on_change_pays_a_model_call_per_noisy_change_but_never_alerts(
    ctx: BenchContext,
) -> None:
    result, matching = await play("llm-on-change-3h", QUIET, ctx)

    assert matching.false_alerts == ()
    # Rotating ads change the page at every check after the baseline.
    assert result.model_calls == result.notes["changed_checks"] == result.runs - 1


async def test_llm_on_change_notifies_a_condition_that_returns(ctx: BenchContext) -> None:
    result, matching = await play("llm-on-change-6h", FLIPFLOP, ctx)

    assert matching.detected == (0, 2)
    assert matching.false_alerts == ()
    assert result.model_calls < result.runs


# -- sentinel ------------------------------------------------------------------------------


async def test_sentinel_runs_the_pipeline_and_notifies_once_with_grounded_facts(
    ctx: BenchContext,
) -> None:
    result, matching = await play("sentinel", LAUNCH, ctx)

    assert matching.detected == (0,)
    assert matching.false_alerts == ()
    assert result.runs == result.notes["succeeded"] + result.notes.get("skipped-no-change", 0)
    # The pre-filter spares the model on unchanged runs; the rules governor needs none.
    assert result.model_calls == result.notes["succeeded"] < result.runs
    # It searches once, then looks at its watch set (a release: every hour).
    assert 1 <= result.searches < result.runs / 10
    (line,) = result.log
    assert "notified: rule 'condition == true' holds" in line
    # The log names the quote the notification rests on: the newsroom's announcement.
    assert 'quoting http://www.gizmo.example/news/gizmo-2: "Gizmo today announced' in line


async def test_sentinel_ignores_page_noise(ctx: BenchContext) -> None:
    result, _ = await play("sentinel", QUIET, ctx)

    assert result.notifications == []
    assert result.model_calls < result.runs


async def test_sentinel_is_deterministic_for_a_seed(ctx: BenchContext) -> None:
    first, _ = await play("sentinel", LAUNCH, ctx)
    second, _ = await play("sentinel", LAUNCH, ctx)

    assert first.notifications == second.notifications
    assert (first.runs, first.checks, first.model_calls, first.tokens) == (
        second.runs,
        second.checks,
        second.model_calls,
        second.tokens,
    )


async def test_sentinel_max_interval_bounds_every_wait(ctx: BenchContext) -> None:
    loose, _ = await play("sentinel", LAUNCH, ctx)
    tight, _ = await play("sentinel-max-6h", LAUNCH, ctx)

    assert tight.notes["longest_wait_h"] <= 6
    assert tight.runs >= loose.runs


# -- oracle --------------------------------------------------------------------------------


async def test_oracle_notifies_at_each_true_event_with_no_delay(ctx: BenchContext) -> None:
    once, once_matching = await play("oracle", LAUNCH, ctx)
    always, always_matching = await play("oracle", FLIPFLOP, ctx)

    assert once_matching.delays_s == (0.0,)
    assert once.checks == 1
    assert always_matching.detected == (0, 2)
    assert always.checks == 3
    assert always.model_calls == 0
