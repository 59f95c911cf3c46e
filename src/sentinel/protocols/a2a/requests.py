"""What an A2A caller asks for: which skill, and the monitor spec or question it carries.

Pure functions over plain values (the message's text, its first JSON object part and its
metadata), so the protocol layer stays thin and the rules are tested on their own:

- the skill is the one named in the message's metadata (``{"skill": "research"}``) or in its
  data part; otherwise a request phrased as "tell me when …" / "notify me if …" / "watch …",
  or a data part with a ``query``, is a monitor; a data part with ``messages`` (the chat
  request body of seed 003) is a chat turn; anything else is a research question;
- a monitor needs a condition ("when …", "if …", "once …"); a request without one is
  ambiguous and raises :class:`NeedsInput` with the question to ask (the task then waits in
  ``input-required``; the caller's answer becomes the monitor's criteria).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pydantic import ValidationError

from sentinel.assistant.chat.events import ChatMessage, ChatRequest
from sentinel.errors import InvalidInput, SentinelError
from sentinel.monitor.models import MonitorSpec, parse_monitor_spec
from sentinel.monitor.service import spec_input

MAX_TEXT_CHARS = 4000


class Skill(StrEnum):
    """The skills of Sentinel's agent card."""

    MONITOR = "monitor"
    RESEARCH = "research"
    CHAT = "chat"


# "tell me when", "notify me if", "alert me once", "let me know as soon as", "watch …".
_MONITOR_PHRASE = re.compile(
    r"^\s*(?:please\s+)?(?:(?:tell|notify|alert|ping|warn|email|message)\s+me\b"
    r"|let\s+me\s+know\b|(?:watch|monitor|track)\b|keep\s+an\s+eye\s+on\b)",
    re.IGNORECASE,
)
_CONDITION = re.compile(
    r"\b(?:when|whenever|if|once|as\s+soon\s+as|after|before|in\s+case)\s+\S", re.IGNORECASE
)
CONDITION_QUESTION = (
    "When should I tell you? Give the condition to watch for, e.g. "
    "'when the price drops below $300' or 'when version 2.0 is released'."
)


class NeedsInput(SentinelError):
    """The request is ambiguous: the agent asks ``question`` and waits for the answer."""

    def __init__(self, question: str) -> None:
        super().__init__(question)
        self.question = question


@dataclass(frozen=True)
class SkillRequest:
    """One request: the skill it is for, its text, and its JSON object part (or ``{}``)."""

    skill: Skill
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)


def read_request(
    text: str, data: Mapping[str, Any] | None = None, metadata: Mapping[str, Any] | None = None
) -> SkillRequest:
    """The skill request of a message; ``InvalidInput`` names an unknown skill, an empty
    request or one too long."""
    data = dict(data or {})
    text = text.strip()
    if len(text) > MAX_TEXT_CHARS:
        raise InvalidInput("message", text[:80] + "…", f"is longer than {MAX_TEXT_CHARS} chars")
    named = (metadata or {}).get("skill", data.pop("skill", None))
    if named is not None:
        skill = _skill(named)
    elif _MONITOR_PHRASE.match(text) or ("query" in data and not text):
        skill = Skill.MONITOR
    elif "messages" in data:
        skill = Skill.CHAT
    else:
        skill = Skill.RESEARCH
    if not text and not data:
        raise InvalidInput("message", "", "has no text and no data part: say what you need")
    return SkillRequest(skill, text, data)


def _skill(value: object) -> Skill:
    try:
        return Skill(str(value).strip().lower())
    except ValueError:
        known = ", ".join(skill.value for skill in Skill)
        raise InvalidInput("skill", value, f"is not one of this agent's skills ({known})") from None


def has_condition(text: str) -> bool:
    """Whether a monitor request says when to notify ("when …", "if …", "once …")."""
    return _CONDITION.search(text) is not None


def monitor_spec(request: SkillRequest, answer: str | None = None) -> MonitorSpec:
    """The validated monitor spec of a monitor request.

    A data part is a spec as ``POST /api/v1/monitors`` takes it (without criteria or rules,
    its query must carry the condition, as for text). A text request is the
    monitor's query; it must carry a condition unless ``answer`` (the caller's reply to
    :data:`CONDITION_QUESTION`) gives it, in which case the answer is the criteria. Raises
    :class:`NeedsInput` when the condition is missing, ``InvalidMonitorSpec`` when a value is
    invalid.
    """
    if request.data:
        data = dict(request.data)
        if answer is not None and answer.strip():
            data["criteria"] = answer.strip()
        elif not data.get("criteria") and not data.get("rules"):
            # As ``watch add``: without criteria, the query says when, if it has a condition.
            query = data.get("query")
            if not isinstance(query, str) or not has_condition(query):
                raise NeedsInput(CONDITION_QUESTION)
            data["criteria"] = query
        return parse_monitor_spec(data)
    if answer is not None and answer.strip():
        return parse_monitor_spec(spec_input(request.text, criteria=answer.strip()))
    if not has_condition(request.text):
        raise NeedsInput(CONDITION_QUESTION)
    return parse_monitor_spec(spec_input(request.text))


def research_question(request: SkillRequest) -> str:
    """The question of a research request: its text, or the data part's ``question``."""
    question = request.text or request.data.get("question", "")
    if not isinstance(question, str) or not question.strip():
        raise InvalidInput("question", question, "is empty: send the question as text")
    return question.strip()


def chat_request(request: SkillRequest) -> ChatRequest:
    """The chat turn of a request: the data part as the chat request body (``messages``,
    ``use_agentic``…), else the text as one user message. ``InvalidInput`` lists problems."""
    body = dict(request.data) if "messages" in request.data else None
    try:
        if body is not None:
            return ChatRequest.model_validate(body)
        return ChatRequest(messages=[ChatMessage(role="user", content=request.text)])
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'request'}: {e['msg']}"
            for e in exc.errors(include_url=False)
        )
        raise InvalidInput("chat request", body or request.text, problems) from None
