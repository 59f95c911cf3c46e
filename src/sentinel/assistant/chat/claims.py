"""Answers claim only what happened: what was done, said by the code; claims checked.

- :func:`done_text` states the turn's successful writes (a memory saved, a task added, a
  monitor set up...), the tasks a listing found and the memories a search found, from the
  executed actions' outcomes, in plain sentences: the answer step shows it to the model as
  ``<done>`` and the user sees it first (what the user asked for is shown as it is, not as a
  small model retells it).
- :func:`unsupported_claim` reads one sentence: when it says the assistant did something
  (``I saved…``, ``Added the task…``, ``I'll watch…``, ``…has been created``) and no action of
  that kind ran successfully this turn, it returns what is claimed, else None. Offers and
  questions (``I can add…``, ``Shall I…?``), failures (``I could not…``) and what the user did
  (``You added…``) are not claims.
- :class:`ClaimFilter` applies it to a streamed answer sentence by sentence: a sentence passes
  as soon as it is complete; a claim of an action that did not run is removed (and reported),
  as research sentences are checked against their sources.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

MEMORY_WRITES = frozenset({"CREATE_MEMORY", "UPDATE_MEMORY"})
TASK_WRITES = frozenset({"CREATE_TASK", "UPDATE_TASK", "DECOMPOSE_TASK"})
MONITOR_WRITES = frozenset({"CREATE_MONITOR"})
ANY_CREATE = MEMORY_WRITES | TASK_WRITES | MONITOR_WRITES
WRITES = ANY_CREATE | {"DELETE_MEMORY", "LINK_MEMORIES", "RESEARCH"}

# verb (base, past and participle forms) → the actions that make the claim true
_VERBS: tuple[tuple[str, frozenset[str]], ...] = (
    (r"remember(?:ed)?|sav(?:e|ed)|stor(?:e|ed)|not(?:e|ed)|memori[sz](?:e|ed)", MEMORY_WRITES),
    (r"made a note|kept in mind|keep in mind", MEMORY_WRITES),
    (r"add(?:ed)?|creat(?:e|ed)|schedul(?:e|ed)|set up|put", ANY_CREATE),
    (r"updat(?:e|ed)|chang(?:e|ed)|edit(?:ed)?|correct(?:ed)?|mark(?:ed)?", frozenset()),
    (r"delet(?:e|ed)|remov(?:e|ed)|forg(?:e|o)t(?:ten)?|eras(?:e|ed)", frozenset()),
    (r"link(?:ed)?|connect(?:ed)?", frozenset({"LINK_MEMORIES"})),
    (r"research(?:ed)?|looked into|look into", frozenset({"RESEARCH"})),
    (r"broke(?:n)? (?:it |the task )?(?:down|into)|split", frozenset({"DECOMPOSE_TASK"})),
    (
        r"watch(?:ing)?|keep an eye|notify you|alert you|let you know when|tell you when",
        MONITOR_WRITES,
    ),
)
_UPDATES = frozenset({"UPDATE_MEMORY", "UPDATE_TASK"})
_DELETES = frozenset({"DELETE_MEMORY"})
_VERB = re.compile(r"\b(" + "|".join(pattern for pattern, _ in _VERBS) + r")\b", re.I)
# What may stand before a claim's verb: nothing, or the assistant as subject with an
# auxiliary of something done or promised. "I can…", "Shall I…", "you…" are not claims.
_SUBJECT = re.compile(
    r"(?:^|[:;,—-]\s*|\b(?:i|we)(?:'ve|'ll|'m| have| will| am| are)?"
    r"(?: (?:also|just|now|already|successfully|gone ahead and))*\s+(?:and\s+)?)$",
    re.I,
)
_PASSIVE = re.compile(
    r"\b(?:has|have|was|were|is|are|got)(?: now| just| also| successfully)?(?: been)?\s+$",
    re.I,
)
_NEGATION = re.compile(
    r"\b(?:not|never|n't|cannot|could ?n't|unable|failed|fail|try|tried|would|could|can|"
    r"should|shall|may|might|want|like|if|whether)\b",
    re.I,
)
_OBJECTS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = (
    (re.compile(r"\b(task|tasks|to-?do|reminder|subtasks?|steps)\b", re.I), TASK_WRITES),
    (re.compile(r"\b(monitor|monitors|watch|alert|notif\w*)\b", re.I), MONITOR_WRITES),
    (re.compile(r"\b(memory|memories|note|notes)\b", re.I), MEMORY_WRITES),
)
_REFUSAL = re.compile(
    r"\b(?:sorry|apologi[sz]e)\b.*\b(?:can(?:no|')t|unable|not able)\b|"
    r"\bI (?:can(?:no|')t|am unable to|'m unable to) (?:assist|help)",
    re.I,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”’)]*\s+|\n+")


def _family(verb_index: int, sentence: str) -> frozenset[str]:
    """The actions that would make a claim with this verb true, refined by its object."""
    actions = _VERBS[verb_index][1]
    if verb_index == 4:  # deleted: only memories can be
        return _DELETES
    for words, family in _OBJECTS:
        if words.search(sentence):
            return family & _UPDATES if verb_index == 3 else family
    return _UPDATES if verb_index == 3 else actions


def _which_verb(word: str) -> int:
    for index, (pattern, _) in enumerate(_VERBS):
        if re.fullmatch(pattern, word, re.I):
            return index
    return -1  # pragma: no cover - every match comes from one of the patterns


_PAST = re.compile(r"\w+ed|made a note|kept in mind|broke|broken|forgot|forgotten|split", re.I)
_LEADING = " \t\n:;,—-\"'“*•"
_TRAILING = " \t\n\"'”’)*"
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
"""What may follow a question mark at the end of a question (a quoted title with a "?" in
it does not make a question)."""


def claimed_actions(sentence: str) -> list[frozenset[str]]:
    """For each claim in ``sentence``, the actions any one of which would make it true."""
    sentence = sentence.replace("’", "'")
    claims = []
    for match in _VERB.finditer(sentence):
        before = sentence[: match.start()]
        clause = re.split(r"[.!?;]\s|\bbut\b|\band\b(?= (?:i|we)\b)", before, flags=re.I)[-1]
        if _NEGATION.search(clause) or _QUOTED.sub("", sentence).rstrip(_TRAILING).endswith("?"):
            continue
        if not (_SUBJECT.search(clause) or _PASSIVE.search(clause)):
            continue
        if not clause.strip(_LEADING) and not _PAST.fullmatch(match.group(1)):
            continue  # "Remember to…", "Note that…": an imperative to the user, not a claim
        claims.append(_family(_which_verb(match.group(1)), sentence))
    return claims


def unsupported_claim(sentence: str, succeeded: Iterable[str]) -> str | None:
    """What ``sentence`` claims was done that no successful action did (None if nothing)."""
    ran = set(succeeded)
    for family in claimed_actions(sentence):
        if not family & ran:
            return "/".join(sorted(family)) or "an action"
    if ran & WRITES and _REFUSAL.search(sentence):
        return "a refusal of what was done"
    return None


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


@dataclass
class ClaimFilter:
    """Checks a streamed answer sentence by sentence against the actions that succeeded."""

    succeeded: frozenset[str]
    said: str = ""
    """What the user already read this turn (what was done): a sentence repeating it, or
    repeating an earlier sentence of the answer, is left out."""
    removed: list[tuple[str, str]] = field(default_factory=list)
    """Each removed sentence, with what it claimed."""
    _buffer: str = ""
    _seen: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self._seen = {_gist(line) for line in _SENTENCE_END.split(self.said) if _gist(line)}

    def feed(self, delta: str) -> str:
        """Add streamed text; return what may be shown now (whole sentences that pass)."""
        self._buffer += delta
        shown = []
        while (end := _SENTENCE_END.search(self._buffer)) is not None:
            sentence, self._buffer = self._buffer[: end.end()], self._buffer[end.end() :]
            shown.append(self._check(sentence))
        return "".join(shown)

    def flush(self) -> str:
        """The end of the answer: the last, unfinished sentence, checked (left out when it
        begins a sentence already said: a repeat cut off by the token limit)."""
        rest, self._buffer = self._buffer, ""
        gist = _gist(rest)
        if gist and any(seen.startswith(gist) for seen in self._seen):
            return ""
        return self._check(rest) if rest.strip() else rest

    def _check(self, sentence: str) -> str:
        gist = _gist(sentence)
        if gist and gist in self._seen:  # a small model repeats itself, or what was done
            return ""
        self._seen.add(gist)
        claim = unsupported_claim(sentence, self.succeeded)
        if claim is None:
            return sentence
        self.removed.append((sentence.strip(), claim))
        return ""


def _gist(sentence: str) -> str:
    """A sentence's words, for spotting a repeat (quotes, case and punctuation aside)."""
    return " ".join(re.findall(r"\w+", sentence.lower()))
