"""The JSON schema of a turn's one decision call, as a grammar a 0.5B model cannot leave.

``decision_type(entries, ...)`` is a :class:`~sentinel.assistant.chat.schemas.Decision`
subclass whose ``model_json_schema`` lists, for each allowed action, its name as a constant
and its own parameters' schema: on llama.cpp (``response_format`` json_schema) the model can
only write a known action with parameters of the right names and types, so "A" or
``{"owner": ...}`` are never sampled. The schema is flattened for llama.cpp's converter:
``$ref`` inlined, tuple forms (``prefixItems``) turned into plain arrays, titles and
descriptions dropped, and long ``maxLength`` bounds removed (a bound of thousands of
characters becomes a grammar of thousands of rules; the parameters' own validation still
applies when the action runs).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sentinel.assistant.chat.actions import ActionEntry
from sentinel.assistant.chat.personas import Persona
from sentinel.assistant.chat.schemas import MAX_REASONING, MAX_SUGGESTION, Decision

GRAMMAR_MAX_LENGTH = 400
"""String bounds above this are left to validation, not to the grammar."""
_DROPPED = frozenset({"title", "description", "examples", "default"})


def flatten(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with its ``$defs`` inlined and the forms llama.cpp chokes on simplified."""
    defs = schema.get("$defs", {})

    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(item) for item in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            name = str(node["$ref"]).rsplit("/", 1)[-1]
            return walk(defs[name])
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in _DROPPED or key == "$defs":
                continue
            if key == "maxLength" and isinstance(value, int) and value > GRAMMAR_MAX_LENGTH:
                continue
            if key == "prefixItems":  # a tuple: any of its item types, as a plain array
                out["items"] = {"anyOf": walk(value)}
                continue
            if key == "properties":
                out[key] = {name: walk(sub) for name, sub in value.items()}
                continue
            out[key] = walk(value)
        if node.get("type") == "array" and "prefixItems" in node:
            out.pop("minItems", None)
            out.pop("maxItems", None)
        return out

    return dict(walk(schema))


def action_schema(entry: ActionEntry) -> dict[str, Any]:
    """One allowed step: ``{"action": NAME, "parameters": {...}}``."""
    params = flatten(entry.params.model_json_schema())
    params["additionalProperties"] = False
    params.setdefault("properties", {})
    return {
        "type": "object",
        "properties": {"action": {"const": entry.name}, "parameters": params},
        "required": ["action", "parameters"],
        "additionalProperties": False,
    }


def decision_schema(
    entries: Sequence[ActionEntry], max_actions: int, suggestions: int
) -> dict[str, Any]:
    """The decision's schema: persona, confidence, reasoning, the plan, the suggestions."""
    properties: dict[str, Any] = {
        "persona": {"enum": [p.value for p in Persona]},
        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        "reasoning": {"type": "string", "maxLength": MAX_REASONING},
        "actions": {
            "type": "array",
            "items": {"anyOf": [action_schema(entry) for entry in entries]},
            "minItems": 1,
            "maxItems": max_actions,
        },
    }
    required = ["persona", "confidence", "reasoning", "actions"]
    if suggestions:
        properties["suggestions"] = {
            "type": "array",
            "items": {"type": "string", "maxLength": MAX_SUGGESTION},
            "maxItems": suggestions,
        }
        required.append("suggestions")
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def decision_type(
    entries: Sequence[ActionEntry], max_actions: int, suggestions: int
) -> type[Decision]:
    """A ``Decision`` whose JSON schema allows exactly ``entries`` (named ``Decision``, so a
    script keys its replies by that name)."""
    schema = decision_schema(entries, max_actions, suggestions)

    class AllowedDecision(Decision):
        @classmethod
        def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
            return schema

    AllowedDecision.__name__ = AllowedDecision.__qualname__ = "Decision"
    return AllowedDecision
