"""An explicit "remember that …" stores the user's whole statement, whatever the plan says."""

from __future__ import annotations

import pytest

from sentinel.assistant.chat.intents import (
    asks_for_tasks,
    drop_known,
    enforce,
    requested_task,
    stated_fact,
)
from sentinel.assistant.chat.schemas import PlannedAction
from tests.assistant.chat.conftest import DepsFactory, Script, decision, run_turn

QUERY = "Remember that my sister Ana lives in Porto and loves running"
FACT = "My sister Ana lives in Porto and loves running."


@pytest.mark.parametrize(
    ("query", "fact"),
    [
        (QUERY, FACT),
        ("please remember: the wifi password is tulip42", "The wifi password is tulip42."),
        ("Don’t forget that Bob hates cilantro!", "Bob hates cilantro."),
        ("What is the weather?", None),
        ("Remember this", None),
        ("Remember to buy milk", None),  # a task, not a fact
    ],
)
def test_the_stated_fact_is_read_from_the_request(query: str, fact: str | None) -> None:
    assert stated_fact(query) == fact


def test_a_fragment_is_replaced_by_the_whole_fact_and_the_rest_kept() -> None:
    fragment = {"text": "Ana loves running", "tags": ["x"]}
    plan = [
        PlannedAction(action="CREATE_MEMORY", parameters=fragment),
        PlannedAction(action="DONE"),
    ]
    fixed = enforce(QUERY, plan, remembered=False)
    assert fixed[0].parameters == {"text": FACT, "tags": ["x"]}
    assert fixed[1].action == "DONE"


def test_a_fuller_text_is_kept_and_a_missing_memory_is_added_once() -> None:
    text = "The user's sister Ana lives in Porto and loves running"
    fuller = PlannedAction(action="CREATE_MEMORY", parameters={"text": text})
    assert enforce(QUERY, [fuller], remembered=False) == [fuller]
    added = enforce(QUERY, [PlannedAction(action="DONE")], remembered=False)
    assert [(s.action, s.parameters) for s in added] == [
        ("CREATE_MEMORY", {"text": FACT}),
        ("DONE", {}),
    ]
    assert enforce(QUERY, [], remembered=True) == []
    assert enforce("The weather is nice.", [], remembered=False) == []


async def test_the_turn_stores_the_whole_fact_when_the_plan_stores_a_fragment(
    make_deps: DepsFactory,
) -> None:
    script = Script(decisions=[decision(("CREATE_MEMORY", {"text": "Ana loves running."}))])
    deps = make_deps(script)
    await run_turn(deps, QUERY)
    assert [m.text for m in await deps.memories.list("alice")] == [FACT]


@pytest.mark.parametrize(
    ("query", "title"),
    [
        ("Remind me to call Ana on Sunday", "Call Ana on Sunday"),
        ("Remind me to call Ana on Sunday. She lives in Porto.", "Call Ana on Sunday"),
        ("please remind me to buy milk.", "Buy milk"),
        ("Don't forget to water the plants", "Water the plants"),
        ("Could you add a task to renew my passport?", "Renew my passport"),
        ("add renew passport to my to-do list", "Renew passport"),
        ("Remember that my sister Ana lives in Porto", None),  # a fact, not a task
        ("Remind me", None),
        ("What are my open tasks?", None),
    ],
)
def test_the_requested_task_is_read_from_the_request(query: str, title: str | None) -> None:
    assert requested_task(query) == title


def test_a_reminder_planned_as_a_memory_becomes_the_task() -> None:
    query = "Remind me to call Ana on Sunday"
    memory = PlannedAction(action="CREATE_MEMORY", parameters={"text": "Call Ana on Sunday"})
    unrelated = PlannedAction(action="SEARCH_MEMORIES", parameters={"query": "Ana"})
    fixed = enforce(query, [memory, unrelated], remembered=False)
    assert [(s.action, s.parameters) for s in fixed] == [
        ("CREATE_TASK", {"title": "Call Ana on Sunday"}),
        ("SEARCH_MEMORIES", {"query": "Ana"}),
    ]
    planned = PlannedAction(action="CREATE_TASK", parameters={"title": "Call Ana", "notes": "x"})
    assert enforce(query, [planned], remembered=False) == [planned]
    added = enforce(query, [PlannedAction(action="DONE")], remembered=False)
    assert [s.action for s in added] == ["CREATE_TASK", "DONE"]
    assert enforce(query, [], remembered=False, tasked=True) == []


@pytest.mark.parametrize(
    ("query", "params"),
    [
        ("What are my open tasks?", {"status": "open"}),
        ("Show my to-do list", {}),
        ("Do I have any reminders today?", {}),
        ("Where does my sister live?", None),
        ("List the monitors", None),
    ],
)
def test_a_question_about_tasks_lists_them(query: str, params: dict[str, str] | None) -> None:
    assert asks_for_tasks(query) == params
    plan = [PlannedAction(action="SEARCH_MEMORIES", parameters={"query": "tasks"})]
    fixed = enforce(query, plan, remembered=False)
    if params is None:
        assert fixed == plan
    else:
        assert [(s.action, s.parameters) for s in fixed] == [
            ("LIST_TASKS", params),
            *[(s.action, s.parameters) for s in plan],
        ]
        assert enforce(query, fixed, remembered=False) == fixed
        junk = PlannedAction(action="LIST_TASKS", parameters={"parent_id": 1})
        assert enforce(query, [junk], remembered=False) == fixed[:1]
        writes = [
            PlannedAction(action="CREATE_TASK", parameters={"title": "Open tasks"}),
            PlannedAction(action="DELETE_MEMORY", parameters={"memory_id": 4}),
        ]
        assert enforce(query, writes, remembered=False) == fixed[:1]


async def test_the_turn_creates_the_task_a_reminder_asks_for(make_deps: DepsFactory) -> None:
    planned = ("CREATE_MEMORY", {"text": "Call Ana on Sunday"})
    deps = make_deps(Script(decisions=[decision(planned)]))
    await run_turn(deps, "Remind me to call Ana on Sunday")
    assert [t.title for t in await deps.tasks.list("alice")] == ["Call Ana on Sunday"]
    assert await deps.memories.list("alice") == []


def test_a_fact_filed_again_as_a_task_is_dropped() -> None:
    query = "Remember that the wifi password at the cabin is tulip42"
    plan = [
        PlannedAction(action="CREATE_MEMORY", parameters={"text": "wifi password tulip42"}),
        PlannedAction(action="CREATE_TASK", parameters={"title": "Cabin wifi password tulip42"}),
        PlannedAction(action="CREATE_TASK", parameters={"title": "Buy a router"}),
    ]
    fixed = enforce(query, plan, remembered=False)
    assert [(s.action, s.parameters) for s in fixed] == [
        ("CREATE_MEMORY", {"text": "The wifi password at the cabin is tulip42."}),
        ("CREATE_TASK", {"title": "Buy a router"}),
    ]


def test_a_memory_already_held_is_not_stored_again() -> None:
    known = ["My sister Ana lives in Porto and loves running."]
    again = PlannedAction(action="CREATE_MEMORY", parameters={"text": "Ana lives in Porto"})
    new = PlannedAction(action="CREATE_MEMORY", parameters={"text": "Ana moved to Lisbon"})
    search = PlannedAction(action="SEARCH_MEMORIES", parameters={"query": "Ana"})
    assert drop_known([again, new, search], known) == [new, search]
    assert drop_known([again], []) == [again]


def test_a_question_whose_plan_reads_nothing_searches_the_memories() -> None:
    query = "Where does my sister live?"
    stored = PlannedAction(action="CREATE_MEMORY", parameters={"text": query})
    fixed = enforce(query, [stored, PlannedAction(action="DONE")], remembered=False)
    assert [(s.action, s.parameters) for s in fixed] == [
        ("SEARCH_MEMORIES", {"query": query}),
        ("DONE", {}),
    ]
    reads = [PlannedAction(action="QUERY_STATE", parameters={"sql": "SELECT 1"})]
    assert enforce("What did my monitors find?", reads, remembered=False) == reads
    # A request phrased as a question is not one.
    add = [PlannedAction(action="CREATE_TASK", parameters={"title": "Buy milk"})]
    assert enforce("Can you add buy milk?", add, remembered=False) == add
    assert enforce("Do you remember to water the plants?", add, remembered=False) == add
