"""``sentinel bench crash``: the pieces (the loopback world's model and verifying receiver, the
kill switch, the classification) and a short campaign — real ``sentinel worker`` processes
SIGKILLed and restarted — on SQLite and on PostgreSQL (skipped when it does not answer)."""

from __future__ import annotations

import asyncio
import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
from typer.testing import CliRunner

from sentinel.bench.crash.campaign import (
    DEFAULT_PG_SERVER,
    CrashOptions,
    KillSwitch,
    MonitorOutcome,
)
from sentinel.bench.crash.report import classify, failed
from sentinel.bench.crash.world import (
    CrashWorld,
    Received,
    WorldServer,
    governor_reply,
    release_code,
    sensor_reply,
)
from sentinel.cli.main import app
from sentinel.notify.signing import signature_header
from tests.storage.databases import pg_url

__all__ = ["pg_url"]

SLOT = (3, 4)


def outcome(
    state: str = "completed", *, leased: bool = False, deliveries: tuple[str, ...] = ("delivered",)
) -> MonitorOutcome:
    return MonitorOutcome(SLOT, 9, state, leased, deliveries, ("succeeded",))


def got(*keys: str, verified: bool = True, code: Any = None) -> list[Received]:
    return [Received(SLOT, key, verified, code or release_code(SLOT)) for key in keys]


# -- classification ------------------------------------------------------------------------


def test_each_expected_notification_is_classified_by_its_keys_and_what_is_left_open() -> None:
    assert classify(outcome(), got("run-1:a")) == "once"
    assert classify(outcome(), got("run-1:a", "run-1:a")) == "same_key"
    assert classify(outcome(), got("run-1:a", "run-2:b")) == "new_key"
    assert classify(outcome(), []) == "lost"
    assert classify(outcome(deliveries=("failed",)), []) == "lost"
    assert classify(outcome(deliveries=("sending",)), []) == "stuck"
    assert classify(outcome("active", deliveries=()), []) == "stuck"
    assert classify(outcome(leased=True, deliveries=()), []) == "stuck"


def test_a_request_that_did_not_verify_or_tells_other_facts_does_not_count_as_delivered() -> None:
    assert classify(outcome(), got("run-1:a", verified=False)) == "lost"
    assert classify(outcome(), got("run-1:a", code="R-0-0-000000")) == "lost"


def summary(**counts: int) -> dict[str, Any]:
    base = {"new_key": 0, "lost": 0, "stuck": 0, "unverified": 0, "leases_left": 0}
    return base | {"last_worker_exit": 0} | counts


def test_the_campaign_fails_on_anything_but_once_or_the_same_key_twice() -> None:
    assert not failed(summary())
    for bad in ("new_key", "lost", "stuck", "unverified", "leases_left", "last_worker_exit"):
        assert failed(summary(**{bad: 1})), bad


# -- the kill switch -----------------------------------------------------------------------


class FakeWorker:
    def __init__(self) -> None:
        self.kills = 0

    def kill(self) -> None:
        self.kills += 1


def test_the_kill_switch_fires_once_at_the_chosen_event() -> None:
    switch, worker = KillSwitch(), FakeWorker()
    switch.arm(worker, "webhook", 2)  # type: ignore[arg-type]
    switch("governor")
    switch("webhook")
    assert (worker.kills, switch.fired.is_set()) == (0, False)
    switch("webhook")
    switch("webhook")
    switch.fire("moment")
    assert (worker.kills, switch.hit) == (1, "webhook")


# -- the loopback world --------------------------------------------------------------------


def test_the_scripted_sensor_quotes_the_page_and_the_governor_notifies_its_code() -> None:
    code = release_code(SLOT)
    sentence = f"Build 3-4 shipped today with release code {code}."
    prompt = f'<page n="2" url="u" title="t">\n{sentence}\n</page>'
    reply = sensor_reply(prompt)
    assert reply["payload"]["updated_state"] == {"released": True, "release_code": code}
    [quote] = reply["payload"]["evidence"]
    assert quote["page"] == 2
    assert quote["quote"] in prompt
    decision = governor_reply(f"Current state: {json.dumps({'release_code': code})}")
    assert (decision["should_act"], decision["facts"]) == (True, {"release_code": code})
    assert governor_reply("Current state: {}")["should_act"] is False


@pytest.mark.network
def test_the_receiver_verifies_with_the_monitors_secret_and_records_every_request() -> None:
    events: list[str] = []
    world = CrashWorld(interrupt=events.append)
    world.secrets[SLOT] = "s3cret"
    body = json.dumps({"facts": {"release_code": release_code(SLOT)}}).encode()
    with WorldServer(world) as server:
        url = f"{server.url}/hook/3/4"
        signed = {"Sentinel-Signature": signature_header("s3cret", body, datetime.now(UTC))}
        forged = {"Sentinel-Signature": signature_header("other", body, datetime.now(UTC))}
        ok = httpx.post(url, content=body, headers=signed | {"Idempotency-Key": "run-1:a"})
        bad = httpx.post(url, content=body, headers=forged | {"Idempotency-Key": "run-1:a"})
        page = httpx.get(f"{server.url}/page/3/4")
    assert (ok.status_code, bad.status_code) == (204, 401)
    assert [(r.key, r.verified) for r in world.receipts()] == [
        ("run-1:a", True),
        ("run-1:a", False),
    ]
    assert events == ["webhook", "webhook"]
    assert release_code(SLOT) in page.text


# -- a short campaign ----------------------------------------------------------------------


def campaign(tmp_path: Path, database: str) -> dict[str, Any]:
    out = tmp_path / "crash.json"
    args = ["bench", "crash", "--trials", "2", "--monitors", "2", "--database", database]
    result = CliRunner().invoke(app, [*args, "--logs", str(tmp_path), "--json", str(out)])
    log = "".join(p.read_text() for p in tmp_path.glob("worker-*.log"))
    assert result.exit_code == 0, result.output + log
    [summary] = json.loads(out.read_text())["results"]
    assert summary["database"] == database
    return dict(summary)


def check(summary: dict[str, Any]) -> None:
    assert summary["trials"] == 2
    assert sum(summary["kills"].values()) == 2
    assert set(summary["kills"]) <= {"moment", "governor", "webhook"}
    assert summary["expected"] == 4
    assert summary["once"] + summary["same_key"] == 4
    assert (summary["new_key"], summary["lost"], summary["stuck"]) == (0, 0, 0)
    assert (summary["unverified"], summary["leases_left"], summary["last_worker_exit"]) == (0, 0, 0)
    assert summary["model_calls"]["governor"] >= 4


@pytest.mark.network
def test_a_short_campaign_on_sqlite_loses_and_doubles_nothing(tmp_path: Path) -> None:
    check(campaign(tmp_path, "sqlite"))


async def scratch_databases() -> list[str]:
    """This process's campaign databases (another test run beside this one has its own)."""
    connection = await asyncpg.connect(DEFAULT_PG_SERVER, timeout=3)
    try:
        rows = await connection.fetch(
            "SELECT datname FROM pg_database WHERE datname LIKE $1",
            f"sentinel_crash_{os.getpid()}_%",
        )
    finally:
        await connection.close()
    return [row["datname"] for row in rows]


@pytest.mark.network
def test_a_short_campaign_on_postgresql_loses_nothing_and_drops_its_database(
    tmp_path: Path, pg_url: str
) -> None:
    assert asyncio.run(scratch_databases()) == []
    check(campaign(tmp_path, "postgresql"))
    assert asyncio.run(scratch_databases()) == []


def test_an_unknown_database_is_refused_by_name() -> None:
    result = CliRunner().invoke(app, ["bench", "crash", "--database", "mysql"])
    assert result.exit_code == 2
    assert "--database must be sqlite, postgresql or both, not 'mysql'" in result.output


def test_options_bound_a_trial_by_the_lease_unless_told() -> None:
    assert CrashOptions(lease_s=4, monitors=10).settle_timeout_s == 180
    assert CrashOptions(settle_s=5).settle_timeout_s == 5
