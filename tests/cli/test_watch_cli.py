"""``sentinel watch``: every command through the real ``sentinel`` app, on a temporary
SENTINEL_HOME; every bad input is refused with one clear line and leaves the database as it was.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Callable, Coroutine, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import pytest
from typer.testing import CliRunner, Result

from sentinel.cli.main import app
from sentinel.config import get_settings
from sentinel.storage import (
    Database,
    MonitorState,
    NewMonitor,
    RunEnding,
    RunStatus,
    Transaction,
)
from sentinel.storage import open_database as open_db
from sentinel.storage.settings import sqlite_url
from sentinel.web.outbound import resolving_with
from tests.storage.databases import sqlite_template
from tests.web.test_guard import resolver_for

__all__ = ["home", "invoke", "sqlite_template", "with_db"]

T = TypeVar("T")
cli = CliRunner()
QUERY = "Tell me when the iPhone 17 is announced"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_template: Path) -> Iterator[Path]:
    """An empty SENTINEL_HOME holding a migrated database; no SENTINEL_DATABASE_URL."""
    path = tmp_path / "home"
    path.mkdir()
    shutil.copy(sqlite_template, path / "sentinel.db")
    monkeypatch.setenv("SENTINEL_HOME", str(path))
    monkeypatch.delenv("SENTINEL_DATABASE_URL", raising=False)
    get_settings.cache_clear()
    yield path
    get_settings.cache_clear()


def invoke(*args: str, input: str | None = None) -> Result:
    """Run ``sentinel ARGS`` in-process."""
    return cli.invoke(app, list(args), input=input)


def with_db(home: Path, work: Callable[[Transaction], Coroutine[Any, Any, T]]) -> T:
    """Run ``work`` in one transaction on the home's database."""

    async def main() -> T:
        db: Database = await open_db(sqlite_url(home / "sentinel.db"), migrate=False)
        try:
            async with db.transaction() as tx:
                return await work(tx)
        finally:
            await db.close()

    return asyncio.run(main())


def count_monitors(home: Path) -> int:
    async def count(tx: Transaction) -> int:
        return len(await tx.monitors.find(limit=1000))

    return with_db(home, count)


def add(*args: str) -> dict[str, Any]:
    """``watch add … --json``, which must succeed; the stored monitor."""
    result = invoke("watch", "add", *args, "--json")
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def test_add_stores_the_monitor_with_its_channels_and_bounds(home: Path) -> None:
    stored = add(
        QUERY,
        "--name",
        "iphone",
        "--criteria",
        "an official date exists",
        "--notify",
        "always",
        "--webhook",
        "https://hooks.example/x",
        "--email",
        "ana@example.com",
        "--apprise",
        "ntfy://alerts",
        "--min-interval",
        "1 hour",
        "--max-interval",
        "7 days",
        "--timezone",
        "Europe/Lisbon",
    )
    assert (stored["name"], stored["state"], stored["notify_behavior"]) == (
        "iphone",
        "active",
        "always",
    )
    assert [c["kind"] for c in stored["channels"]] == ["webhook", "email", "apprise"]
    assert (stored["min_interval_s"], stored["max_interval_s"]) == (3600, 7 * 86400)
    assert stored["context"] == {"timezone": "Europe/Lisbon"}
    assert count_monitors(home) == 1


def test_add_reads_the_query_as_criteria_and_name_when_none_are_given(home: Path) -> None:
    stored = add(QUERY)
    assert stored["name"] == stored["original_query"] == stored["action_criteria"] == QUERY
    assert (stored["governor_kind"], stored["channels"]) == ("llm", [])


def test_add_with_rules_uses_the_rules_governor(home: Path) -> None:
    stored = add("iPhone price", "--rules", "price_usd < 800")
    assert (stored["governor_kind"], stored["governor_rules"]) == ("rules", "price_usd < 800")


def test_add_says_what_it_created(home: Path) -> None:
    result = invoke("watch", "add", QUERY, "--webhook", "https://hooks.example/x")
    assert result.exit_code == 0
    assert "Created monitor #1" in result.stdout
    assert "webhook https://hooks.example/x" in result.stdout


def test_add_keeps_a_daily_request_budget_and_says_so(home: Path) -> None:
    result = invoke("watch", "add", QUERY, "--requests-per-day", "250")
    assert result.exit_code == 0, result.output
    assert "at most 250 page requests a day" in result.stdout

    stored = add("Pixel 10 price", "--requests-per-day", "40")
    assert stored["context"] == {"requests_per_day": 40}
    assert add("Pixel 11 price")["context"] == {}


@pytest.mark.parametrize("value", ["0", "-5"])
def test_a_daily_request_budget_below_one_is_refused_naming_the_option(
    home: Path, value: str
) -> None:
    result = invoke("watch", "add", QUERY, "--requests-per-day", value)
    assert result.exit_code == 2
    assert "Invalid value for '--requests-per-day'" in " ".join(result.stderr.split())
    assert "Traceback" not in result.output
    assert count_monitors(home) == 0


def stored_secret(home: Path, monitor_id: int) -> str:
    async def read(tx: Transaction) -> str:
        return await tx.monitors.signing_secret(monitor_id)

    return with_db(home, read)


def test_add_shows_a_webhook_monitors_signing_secret_once_and_how_to_verify(home: Path) -> None:
    result = invoke("watch", "add", QUERY, "--webhook", "https://hooks.example/x")
    secret = stored_secret(home, 1)
    lines = result.stdout.splitlines()
    assert lines[1].startswith(f"Signing secret: {secret} (shown once here")
    assert "HMAC-SHA256" in lines[2]
    assert "Sentinel-Signature" in lines[2]
    assert secret not in invoke("watch", "show", "1").stdout
    assert secret not in invoke("watch", "list", "--json").stdout


def test_add_without_a_webhook_does_not_print_a_secret_but_json_carries_it(home: Path) -> None:
    assert "Signing secret" not in invoke("watch", "add", QUERY).stdout
    stored = add("Pixel 10 price")
    assert stored["signing_secret"] == stored_secret(home, stored["id"])


def test_secret_prints_the_secret_alone_and_rotate_replaces_it(home: Path) -> None:
    add(QUERY, "--name", "iphone", "--webhook", "https://hooks.example/x")
    before = stored_secret(home, 1)
    shown = invoke("watch", "secret", "iphone")
    assert (shown.exit_code, shown.stdout) == (0, before + "\n")
    rotated = invoke("watch", "secret", "1", "--rotate")
    assert rotated.exit_code == 0, rotated.output
    after = rotated.stdout.strip()
    assert after == stored_secret(home, 1) != before
    assert len(after) == 64
    assert "Rotated the secret of monitor #1" in rotated.stderr
    assert json.loads(invoke("watch", "secret", "1", "--json").stdout) == {
        "monitor_id": 1,
        "signing_secret": after,
        "rotated": False,
    }


def test_secret_of_an_unknown_monitor_is_one_line_and_exit_2(home: Path) -> None:
    result = invoke("watch", "secret", "nope", "--rotate")
    assert result.exit_code == 2
    assert result.stderr.strip() == "Error: no monitor with id or name 'nope'"


def test_a_deleted_monitors_id_is_never_given_to_a_new_one(home: Path) -> None:
    add(QUERY, "--name", "one")
    add(QUERY, "--name", "two")
    assert invoke("watch", "delete", "2", "--yes").exit_code == 0
    assert "Created monitor #3" in invoke("watch", "add", QUERY, "--name", "three").stdout


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("",), "query: must not be empty"),
        (("q" * 501,), "the limit is 500"),
        ((QUERY, "--criteria", "c" * 2001), "the limit is 2000"),
        ((QUERY, "--webhook", "ftp://hooks.example/x"), "'ftp://hooks.example/x'"),
        ((QUERY, "--webhook", "https:///no-host"), "has no host"),
        ((QUERY, "--email", "ana@"), "'ana@'"),
        ((QUERY, "--email", "ana@localhost"), "invalid domain"),
        ((QUERY, "--apprise", "carrier-pigeon://coop"), "'carrier-pigeon://coop'"),
        # A channel is read as the kind its option names: no guessing from the URL.
        ((QUERY, "--webhook", "ntfy://alerts"), "must start with http:// or https://"),
        (
            (QUERY, *(arg for i in range(11) for arg in ("--webhook", f"https://h.example/{i}"))),
            "the limit is 10",
        ),
        ((QUERY, "--rules", "price <"), "'price <'"),
        ((QUERY, "--min-interval", "soonish"), "'soonish'"),
        ((QUERY, "--min-interval", "2 days", "--max-interval", "1 day"), "exceeds max_interval"),
        ((QUERY, "--max-interval", "400 days"), "at most"),
        ((QUERY, "--notify", "sometimes"), "'sometimes'"),
        ((QUERY, "--timezone", "Mars/Olympus"), "'Mars/Olympus'"),
        ((QUERY, "--requests-per-day", "200000"), "requests_per_day 200000"),
        # Issue 34: ZoneInfo's "File name too long" was a crash; a long rule echoed whole.
        ((QUERY, "--timezone", "Z" * 256), "is 256 characters; the limit is 64"),
        ((QUERY, "--rules", "p" * 5000), "is 5000 characters; the limit is 1000"),
        ((QUERY, "--webhook", "https://hooks.example/" + "a" * 2001), "at most 2000 characters"),
    ],
)
def test_bad_input_is_refused_in_one_line_naming_it_and_stores_nothing(
    home: Path, args: tuple[str, ...], named: str
) -> None:
    result = invoke("watch", "add", *args)
    assert result.exit_code == 2, result.output
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("Error: invalid")
    assert named in line
    assert "Traceback" not in result.output
    assert len(line) < 1000
    assert count_monitors(home) == 0


@pytest.mark.usefixtures("strict_outbound")
def test_a_channel_whose_name_resolves_inside_is_refused(home: Path) -> None:
    with resolving_with(resolver_for({"vm": ["127.0.0.1"]})):
        for option, url in (("--webhook", "http://vm:18801/hook"), ("--apprise", "json://vm/x")):
            result = invoke("watch", "add", QUERY, option, url)
            assert result.exit_code == 2, result.output
            assert "'vm' -> 127.0.0.1" in result.stderr
            assert "loopback address" in result.stderr
    assert count_monitors(home) == 0


def test_the_same_channel_given_twice_is_stored_once(home: Path) -> None:
    hook = "https://hooks.example/x"
    stored = add(QUERY, "--webhook", hook, "--webhook", hook)
    assert stored["channels"] == [{"kind": "webhook", "url": hook, "timeout_s": 10.0}]


def test_a_second_monitor_with_the_same_name_is_refused(home: Path) -> None:
    add(QUERY, "--name", "iphone")
    result = invoke("watch", "add", "other question", "--name", "iphone")
    assert result.exit_code == 2
    assert "a monitor with this name already exists" in result.stderr
    assert count_monitors(home) == 1


def test_list_shows_every_monitor_with_its_state_next_run_and_last_result(home: Path) -> None:
    first, second = add(QUERY, "--name", "iphone"), add("Pixel 10 price", "--name", "pixel")

    async def finish_a_run(tx: Transaction) -> None:
        run = await tx.runs.start(second["id"], scheduled_at=_now(), started_at=_now())
        await tx.runs.finish(
            run.id, RunEnding(RunStatus.FAILED, error_category="network"), finished_at=_now()
        )

    with_db(home, finish_a_run)
    listed = json.loads(invoke("watch", "list", "--json").stdout)
    assert [(m["id"], m["name"], m["state"]) for m in listed] == [
        (first["id"], "iphone", "active"),
        (second["id"], "pixel", "active"),
    ]
    assert listed[0]["last_run"] is None
    assert (listed[1]["last_run"]["status"], listed[1]["last_run"]["error_category"]) == (
        "failed",
        "network",
    )
    table = invoke("watch", "list").stdout
    for text in ("iphone", "pixel", "failed (network)", "(due)"):
        assert text in table


def test_list_without_monitors_says_how_to_add_one(home: Path) -> None:
    assert "sentinel watch add" in invoke("watch", "list").stdout


def _now() -> Any:
    from datetime import UTC, datetime

    return datetime.now(UTC)


def seed_history(home: Path, monitor_id: int) -> None:
    """One governed run with a state version and a delivered notification."""

    async def write(tx: Transaction) -> None:
        run = await tx.runs.start(monitor_id, scheduled_at=_now(), started_at=_now())
        state = {"announced": True, "date": "2025-09-09"}
        await tx.states.append(monitor_id, state=state, now=_now(), run_id=run.id)
        decision = {"should_act": True, "reasoning": "Apple's newsroom names the date"}
        decision |= {"notified": True}
        await tx.runs.finish(
            run.id, RunEnding(RunStatus.SUCCEEDED, decision=decision), finished_at=_now()
        )
        await tx.outbox.enqueue(
            monitor_id=monitor_id,
            run_id=run.id,
            channel={"kind": "webhook", "url": "https://hooks.example/x"},
            payload={"message": "announced"},
            idempotency_key=f"run-{run.id}:x",
            now=_now(),
        )

    with_db(home, write)


def test_show_gives_the_current_state_last_decision_next_run_and_channels(home: Path) -> None:
    created = add(QUERY, "--name", "iphone", "--webhook", "https://hooks.example/x")
    seed_history(home, created["id"])
    document = json.loads(invoke("watch", "show", "iphone", "--json").stdout)
    assert document["state"]["state"] == {"announced": True, "date": "2025-09-09"}
    assert document["state"]["version"] == 1
    assert document["last_decision"]["reasoning"] == "Apple's newsroom names the date"
    assert document["monitor"]["next_run_at"] is not None
    text = invoke("watch", "show", str(created["id"])).stdout
    for expected in ('"announced": true', "act; reasoning: Apple's newsroom", "webhook https"):
        assert expected in text


def test_list_shows_the_delivery_state_and_never_calls_a_pending_one_notified(
    home: Path,
) -> None:
    created = add(QUERY, "--name", "iphone", "--webhook", "https://hooks.example/x")
    seed_history(home, created["id"])
    table = invoke("watch", "list").stdout
    assert "succeeded, notification pending" in table
    assert "notified" not in table
    [listed] = json.loads(invoke("watch", "list", "--json").stdout)
    assert listed["last_notification"]["delivery"] == "pending"
    shown = invoke("watch", "show", "iphone").stdout
    assert "Last notification: run 1, pending" in shown
    assert "Last run: 1," in shown
    assert "Apple's newsroom names the date" in shown


def test_history_lists_runs_state_versions_and_notifications(home: Path) -> None:
    created = add(QUERY, "--name", "iphone")
    seed_history(home, created["id"])
    document = json.loads(invoke("watch", "history", "iphone", "--json").stdout)
    assert [r["status"] for r in document["runs"]] == ["succeeded"]
    assert [s["version"] for s in document["states"]] == [1]
    assert [(d["status"], d["channel"]["kind"]) for d in document["deliveries"]] == [
        ("pending", "webhook")
    ]
    text = invoke("watch", "history", "iphone").stdout
    for expected in ("Runs of #1", "succeeded", "State versions", "Notifications", "pending"):
        assert expected in text


@pytest.mark.parametrize("command", ["show", "history", "pause", "resume", "run", "delete"])
def test_an_unknown_monitor_is_named_in_the_error(home: Path, command: str) -> None:
    result = invoke("watch", command, "nope", *(["--yes"] if command == "delete" else []))
    assert result.exit_code == 2
    assert result.stderr.strip() == "Error: no monitor with id or name 'nope'"


def state_of(home: Path, monitor_id: int) -> MonitorState:
    async def read(tx: Transaction) -> MonitorState:
        return (await tx.monitors.get(monitor_id)).state

    return with_db(home, read)


def test_pause_and_resume_move_the_monitor_through_the_state_machine(home: Path) -> None:
    created = add(QUERY)
    assert invoke("watch", "pause", "1").exit_code == 0
    assert state_of(home, created["id"]) is MonitorState.PAUSED
    again = invoke("watch", "pause", "1")
    assert again.exit_code == 2
    assert "is already paused" in again.stderr
    resumed = invoke("watch", "resume", "1")
    assert resumed.exit_code == 0
    assert "resumed" in resumed.stdout
    assert state_of(home, created["id"]) is MonitorState.ACTIVE


def test_run_makes_an_active_monitor_due_now_and_refuses_a_paused_one(home: Path) -> None:
    created = add(QUERY)

    async def push_back(tx: Transaction) -> None:
        from datetime import timedelta

        await tx.runs.start(created["id"], scheduled_at=_now(), started_at=_now())
        claimed = await tx.monitors.claim_due(_now(), "w", 60, 1)
        await tx.monitors.record_run(
            claimed[0].id, "w", ran_at=_now(), next_run_at=_now() + timedelta(days=3)
        )

    with_db(home, push_back)
    result = invoke("watch", "run", "1")
    assert result.exit_code == 0
    assert "due now" in result.stdout
    listed = json.loads(invoke("watch", "list", "--json").stdout)
    assert listed[0]["next_run_at"] <= _now().isoformat()
    invoke("watch", "pause", "1")
    refused = invoke("watch", "run", "1")
    assert refused.exit_code == 2
    assert "paused" in refused.stderr


def test_delete_asks_first_and_removes_the_monitor_with_its_history(home: Path) -> None:
    created = add(QUERY)
    seed_history(home, created["id"])
    declined = invoke("watch", "delete", "1", input="n\n")
    assert declined.exit_code == 1
    assert count_monitors(home) == 1
    deleted = invoke("watch", "delete", "1", input="y\n")
    assert deleted.exit_code == 0
    assert count_monitors(home) == 0
    assert (
        json.loads(invoke("query", "SELECT count(*) AS n FROM runs", "--format", "json").stdout)[0][
            "n"
        ]
        == 0
    )


def test_commands_honour_sentinel_database_url(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_template: Path
) -> None:
    elsewhere = tmp_path / "elsewhere.db"
    shutil.copy(sqlite_template, elsewhere)
    monkeypatch.setenv("SENTINEL_DATABASE_URL", sqlite_url(elsewhere))
    add(QUERY)
    assert count_monitors(home) == 0
    monkeypatch.delenv("SENTINEL_DATABASE_URL")
    assert json.loads(invoke("watch", "list", "--json").stdout) == []


def test_the_cli_acts_as_the_local_user_and_never_sees_an_api_keys_monitors(home: Path) -> None:
    async def alices(tx: Transaction) -> int:
        # What a request with Alice's API key stores.
        owned = Transaction(tx.session, owner="alice")
        new = NewMonitor(name="alice's", original_query="q", action_criteria="c")
        return (await owned.monitors.create(new, now=datetime.now(UTC))).id

    monitor = with_db(home, alices)
    mine = invoke("watch", "add", "Tell me when the Kestrel 4 ships", "--json")
    assert mine.exit_code == 0, mine.output
    listed = json.loads(invoke("watch", "list", "--json").stdout)
    assert [m["name"] for m in listed] == [json.loads(mine.stdout)["name"]]
    shown = invoke("watch", "show", str(monitor))
    assert shown.exit_code != 0
    assert f"no monitor {monitor}" in shown.output
    assert invoke("watch", "pause", str(monitor)).exit_code != 0
