"""Steps shared by the UI tests: a form's CSRF token, a form post, a monitor with history."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import httpx

from sentinel.storage import Database, RunEnding, RunStatus
from tests.api.conftest import START

_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
_PROBLEM = re.compile(r'<p class="problem" id="p-([\w-]+)" role="alert">([^<]*)</p>')
TRACE = [{"step": "search", "summary": "searched 'sonora price'", "at": "x", "hits": 3}]


async def csrf(client: httpx.AsyncClient, path: str = "/monitors/new") -> str:
    """The CSRF token of the form on ``path`` (the client keeps the session cookie)."""
    page = await client.get(path)
    assert page.status_code == 200, page.text
    found = _TOKEN.search(page.text)
    assert found is not None, "no CSRF token on the page"
    return found.group(1)


async def post_form(
    client: httpx.AsyncClient, path: str, data: dict[str, str], *, token_from: str | None = None
) -> httpx.Response:
    """Post ``data`` with the CSRF token of the page ``token_from`` (default ``path``)."""
    token = await csrf(client, token_from or path)
    return await client.post(path, data={"csrf_token": token, **data})


def field_problems(html: str) -> dict[str, list[str]]:
    """The problems a form page shows, by field id."""
    found: dict[str, list[str]] = {}
    for field, message in _PROBLEM.findall(html):
        found.setdefault(field, []).append(message)
    return found


async def history(db: Database, monitor_id: int, states: list[dict[str, Any]]) -> list[int]:
    """One finished run per state, each storing it, the last one notifying; the run ids."""
    run_ids = []
    for n, state in enumerate(states):
        at = START + timedelta(hours=n)
        async with db.transaction() as tx:
            run = await tx.runs.start(monitor_id, scheduled_at=at, started_at=at)
            version = await tx.states.append(monitor_id, state=state, now=at, run_id=run.id)
            decision = {"should_act": n == len(states) - 1, "reasoning": f"decided {n}"}
            outcome = RunEnding(
                RunStatus.SUCCEEDED, state_version=version.version, trace=TRACE, decision=decision
            )
            await tx.runs.finish(run.id, outcome, finished_at=at)
            if n == len(states) - 1:
                await tx.outbox.enqueue(
                    monitor_id=monitor_id,
                    run_id=run.id,
                    channel={"kind": "webhook", "url": "https://example.com/hook"},
                    payload={"title": "Price dropped", "message": "<b>now</b> $279"},
                    idempotency_key=f"run-{run.id}",
                    now=at,
                )
        run_ids.append(run.id)
    return run_ids
