"""Chat turns on a real model over a fixed set of tasks: speed and task success (issue 25).

One conversation of :data:`TASKS` (memories to store whole, a task to add, questions), run on
one ``ChatDeps`` in one process, as a user's session would: llama.cpp's prompt cache carries
the static system message across calls and turns. For each turn: seconds to the first
``content`` event and to ``done``, model calls, prompt / cached / completion tokens, rounds,
and whether the task succeeded:

- the expected action ran and succeeded (``CREATE_MEMORY``, ``CREATE_TASK``, a read);
- a memory the user asked to remember holds every word of the fact (``memory_words``);
- a question's answer names what it should (``answer_words``);
- no claimed-but-not-run action in the final answer (``claims.unsupported_claim`` on each
  sentence) — the checker removes such sentences, so ``claims_removed`` also counts how often
  the model wrote one.

``write`` is called after every turn, so a run stopped early still leaves its rows.
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from sentinel.assistant.chat.claims import Ran, unsupported_claim
from sentinel.assistant.chat.deps import ChatDeps
from sentinel.assistant.chat.events import ChatMessage, ChatRequest
from sentinel.assistant.chat.flow import stream_turn
from sentinel.llm import UsageTracker

OWNER = "bench-tasks"
"""The fixed set's user: none of the other benchmark parts' memories and tasks are theirs."""
ANSWER_CHARS = 600
_WORD = re.compile(r"[a-z0-9]+")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


@dataclass(frozen=True, slots=True)
class ChatTask:
    """One turn of the fixed set and what makes it a success."""

    query: str
    expect_action: str | None
    memory_words: tuple[str, ...] = ()
    answer_words: tuple[str, ...] = ()


TASKS: tuple[ChatTask, ...] = (
    ChatTask(
        "Remember that my sister Ana lives in Porto and loves running",
        "CREATE_MEMORY",
        memory_words=("ana", "porto", "running"),
    ),
    ChatTask("Remind me to call Ana on Sunday", "CREATE_TASK"),
    ChatTask("What are my open tasks?", None, answer_words=("ana",)),
    ChatTask(
        "Remember that the wifi password at the cabin is tulip42",
        "CREATE_MEMORY",
        memory_words=("wifi", "cabin", "tulip42"),
    ),
    ChatTask("Where does my sister live?", None, answer_words=("porto",)),
)


@dataclass
class TaskTurn:
    """One measured turn."""

    query: str
    first_content_s: float | None
    turn_s: float
    cpu_s: float
    """CPU seconds the process spent on the turn (every thread): on a busy machine, the turn
    waits for a share of the cores; ``cpu_s / threads`` estimates it on a quiet one."""
    model_calls: int
    prompt_tokens: int
    cached_tokens: int
    completion_tokens: int
    iterations: int
    actions: list[str]
    action_ok: bool
    memory_whole: bool | None
    answer_ok: bool | None
    claims_removed: int
    unsupported_claims: int
    errors: list[str] = field(default_factory=list)
    answer: str = ""
    """The turn's answer as the user read it (cut to :data:`ANSWER_CHARS`)."""

    @property
    def success(self) -> bool:
        """Right action, memory whole, answer right, nothing claimed that did not run."""
        return (
            self.action_ok
            and self.memory_whole is not False
            and self.answer_ok is not False
            and self.unsupported_claims == 0
        )

    def row(self) -> dict[str, Any]:
        """The turn as JSON."""
        return {**asdict(self), "success": self.success}


def summary(turns: list[TaskTurn]) -> dict[str, Any]:
    """p50s, means per turn, and the success rate."""
    if not turns:
        return {"turns": 0}
    firsts = [t.first_content_s for t in turns if t.first_content_s is not None]
    return {
        "turns": len(turns),
        "turn_p50_s": round(statistics.median(t.turn_s for t in turns), 1),
        "cpu_p50_s": round(statistics.median(t.cpu_s for t in turns), 1),
        "first_content_p50_s": round(statistics.median(firsts), 1) if firsts else None,
        "model_calls_per_turn": round(statistics.fmean(t.model_calls for t in turns), 2),
        "prompt_tokens_per_turn": round(statistics.fmean(t.prompt_tokens for t in turns)),
        "cached_tokens_per_turn": round(statistics.fmean(t.cached_tokens for t in turns)),
        "completion_tokens_per_turn": round(statistics.fmean(t.completion_tokens for t in turns)),
        "task_success": round(sum(t.success for t in turns) / len(turns), 2),
        "claimed_not_run": sum(t.unsupported_claims for t in turns),
        "claims_removed": sum(t.claims_removed for t in turns),
    }


async def run_tasks(
    deps: ChatDeps,
    *,
    tasks: tuple[ChatTask, ...] = TASKS,
    write: Callable[[list[TaskTurn]], None] | None = None,
) -> list[TaskTurn]:
    """Run the set as one conversation; ``write`` sees the rows so far after every turn."""
    history: list[ChatMessage] = []
    turns: list[TaskTurn] = []
    for task in tasks:
        turn, answer = await _one(deps, task, history)
        history += [
            ChatMessage(role="user", content=task.query),
            ChatMessage(role="assistant", content=answer[:2000]),
        ]
        turns.append(turn)
        if write is not None:
            write(turns)
    return turns


async def _one(deps: ChatDeps, task: ChatTask, history: list[ChatMessage]) -> tuple[TaskTurn, str]:
    request = ChatRequest(messages=[*history, ChatMessage(role="user", content=task.query)])
    started, cpu = time.perf_counter(), time.process_time()
    first: float | None = None
    answer, errors, removed = "", [], 0
    actions: list[dict[str, Any]] = []
    iterations = 0
    with UsageTracker() as usage:
        async for event in stream_turn(request, owner=OWNER, deps=deps):
            data = event.data
            if event.event == "content":
                first = first if first is not None else time.perf_counter() - started
                answer += data["content"]
            elif event.event == "reasoning" and data.get("actions"):
                actions += data["actions"]
            elif event.event == "error":
                errors.append(f"{data['stage']}: {str(data['error'])[:160]}")
            elif event.event == "status" and "Removed a claim" in data["status"]:
                removed += 1
            elif event.event == "done":
                iterations = int(data["iterations"])
    turn_s = time.perf_counter() - started
    cpu_s = time.process_time() - cpu
    ran_ok = {a["action"] for a in actions if a["ok"]}
    total = usage.total
    return (
        TaskTurn(
            query=task.query,
            first_content_s=None if first is None else round(first, 1),
            turn_s=round(turn_s, 1),
            cpu_s=round(cpu_s, 1),
            model_calls=total.requests,
            prompt_tokens=total.prompt_tokens,
            cached_tokens=total.cached_tokens,
            completion_tokens=total.completion_tokens,
            iterations=iterations,
            actions=[f"{a['action']}{'' if a['ok'] else ' (failed)'}" for a in actions],
            action_ok=task.expect_action is None or task.expect_action in ran_ok,
            memory_whole=await _memory_whole(deps, task),
            answer_ok=_has_words(answer, task.answer_words) if task.answer_words else None,
            claims_removed=removed,
            unsupported_claims=sum(
                unsupported_claim(s, Ran.of(actions, task.query)) is not None
                for s in _SENTENCE.split(answer)
            ),
            errors=errors,
            answer=answer[:ANSWER_CHARS],
        ),
        answer,
    )


async def _memory_whole(deps: ChatDeps, task: ChatTask) -> bool | None:
    if not task.memory_words:
        return None
    stored = await deps.memories.list(OWNER)
    return any(_has_words(m.text, task.memory_words) for m in stored)


def _has_words(text: str, words: tuple[str, ...]) -> bool:
    found = set(_WORD.findall(text.lower()))
    return all(word in found for word in words)
