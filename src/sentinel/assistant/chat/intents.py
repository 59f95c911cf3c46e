"""What an explicit request already decides, whatever a small model plans.

"Remember that my sister Ana lives in Porto and loves running" asks to store that fact, whole.
A 0.5B planner stores "Ana loves running" (Porto lost), or nothing. :func:`stated_fact` reads
the fact the user asked to remember; :func:`enforce` makes the plan store it whole: a
``CREATE_MEMORY`` whose text is a fragment of the fact is given the whole fact, and a plan
without one gets one; a task that files the same fact is dropped.

"Remind me to call Ana on Sunday" asks for a task, not a memory: the same planner stores it as
a memory ("remind" reads like "remember"). :func:`requested_task` reads the task's title
("remind me to …", "don't forget to …", "add a task to …", "add … to my to-do list"), and
:func:`enforce` makes the plan create it: a ``CREATE_MEMORY`` of the reminder becomes the
``CREATE_TASK``, and a plan without one gets one. "What are my open tasks?" reads the tasks
(:func:`asks_for_tasks`): the plan lists the tasks the question names (a listing the model
filled with other filters, such as a parent id, is replaced, and writes are dropped).
:func:`drop_known` removes a ``CREATE_MEMORY`` that stores again what a memory already says.
A question ("Where does my sister live?") whose plan reads nothing searches the memories for
it, and writes nothing. Nothing else in the plan changes: the model still decides the rest.
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
_TASK = re.compile(
    r"^\s*(?:please[,\s]+)?(?:(?:can|could|would) you\s+)?(?:please\s+)?"
    r"(?:remind me to|(?:don'?t|do not) (?:let me )?forget to|remember to|"
    r"(?:add|create|make) (?:a |me a |new )?(?:task|to-?do|reminder)(?: item)?(?: to| for|:)?|"
    r"(?:add|put) (?P<item>.+?) (?:to|on) my (?:task|to-?do|todo) ?list)"
    r"\s*(?P<title>.*?)\s*$",
    re.I | re.S,
)
_TASK_QUESTION = re.compile(
    r"^\s*(?:what|which|show|list|tell me|do i have|have i got|any)\b.*?"
    r"\b(?P<open>open |pending |remaining )?(?:tasks|to-?dos|reminders|to-?do list)\b",
    re.I | re.S,
)
WRITES = frozenset(
    {
        "CREATE_MEMORY",
        "UPDATE_MEMORY",
        "DELETE_MEMORY",
        "LINK_MEMORIES",
        "CREATE_TASK",
        "UPDATE_TASK",
        "DECOMPOSE_TASK",
        "CREATE_MONITOR",
    }
)
READS = frozenset(
    {"SEARCH_MEMORIES", "LIST_TASKS", "LIST_MONITORS", "GET_MONITOR", "QUERY_STATE", "RESEARCH"}
)
_QUESTION = re.compile(
    r"^\s*(?:what|who|whom|whose|where|when|which|why|how|do|does|did|is|are|was|were)\b"
    r"(?!.*\b(?:remember|remind|add|create|save|delete|forget|watch)\b).*\?\s*$",
    re.I | re.S,
)
_WORD = re.compile(r"[a-z0-9]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
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


def requested_task(query: str) -> str | None:
    """The title of the task a "remind me to …" request asks for; None otherwise."""
    match = _TASK.match(query.replace("’", "'"))
    if match is None:
        return None
    title = (match.group("item") or match.group("title") or "").strip()
    title = _SENTENCE_END.split(title, maxsplit=1)[0]  # "… on Sunday. She lives in Porto."
    title = title.rstrip(".!?,;:").strip()
    if title.lower().endswith("please"):
        title = title[: -len("please")].rstrip(" ,")
    if len(_WORD.findall(title.lower())) < 1:
        return None
    return title[0].upper() + title[1:]


def asks_for_tasks(query: str) -> dict[str, str] | None:
    """The ``LIST_TASKS`` parameters a question about the user's tasks asks for; None when
    the query is not one."""
    match = _TASK_QUESTION.match(query)
    if match is None:
        return None
    return {"status": "open"} if match.group("open") else {}


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def enforce(
    query: str, plan: Sequence[PlannedAction], remembered: bool, tasked: bool = False
) -> list[PlannedAction]:
    """``plan`` storing the query's stated fact whole and creating the task it asks for
    (``remembered``, ``tasked``: already done in an earlier round, so nothing is added)."""
    steps = list(plan)
    listing = asks_for_tasks(query)
    if listing is not None:  # the question says which tasks: the listing asks for those
        # A question changes nothing: a write the model adds to it (a task named after the
        # question, a memory deleted) is dropped.
        rest = [step for step in steps if step.action not in WRITES | {"LIST_TASKS"}]
        return [PlannedAction(action="LIST_TASKS", parameters=listing), *rest]
    title = requested_task(query)
    if title is not None:
        return _with_task(title, steps, tasked)
    if _QUESTION.match(query) and not any(step.action in READS for step in steps):
        # A question is answered from what is known: a plan that reads nothing searches the
        # memories for it (a small model plans DONE, or stores the question as a memory).
        search = PlannedAction(action="SEARCH_MEMORIES", parameters={"query": query[:500]})
        return [search, *(step for step in steps if step.action not in WRITES)]
    fact = stated_fact(query)
    if fact is None:
        return steps
    whole = _words(fact)
    # A fact is not a to-do: a task that files the fact again is dropped.
    steps = [s for s in steps if not (s.action == "CREATE_TASK" and _restates(s, whole))]
    creates = [i for i, s in enumerate(steps) if s.action == "CREATE_MEMORY"]
    for i in creates:
        text = str(steps[i].parameters.get("text", ""))
        if whole - _words(text) - _FUNCTION_WORDS:  # a fragment of the fact: store it whole
            params = {**steps[i].parameters, "text": fact}
            steps[i] = steps[i].model_copy(update={"parameters": params})
    if not creates and not remembered:
        steps.insert(0, PlannedAction(action="CREATE_MEMORY", parameters={"text": fact}))
    return steps


def _restates(step: PlannedAction, fact: set[str]) -> bool:
    """Does a planned task's title repeat most of the fact's words?"""
    title = _words(str(step.parameters.get("title", ""))) - _FUNCTION_WORDS
    return bool(title) and len(title & fact) * 2 >= len(title)


def _with_task(title: str, steps: list[PlannedAction], tasked: bool) -> list[PlannedAction]:
    """``steps`` with the reminder stored as a task: a memory of it becomes the task."""
    task = PlannedAction(action="CREATE_TASK", parameters={"title": title})
    if any(step.action == "CREATE_TASK" for step in steps):
        return steps
    wanted = _words(title) - _FUNCTION_WORDS
    for i, step in enumerate(steps):
        if step.action == "CREATE_MEMORY":
            text = _words(str(step.parameters.get("text", "")))
            if wanted and len(wanted & text) * 2 >= len(wanted):
                steps[i] = task
    if not tasked and task not in steps:
        steps.insert(0, task)
    return steps


def drop_known(plan: Sequence[PlannedAction], known: Sequence[str]) -> list[PlannedAction]:
    """``plan`` less each ``CREATE_MEMORY`` whose words one of the ``known`` memories already
    holds (a small model answering "Where does my sister live?" stores the memory it read)."""
    kept = []
    held = [_words(text) for text in known]
    for step in plan:
        words = _words(str(step.parameters.get("text", ""))) - _FUNCTION_WORDS
        if step.action == "CREATE_MEMORY" and words and any(words <= text for text in held):
            continue
        kept.append(step)
    return kept
