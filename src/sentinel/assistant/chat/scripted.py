"""The chat's built-in scripted model: ``SENTINEL_LLM=scripted sentinel chat "..."`` without a
model or a script gives a sensible turn (a memory stored, a task added, a search run, an
answer), as the demo's scripted monitors do.

It reads only what a real model reads, the prompts: the ``<query>`` of a decision call, and
the ``<memories>``, ``<done>`` and ``<results>`` of the answer call. Its rules are few and
plain (``remember that…`` → CREATE_MEMORY, ``remind me to…`` → CREATE_TASK, ``tell me when…``
→ CREATE_MONITOR, a question → SEARCH_MEMORIES, else DONE); everything after the model (the
actions, the memory index, the claims check, the receipt) runs for real.
"""

from __future__ import annotations

import json
import re
from typing import Any

from sentinel.assistant.chat.intents import stated_fact
from sentinel.llm import ScriptedModel, ScriptedRequest
from sentinel.llm.schema_fill import fill_model

_FAMILY = re.compile(
    r"\b(sister|brother|mother|mum|mom|father|dad|son|daughter|friend|wife|husband|partner)\b", re.I
)
_REMIND = re.compile(
    r"\b(?:remind me to|add a task to|i need to|todo:?)\s+(?P<title>.+?)[.!]?$", re.I
)
_WATCH = re.compile(r"\b(?:tell me when|let me know when|alert me when|watch)\b", re.I)
_TASKS = re.compile(r"\btasks?\b|\bto-?dos?\b", re.I)
_MONITORS = re.compile(r"\bmonitors?\b|\bwatching\b", re.I)
_STOP = frozenset(
    [
        "what",
        "who",
        "where",
        "when",
        "which",
        "how",
        "do",
        "does",
        "did",
        "is",
        "are",
        "my",
        "me",
        "i",
        "the",
        "a",
        "about",
    ]
)


def block(prompt: str, name: str) -> str:
    """The body of the prompt's ``<name>`` section ("" when absent or empty)."""
    match = re.search(rf"<{name}>\n(.*?)\n</{name}>", prompt, re.S)
    body = match.group(1).strip() if match else ""
    return "" if body == "(none)" else body


def decide(prompt: str) -> dict[str, Any]:
    """A ``Decision`` for the prompt's query."""
    query = block(prompt, "query")
    persona = "CONFIDANT" if _FAMILY.search(query) else "MIRROR"
    if block(prompt, "previous_results"):
        return _decision(persona, "The results answer the query.", [("DONE", {})], [])
    if fact := stated_fact(query):
        return _decision(
            persona,
            "The user asks me to remember a fact.",
            [("CREATE_MEMORY", {"text": fact}), ("DONE", {})],
            ["Shall I add a task about this?"],
        )
    if match := _REMIND.search(query):
        title = match.group("title")[:1].upper() + match.group("title")[1:]
        return _decision(
            "MENTOR",
            "The user wants a task.",
            [("CREATE_TASK", {"title": title}), ("DONE", {})],
            ["Shall I break it into steps?"],
        )
    if _WATCH.search(query):
        return _decision(
            "GUARDIAN",
            "The user wants to be told when something happens.",
            [("CREATE_MONITOR", {"sentence": query}), ("DONE", {})],
            ["Shall I show your monitors?"],
        )
    if query.rstrip().endswith("?"):
        if _TASKS.search(query):
            step: tuple[str, dict[str, Any]] = ("LIST_TASKS", {"status": "open"})
        elif _MONITORS.search(query):
            step = ("LIST_MONITORS", {})
        else:
            words = [w for w in re.findall(r"[\w'-]+", query) if w.lower() not in _STOP]
            step = ("SEARCH_MEMORIES", {"query": " ".join(words) or query})
        return _decision("MIRROR", "A question about what I keep.", [step], [])
    return _decision(persona, "Nothing to do but answer.", [("DONE", {})], [])


def _decision(
    persona: str, why: str, steps: list[tuple[str, dict[str, Any]]], offers: list[str]
) -> dict[str, Any]:
    return {
        "persona": persona,
        "confidence": 0.8,
        "reasoning": why,
        "actions": [{"action": a, "parameters": p} for a, p in steps],
        "suggestions": offers,
    }


def answer(prompt: str) -> str:
    """The answer from the prompt's data: what was found, else what is remembered."""
    if block(prompt, "done"):
        return "Anything else you want me to keep track of?"
    found = _found(block(prompt, "results"))
    if found:
        return "Here is what I found: " + "; ".join(found) + "."
    memories = [re.sub(r"^\[memory \d+\]\s*", "", m) for m in block(prompt, "memories").split("\n")]
    memories = [m.rstrip(".") for m in memories if m]
    if memories:
        return "From your memories: " + "; ".join(memories) + "."
    return "I have nothing on that yet. Tell me, and I can remember it."


def _found(results: str) -> list[str]:
    """Memory texts and task titles in the results' JSON lines."""
    found: list[str] = []
    for line in results.splitlines():
        _, _, body = line.partition(" ok: ")
        try:
            value = json.loads(body)
        except json.JSONDecodeError:
            continue
        for hit in value.get("hits", []) if isinstance(value, dict) else []:
            found.append(str(hit.get("memory", {}).get("text", "")).rstrip("."))
        for task in value.get("tasks", []) if isinstance(value, dict) else []:
            found.append(f"task “{task.get('title', '')}”")
        for monitor in value.get("monitors", []) if isinstance(value, dict) else []:
            found.append(f"monitor “{monitor.get('name', '')}”")
    return [f for f in found if f]


def scripted_chat_model(*, name: str = "scripted") -> ScriptedModel:
    """The built-in scripted chat model (see the module)."""

    def reply(request: ScriptedRequest) -> Any:
        if request.output is not None:
            if request.output.__name__ == "Decision":
                return decide(request.prompt)
            return fill_model(request.output)
        return answer(request.prompt) if request.streamed else "ok"

    return ScriptedModel(reply, name=name)
