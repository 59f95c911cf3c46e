"""Turn a model's text into an action call.

Models are asked for one JSON object ``{"action": "<name>", "payload": {...}}``. Small models
wrap it in prose or Markdown fences, so the parser looks for the object rather than insisting the
whole reply is JSON: first the whole text, then each fenced block, then every ``{`` in order;
the first object with an ``action`` key wins. Anything else is an ``ActionParseError`` whose
message is written for the model, since it is fed back to it.
"""

from __future__ import annotations

import json
import re

from sentinel.agents.actions import ActionCall
from sentinel.agents.errors import ActionParseError

_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)
_DECODER = json.JSONDecoder()

REPLY_FORMAT = 'Reply with exactly one JSON object: {"action": "<name>", "payload": {<arguments>}}'


def _objects_in(text: str) -> list[dict[str, object]]:
    """Every JSON object found in ``text``, most deliberate first."""
    found: list[dict[str, object]] = []
    candidates = [text.strip(), *(m.group(1).strip() for m in _FENCE.finditer(text))]
    for candidate in candidates:
        try:
            value = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            found.append(value)
    if found:
        return found
    # Prose around a bare object: decode from each opening brace; raw_decode ignores the tail.
    for start in (i for i, ch in enumerate(text) if ch == "{"):
        try:
            value, _ = _DECODER.raw_decode(text, start)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            found.append(value)
    return found


def parse_action_call(text: str) -> ActionCall:
    """Extract the action call from a model reply; raise ``ActionParseError`` naming the problem."""
    objects = _objects_in(text)
    if not objects:
        raise ActionParseError(f"no JSON object found in your reply. {REPLY_FORMAT}", text)
    chosen = next((obj for obj in objects if "action" in obj), None)
    if chosen is None:
        raise ActionParseError(
            f'the JSON object in your reply has no "action" key. {REPLY_FORMAT}', text
        )
    action = chosen["action"]
    if not isinstance(action, str) or not action.strip():
        raise ActionParseError(
            f'"action" must be a non-empty string, got {action!r}. {REPLY_FORMAT}', text
        )
    payload = chosen.get("payload", {})
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        raise ActionParseError(
            f'"payload" must be a JSON object, got {type(payload).__name__} {payload!r}. '
            f"{REPLY_FORMAT}",
            text,
        )
    return ActionCall(action=action.strip(), payload=payload)
