"""Deterministic example values for a JSON schema, so a scripted model can answer any
``output=`` type (like pydantic-ai's TestModel)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from sentinel.errors import InvalidInput

_FORMAT_EXAMPLES: dict[str, str] = {
    "date": "2024-01-01",
    "date-time": "2024-01-01T00:00:00Z",
    "time": "00:00:00",
    "email": "user@example.com",
    "uri": "https://example.com/",
    "uuid": "00000000-0000-4000-8000-000000000000",
    "duration": "P1D",
    "ipv4": "127.0.0.1",
}


def fill_model(output: type[BaseModel]) -> dict[str, Any]:
    """A JSON object that validates as ``output`` (every property filled, minimal values)."""
    schema = output.model_json_schema()
    value = fill_schema(schema, schema.get("$defs", {}))
    if not isinstance(value, dict):
        raise InvalidInput("output", output, "expected an object schema")
    return value


def fill_schema(schema: dict[str, Any], defs: dict[str, Any], depth: int = 0) -> Any:
    """An example value for ``schema``; ``defs`` resolves ``$ref``s."""
    if depth > 20:
        raise InvalidInput("schema", schema, "nested too deeply (recursive without a base case?)")
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return fill_schema(defs[name], defs, depth + 1)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    if "default" in schema:
        return schema["default"]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            options = [s for s in schema[key] if s.get("type") != "null"] or schema[key]
            return fill_schema(options[0], defs, depth + 1)
    if "allOf" in schema:
        return fill_schema(schema["allOf"][0], defs, depth + 1)
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    return _fill_type(kind, schema, defs, depth)


def _fill_type(kind: str, schema: dict[str, Any], defs: dict[str, Any], depth: int) -> Any:
    if kind == "object":
        properties: dict[str, Any] = schema.get("properties", {})
        return {name: fill_schema(sub, defs, depth + 1) for name, sub in properties.items()}
    if kind == "array":
        count = max(1, schema.get("minItems", 1))
        items = schema.get("items", {})
        return [fill_schema(items, defs, depth + 1) for _ in range(count)]
    if kind == "string":
        example = _FORMAT_EXAMPLES.get(schema.get("format", ""), "a")
        return example.ljust(schema.get("minLength", 0), "a")
    if kind == "integer":
        return int(_number(schema))
    if kind == "number":
        return float(_number(schema))
    if kind == "boolean":
        return False
    if kind == "null":
        return None
    raise InvalidInput("schema.type", kind, "unknown JSON schema type")


def _number(schema: dict[str, Any]) -> float:
    if "minimum" in schema:
        return float(schema["minimum"])
    if "exclusiveMinimum" in schema:
        return float(schema["exclusiveMinimum"]) + 1
    if "maximum" in schema and schema["maximum"] < 0:
        return float(schema["maximum"])
    if "exclusiveMaximum" in schema and schema["exclusiveMaximum"] <= 0:
        return float(schema["exclusiveMaximum"]) - 1
    return 0.0
