"""The chat's actions, every one real: memories, tasks, monitors, research, control.

``CATALOG`` maps each action name to its entry (parameters model, handler, description). The
runtime (``sentinel.assistant.chat.runtime``) registers each as a store action and declares
them as the assistant agent's hard limit.
"""

from __future__ import annotations

from sentinel.assistant.chat.actions import control, memories, monitors, research, tasks
from sentinel.assistant.chat.actions.base import (
    ActionContext,
    ActionEntry,
    Params,
    Result,
    UsageMeter,
)
from sentinel.assistant.chat.actions.control import CONTROL_ACTIONS
from sentinel.assistant.chat.actions.research import ResearchRunner, local_index_research

CATALOG: dict[str, ActionEntry] = {
    entry.name: entry
    for entry in (
        *memories.ENTRIES,
        *tasks.ENTRIES,
        *monitors.ENTRIES,
        *research.ENTRIES,
        *control.ENTRIES,
    )
}

__all__ = [
    "CATALOG",
    "CONTROL_ACTIONS",
    "ActionContext",
    "ActionEntry",
    "Params",
    "ResearchRunner",
    "Result",
    "UsageMeter",
    "local_index_research",
]
