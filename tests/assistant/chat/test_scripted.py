"""``SENTINEL_LLM=scripted`` without a script: the chat's built-in scripted model gives a
sensible turn (a memory stored whole, an action, an answer)."""

from __future__ import annotations

import pytest

from sentinel.assistant.chat.deps import ChatDeps
from sentinel.assistant.chat.scripted import answer, block, decide
from sentinel.storage import Database
from tests.assistant.chat.conftest import content, named, run_turn


def test_decisions_follow_the_query() -> None:
    def plan(query: str) -> list[str]:
        return [a["action"] for a in decide(f"<query>\n{query}\n</query>")["actions"]]

    assert plan("Remember that my sister Ana lives in Porto") == ["CREATE_MEMORY", "DONE"]
    assert plan("Remind me to call Ana on Sunday") == ["CREATE_TASK", "DONE"]
    assert plan("Tell me when the price drops") == ["CREATE_MONITOR", "DONE"]
    assert plan("What are my tasks?") == ["LIST_TASKS"]
    assert plan("Where does Ana live?") == ["SEARCH_MEMORIES"]
    assert plan("Hello") == ["DONE"]
    later = "<query>\nWhat are my tasks?\n</query>\n<previous_results>\nx\n</previous_results>"
    assert [a["action"] for a in decide(later)["actions"]] == ["DONE"]


def test_answers_read_the_prompt() -> None:
    assert block("<done>\n(none)\n</done>", "done") == ""
    results = '<results>\nSEARCH_MEMORIES ok: {"hits": [{"memory": {"text": "Ana lives in Porto."}}]}\n</results>'  # noqa: E501
    assert answer(results) == "Here is what I found: Ana lives in Porto."
    assert answer("<memories>\n[memory 3] Bob hates cilantro.\n</memories>") == (
        "From your memories: Bob hates cilantro."
    )


async def test_a_chat_turn_on_the_built_in_scripted_model(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SENTINEL_LLM", "scripted")
    monkeypatch.delenv("SENTINEL_LLM_SCRIPT", raising=False)
    monkeypatch.delenv("SENTINEL_LLM_ASSISTANT", raising=False)
    deps = ChatDeps.open(db, embedder=None)
    events = await run_turn(
        deps, "Remember that my sister Ana lives in Porto and loves running", owner="local"
    )
    assert named(events, "error") == []
    memories = await deps.memories.list("local")
    assert [m.text for m in memories] == ["My sister Ana lives in Porto and loves running."]
    assert content(events).startswith("I saved this to your memories: “My sister Ana")
    assert named(events, "suggestions") == [{"suggestions": ["Shall I add a task about this?"]}]
    asked = await run_turn(deps, "Where does my sister Ana live?", owner="local")
    assert "Porto" in content(asked)
