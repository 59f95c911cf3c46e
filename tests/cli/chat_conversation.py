"""A two-turn conversation the scripted model plays in the browser and CLI tests (the docs'
docs/examples/chat-script.yaml scripts the same): the model's replies are scripted, everything
else is real."""

from __future__ import annotations

from tests.assistant.chat.conftest import Script

ASK = "Remind me to call Ana on Sunday. She lives in Porto."
SUGGESTION = "Shall I list what to ask her?"


def conversation() -> Script:
    """The model's side of a two-turn conversation."""
    return Script(
        persona=[
            {
                "selected_mode": "CONFIDANT",
                "confidence": 0.86,
                "reasoning": "The user keeps in touch with family.",
            },
            {"selected_mode": "MENTOR", "confidence": 0.7, "reasoning": "planning a talk"},
        ],
        plans=[
            {
                "actions": [
                    {
                        "action": "CREATE_MEMORY",
                        "parameters": {"text": "Ana lives in Porto", "tags": ["family"]},
                    },
                    {"action": "CREATE_TASK", "parameters": {"title": "Call Ana on Sunday"}},
                ]
            },
            {"actions": [{"action": "LIST_TASKS", "parameters": {}}]},
        ],
        texts=[
            "Ana is family: remember where she lives and add the call as a task.",
            "I will remember that Ana lives in Porto, and I added “Call Ana on Sunday” to "
            "your tasks.",
            "The user wants topics for the call.",
            "Ask her about the Porto half marathon and her new flat.",
        ],
        suggestions=[
            {"suggestions": [SUGGESTION, "Should I watch flight prices to Porto?"]},
            {"suggestions": ["Add these topics to the task?"]},
        ],
    )
