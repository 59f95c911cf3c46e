"""What the model answers at each structured step (grammar-constrained on llama.cpp).

The model never writes anything the code then trusts blindly: the persona is one of five
names, a plan is a list of action names with parameters that the runtime validates against
each action's own model before anything runs.
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


class PersonaChoice(BaseModel):
    """The selector's answer (seed 003's ``agentic_persona_selection``)."""

    model_config = ConfigDict(extra="ignore")

    selected_mode: Persona
    confidence: float = Field(ge=0.0, le=1.0)
    reasoning: str = Field(default="", max_length=MAX_TEXT)

    @field_validator("selected_mode", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        # Models write "mediator" as often as "MEDIATOR" (the seed's own example does).
        return value.strip().upper() if isinstance(value, str) else value


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


class ActionPlan(BaseModel):
    """The planner's answer: the actions to run this iteration, in order.

    The seed asks for a bare JSON array; a grammar needs an object at the root, so the plan is
    ``{"actions": [...]}``, and a bare array is accepted too.
    """

    model_config = ConfigDict(extra="ignore")

    actions: list[PlannedAction] = Field(default_factory=list, max_length=20)

    @model_validator(mode="before")
    @classmethod
    def _bare_array(cls, value: Any) -> Any:
        return {"actions": value} if isinstance(value, list) else value


class Reflection(BaseModel):
    """The reflection step's answer (seed 003's ``agentic_needs_more``)."""

    model_config = ConfigDict(extra="ignore")

    needs_more: bool
    reason: str = Field(default="", max_length=MAX_TEXT)


class Suggestions(BaseModel):
    """Proactive next steps the user may take (questions or offers, never actions taken)."""

    model_config = ConfigDict(extra="ignore")

    suggestions: list[Annotated[str, StringConstraints(max_length=MAX_TEXT)]] = Field(
        default_factory=list, max_length=10
    )


class Subtasks(BaseModel):
    """The steps of a task, when ``DECOMPOSE_TASK`` is not given them."""

    model_config = ConfigDict(extra="ignore")

    subtasks: list[Annotated[str, StringConstraints(max_length=500)]] = Field(
        min_length=1, max_length=20
    )
