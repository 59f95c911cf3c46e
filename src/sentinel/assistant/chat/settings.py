"""How a chat turn behaves: one pydantic settings model, every value with a working default.

Environment variables ``SENTINEL_ASSISTANT_CHAT_<FIELD>`` (e.g.
``SENTINEL_ASSISTANT_CHAT_ACTION_TIMEOUT_S=10``) override the defaults, which are seed 003's.
"""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from sentinel.assistant.chat.events import MAX_ITERATIONS_CAP


class ChatSettings(BaseSettings):
    """Limits, budgets and temperatures of one turn.

    Memories: the turn starts with the ``memory_top_k`` best memories scoring at least
    ``memory_min_score``. Loop: at most ``max_iterations`` reason → plan → act → reflect
    rounds (a request may ask for fewer, never more than 3), each plan at most
    ``max_actions_per_plan`` actions. Actions: at most ``max_parallel_actions`` at once, each
    cut off after ``action_timeout_s`` (``RESEARCH`` after ``research_timeout_s``: a report
    takes longer than a lookup). ``disabled_actions`` removes actions from the assistant's
    hard limit (e.g. ``["RESEARCH", "QUERY_STATE"]``). Temperatures: the persona's for the
    answer, ``planning_temperature`` for the decision.

    Speed (issue 25): a round is one decision call of at most ``structured_tokens`` tokens;
    a later round runs only while there is time left of ``turn_budget_s`` (the turn then
    answers with what it has), and the answer is at most ``answer_tokens`` tokens.
    """

    model_config = SettingsConfigDict(env_prefix="SENTINEL_ASSISTANT_CHAT_", extra="ignore")

    memory_top_k: int = Field(default=5, ge=1, le=50)
    memory_min_score: float = Field(default=0.3, ge=0.0, le=1.0)
    max_iterations: int = Field(default=MAX_ITERATIONS_CAP, ge=1, le=MAX_ITERATIONS_CAP)
    max_actions_per_plan: int = Field(default=8, ge=1, le=20)
    max_parallel_actions: int = Field(default=5, ge=1, le=20)
    action_timeout_s: float = Field(default=5.0, gt=0)
    research_timeout_s: float = Field(default=600.0, gt=0)
    disabled_actions: list[str] = Field(default_factory=list)

    planning_temperature: float = Field(default=0.2, ge=0.0, le=2.0)
    structured_tokens: int = Field(default=320, ge=32)
    answer_tokens: int = Field(default=160, ge=16)
    suggestions: int = Field(default=2, ge=0, le=10)
    turn_budget_s: float = Field(default=25.0, gt=0)
    history_messages: int = Field(default=12, ge=1, le=200)
    result_chars: int = Field(default=800, ge=100, le=50_000)
    query_rows: int = Field(default=50, ge=1, le=1000)
