"""Context: static text first, then components rendered from state at each step."""

from __future__ import annotations

import json

from sentinel.agents import ContextView, StateContext, ToolsContext
from tests.agents.scripted import ScriptedModel, make_app


def view_of(app, agent: str = "worker") -> ContextView:
    bound = app.agents[agent]
    return ContextView(agent, app.store.state, bound.get_agent_state(), bound.usable_actions())


def test_tools_context_lists_only_currently_available_actions_with_payload_schemas():
    app = make_app(
        ScriptedModel(),
        worker={"actions": ["add_note", "explode"], "initially_available": ["add_note"]},
    )
    text = ToolsContext().render(view_of(app))
    assert text.startswith("# Actions\nReply with exactly one JSON object")
    assert "- add_note — Append a note." in text
    assert "explode" not in text
    schema_line = next(line for line in text.splitlines() if "payload schema" in line)
    schema = json.loads(schema_line.split("payload schema: ", 1)[1])
    assert schema["properties"] == {"text": {"type": "string"}}
    assert schema["required"] == ["text"]
    assert "- finish — End your turn" in text
    assert text.index("add_note") < text.index("finish")  # sorted: stable prompt text


def test_state_context_renders_a_titled_section_or_nothing():
    app = make_app(ScriptedModel())
    notes = StateContext("Notes", lambda s: "\n".join(s.notes))
    assert notes.render(view_of(app)) == ""
    app.store.dispatch("add_note", text="first")
    assert notes.render(view_of(app)) == "# Notes\nfirst"


def test_the_prompt_is_static_context_then_components_in_order():
    app = make_app(
        ScriptedModel(),
        worker={
            "static_context": "You are careful.",
            "context": [
                StateContext("Request", lambda s: s.request),
                lambda view: f"# Status\n{view.agent_state.status}",
                ToolsContext(),
            ],
        },
    )
    app.store.dispatch("set_request", text="write a note")
    text = app.agents["worker"].render(app.store.state)
    sections = [part.split("\n", 1)[0] for part in text.split("\n\n")]
    assert sections == ["You are careful.", "# Request", "# Status", "# Actions"]


def test_static_context_may_be_a_function_called_once():
    calls = []

    def static() -> str:
        calls.append(1)
        return "fixed"

    app = make_app(ScriptedModel(), worker={"static_context": static})
    worker = app.agents["worker"]
    assert worker.render(app.store.state).startswith("fixed\n\n# Actions")
    worker.render(app.store.state)
    assert calls == [1]
