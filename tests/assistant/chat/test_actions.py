"""Each action family against a real database (SQLite and PostgreSQL), through the runtime:
validated parameters, the owner's data only, typed results."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sentinel.assistant.chat.actions import CATALOG, UsageMeter
from sentinel.assistant.chat.deps import ChatDeps
from sentinel.assistant.chat.runtime import ActionOutcome
from sentinel.assistant.chat.schemas import PlannedAction, Subtasks
from sentinel.monitor.service import last_result
from sentinel.research import ResearchTools, report_payload, run_research
from sentinel.storage import RunStatus
from sentinel.storage.run_endings import RunEnding
from sentinel.web.search.local import Document, LocalIndex
from tests.assistant.chat.conftest import DepsFactory, Script
from tests.research.conftest import NodeScript, draft
from tests.research.conftest import plan as research_plan

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


async def run(
    deps: ChatDeps, *steps: tuple[str, dict[str, Any]], owner: str = "alice"
) -> list[ActionOutcome]:
    """Run one plan for ``owner`` and return its outcomes."""
    turn = deps.runtime.open(owner, UsageMeter())
    try:
        plan = [PlannedAction(action=a, parameters=p) for a, p in steps]
        return await deps.runtime.run_plan(turn, plan, parallel=True)
    finally:
        deps.runtime.close(turn)


def ok(outcome: ActionOutcome) -> dict[str, Any]:
    assert outcome.ok, outcome.error
    assert outcome.result is not None
    return outcome.result


async def test_memory_actions_create_search_update_link_and_delete(
    make_deps: DepsFactory,
) -> None:
    deps = make_deps(Script())
    [first, second] = await run(
        deps,
        ("CREATE_MEMORY", {"text": "My sister Ana lives in Porto", "tags": ["family"]}),
        ("CREATE_MEMORY", {"text": "Ana runs marathons"}),
    )
    ana, runs = ok(first)["memory"]["id"], ok(second)["memory"]["id"]
    # Indexed the moment the action returned: the next plan finds it.
    [found] = await run(deps, ("SEARCH_MEMORIES", {"query": "where does Ana live Porto"}))
    hits = ok(found)["hits"]
    assert hits[0]["memory"]["text"] == "My sister Ana lives in Porto"
    assert ok(found)["min_score"] == 0.3
    [updated, linked] = await run(
        deps,
        ("UPDATE_MEMORY", {"memory_id": ana, "text": "My sister Ana lives in Lisbon"}),
        ("LINK_MEMORIES", {"memory_id": runs, "other_id": ana}),
    )
    assert ok(updated)["memory"]["text"] == "My sister Ana lives in Lisbon"
    assert ok(linked)["memory"]["links"] == [ana]
    [deleted] = await run(deps, ("DELETE_MEMORY", {"memory_id": runs}))
    assert ok(deleted) == {"kind": "memory", "id": runs}
    assert [m.id for m in await deps.memories.list("alice")] == [ana]
    [again] = await run(deps, ("SEARCH_MEMORIES", {"query": "Lisbon"}))
    assert [h["memory"]["id"] for h in ok(again)["hits"]] == [ana]


async def test_memory_actions_reach_only_the_owners_memories(make_deps: DepsFactory) -> None:
    deps = make_deps(Script())
    alice = await deps.memories.create("alice", "Alice's private note")
    outcomes = await run(
        deps,
        ("UPDATE_MEMORY", {"memory_id": alice.id, "text": "overwritten"}),
        ("DELETE_MEMORY", {"memory_id": alice.id}),
        ("SEARCH_MEMORIES", {"query": "private note"}),
        owner="bob",
    )
    assert [o.ok for o in outcomes] == [False, False, True]
    assert outcomes[0].error == f"no memory {alice.id}"
    assert ok(outcomes[2])["hits"] == []
    assert (await deps.memories.get("alice", alice.id)).text == "Alice's private note"


async def test_task_actions_create_list_update_and_decompose_with_given_steps(
    make_deps: DepsFactory,
) -> None:
    deps = make_deps(Script())
    [created] = await run(
        deps, ("CREATE_TASK", {"title": "Plan the Porto trip", "priority": "high"})
    )
    trip = ok(created)["task"]
    assert (trip["title"], trip["priority"], trip["status"]) == (
        "Plan the Porto trip",
        "high",
        "open",
    )
    [split] = await run(
        deps, ("DECOMPOSE_TASK", {"task_id": trip["id"], "subtasks": ["Book flights", "Hotel"]})
    )
    assert [t["title"] for t in ok(split)["subtasks"]] == ["Book flights", "Hotel"]
    flights = ok(split)["subtasks"][0]["id"]
    [updated, listed] = await run(
        deps,
        ("UPDATE_TASK", {"task_id": flights, "status": "done"}),
        ("LIST_TASKS", {"parent_id": trip["id"]}),
    )
    assert ok(updated)["task"]["status"] == "done"
    assert ok(listed)["count"] == 2
    stored = await deps.tasks.list("alice", parent_id=trip["id"])
    assert [(t.title, t.status.value) for t in stored] == [
        ("Book flights", "done"),
        ("Hotel", "open"),
    ]


async def test_decompose_without_steps_asks_the_model_for_them(make_deps: DepsFactory) -> None:
    script = Script(subtasks=[{"subtasks": ["Pick a date", "Invite friends", "Book a table"]}])
    deps = make_deps(script)
    task = await deps.tasks.create("alice", "Organise the birthday dinner")
    [split] = await run(deps, ("DECOMPOSE_TASK", {"task_id": task.id}))
    assert [t["title"] for t in ok(split)["subtasks"]] == [
        "Pick a date",
        "Invite friends",
        "Book a table",
    ]
    [call] = script.calls_for(Subtasks)
    assert "Organise the birthday dinner" in call.prompt
    assert len(await deps.tasks.list("alice", parent_id=task.id)) == 3


async def test_task_actions_refuse_bad_values_and_foreign_tasks(make_deps: DepsFactory) -> None:
    deps = make_deps(Script())
    mine = await deps.tasks.create("alice", "mine")
    outcomes = await run(
        deps,
        ("CREATE_TASK", {"title": "x", "priority": "whenever"}),
        ("UPDATE_TASK", {"task_id": mine.id, "status": "done"}),
        ("DECOMPOSE_TASK", {"task_id": mine.id, "subtasks": []}),
        owner="bob",
    )
    assert [o.ok for o in outcomes] == [False, False, False]
    assert "priority" in (outcomes[0].error or "")
    assert outcomes[1].error == f"no task {mine.id}"
    assert "subtasks" in (outcomes[2].error or "")
    assert (await deps.tasks.get("alice", mine.id)).status.value == "open"


async def test_a_monitor_created_in_chat_is_a_normal_monitor(make_deps: DepsFactory) -> None:
    deps = make_deps(Script())
    sentence = "Tell me when the Porto half marathon opens registration"
    [created] = await run(deps, ("CREATE_MONITOR", {"sentence": sentence}))
    monitor = ok(created)["monitor"]
    assert (monitor["query"], monitor["state"], monitor["notify"]) == (sentence, "active", "once")
    # What `sentinel watch list` reads: the same table, the same record.
    async with deps.db.transaction() as tx:
        [stored] = await tx.monitors.find()
    assert (stored.id, stored.original_query, stored.action_criteria) == (
        monitor["id"],
        sentence,
        sentence,
    )
    assert stored.next_run_at is not None  # the engine runs it like any other
    [listed] = await run(deps, ("LIST_MONITORS", {"state": "active"}))
    assert [m["id"] for m in ok(listed)["monitors"]] == [stored.id]


async def test_monitor_actions_reach_only_the_owners_monitors(make_deps: DepsFactory) -> None:
    deps = make_deps(Script())
    [created] = await run(
        deps, ("CREATE_MONITOR", {"sentence": "Tell me when tickets drop", "name": "tickets"})
    )
    monitor = ok(created)["monitor"]["id"]
    listed, by_id, by_name, counted = await run(
        deps,
        ("LIST_MONITORS", {}),
        ("GET_MONITOR", {"monitor": monitor}),
        ("GET_MONITOR", {"monitor": "tickets"}),
        ("QUERY_STATE", {"sql": "SELECT count(*) AS n FROM monitors"}),
        owner="bob",
    )
    assert ok(listed)["monitors"] == []
    assert not by_id.ok
    assert not by_name.ok
    assert ok(counted)["rows"] == [[0]]
    async with deps.db.transaction(owner="alice") as tx:
        assert (await tx.monitors.get(monitor)).owner == "alice"


async def test_create_monitor_refuses_what_watch_add_refuses(make_deps: DepsFactory) -> None:
    deps = make_deps(Script())
    [bad] = await run(
        deps, ("CREATE_MONITOR", {"sentence": "Tell me when X", "notify": "sometimes"})
    )
    assert not bad.ok
    assert "notify" in (bad.error or "")
    async with deps.db.transaction() as tx:
        assert await tx.monitors.find() == []


async def test_get_monitor_shows_its_state_and_last_result(make_deps: DepsFactory) -> None:
    deps = make_deps(Script())
    [created] = await run(
        deps, ("CREATE_MONITOR", {"sentence": "Tell me when tickets drop", "name": "tickets"})
    )
    monitor_id = ok(created)["monitor"]["id"]
    async with deps.db.transaction() as tx:
        started = await tx.runs.start(monitor_id, scheduled_at=NOW, started_at=NOW)
        await tx.states.append(monitor_id, state={"price_eur": 79}, now=NOW, run_id=started.id)
        finished = await tx.runs.finish(started.id, RunEnding(RunStatus.SUCCEEDED), finished_at=NOW)
    [by_name, by_id, missing] = await run(
        deps,
        ("GET_MONITOR", {"monitor": "tickets"}),
        ("GET_MONITOR", {"monitor": monitor_id}),
        ("GET_MONITOR", {"monitor": "nope"}),
    )
    detail = ok(by_name)
    assert detail["state"] == {"price_eur": 79}
    assert detail["state_version"] == 1
    assert detail["last_result"] == last_result(finished)
    assert ok(by_id) == detail
    assert not missing.ok
    assert "nope" in (missing.error or "")


async def test_query_state_reads_monitor_state_and_refuses_writes_and_private_tables(
    make_deps: DepsFactory,
) -> None:
    deps = make_deps(Script())
    await run(deps, ("CREATE_MONITOR", {"sentence": "Tell me when it rains", "name": "rain"}))
    await deps.memories.create("alice", "secret")
    read, write, private = await run(
        deps,
        ("QUERY_STATE", {"sql": "SELECT name, state FROM monitors"}),
        ("QUERY_STATE", {"sql": "DELETE FROM monitors"}),
        ("QUERY_STATE", {"sql": "SELECT text FROM memories"}),
    )
    assert ok(read) == {"columns": ["name", "state"], "rows": [["rain", "active"]], "count": 1}
    assert not write.ok
    assert "DELETE" in (write.error or "")
    assert not private.ok
    assert "memories" in (private.error or "")
    async with deps.db.transaction() as tx:
        assert len(await tx.monitors.find()) == 1


async def test_research_runs_a_real_research_job_and_returns_its_report(
    make_deps: DepsFactory,
) -> None:
    index = LocalIndex()
    index.upsert_many(
        [
            Document("file:///notes/green.md", "Green tea", "Green tea is steamed after picking."),
            Document("file:///notes/black.md", "Black tea", "Black tea leaves are oxidised."),
        ]
    )
    nodes = NodeScript(plans=[research_plan("tea")], reports=[draft("Steamed [1]. Oxidised [2].")])
    questions: list[str] = []

    async def runner(question: str) -> dict[str, Any]:
        questions.append(question)
        async with ResearchTools.local(index) as tools:
            return report_payload(await run_research(question, tools, nodes.models))

    deps = make_deps(Script(), research=runner)
    [done] = await run(deps, ("RESEARCH", {"question": "How is tea made?"}))
    result = ok(done)
    assert questions == ["How is tea made?"]
    assert result["question"] == "How is tea made?"
    assert {s["url"] for s in result["report"]["sources"]} == {
        "file:///notes/green.md",
        "file:///notes/black.md",
    }
    assert result["queries"] == ["tea made"]  # the question's keywords: no planner call


async def test_a_failing_research_job_is_a_visible_error(make_deps: DepsFactory) -> None:
    async def empty_index(question: str) -> dict[str, Any]:
        from sentinel.research import EmptyIndexError

        raise EmptyIndexError("/nowhere/index")

    deps = make_deps(Script(), research=empty_index)
    [failed] = await run(deps, ("RESEARCH", {"question": "anything at all"}))
    assert not failed.ok
    assert "/nowhere/index" in (failed.error or "")


async def test_control_actions_return_their_signal(make_deps: DepsFactory) -> None:
    deps = make_deps(Script())
    outcomes = await run(
        deps,
        ("DONE", {"summary": "all set"}),
        ("NEED_MORE", {"missing": "dates"}),
        ("EXPLAIN", {"explanation": "because"}),
        ("WAIT_USER", {"question": "which one?"}),
        ("WAIT_USER", {}),
    )
    assert [ok(o) for o in outcomes[:4]] == [
        {"signal": "DONE", "text": "all set"},
        {"signal": "NEED_MORE", "text": "dates"},
        {"signal": "EXPLAIN", "text": "because"},
        {"signal": "WAIT_USER", "text": "which one?"},
    ]
    assert not outcomes[4].ok
    assert "question" in (outcomes[4].error or "")


def test_every_action_of_the_seed_is_in_the_catalogue() -> None:
    assert set(CATALOG) == {
        "SEARCH_MEMORIES",
        "CREATE_MEMORY",
        "UPDATE_MEMORY",
        "DELETE_MEMORY",
        "LINK_MEMORIES",
        "LIST_TASKS",
        "CREATE_TASK",
        "UPDATE_TASK",
        "DECOMPOSE_TASK",
        "CREATE_MONITOR",
        "LIST_MONITORS",
        "GET_MONITOR",
        "RESEARCH",
        "QUERY_STATE",
        "DONE",
        "NEED_MORE",
        "EXPLAIN",
        "WAIT_USER",
    }


def test_the_catalogue_shows_the_model_each_actions_parameters() -> None:
    assert CATALOG["CREATE_TASK"].prompt_line() == (
        '- CREATE_TASK(title: str, notes?: str, priority?: "low"|"medium"|"high", '
        "parent_id?: int): create a task"
    )
    assert CATALOG["GET_MONITOR"].prompt_line().startswith("- GET_MONITOR(monitor: int | str)")


async def test_a_plans_tags_are_made_into_tag_words_not_refused(make_deps: DepsFactory) -> None:
    deps = make_deps(Script())
    tags = ["wifi password", "#Cabin", "cabin", "!!!"]
    [made] = await run(
        deps, ("CREATE_MEMORY", {"text": "The wifi password is tulip42", "tags": tags})
    )
    assert sorted(ok(made)["memory"]["tags"]) == ["cabin", "wifi-password"]
    memory_id = ok(made)["memory"]["id"]
    [updated] = await run(deps, ("UPDATE_MEMORY", {"memory_id": memory_id, "tags": ["Home Net"]}))
    assert ok(updated)["memory"]["tags"] == ["home-net"]
