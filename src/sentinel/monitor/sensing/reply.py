"""What the sensor model is asked to reply: a ``report_state`` call, typed by the state it had.

The sensor sees the previous state's keys with null values (its values are withheld: a small
model copies them back). The *types* are not withheld: :func:`reply_model` types
``updated_state`` after the previous state, so a grammar-constrained model cannot answer
``"announced": "2025-09-06"`` where the state holds a boolean. Keys may be left out and new
keys added (a page may not say; a release date appears once a launch is announced): a reply
dumped with ``exclude_unset`` says exactly what the model said. A first run, with no previous
state, gets the open :class:`SensorReply`.

A monitor with a state schema (:mod:`sentinel.monitor.sensing.schema`: the fields its rule
reads and those its owner declared) gets a reply with exactly those keys instead, each
required, typed after its kind and nullable (the page may not say), and no other key: a
grammar-constrained model cannot report ``"Price"`` for ``price_usd``.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from functools import lru_cache
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, create_model

from sentinel.monitor.governing.rule_syntax import FieldKind
from sentinel.monitor.sensing.schema import StateSchema
from sentinel.monitor.workspace import QuoteRef

REPORT_MAX_TOKENS = 450


class ReportPayload(BaseModel):
    """The ``report_state`` payload as the model writes it (every key present, for a steady
    shape under the grammar)."""

    updated_state: dict[str, Any] = Field(description="Facts about the mission, flat.")
    # Bounds become grammar limits on a local model: a small model that rambles is cut short.
    evidence: list[QuoteRef] = Field(
        max_length=3, description="Verbatim quotes with their page numbers."
    )
    volatility_hint: str | None = Field(max_length=60, description="How soon this may change.")
    query_update: str | None = Field(max_length=150, description="A better query, or null.")


class SensorReply(BaseModel):
    """The one answer asked of the model: a ``report_state`` action call."""

    action: str = Field(description='The action to run: "report_state".')
    payload: ReportPayload

    state_keys: ClassVar[tuple[str, ...] | None] = None
    """The exact keys of ``updated_state`` when a state schema fixes them, else None."""


def reply_model(
    previous: Mapping[str, Any] | None, schema: StateSchema | None = None
) -> type[SensorReply]:
    """The reply to ask for when the previous state was ``previous``: with a ``schema``,
    exactly its fields (see the module documentation); else :class:`SensorReply` with
    ``updated_state``'s previous keys each typed as its value was (booleans, numbers, text,
    objects, lists; a null value admits anything), all optional and nullable, new keys
    allowed."""
    if schema is not None:
        return _schema_reply(tuple((item.name, item.kind) for item in schema.fields))
    if not previous:
        return SensorReply
    return _typed_reply(tuple((str(key), _kind(value)) for key, value in previous.items()))


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, list):
        return "list"
    return "any"


_TYPES: dict[str, Any] = {
    "boolean": bool | None,
    "number": int | float | None,
    "text": str | None,
    "object": dict[str, Any] | None,
    "list": list[Any] | None,
    "any": Any,
}


@lru_cache(maxsize=256)
def _typed_reply(shape: tuple[tuple[str, str], ...]) -> type[SensorReply]:
    # Keys become aliases of neutral field names: a state key may be any text ("Monday",
    # "model_name", "json") and must never clash with a pydantic attribute.
    fields: dict[str, Any] = {
        f"field_{index}": (_TYPES[kind], Field(default=None, alias=key))
        for index, (key, kind) in enumerate(shape)
    }
    state = create_model(
        "ReportedState",
        __config__=ConfigDict(extra="allow", populate_by_name=True),
        **fields,
    )
    payload = create_model(
        "TypedReportPayload",
        __base__=ReportPayload,
        updated_state=(state, Field(description="Facts about the mission: the same keys.")),
    )
    return create_model("TypedSensorReply", __base__=SensorReply, payload=(payload, ...))


_SCHEMA_TYPES: dict[FieldKind, Any] = {
    "number": int | float | None,
    "string": str | None,
    "boolean": bool | None,
    "date": date | None,
    "list": list[str | int | float | bool] | None,
    "any": Any,
}


@lru_cache(maxsize=1024)
def _schema_reply(fields: tuple[tuple[str, FieldKind], ...]) -> type[SensorReply]:
    # Required (no default) and nullable: the model must say each field, null when the
    # pages do not; aliased like _typed_reply's keys.
    typed: dict[str, Any] = {
        f"field_{index}": (_SCHEMA_TYPES[kind], Field(alias=name))
        for index, (name, kind) in enumerate(fields)
    }
    state = create_model(
        "SchemaState",
        __config__=ConfigDict(extra="forbid", populate_by_name=True),
        **typed,
    )
    payload = create_model(
        "SchemaReportPayload",
        __base__=ReportPayload,
        updated_state=(state, Field(description="The state: exactly these keys.")),
    )
    reply = create_model("SchemaSensorReply", __base__=SensorReply, payload=(payload, ...))
    reply.state_keys = tuple(name for name, _ in fields)
    return reply


def conform_state(state: Mapping[str, Any], reply: type[BaseModel] | None) -> dict[str, Any]:
    """``state`` as ``reply`` admits it: exactly its fixed keys (null where ``state`` has no
    value) when a state schema fixes them, else all of ``state``. For stand-ins of a model
    (the scripted demo, the benchmark's oracle) that know more than the schema asks, as a
    grammar-constrained model would answer."""
    if reply is None or not issubclass(reply, SensorReply) or reply.state_keys is None:
        return dict(state)
    return {key: state.get(key) for key in reply.state_keys}
