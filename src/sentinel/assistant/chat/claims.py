"""Answers claim only what happened: a sentence saying an action ran is checked against what ran.

An action is named by a verb and its object: "I saved that…" (a memory written), "I've added
a task", "I then ran the query '…'", "I searched your memories", "to verify that the memory
was saved", "the search found…". :func:`claimed_actions` reads one sentence and returns, for
each action it says was done, what would make the claim true: which actions, run when (a
verification is a read *after* the write it verifies) and with what (a quoted query must be
the query that ran). :func:`unsupported_claim` checks those against the turn's :class:`Ran`
records and returns what is claimed that did not run, else None. Offers and questions
(``I can add…``, ``Shall I…?``), failures (``I could not…``) and what the user did
(``You added…``) are not claims.

Every turn starts with a search of the owner's memories for the message (the retrieval): it
counts as a memory search that ran before any action, so "I searched your memories" is true
and "I checked that the memory was saved" is not.

:class:`ClaimFilter` applies the check to a streamed answer sentence by sentence: a sentence
passes as soon as it is complete; a claim of an action that did not run is removed (and
reported), as research sentences are checked against their sources.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

MEMORY_WRITES = frozenset({"CREATE_MEMORY", "UPDATE_MEMORY"})
TASK_WRITES = frozenset({"CREATE_TASK", "UPDATE_TASK", "DECOMPOSE_TASK"})
MONITOR_WRITES = frozenset({"CREATE_MONITOR"})
ANY_CREATE = MEMORY_WRITES | TASK_WRITES | MONITOR_WRITES
WRITES = ANY_CREATE | {"DELETE_MEMORY", "LINK_MEMORIES", "RESEARCH"}

RETRIEVAL = "RETRIEVAL"
"""The memory search every turn starts with (not an action of the plan, but it ran)."""
MEMORY_READS = frozenset({"SEARCH_MEMORIES", RETRIEVAL})
TASK_READS = frozenset({"LIST_TASKS"})
MONITOR_READS = frozenset({"LIST_MONITORS", "GET_MONITOR", "QUERY_STATE"})
READS = MEMORY_READS | TASK_READS | MONITOR_READS | {"RESEARCH"}
QUERIES = frozenset({"QUERY_STATE", "SEARCH_MEMORIES"})
"""A query that ran (the retrieval too, when the claim quotes its query)."""
SEARCHES = MEMORY_READS | {"RESEARCH"}
_WRITES_OF = {"memory": MEMORY_WRITES, "task": TASK_WRITES, "monitor": MONITOR_WRITES}
_READS_OF = {"memory": MEMORY_READS, "task": TASK_READS, "monitor": MONITOR_READS}


@dataclass(frozen=True)
class Ran:
    """One action that succeeded this turn, in the order it ran (``order`` -1: the retrieval)."""

    action: str
    parameters: Mapping[str, Any] = field(default_factory=dict)
    order: int = 0

    @classmethod
    def of(cls, reports: Iterable[Mapping[str, Any]], query: str | None = None) -> list[Ran]:
        """The successful actions of ``reports`` (``ActionOutcome.report()`` dicts, in order),
        after the retrieval of ``query`` when one ran."""
        done = [cls(RETRIEVAL, {"query": query}, -1)] if query is not None else []
        for order, report in enumerate(reports):
            if report.get("ok"):
                done.append(cls(str(report["action"]), dict(report.get("parameters") or {}), order))
        return done


@dataclass(frozen=True)
class Claim:
    """What one claim needs: one of ``actions`` ran (after a write of ``after``, when given;
    with ``quoted`` among its parameters, when given)."""

    actions: frozenset[str]
    after: frozenset[str] = frozenset()
    quoted: str | None = None

    def describe(self) -> str:
        """The claim as the receipt and the status line name it."""
        if self.after:
            return f"a read ({'/'.join(sorted(self.actions))}) after the write"
        return "/".join(sorted(self.actions)) or "an action"

    def met_by(self, ran: Iterable[Ran]) -> bool:
        """Whether an action that ran makes this claim true."""
        done = list(ran)
        writes = [r.order for r in done if r.action in self.after]
        for record in done:
            if record.action not in self.actions:
                continue
            if self.after and (not writes or record.order <= min(writes)):
                continue
            known = bool(record.parameters)  # bare names: the parameters are not known
            if self.quoted is not None and known and not _mentions(record.parameters, self.quoted):
                continue
            return True
        return False


# Verbs of writing (base, past and participle forms) → the actions that make the claim true.
_WRITE_VERBS: tuple[tuple[str, frozenset[str]], ...] = (
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
_UPDATE, _DELETE = 3, 4
# Verbs of reading: running a query or a search, looking something up, verifying. Which read
# is named by the verb's object ("the query", "your tasks", "online").
_READ_VERBS: tuple[tuple[str, str], ...] = (
    (r"ran|run|running|execut(?:e|ed|ing)|perform(?:ed|ing)?|carried out|did", "run"),
    (r"quer(?:y|ied|ying)", "query"),
    (
        r"search(?:ed|ing)?|look(?:ed|ing)? (?:up|through|for|in|at)|scann(?:ed|ing)|"
        r"brows(?:ed|ing)|consult(?:ed|ing)|went through|going through",
        "search",
    ),
    (r"list(?:ed|ing)?|fetch(?:ed|ing)?|retriev(?:e|ed|ing)|pull(?:ed|ing)? up", "list"),
    (
        r"verif(?:y|ied|ying)|confirm(?:ed|ing)?|double[- ]check(?:ed|ing)?|check(?:ed|ing)?|"
        r"made sure|make sure|ensur(?:e|ed|ing)|validat(?:e|ed|ing)|test(?:ed|ing)?",
        "verify",
    ),
)
_VERBS = [pattern for pattern, _ in _WRITE_VERBS] + [pattern for pattern, _ in _READ_VERBS]
_VERB = re.compile(r"\b(" + "|".join(_VERBS) + r")\b", re.I)
_ADVERB = r"(?:\w+ly|then|first|also|just|now|already|next|again|gone ahead and|went ahead and)"
# What may stand before a claim's verb: nothing, or the assistant as subject with an
# auxiliary of something done or promised (adverbs between: "I then ran"), or "after"/"having"
# before a gerund. "I can…", "Shall I…", "you…" are not claims.
_SUBJECT = re.compile(
    rf"(?:^|[:;,—-]\s*|\b(?:i|we)(?:'ve|'ll|'m|'d| have| had| will| am| are| did)?"
    rf"(?:\s+{_ADVERB})*\s+(?:and\s+)?|\b(?:after|having|upon|on|by|before)\s+)$",
    re.I,
)
_PASSIVE = re.compile(
    r"\b(?:has|have|was|were|is|are|got)(?: now| just| also| successfully| then)?(?: been)?\s+$",
    re.I,
)
_PURPOSE = re.compile(rf"\b(?:to|and)(?:\s+{_ADVERB})*\s+$", re.I)
_NEGATION = re.compile(
    r"\b(?:not|never|n't|cannot|could ?n't|unable|failed|fail|try|tried|would|could|can|"
    r"should|shall|may|might|want|like|if|whether)\b",
    re.I,
)
_OBJECTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(task|tasks|to-?do|reminder|subtasks?|steps)\b", re.I), "task"),
    (re.compile(r"\b(monitor|monitors|watch|alert|notif\w*)\b", re.I), "monitor"),
    (re.compile(r"\b(memory|memories|note|notes)\b", re.I), "memory"),
)
_ONLINE = re.compile(r"\b(?:web|online|internet|sources|research)\b", re.I)
_QUERY_NOUN = re.compile(r"\b(?:quer(?:y|ies)|sql|database)\b", re.I)
_SEARCH_NOUN = re.compile(r"\b(?:search|searches|look-?ups?)\b", re.I)
_CHECK_NOUN = re.compile(r"\b(?:check|checks|verification|test)\b", re.I)
_WRITTEN = re.compile(
    r"\b(?:saved|stored|added|created|updated|set up|recorded|written|remembered|noted)\b", re.I
)
# "The query returned…", "a quick search found…": a read named as a thing that acted.
_NOMINAL = re.compile(
    r"\b(?:the|a|an|my|our|this|that)\s+(?:\w+\s+)?(quer(?:y|ies)|search(?:es)?|look-?up|"
    r"check|verification)\s+(?:\w+ly\s+)?(?:returned|returns|found|finds|showed|shows|"
    r"revealed|reveals|confirmed|confirms|came back|turned up)\b",
    re.I,
)
_QUOTE = re.compile(
    r"\"([^\"]{3,})\"|“([^”\"]{3,})[”\"]|(?:(?<=^)|(?<=[\s(]))[‘']([^'\n]{3,}?)'(?=[\s.,;:!?)]|$)"
)
_REFUSAL = re.compile(
    r"\b(?:sorry|apologi[sz]e)\b.*\b(?:can(?:no|')t|unable|not able)\b|"
    r"\bI (?:can(?:no|')t|am unable to|'m unable to) (?:assist|help)",
    re.I,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”’)]*\s+|\n+")
_PAST = re.compile(r"\w+ed|made a note|kept in mind|broke|broken|forgot|forgotten|split|ran", re.I)
_LEADING = " \t\n:;,—-\"'“*•"
_TRAILING = " \t\n\"'”’)*"
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
"""What may follow a question mark at the end of a question (a quoted title with a "?" in
it does not make a question)."""


def _which_verb(word: str) -> int:
    for index, pattern in enumerate(_VERBS):
        if re.fullmatch(pattern, word, re.I):
            return index
    return -1  # pragma: no cover - every match comes from one of the patterns


def _object(text: str) -> str | None:
    for words, kind in _OBJECTS:
        if words.search(text):
            return kind
    return None


def _write_claim(index: int, sentence: str) -> Claim:
    """A write verb's claim, refined by the sentence's object."""
    actions = _WRITE_VERBS[index][1]
    updates = frozenset({"UPDATE_MEMORY", "UPDATE_TASK"})
    if index == _DELETE:  # deleted: only memories can be
        return Claim(frozenset({"DELETE_MEMORY"}))
    kind = _object(sentence)
    if kind is not None:
        family = _WRITES_OF[kind]
        return Claim(family & updates if index == _UPDATE else family)
    return Claim(updates if index == _UPDATE else actions)


def _read_claim(kind: str, after: str) -> Claim | None:
    """A read verb's claim, named by what follows the verb (its object); None when the verb
    names no read ("I ran late")."""
    clause = re.split(r"[.;!?]|\b(?:and|but|so)\b", after, maxsplit=1)[0]
    quoted = _QUOTE.search(after[:160])
    near = quoted is not None and len(after[: quoted.start()].split()) <= 4
    text = next((g for g in quoted.groups() if g), None) if quoted and near else None
    subject = _object(clause)
    if kind == "verify":
        if subject is None and _WRITTEN.search(after):
            subject = _object(after)
        reads = _READS_OF[subject] - {RETRIEVAL} if subject else READS - {RETRIEVAL}
        wrote = _WRITES_OF[subject] if subject and _WRITTEN.search(after) else frozenset()
        return Claim(reads, wrote)
    queries = _of(QUERIES | ({RETRIEVAL} if text else set()), subject)
    if _ONLINE.search(clause) and kind != "query":
        return Claim(frozenset({"RESEARCH"}), quoted=text)
    if kind == "run":
        if _QUERY_NOUN.search(clause):
            return Claim(queries, quoted=text)
        if _SEARCH_NOUN.search(clause):
            return Claim(_of(SEARCHES, subject), quoted=text)
        if _CHECK_NOUN.search(clause):
            return Claim(_of(READS, subject) - {RETRIEVAL})
        return None
    if kind == "query":
        return Claim(queries, quoted=text)
    if subject is not None:
        return Claim(_READS_OF[subject], quoted=text)
    return Claim(SEARCHES if kind == "search" else READS, quoted=text)


def _of(reads: frozenset[str], subject: str | None) -> frozenset[str]:
    """``reads`` narrowed to those of ``subject`` (a query of your monitors is not a memory
    search); the subject's own reads when none of ``reads`` are."""
    if subject is None:
        return reads
    return reads & _READS_OF[subject] or _READS_OF[subject]


def claimed_actions(sentence: str) -> list[Claim]:
    """Each action ``sentence`` says was done, with what would make the claim true."""
    sentence = sentence.replace("’", "'")
    if _QUOTED.sub("", sentence).rstrip(_TRAILING).endswith("?"):
        return []
    claims: list[Claim] = []
    for match in _VERB.finditer(sentence):
        if _inside_quote(sentence, match.start()):
            continue  # "I added the task 'Check the boiler'": the title is not a claim
        before = sentence[: match.start()]
        clause = re.split(r"[.!?;]\s|\bbut\b|\band\b(?= (?:i|we)\b)", before, flags=re.I)[-1]
        index = _which_verb(match.group(1))
        is_read = index >= len(_WRITE_VERBS)
        purpose = is_read and bool(claims) and bool(_PURPOSE.search(clause))
        if _NEGATION.search(_QUOTE.sub("", clause)):
            continue
        if not (purpose or _SUBJECT.search(clause) or _PASSIVE.search(clause)):
            continue
        if not clause.strip(_LEADING) and not _PAST.fullmatch(match.group(1)):
            continue  # "Remember to…", "Note that…", "Check…": said to the user, not a claim
        if not is_read:
            claims.append(_write_claim(index, sentence))
            continue
        kind = _READ_VERBS[index - len(_WRITE_VERBS)][1]
        after = sentence[match.end() :]
        found = _read_claim(kind, after if not _PASSIVE.search(clause) else clause + after)
        if found is not None:
            claims.append(found)
    for match in _NOMINAL.finditer(sentence):
        if not _NEGATION.search(sentence[: match.start()]):
            noun = match.group(1).lower()
            reads = QUERIES if noun.startswith("quer") else SEARCHES
            if noun in {"check", "verification"}:
                reads = READS - {RETRIEVAL}
            claims.append(Claim(reads))
    return claims


def _inside_quote(sentence: str, at: int) -> bool:
    return any(m.start() < at < m.end() for m in _QUOTE.finditer(sentence))


def _mentions(parameters: Mapping[str, Any], quoted: str) -> bool:
    """Whether a quoted query is (nearly) a text parameter of the action that ran."""
    wanted = _words(quoted)
    for value in parameters.values():
        if isinstance(value, str) and wanted and len(wanted & _words(value)) >= 0.8 * len(wanted):
            return True
    return False


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.casefold()))


def unsupported_claim(sentence: str, succeeded: Iterable[str | Ran]) -> str | None:
    """What ``sentence`` claims was done that no successful action did (None if nothing).

    ``succeeded`` are the turn's :class:`Ran` records (or bare action names in the order
    they ran, when their parameters are not known: then a quoted query is not checked)."""
    ran = [
        item if isinstance(item, Ran) else Ran(item, order=order)
        for order, item in enumerate(succeeded)
    ]
    for claim in claimed_actions(sentence):
        if not claim.met_by(ran):
            return claim.describe()
    if {r.action for r in ran} & WRITES and _REFUSAL.search(sentence):
        return "a refusal of what was done"
    return None


@dataclass
class ClaimFilter:
    """Checks a streamed answer sentence by sentence against the actions that succeeded."""

    succeeded: Iterable[str | Ran]
    said: str = ""
    """What the user already read this turn (what was done): a sentence repeating it, or
    repeating an earlier sentence of the answer, is left out."""
    removed: list[tuple[str, str]] = field(default_factory=list)
    """Each removed sentence, with what it claimed."""
    _buffer: str = ""
    _seen: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.succeeded = list(self.succeeded)
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
