"""A monitor's runs (with trace), state versions with their diff, and deliveries; each
listing pages with a ``next`` link."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx

from sentinel.storage import Database, RunEnding, RunStatus
from tests.api.conftest import START
from tests.api.helpers import create, problem

TRACE = [{"step": "sense", "detail": "searched 3 sources"}]


async def _history(db: Database, monitor_id: int, states: list[Any]) -> list[int]:
    """One finished run per state, each appending it; returns the run ids."""
    run_ids = []
    for n, state in enumerate(states):
        at = START + timedelta(hours=n)
        async with db.transaction() as tx:
            run = await tx.runs.start(monitor_id, scheduled_at=at, started_at=at)
            version = await tx.states.append(monitor_id, state=state, now=at, run_id=run.id)
            outcome = RunEnding(RunStatus.SUCCEEDED, state_version=version.version, trace=TRACE)
            await tx.runs.finish(run.id, outcome, finished_at=at)
            await tx.outbox.enqueue(
                monitor_id=monitor_id,
                run_id=run.id,
                channel={"kind": "webhook", "url": "https://example.com/hook"},
                payload={"message": f"run {n}"},
                idempotency_key=f"run-{run.id}",
                now=at,
            )
        run_ids.append(run.id)
    return run_ids


async def test_runs_page_newest_first_with_a_cursor(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    monitor = await create(client)
    run_ids = await _history(api_db, monitor["id"], [{"n": 1}, {"n": 2}, {"n": 3}])
    url = f"/api/v1/monitors/{monitor['id']}/runs"
    first = (await client.get(url, params={"limit": 2})).json()
    assert [r["id"] for r in first["items"]] == run_ids[:0:-1]
    second = (await client.get(first["next"])).json()
    assert [r["id"] for r in second["items"]] == [run_ids[0]]
    assert second["next"] is None


async def test_a_run_carries_its_activity_trace(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    monitor = await create(client)
    [run_id] = await _history(api_db, monitor["id"], [{"n": 1}])
    run = (await client.get(f"/api/v1/monitors/{monitor['id']}/runs/{run_id}")).json()
    assert run["status"] == "succeeded"
    assert run["trace"] == TRACE
    other = await create(client, name="other")
    problem(await client.get(f"/api/v1/monitors/{other['id']}/runs/{run_id}"), 404)


async def test_states_list_get_and_page(client: httpx.AsyncClient, api_db: Database) -> None:
    monitor = await create(client)
    await _history(api_db, monitor["id"], [{"n": 1}, {"n": 2}, {"n": 3}])
    url = f"/api/v1/monitors/{monitor['id']}/states"
    first = (await client.get(url, params={"limit": 2})).json()
    assert [s["version"] for s in first["items"]] == [3, 2]
    second = (await client.get(first["next"])).json()
    assert [s["version"] for s in second["items"]] == [1]
    assert (await client.get(f"{url}/2")).json()["state"] == {"n": 2}
    problem(await client.get(f"{url}/9"), 404)


async def test_the_diff_lists_added_removed_and_changed_paths(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    monitor = await create(client)
    before = {"price": 999, "status": "rumoured", "tags": ["a"], "old": True}
    after = {"price": 899, "status": "rumoured", "tags": ["a"], "date": "2026-09-09"}
    await _history(api_db, monitor["id"], [before, after])
    url = f"/api/v1/monitors/{monitor['id']}/states/diff"
    diff = (await client.get(url, params={"from": 1, "to": 2})).json()
    assert diff == {
        "added": [{"path": "/date", "before": None, "after": "2026-09-09"}],
        "removed": [{"path": "/old", "before": True, "after": None}],
        "changed": [{"path": "/price", "before": 999, "after": 899}],
    }
    problem(await client.get(url, params={"from": 1, "to": 1}), 422)
    problem(await client.get(url, params={"from": 1, "to": 5}), 404)


async def test_deliveries_page_by_offset(client: httpx.AsyncClient, api_db: Database) -> None:
    monitor = await create(client)
    await _history(api_db, monitor["id"], [{"n": 1}, {"n": 2}, {"n": 3}])
    url = f"/api/v1/monitors/{monitor['id']}/deliveries"
    first = (await client.get(url, params={"limit": 2})).json()
    assert [d["payload"]["message"] for d in first["items"]] == ["run 0", "run 1"]
    second = (await client.get(first["next"])).json()
    assert [d["payload"]["message"] for d in second["items"]] == ["run 2"]
    assert second["next"] is None
    pending = (await client.get(url, params={"status": "pending"})).json()
    assert len(pending["items"]) == 3


async def test_notifications_group_a_message_with_its_channels(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    monitor = await create(client)
    run_ids = await _history(api_db, monitor["id"], [{"n": 1}, {"n": 2}])
    async with api_db.transaction() as tx:
        await tx.outbox.enqueue(
            monitor_id=monitor["id"],
            run_id=run_ids[1],
            channel={"kind": "email", "to": ["a@example.com"]},
            payload={"message": "run 1"},
            idempotency_key="run-2-email",
            now=START + timedelta(hours=1),
        )
    url = f"/api/v1/monitors/{monitor['id']}/notifications"
    first = (await client.get(url, params={"limit": 1})).json()
    [newest] = first["items"]
    assert newest["payload"] == {"message": "run 1"}
    assert newest["run_id"] == run_ids[1]
    assert [d["channel"]["kind"] for d in newest["deliveries"]] == ["webhook", "email"]
    second = (await client.get(first["next"])).json()
    assert [n["payload"]["message"] for n in second["items"]] == ["run 0"]
    assert second["next"] is None


async def test_history_of_an_unknown_monitor_is_404(client: httpx.AsyncClient) -> None:
    for path in ("runs", "states", "deliveries", "notifications"):
        problem(await client.get(f"/api/v1/monitors/7/{path}"), 404)
