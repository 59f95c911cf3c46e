"""Every prompt of a turn (seed 003's templates), as functions of what the step knows.

Static instructions come first (a stable prefix providers can cache), the turn's data last,
delimited, so that a memory or a page cannot pass for an instruction.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from sentinel.assistant.chat.personas import PROFILES, PersonaProfile
from sentinel.llm import Message

PERSONA_SYSTEM = (
    "You are the persona selector of a personal assistant. Based on the user's query and "
    "context, choose the SINGLE most appropriate persona mode.\n\nAvailable personas:\n"
    + "\n".join(f"{n}. {p.persona.value} - {p.summary}" for n, p in enumerate(PROFILES.values(), 1))
    + '\n\nReturn JSON: {"selected_mode": "MODE_NAME", "confidence": 0.0-1.0, '
    '"reasoning": "brief explanation"}'
)

ASSISTANT_BASE = (
    "You are Sentinel's assistant. You remember what the user tells you (memories), keep "
    "their tasks, watch the web for them (monitors: 'tell me when ...'), research questions "
    "and query what monitors found. Use only the data given below; say so when you do not "
    "know."
)

PLANNING_SYSTEM = (
    "You plan the actions that answer the user's query. Return JSON: "
    '{"actions": [{"action": "NAME", "parameters": {...}, "reasoning": "why", '
    '"confidence": 0.0-1.0}]}. Use only action names from the list, with their parameters. '
    "Plan only what is needed; independent actions run at the same time. When nothing needs "
    'doing, plan [{"action": "DONE", "parameters": {}}].'
)

REFLECTION_SYSTEM = (
    "You check whether the results gathered so far are enough to answer the user's query. "
    'Return JSON: {"needs_more": true|false, "reason": "brief explanation"}. Answer true only '
    "when another round of actions would find something the results lack."
)

SUGGESTIONS_SYSTEM = (
    "You propose short next steps the user might want, as questions or offers (never as "
    'things already done). Return JSON: {"suggestions": ["...", "..."]}.'
)

SUBTASKS_SYSTEM = (
    "You break a task into a few concrete, ordered steps (2 to 6), each a short imperative "
    'title. Return JSON: {"subtasks": ["...", "..."]}.'
)


def section(title: str, body: str) -> str:
    """A delimited block of data."""
    return f"<{title}>\n{body.strip() or '(none)'}\n</{title}>"


def memories_text(hits: Sequence[dict[str, Any]]) -> str:
    """Retrieved memories, one a line, with their id and score."""
    return "\n".join(
        f"[memory {hit['memory']['id']}] (score {hit['score']:.2f}) {hit['memory']['text']}"
        for hit in hits
    )


def outcomes_text(outcomes: Iterable[dict[str, Any]], limit: int) -> str:
    """Action outcomes as the model reads them: each result's JSON, cut to ``limit`` chars."""
    lines = []
    for outcome in outcomes:
        if outcome["ok"]:
            body = json.dumps(outcome["result"], ensure_ascii=False, default=str)
            if len(body) > limit:
                body = body[:limit] + "…"
            lines.append(f"{outcome['action']} ok: {body}")
        else:
            lines.append(f"{outcome['action']} FAILED: {outcome['error']}")
    return "\n".join(lines)


def persona_messages(query: str, history: str, memories: str) -> list[Message]:
    """Choose the persona."""
    return [
        Message.system(PERSONA_SYSTEM),
        Message.user(
            "\n\n".join(
                [
                    section("recent_context", history),
                    section("memories", memories),
                    section("query", query),
                ]
            )
        ),
    ]


def system_prompt(profile: PersonaProfile) -> str:
    """The assistant's system prompt under a persona."""
    return f"{ASSISTANT_BASE}\n\n{profile.system_prompt}\nMode: {profile.persona.value}."


def reasoning_messages(
    profile: PersonaProfile,
    query: str,
    memories: str,
    catalogue: str,
    previous: str,
    iteration: int,
) -> list[Message]:
    """Analyse what needs to be done (seed 003's ``agentic_reasoning``)."""
    return [
        Message.system(system_prompt(profile)),
        Message.user(
            "\n\n".join(
                [
                    section("available_actions", catalogue),
                    section("memories", memories),
                    section("previous_results", previous),
                    section("query", query),
                    f"Iteration {iteration}. In a few sentences: what does the user need, and "
                    "which actions would help? Do not answer the user yet.",
                ]
            )
        ),
    ]


def planning_messages(
    query: str, reasoning: str, catalogue: str, previous: str, max_actions: int
) -> list[Message]:
    """Turn the reasoning into a JSON plan (seed 003's ``agentic_planning``)."""
    return [
        Message.system(f"{PLANNING_SYSTEM} At most {max_actions} actions."),
        Message.user(
            "\n\n".join(
                [
                    section("available_actions", catalogue),
                    section("previous_results", previous),
                    section("query", query),
                    section("reasoning", reasoning),
                ]
            )
        ),
    ]


def reflection_messages(query: str, reasoning: str, results: str) -> list[Message]:
    """Is more needed? (seed 003's ``agentic_needs_more``)."""
    return [
        Message.system(REFLECTION_SYSTEM),
        Message.user(
            "\n\n".join(
                [
                    section("query", query),
                    section("reasoning", reasoning),
                    section("results", results),
                ]
            )
        ),
    ]


def answer_messages(
    profile: PersonaProfile,
    history: Sequence[Message],
    memories: str,
    results: str,
    waiting_for: str | None,
) -> list[Message]:
    """The answer: persona system prompt, the turn's data, then the conversation."""
    instructions = (
        "Answer the user's last message using the memories and the action results. Say what "
        "you did (tasks created, monitors set up...) and what failed, if anything."
    )
    if waiting_for:
        instructions += f" Then ask the user exactly this: {waiting_for}"
    data = "\n\n".join([section("memories", memories), section("action_results", results)])
    return [
        Message.system(f"{system_prompt(profile)}\n\n{instructions}\n\n{data}"),
        *history,
    ]


def suggestions_messages(query: str, answer: str, results: str, count: int) -> list[Message]:
    """Proactive suggestions (seed 003's ``agentic_suggestions``)."""
    return [
        Message.system(f"{SUGGESTIONS_SYSTEM} At most {count}."),
        Message.user(
            "\n\n".join(
                [section("query", query), section("answer", answer), section("results", results)]
            )
        ),
    ]


def subtasks_messages(title: str, notes: str) -> list[Message]:
    """The steps of a task."""
    return [
        Message.system(SUBTASKS_SYSTEM),
        Message.user(section("task", f"{title}\n{notes}".strip())),
    ]
