"""A two-turn conversation the scripted model plays in the browser and CLI tests (the docs'
docs/examples/chat-script.yaml scripts the same): the model's replies are scripted, everything
else is real."""

from __future__ import annotations

from tests.assistant.chat.conftest import Script, decision

ASK = "Remind me to call Ana on Sunday. She lives in Porto."
SUGGESTION = "Shall I list what to ask her?"


def conversation() -> Script:
    """The model's side of a two-turn conversation."""
    return Script(
        decisions=[
            decision(
                ("CREATE_MEMORY", {"text": "Ana lives in Porto", "tags": ["family"]}),
                ("CREATE_TASK", {"title": "Call Ana on Sunday"}),
                ("DONE", {}),
                persona="CONFIDANT",
                confidence=0.86,
                reasoning="The user keeps in touch with family.",
                suggestions=[SUGGESTION, "Should I watch flight prices to Porto?"],
            ),
            decision(
                ("LIST_TASKS", {}),
                ("DONE", {}),
                persona="MENTOR",
                confidence=0.7,
                reasoning="planning a talk",
                suggestions=["Add these topics to the task?"],
            ),
        ],
        texts=[
            "I will remember that Ana lives in Porto, and I added “Call Ana on Sunday” to "
            "your tasks.",
            "Ask her about the Porto half marathon and her new flat.",
        ],
    )
