"""What an explicit request already decides, whatever a small model plans.

"Remember that my sister Ana lives in Porto and loves running" asks to store that fact, whole.
A 0.5B planner stores "Ana loves running" (Porto lost), or nothing. :func:`stated_fact` reads
the fact the user asked to remember; :func:`enforce` makes the plan store it whole: a
``CREATE_MEMORY`` whose text is a fragment of the fact is given the whole fact, and a plan
without one gets one. Nothing else in the plan changes: the model still decides the rest.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sentinel.assistant.chat.schemas import PlannedAction

_REMEMBER = re.compile(
    r"^\s*(?:please[,\s]+)?(?:(?:can|could|would) you\s+)?"
    r"(?:remember|don'?t forget|do not forget|note|keep in mind|make a note)"
    r"(?:\s+(?:that|this))?\s*[:,-]?\s*(?P<fact>.+?)\s*$",
    re.I | re.S,
)
_WORD = re.compile(r"[a-z0-9]+")
_LEADS = {"i", "my", "we", "our"}
_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "with",
        "that",
        "this",
        "is",
        "are",
        "was",
        "my",
        "our",
        "your",
        "i",
        "we",
        "you",
        "me",
        "her",
        "his",
        "their",
        "she",
        "he",
        "they",
        "it",
    ]
)


def stated_fact(query: str) -> str | None:
    """The fact a "remember that …" request states, as one sentence; None otherwise."""
    match = _REMEMBER.match(query.replace("’", "'"))
    if match is None:
        return None
    fact = match.group("fact").strip().rstrip(".!?,;:").strip()
    if fact.endswith("please"):
        fact = fact[: -len("please")].rstrip(" ,")
    if len(_WORD.findall(fact.lower())) < 2 or fact.lower().startswith("to "):
        return None
    first = fact.split(maxsplit=1)[0]
    if first.lower() in _LEADS or first.islower():
        fact = fact[0].upper() + fact[1:]
    return f"{fact}."


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def enforce(query: str, plan: Sequence[PlannedAction], remembered: bool) -> list[PlannedAction]:
    """``plan`` storing the query's stated fact whole (``remembered``: already stored in an
    earlier round, so nothing is added)."""
    fact = stated_fact(query)
    steps = list(plan)
    if fact is None:
        return steps
    whole = _words(fact)
    creates = [i for i, s in enumerate(steps) if s.action == "CREATE_MEMORY"]
    for i in creates:
        text = str(steps[i].parameters.get("text", ""))
        if whole - _words(text) - _FUNCTION_WORDS:  # a fragment of the fact: store it whole
            params = {**steps[i].parameters, "text": fact}
            steps[i] = steps[i].model_copy(update={"parameters": params})
    if not creates and not remembered:
        steps.insert(0, PlannedAction(action="CREATE_MEMORY", parameters={"text": fact}))
    return steps
