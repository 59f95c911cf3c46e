"""What was done, said by the code: the turn's successful writes, the tasks a listing found and
the memories a search found, in plain sentences.

The answer step shows it to the model as ``<done>`` and the user sees it first: what the user
asked for is shown as it is, not as a small model retells it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def done_text(outcomes: Sequence[dict[str, Any]]) -> str:
    """The turn's successful writes, task listings and the memories a search found, one
    plain sentence each ("" when none)."""
    lines = []
    for outcome in outcomes:
        if not outcome["ok"]:
            continue
        line = _done_line(outcome["action"], outcome["parameters"], outcome["result"] or {})
        if line:
            lines.append(line)
    return "\n".join(lines)


def _done_line(action: str, params: dict[str, Any], result: dict[str, Any]) -> str | None:
    memory = result.get("memory") or {}
    task = result.get("task") or {}
    if action == "CREATE_MEMORY":
        return f"I saved this to your memories: “{memory.get('text', params.get('text'))}”"
    if action == "UPDATE_MEMORY":
        return f"I updated memory {params['memory_id']}: “{memory.get('text', '')}”"
    if action == "DELETE_MEMORY":
        return f"I deleted memory {params['memory_id']}."
    if action == "LINK_MEMORIES":
        return f"I linked memories {params['memory_id']} and {params['other_id']}."
    if action == "CREATE_TASK":
        return f"I added the task “{task.get('title', params.get('title'))}”."
    if action == "LIST_TASKS":
        return _tasks_line(params, result.get("tasks") or [])
    if action == "SEARCH_MEMORIES":
        texts = [hit["memory"]["text"] for hit in result.get("hits") or []][:QUOTED_MEMORIES]
        return "From your memories: " + "; ".join(f"“{t}”" for t in texts) if texts else None
    if action == "UPDATE_TASK":
        changed = ", ".join(f"{k} {v}" for k, v in params.items() if k != "task_id")
        return f"I updated task {params['task_id']} ({changed or 'unchanged'})."
    if action == "DECOMPOSE_TASK":
        steps = len(result.get("subtasks") or [])
        return f"I broke task {params['task_id']} into {steps} steps."
    if action == "CREATE_MONITOR":
        return f"I set up a monitor: “{params.get('sentence', '')}”."
    if action == "RESEARCH":
        return f"I researched “{params.get('question', '')}”."
    return None


QUOTED_MEMORIES = 3
"""Memories a search states, best first (what the answer rests on, shown as it is)."""
LISTED_TASKS = 10
"""Task titles a listing states; the rest are counted."""


def _tasks_line(params: dict[str, Any], tasks: Sequence[dict[str, Any]]) -> str:
    which = f"{params['status'].replace('_', ' ')} " if params.get("status") else ""
    if not tasks:
        return f"You have no {which}tasks."
    titles = "; ".join(f"“{task.get('title', '')}”" for task in tasks[:LISTED_TASKS])
    more = f" and {len(tasks) - LISTED_TASKS} more" if len(tasks) > LISTED_TASKS else ""
    return f"Your {which}tasks: {titles}{more}."
