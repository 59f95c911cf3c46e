"""An explicit "remember that …" stores the user's whole statement, whatever the plan says."""

from __future__ import annotations

import pytest

from sentinel.assistant.chat.intents import enforce, stated_fact
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
    assert enforce("What is the weather?", [], remembered=False) == []


async def test_the_turn_stores_the_whole_fact_when_the_plan_stores_a_fragment(
    make_deps: DepsFactory,
) -> None:
    script = Script(decisions=[decision(("CREATE_MEMORY", {"text": "Ana loves running."}))])
    deps = make_deps(script)
    await run_turn(deps, QUERY)
    assert [m.text for m in await deps.memories.list("alice")] == [FACT]
