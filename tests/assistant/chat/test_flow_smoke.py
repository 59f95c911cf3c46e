"""A whole turn on the scripted model: the event sequence of the contract."""

from __future__ import annotations

from tests.assistant.chat.conftest import (
    DepsFactory,
    Script,
    content,
    decision,
    named,
    run_turn,
)


async def test_a_turn_streams_status_reasoning_content_suggestions_receipt_then_done(
    make_deps: DepsFactory,
) -> None:
    script = Script(decisions=[decision(("CREATE_TASK", {"title": "Learn Rust"}))])
    deps = make_deps(script)
    events = await run_turn(deps, "Help me learn Rust")
    names = [e.event for e in events]
    assert names[-1] == "done"
    assert names[0] == "status"
    assert "error" not in names, named(events, "error")
    assert content(events) == "I added the task “Learn Rust”.\n\nHere is what I found."
    assert named(events, "suggestions") == [{"suggestions": ["Shall I add a task?"]}]
    [receipt] = named(events, "receipt")
    assert receipt["seq"] == 1
    tasks = await deps.tasks.list("alice")
    assert [t.title for t in tasks] == ["Learn Rust"]
    assert named(events, "done")[0]["iterations"] == 1
