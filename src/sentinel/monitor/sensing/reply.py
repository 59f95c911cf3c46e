"""What the sensor model is asked to reply: a ``report_state`` call, typed by the state it had.

The sensor sees the previous state's keys with null values (its values are withheld: a small
model copies them back). The *types* are not withheld: :func:`reply_model` types
``updated_state`` after the previous state, so a grammar-constrained model cannot answer
``"announced": "2025-09-06"`` where the state holds a boolean. Keys may be left out and new
keys added (a page may not say; a release date appears once a launch is announced): a reply
dumped with ``exclude_unset`` says exactly what the model said. A first run, with no previous
state, gets the open :class:`SensorReply`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, create_model

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


def reply_model(previous: Mapping[str, Any] | None) -> type[SensorReply]:
    """The reply to ask for when the previous state was ``previous``: :class:`SensorReply`
    with ``updated_state``'s previous keys each typed as its value was (booleans, numbers,
    text, objects, lists; a null value admits anything), all optional and nullable, new keys
    allowed."""
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
