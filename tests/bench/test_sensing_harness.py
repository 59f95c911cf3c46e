"""The sensing harness, end to end on the scripted model against its loopback site: each case
runs through ``watch add`` and two ``watch run --here`` typed into the CLI, and what it reports
agrees with what the webhook receiver got and with the case's expectations.

The cases are built by ``sensing_cases``. Two are about a product the pages never mention, so
no reading of them can notify: their right answers are known whatever Sentinel's reading does
(BEFORE right, AFTER a miss when the case expects a change; both right for a decoy). The third
is a shop page whose structured data states the price; its outcome depends on the reading, so
the test holds the harness to what the receiver observed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from sentinel.bench.sensing import PageServer, SubprocessCli, run_case
from sentinel.bench.sensing.harness import (
    KEPT_VARIABLES,
    CaseResult,
    RunResult,
    case_environment,
    share_models,
)
from sentinel.bench.sensing.invoke import Environment, Invocation
from sentinel.bench.sensing.results import summary
from sentinel.cli.bench_sensing import InProcessCli
from tests.bench.sensing_cases import SHOP, unrelated, write_case

pytestmark = pytest.mark.network


@pytest.fixture
def site() -> Iterator[PageServer]:
    with PageServer() as server:
        yield server


def assert_agrees_with_the_receiver(result: CaseResult, site: PageServer) -> None:
    """Each run's verdict is the one the webhook receiver and the page log support."""
    assert result.error is None
    assert [run.phase for run in result.runs] == ["before", "after"]
    for run in result.runs:
        assert run.run_id is not None, run
        assert run.status is not None
        received = [hook for hook in site.hooks if hook.get("run_id") == run.run_id]
        assert run.notified == bool(received), (run, site.hooks)
        assert run.fetches >= 1  # every run read the page it watches
        assert run.seconds is not None
        assert run.seconds >= 0
        assert run.model_calls >= 0
        assert run.prompt_tokens >= 0


def test_cases_no_reading_can_satisfy_score_one_miss_and_three_right(
    tmp_path: Path, site: PageServer
) -> None:
    cli = InProcessCli()
    true_change = unrelated(tmp_path / "cases", "lamp-on-a-bakery-page", decoy=False)
    decoy = unrelated(tmp_path / "cases", "lamp-on-a-bakery-page-decoy", decoy=True)
    results = []
    for files in (true_change, decoy):
        results.append(run_case(files, cli, site, model="scripted", scratch=tmp_path / "homes"))
        assert_agrees_with_the_receiver(results[-1], site)
    assert [[run.correct for run in r.runs] for r in results] == [[True, False], [True, True]]
    figures = summary(results)
    assert (figures["cases"], figures["runs"], figures["correct"]) == (2, 4, 3)
    assert (figures["false_alerts"], figures["misses"], figures["missing_values"]) == (0, 1, 0)
    assert figures["correct_rate"] == 0.75


def test_a_shop_page_is_scored_by_what_the_receiver_got(tmp_path: Path, site: PageServer) -> None:
    spec = {
        "sentence": "Tell me when the ASUS Dual RTX 5060 Ti 16GB drops below £420 at PixelParts",
        "language": "en",
        "kind": "price",
        "decoy": False,
        "structured": True,
        "expect": {"before": False, "after": True},
        "mentions": ["399.99"],
        "path": "/p/asus-dual-rtx-5060-ti-16gb",
        "note": "issue 32's example, small",
    }
    files = write_case(
        tmp_path / "cases",
        "pixelparts-small",
        spec,
        SHOP.format(price="449.99"),
        SHOP.format(price="399.99"),
    )
    result = run_case(files, InProcessCli(), site, model="scripted", scratch=tmp_path / "homes")
    assert_agrees_with_the_receiver(result, site)
    before, after = result.runs
    assert before.correct == (not before.notified)
    if after.notified:
        body = next(hook for hook in site.hooks if hook.get("run_id") == after.run_id)
        assert after.correct == ("399.99" in json.dumps(body["title"] + body["message"]))
        assert after.notification.startswith(body["title"])
    else:
        assert after.miss
        assert not after.correct
    assert summary([result])["correct"] == before.correct + after.correct


def test_every_case_home_shares_one_models_folder(tmp_path: Path) -> None:
    shared = tmp_path / ".models"
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        share_models(tmp_path / name, shared)
    (tmp_path / "one" / "models" / "weights.gguf").write_bytes(b"GGUF")
    assert (tmp_path / "two" / "models" / "weights.gguf").read_bytes() == b"GGUF"
    assert (tmp_path / "two" / "models" / "weights.gguf").resolve() == shared / "weights.gguf"


def test_a_refused_monitor_counts_as_no_notification(tmp_path: Path, site: PageServer) -> None:
    files = unrelated(tmp_path / "cases", "lamp-refused", decoy=False)
    result = run_case(
        files,
        RefusingCli(),
        site,
        model="scripted",
        scratch=tmp_path / "homes",
    )
    assert result.error is not None
    assert "watch add" in result.error
    assert [(run.notified, run.correct) for run in result.runs] == [(False, True), (False, False)]


class RefusingCli(InProcessCli):
    """The real CLI, given a criteria option it refuses: ``watch add`` fails."""

    def __call__(self, args: Sequence[str], env: Environment) -> Invocation:
        if list(args[:2]) == ["watch", "add"]:
            args = [*args, "--min-interval", "soon"]
        return super().__call__(args, env)


def test_each_case_runs_in_a_home_of_its_own_on_the_model_under_test(tmp_path: Path) -> None:
    env = case_environment(
        tmp_path,
        "scripted",
        2,
        base={
            "SENTINEL_DATABASE_URL": "sqlite+aiosqlite:///elsewhere.db",
            "SENTINEL_LLM_SENSOR": "local:smollm2-135m",
            "SENTINEL_LLM_BASE_URL": "http://127.0.0.1:9/v1",
            "SENTINEL_WEB_PROXY": "http://127.0.0.1:8377",
            "PATH": "/usr/bin",
        },
    )
    assert env["SENTINEL_HOME"] == str(tmp_path)
    assert env["SENTINEL_LLM"] == "scripted"
    assert env["SENTINEL_LLM_THREADS"] == "2"
    assert env["SENTINEL_FETCH_ALLOW_HOSTS"] == "127.0.0.1"
    for dropped in ("SENTINEL_DATABASE_URL", "SENTINEL_LLM_SENSOR", "SENTINEL_WEB_PROXY"):
        assert env[dropped] is None
    assert "SENTINEL_LLM_BASE_URL" not in env  # kept as the caller set it
    assert "SENTINEL_LLM_BASE_URL" in KEPT_VARIABLES
    assert "PATH" not in env


def test_a_command_can_run_as_its_own_process(tmp_path: Path) -> None:
    home = tmp_path / "home"
    refused = SubprocessCli()(["watch", "show", "7"], {"SENTINEL_HOME": str(home)})
    assert refused.exit_code == 2
    assert refused.failed == "Error: no monitor 7"
    assert (home / "sentinel.db").exists()  # the child ran in the home it was given
    assert os.environ.get("SENTINEL_HOME") != str(home)


def test_a_command_that_succeeded_has_not_failed() -> None:
    assert Invocation(("watch", "list"), 0, "[]", "", 1.0).failed is None
    assert Invocation(("x",), 1, "", "", 1.0).failed == "exit code 1"


def test_the_figures_of_a_split() -> None:
    def case(structured: bool, *runs: RunResult) -> CaseResult:
        return CaseResult("c", "test", "en", "price", False, structured, list(runs))

    right = RunResult("before", False, model_calls=0, seconds=2.0)
    alert = RunResult("before", False, True, model_calls=1, prompt_tokens=900, seconds=30.0)
    miss = RunResult("after", True, model_calls=1, prompt_tokens=800, completion_tokens=40)
    miss.seconds = 10.0
    no_value = RunResult("after", True, True, missing=["399.99"], model_calls=2, seconds=12.0)
    good = RunResult("after", True, True, model_calls=0, seconds=4.0)
    figures = summary(
        [case(True, right, good), case(False, alert, miss), case(False, right, no_value)]
    )
    assert figures["correct"] == 3
    assert figures["runs"] == 6
    assert (figures["false_alerts"], figures["misses"], figures["missing_values"]) == (1, 1, 1)
    assert figures["model_calls_per_structured_run"] == 0.0
    assert figures["model_calls_per_run"] == 0.667
    assert figures["model_calls_max"] == 2
    assert figures["tokens_per_run"] == round((900 + 800 + 40) / 6, 3)
    assert (figures["run_p50_s"], figures["run_p95_s"]) == (4.0, 30.0)
