"""Store actions as an agent sees them: bound, described, and validated before dispatch.

A ``BoundAction`` pairs the name the model writes with the store action it runs. For an app's
own actions both names are the same; the runtime's per-agent built-ins (``finish``) are
registered in the store under a name qualified by the agent (``translator.finish``) but the
model just writes ``finish``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from pydantic import BaseModel, ValidationError

from sentinel.agents.errors import InvalidPayload
from sentinel.store import ActionSpec, Delta, Store


@dataclass(frozen=True)
class ActionCall:
    """A request to run a store action: its name and raw (not yet validated) payload.

    The model's reply parses into one; an orchestration rule returns them.
    """

    action: str
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class BoundAction:
    """A store action an agent may call: ``await bound(payload)`` dispatches it."""

    name: str
    store_action: str
    spec: ActionSpec
    store: Store[Any]

    @property
    def payload_model(self) -> type[BaseModel]:
        """The pydantic model a payload must satisfy (built by the store from the signature)."""
        return self.spec.payload_model

    @property
    def description(self) -> str:
        """The first paragraph of the action function's docstring, shown to the model."""
        return " ".join(self.spec.description.split("\n\n", 1)[0].split())

    def payload_schema(self) -> dict[str, Any]:
        """The payload's JSON schema without pydantic's generated titles (noise for a model)."""
        return _payload_schema(self.payload_model)

    def validate(self, payload: Mapping[str, Any]) -> BaseModel:
        """Validate a raw payload; unexpected keys are errors too, so the model learns of them."""
        fields = self.payload_model.model_fields
        unexpected = sorted(set(payload) - set(fields))
        if unexpected:
            raise InvalidPayload(
                self.name,
                dict(payload),
                f"unexpected field(s) {unexpected}; expected {list(fields)}",
            )
        try:
            return self.payload_model.model_validate(dict(payload))
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(part) for part in err['loc']) or '(payload)'}: {err['msg']}"
                for err in exc.errors()
            )
            raise InvalidPayload(self.name, dict(payload), problems) from exc

    @cached_property
    def prompt_entry(self) -> str:
        """This action for a prompt: name, what it does, payload schema.

        Cached because it is rendered at every step and pydantic's schema generation costs
        about a millisecond, more than the rest of a step.
        """
        schema = self.payload_schema()
        shown = json.dumps(schema, separators=(",", ":")) if schema.get("properties") else "{}"
        description = f" — {self.description}" if self.description else ""
        return f"- {self.name}{description}\n  payload schema: {shown}"

    async def __call__(self, payload: BaseModel) -> Delta:
        """Dispatch the action (sync or async) with a validated payload; returns the delta."""
        # Field values, not model_dump(): nested models and dataclasses keep their types.
        arguments = {name: getattr(payload, name) for name in type(payload).model_fields}
        return await self.store.dispatch_async(self.store_action, **arguments)


def _without_titles(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {
            key: _without_titles(value)
            for key, value in schema.items()
            if not (key == "title" and isinstance(value, str))
        }
    if isinstance(schema, list):
        return [_without_titles(item) for item in schema]
    return schema


@lru_cache(maxsize=1024)
def _payload_schema(model: type[BaseModel]) -> dict[str, Any]:
    """``model``'s JSON schema without titles, built once per model and process (shared:
    callers must not modify it)."""
    schema: dict[str, Any] = _without_titles(model.model_json_schema())
    return schema
