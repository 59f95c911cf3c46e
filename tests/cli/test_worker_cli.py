"""``sentinel worker`` and ``sentinel watch run --here``: the engine with the configured
services. The services are the real monitor pipeline on the simulated iPhone launch (scripted
models that read what the pages say), notifying a webhook receiver on 127.0.0.1."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from sentinel.cli import common
from sentinel.cli import worker as worker_module
from sentinel.clock import Clock, VirtualClock
from sentinel.engine import Engine, RunnerRetries, RunRetryPolicy
from sentinel.llm import forbid_real_models
from sentinel.monitor.run import RunServices
from sentinel.sim import Scenario, World, load_bundled
from sentinel.storage import Database
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.search.searxng import SearxngSearch
from tests.cli.test_watch_cli import add, home, invoke, sqlite_template
from tests.monitor.pipeline_fixtures import governor_model, sensor_model
from tests.monitor.test_run import decide_launch, read_launch
from tests.notify.receiver import LoopbackReceiver

__all__ = ["home", "sqlite_template"]

JUST_AFTER_LAUNCH = datetime(2025, 9, 9, 17, 10, tzinfo=UTC)


@pytest.fixture
def launch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Scenario]:
    """Commands run on the simulated world just after the iPhone launch, with scripted models."""
    scenario = load_bundled("iphone-release")
    clock = VirtualClock(JUST_AFTER_LAUNCH)
    world = World.from_scenario(scenario, clock, seed=3, slow_delay=0.0, timeout_hold=1.0)

    def services(
        db: Database, engine_clock: Clock, owner: str, policy: RunRetryPolicy
    ) -> RunServices:
        rng = random.Random(7)
        return RunServices(
            db=db,
            search=SearxngSearch(
                base_url=world.search_url,
                transport=world.transport(),
                rate_limit=None,
                clock=clock.now,
            ),
            fetcher=Fetcher(
                transport=world.transport(),
                guard=SSRFGuard(allow_hosts=world.hosts),
                politeness=Politeness(min_interval=0),
                timeout=0.5,
                clock=clock.now,
            ),
            clock=engine_clock,
            sensor_model=sensor_model(read_launch),
            governor_model=governor_model(decide_launch),
            rng=rng,
            lease_owner=owner,
            retry_policy=RunnerRetries(policy, rng),
        )

    monkeypatch.setattr(common, "cli_clock", lambda: clock)
    monkeypatch.setattr(common, "build_run_services", services)
    with forbid_real_models():
        yield scenario


def last_column(table: str) -> str:
    """The text of a rich table's last column, its folded lines joined (spaces dropped)."""
    cells = [line.split("│")[-2] for line in table.splitlines() if line.count("│") > 2]
    return "".join("".join(cells).split())


def add_for(scenario: Scenario, url: str, *options: str) -> None:
    add(scenario.mission, "--criteria", scenario.action_criteria, "--webhook", url, *options)


def test_worker_once_runs_due_monitors_and_delivers_their_notifications(
    home: Path, launch: Scenario
) -> None:
    with LoopbackReceiver() as receiver:
        add_for(launch, f"{receiver.url}/hook")
        result = invoke("worker", "--once")
    assert result.exit_code == 0, result.output
    assert "Ran 1 monitor(s): 1 succeeded; reaped 0; delivered 1 notification(s)." in result.stdout
    [request] = receiver.requests
    assert request.verdict == "processed"
    message = request.json()["message"]
    assert "2025-09-19" in message
    assert "apple.example/newsroom/iphone-17" in message
    [monitor] = json.loads(invoke("watch", "list", "--json").stdout)
    assert (monitor["state"], monitor["run_count"]) == ("completed", 1), "notify once: done"
    assert monitor["last_notification"]["delivery"] == "delivered"
    assert "succeeded, notification delivered" in invoke("watch", "list").stdout
    history = json.loads(invoke("watch", "history", "1", "--json").stdout)
    assert [d["status"] for d in history["deliveries"]] == ["delivered"]
    assert history["states"][0]["state"] == {"date": "2025-09-19"}, (
        "the contract's field, read by code"
    )


def test_run_here_runs_one_monitor_in_process_and_prints_the_outcome(
    home: Path, launch: Scenario
) -> None:
    with LoopbackReceiver() as receiver:
        add_for(launch, f"{receiver.url}/hook", "--notify", "always")
        result = invoke("watch", "run", "1", "--here")
    assert result.exit_code == 0, result.output
    assert "Run 1 of monitor #1: succeeded" in result.stdout
    assert "Notification: delivered" in result.stdout
    [next_run] = [line for line in result.stdout.splitlines() if line.startswith("Next run: ")]
    at = datetime.strptime(next_run, "Next run: %Y-%m-%d %H:%M UTC").replace(tzinfo=UTC)
    # Scheduled ahead, within the governor's "1 day" (dates named on the pages may bring it
    # forward: the newsroom's release is dated today).
    assert JUST_AFTER_LAUNCH < at <= JUST_AFTER_LAUNCH + timedelta(days=1, hours=3)
    assert len(receiver.requests) == 1


def test_run_here_refuses_a_paused_monitor(home: Path, launch: Scenario) -> None:
    add_for(launch, "https://hooks.example/x")
    invoke("watch", "pause", "1")
    result = invoke("watch", "run", "1", "--here")
    assert result.exit_code == 2
    assert result.stderr.strip() == "Error: invalid monitor 1: is paused; resume it first"


def test_worker_searches_the_embedded_local_index_by_default(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SENTINEL_SEARCH", raising=False)
    monkeypatch.delenv("SENTINEL_SEARCH_FOLDER", raising=False)
    add("Tell me when the iPhone 17 is announced")
    result = invoke("worker", "--once")
    assert result.exit_code == 0, result.output
    assert (home / "documents").is_dir(), "the local index's folder is created under the home"
    [monitor] = json.loads(invoke("watch", "list", "--json").stdout)
    assert monitor["run_count"] == 1, "the empty index yields a run that reads nothing"
    assert monitor["last_run"]["status"] == "skipped-nothing-read"


FIX = "search found nothing to read: add --url, or configure a search provider (SENTINEL_SEARCH)"


def test_a_run_that_read_nothing_says_why_and_how_to_fix_it_everywhere(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SENTINEL_SEARCH", raising=False)
    monkeypatch.delenv("SENTINEL_SEARCH_FOLDER", raising=False)
    add("Tell me when the iPhone 17 is announced")
    ran = invoke("watch", "run", "1", "--here")
    assert ran.exit_code == 0, ran.output
    assert "Run 1 of monitor #1: skipped-nothing-read" in ran.stdout
    assert f"Why: {FIX}" in ran.stdout
    shown = invoke("watch", "show", "1")
    assert f"skipped-nothing-read: {FIX}" in " ".join(shown.stdout.split())
    assert json.loads(invoke("watch", "show", "1", "--json").stdout)["last_run"][
        "reason"
    ].startswith(FIX)
    [run] = json.loads(invoke("watch", "history", "1", "--json").stdout)["runs"]
    assert (run["status"], run["reason"].startswith(FIX)) == ("skipped-nothing-read", True)
    table = invoke("watch", "history", "1").stdout
    assert "skipped-nothing-read" in table
    assert FIX.replace(" ", "") in last_column(table), "folded in the table, never cut"
    assert "skipped-nothing-read" in invoke("watch", "list").stdout


def test_list_says_a_notification_is_pending_until_a_receiver_takes_it(
    home: Path, launch: Scenario
) -> None:
    with LoopbackReceiver() as receiver:
        receiver.answer(503)  # down for now: the delivery waits for a retry
        add_for(launch, f"{receiver.url}/hook", "--notify", "always")
        ran = invoke("watch", "run", "1", "--here")
    assert "Notification: pending (a running `sentinel worker` retries it)" in ran.stdout
    listed = invoke("watch", "list").stdout
    assert "succeeded, notification pending" in listed
    assert "notified" not in listed
    [monitor] = json.loads(invoke("watch", "list", "--json").stdout)
    assert monitor["last_notification"] == {
        "run_id": 1,
        "delivery": "pending",
        "deliveries": {"pending": 1},
    }


def test_worker_with_an_empty_search_setting_says_what_to_set_and_runs_nothing(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SENTINEL_SEARCH", " ")
    add("Tell me when the iPhone 17 is announced")
    result = invoke("worker", "--once")
    assert result.exit_code == 2
    assert "SENTINEL_SEARCH is empty" in result.stderr
    [monitor] = json.loads(invoke("watch", "list", "--json").stdout)
    assert (monitor["run_count"], monitor["last_run"]) == (0, None)


@pytest.mark.parametrize(
    ("arguments", "environment", "leases"),
    [
        ([], {}, (120.0, 90.0)),
        (["--lease", "45", "--delivery-lease", "30"], {}, (45.0, 30.0)),
        ([], {"SENTINEL_LEASE_SECONDS": "50", "SENTINEL_DELIVERY_LEASE_SECONDS": "40"}, (50, 40)),
    ],
)
def test_the_worker_holds_its_claims_for_the_lease_it_is_given(
    home: Path,
    launch: Scenario,
    monkeypatch: pytest.MonkeyPatch,
    arguments: list[str],
    environment: dict[str, str],
    leases: tuple[float, float],
) -> None:
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    seen: list[tuple[float, float]] = []
    real = worker_module.worker_engine

    @asynccontextmanager
    async def spy(db: Database, clock: Clock, **options: Any) -> AsyncIterator[Engine]:
        async with real(db, clock, **options) as engine:
            assert engine.delivery is not None
            seen.append((engine.settings.lease_s, engine.delivery.lease_s))
            yield engine

    monkeypatch.setattr(worker_module, "worker_engine", spy)

    result = invoke("worker", "--once", *arguments)

    assert result.exit_code == 0, result.output
    assert seen == [leases]
