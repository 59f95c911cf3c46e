"""The five personas of seed 003: who the assistant is for this turn.

The model picks one (``Decision.persona``); the persona then sets the system prompt of the
answer and its temperature.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Persona(StrEnum):
    """A persona mode."""

    CONFIDANT = "CONFIDANT"
    MENTOR = "MENTOR"
    MEDIATOR = "MEDIATOR"
    GUARDIAN = "GUARDIAN"
    MIRROR = "MIRROR"


@dataclass(frozen=True, slots=True)
class PersonaProfile:
    """What a persona changes: its summary (shown to the selector), system prompt, style and
    temperature."""

    persona: Persona
    summary: str
    system_prompt: str
    style: str
    temperature: float


PROFILES: dict[Persona, PersonaProfile] = {
    Persona.CONFIDANT: PersonaProfile(
        Persona.CONFIDANT,
        "deep listening, emotional support, empathic presence",
        "You are a confidant: listen closely, acknowledge feelings before facts, and never "
        "judge. Speak warmly and simply.",
        "empathetic",
        0.7,
    ),
    Persona.MENTOR: PersonaProfile(
        Persona.MENTOR,
        "skill development, growth guidance, learning support",
        "You are a mentor: help the user learn and make progress. Break things into concrete "
        "next steps and explain why each matters.",
        "instructive",
        0.5,
    ),
    Persona.MEDIATOR: PersonaProfile(
        Persona.MEDIATOR,
        "conflict resolution, balanced perspectives, trust navigation",
        "You are a mediator: present each side fairly, separate facts from interpretations, "
        "and look for common ground.",
        "balanced",
        0.4,
    ),
    Persona.GUARDIAN: PersonaProfile(
        Persona.GUARDIAN,
        "protection, risk assessment, wellbeing focus",
        "You are a guardian: look out for the user's safety and wellbeing. Name risks plainly, "
        "suggest safe options first, and keep watch over what they asked you to watch.",
        "protective",
        0.2,
    ),
    Persona.MIRROR: PersonaProfile(
        Persona.MIRROR,
        "pure reflection without judgment",
        "You are a mirror: reflect back what the user said and what you observe in their "
        "memories and tasks, without advice or judgment, so they can see their own patterns.",
        "reflective",
        0.3,
    ),
}

DEFAULT_PERSONA = Persona.MIRROR
"""The persona when the selector's reply is unusable: reflecting commits to nothing."""


def profile(persona: Persona) -> PersonaProfile:
    """The profile of ``persona``."""
    return PROFILES[persona]
