"""What the model answers at each structured step (grammar-constrained on llama.cpp).

The model never writes anything the code then trusts blindly: the persona is one of five
names, a plan is a list of action names with parameters that the runtime validates against
each action's own model before anything runs. One call per round answers all of it
(``Decision``); ``grammar`` builds the schema its decoding is constrained to.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

from sentinel.assistant.chat.personas import Persona

MAX_TEXT = 400
"""Explanations are brief; the bound is in the JSON schema, so a grammar keeps a small model
from rambling until it runs out of tokens."""


class PlannedAction(BaseModel):
    """One step of a plan: an action name, its parameters, why, and how sure."""

    model_config = ConfigDict(extra="ignore")

    action: str = Field(min_length=1, max_length=64)
    parameters: dict[str, Any] = Field(default_factory=dict)
    reasoning: str = Field(default="", max_length=MAX_TEXT)
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)

    @field_validator("action", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("parameters", mode="before")
    @classmethod
    def _none_is_empty(cls, value: Any) -> Any:
        # "parameters": null is how some models say "no parameters".
        return {} if value is None else value


MAX_REASONING = 120
"""The decision's reasoning is a sentence or two: every character is generated before the
actions run."""
MAX_SUGGESTION = 80


class Decision(BaseModel):
    """A round's one model call: the persona (read in the first round), how sure, why, the
    actions to run now, and next steps to offer the user.

    The grammar the model decodes under is ``grammar.decision_type``'s (every allowed action
    with its own parameters); this model validates what comes back from any provider. A bare
    array is read as the plan, as the seed's planner writes it.
    """

    model_config = ConfigDict(extra="ignore")

    persona: Persona = Persona.MIRROR
    confidence: float = Field(default=0.5, ge=0.0, le=1.0)
    reasoning: str = Field(default="", max_length=MAX_TEXT)
    actions: list[PlannedAction] = Field(default_factory=list, max_length=20)
    suggestions: list[Annotated[str, StringConstraints(max_length=MAX_TEXT)]] = Field(
        default_factory=list, max_length=10
    )

    @field_validator("persona", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        # Models write "mediator" as often as "MEDIATOR" (the seed's own example does).
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("suggestions", mode="before")
    @classmethod
    def _none_is_empty(cls, value: Any) -> Any:
        return [] if value is None else value

    @model_validator(mode="before")
    @classmethod
    def _bare_array(cls, value: Any) -> Any:
        return {"actions": value} if isinstance(value, list) else value


class Subtasks(BaseModel):
    """The steps of a task, when ``DECOMPOSE_TASK`` is not given them."""

    model_config = ConfigDict(extra="ignore")

    subtasks: list[Annotated[str, StringConstraints(max_length=500)]] = Field(
        min_length=1, max_length=20
    )
