"""The decision's grammar: every allowed action with its own parameters, flattened for
llama.cpp's JSON-schema converter."""

from __future__ import annotations

import json
from typing import Any

from sentinel.assistant.chat.actions import CATALOG
from sentinel.assistant.chat.grammar import GRAMMAR_MAX_LENGTH, decision_type, flatten
from sentinel.assistant.chat.schemas import Decision


def _walk(node: Any) -> list[dict[str, Any]]:
    if isinstance(node, list):
        return [n for item in node for n in _walk(item)]
    if isinstance(node, dict):
        return [node, *(n for value in node.values() for n in _walk(value))]
    return []


def test_the_schema_lists_each_allowed_action_with_its_parameters() -> None:
    allowed = [CATALOG[name] for name in ("CREATE_MEMORY", "CREATE_TASK", "DONE")]
    output = decision_type(allowed, max_actions=4, suggestions=2)
    assert output.__name__ == "Decision"
    assert issubclass(output, Decision)
    schema = output.model_json_schema()
    items = schema["properties"]["actions"]["items"]["anyOf"]
    assert [i["properties"]["action"]["const"] for i in items] == [
        "CREATE_MEMORY",
        "CREATE_TASK",
        "DONE",
    ]
    memory = items[0]["properties"]["parameters"]
    assert memory["required"] == ["text"]
    assert memory["additionalProperties"] is False  # no "owner", no invented names
    assert schema["properties"]["actions"]["maxItems"] == 4
    assert schema["properties"]["persona"]["enum"][0] == "CONFIDANT"


def test_the_schema_has_no_refs_tuples_or_long_bounds() -> None:
    schema = decision_type(list(CATALOG.values()), 8, 2).model_json_schema()
    text = json.dumps(schema)
    for form in ("$ref", "$defs", "prefixItems"):
        assert form not in text
    bounds = [n["maxLength"] for n in _walk(schema) if "maxLength" in n]
    assert bounds
    assert max(bounds) <= GRAMMAR_MAX_LENGTH


def test_flatten_inlines_refs_and_turns_tuples_into_arrays() -> None:
    kinds = [{"type": "string"}, {"type": "integer"}]
    pair = {"type": "array", "prefixItems": kinds, "minItems": 2, "maxItems": 2, "title": "P"}
    schema = {
        "$defs": {"Pair": pair},
        "type": "object",
        "properties": {
            "pair": {"$ref": "#/$defs/Pair"},
            "note": {"type": "string", "maxLength": 4000},
        },
    }
    assert flatten(schema) == {
        "type": "object",
        "properties": {
            "pair": {"type": "array", "items": {"anyOf": kinds}},
            "note": {"type": "string"},
        },
    }


def test_a_reply_validates_as_a_decision_from_any_provider() -> None:
    reply = {"persona": "guardian", "actions": [{"action": "list_tasks", "parameters": None}]}
    parsed = Decision.model_validate(reply)
    assert parsed.persona.value == "GUARDIAN"
    assert [(a.action, a.parameters) for a in parsed.actions] == [("LIST_TASKS", {})]
    assert Decision.model_validate([{"action": "DONE"}]).actions[0].action == "DONE"
