"""Public long-term-memory benchmarks read from the user's own file: LoCoMo and LongMemEval.

Nothing is downloaded: the user passes the dataset file (LoCoMo's ``data/locomo10.json``,
LongMemEval's ``longmemeval_s_cleaned.json`` or ``_oracle``) and :func:`load_dataset` tells
the format from its shape. Each file becomes haystacks (a LoCoMo conversation; a LongMemEval
question's own history), each holding its memories twice, once per unit:

- ``turn``: one memory per utterance, ``"Speaker: text"`` (a shared photo's caption kept),
  each continuing the session's previous turn (stored as a conversation is: a chain of
  memories, ``MemoryService.create(follows=...)``);
- ``session``: one memory per session, its turns one per line;

every memory dated with its session's date. A question names its evidence per unit (LoCoMo's
``evidence`` dialogue ids and their sessions; LongMemEval's ``has_answer`` turns and
``answer_session_ids``) and its category (LoCoMo's 1–5 named as in the paper; LongMemEval's
``question_type``). Questions without evidence (LoCoMo's adversarial category 5 has some,
LongMemEval's abstention questions have none) are kept but not scored by the benchmark.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from sentinel.errors import InvalidInput

Unit = Literal["turn", "session"]
UNITS: tuple[Unit, ...] = ("turn", "session")

# LoCoMo's category numbers, named as the paper (and the file's own generation code) does.
LOCOMO_CATEGORIES = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}
_LOCOMO_SESSION = re.compile(r"^session_(\d+)$")
_LOCOMO_DIA = re.compile(r"D(\d+):(\d+)")


@dataclass(frozen=True, slots=True)
class Item:
    """One memory of a haystack: its key (unique in the haystack and unit), text, date and
    the key of the memory it continues (the session's previous turn)."""

    key: str
    text: str
    date: datetime | None
    follows: str | None = None


@dataclass(frozen=True, slots=True)
class Question:
    """A question, its category and the keys of the memories holding its answer, per unit."""

    id: str
    text: str
    category: str
    evidence: dict[str, frozenset[str]]
    date: datetime | None = None


@dataclass(frozen=True, slots=True)
class Haystack:
    """The memories one set of questions is asked against (per unit) and those questions."""

    id: str
    items: dict[str, tuple[Item, ...]]
    questions: tuple[Question, ...]


@dataclass(frozen=True, slots=True)
class Dataset:
    """A loaded benchmark file: its format, its haystacks and where it came from."""

    format: Literal["locomo", "longmemeval"]
    source: str
    haystacks: tuple[Haystack, ...]

    def select(self, spec: str | None) -> Dataset:
        """The haystacks named by ``spec``: comma-separated positions (``0-4``, ``0,2``) or
        ids (``conv-26``); ``None`` or empty keeps them all."""
        if not spec:
            return self
        chosen: list[Haystack] = []
        by_id = {h.id: h for h in self.haystacks}
        for part in (p.strip() for p in spec.split(",")):
            if not part:
                continue
            if part in by_id:
                picked = [by_id[part]]
            elif re.fullmatch(r"\d+(-\d+)?", part):
                low, _, high = part.partition("-")
                first, last = int(low), int(high or low)
                if not 0 <= first <= last < len(self.haystacks):
                    raise InvalidInput(
                        "haystacks", part, f"positions run from 0 to {len(self.haystacks) - 1}"
                    )
                picked = list(self.haystacks[first : last + 1])
            else:
                raise InvalidInput("haystacks", part, "is neither a position nor a haystack id")
            chosen += [h for h in picked if h not in chosen]
        return Dataset(self.format, self.source, tuple(chosen))


def load_dataset(path: Path) -> Dataset:
    """Read a LoCoMo or LongMemEval file; ``InvalidInput`` names what is wrong with it."""
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise InvalidInput("dataset", str(path), f"cannot be read ({exc.strerror})") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InvalidInput("dataset", str(path), f"is not JSON ({exc})") from exc
    if not isinstance(raw, list) or not raw or not all(isinstance(e, dict) for e in raw):
        raise InvalidInput("dataset", str(path), "must be a JSON list of objects")
    first = raw[0]
    try:
        if "conversation" in first and "qa" in first:
            return Dataset("locomo", str(path), tuple(_locomo(e) for e in raw))
        if "haystack_sessions" in first and "question" in first:
            return Dataset("longmemeval", str(path), tuple(_longmemeval(e) for e in raw))
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidInput("dataset", str(path), f"has a malformed entry ({exc!r})") from exc
    raise InvalidInput(
        "dataset",
        str(path),
        "is neither LoCoMo (conversation, qa) nor LongMemEval (question, haystack_sessions)",
    )


def parse_date(text: str) -> datetime | None:
    """A dataset's date: LoCoMo's ``1:56 pm on 8 May, 2023``, LongMemEval's
    ``2023/05/20 (Sat) 02:21``; None when it is neither."""
    cleaned = re.sub(r"\s+", " ", text.strip())
    for pattern in ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %b, %Y"):
        try:
            return datetime.strptime(cleaned, pattern)
        except ValueError:
            pass
    match = re.fullmatch(r"(\d{4}/\d{2}/\d{2}) \(\w+\) (\d{2}:\d{2})", cleaned)
    if match:
        return datetime.strptime(f"{match[1]} {match[2]}", "%Y/%m/%d %H:%M")
    return None


def _locomo(entry: dict[str, Any]) -> Haystack:
    conversation = entry["conversation"]
    sample = str(entry["sample_id"])
    turns: list[Item] = []
    sessions: list[Item] = []
    session_of: dict[str, str] = {}
    numbers = sorted(
        int(m[1]) for key in conversation if (m := _LOCOMO_SESSION.match(key)) is not None
    )
    for number in numbers:
        session_key = f"S{number}"
        date = parse_date(str(conversation.get(f"session_{number}_date_time", "")))
        lines: list[str] = []
        previous: str | None = None
        for turn in conversation[f"session_{number}"]:
            text = f"{turn['speaker']}: {turn['text']}"
            if turn.get("blip_caption"):
                text += f" [shares a photo: {turn['blip_caption']}]"
            turns.append(Item(str(turn["dia_id"]), text, date, previous))
            previous = str(turn["dia_id"])
            session_of[str(turn["dia_id"])] = session_key
            lines.append(text)
        if lines:
            sessions.append(Item(session_key, "\n".join(lines), date))
    questions = []
    for number, qa in enumerate(entry["qa"]):
        # Evidence ids are "D3:5"; a few are written "D8:6; D9:17" or "D:11:26": take every
        # well-formed id, drop those naming no turn of the conversation.
        found = _LOCOMO_DIA.findall(" ".join(str(e) for e in qa.get("evidence", [])))
        ids = {f"D{s}:{t}" for s, t in found} & set(session_of)
        category = int(qa["category"])
        questions.append(
            Question(
                id=f"{sample}/{number}",
                text=str(qa["question"]),
                category=f"{category} {LOCOMO_CATEGORIES.get(category, 'other')}",
                evidence={
                    "turn": frozenset(ids),
                    "session": frozenset(session_of[i] for i in ids),
                },
            )
        )
    return Haystack(sample, {"turn": tuple(turns), "session": tuple(sessions)}, tuple(questions))


def _longmemeval(entry: dict[str, Any]) -> Haystack:
    qid = str(entry["question_id"])
    turns: list[Item] = []
    sessions: list[Item] = []
    evidence_turns: set[str] = set()
    session_ids: Sequence[Any] = entry["haystack_session_ids"]
    dates: Sequence[Any] = entry.get("haystack_dates") or [""] * len(session_ids)
    for session_id, date_text, session in zip(
        session_ids, dates, entry["haystack_sessions"], strict=True
    ):
        date = parse_date(str(date_text))
        lines = []
        for number, turn in enumerate(session, start=1):
            key = f"{session_id}#{number}"
            text = f"{turn['role']}: {turn['content']}"
            turns.append(
                Item(key, text, date, f"{session_id}#{number - 1}" if number > 1 else None)
            )
            lines.append(text)
            if turn.get("has_answer"):
                evidence_turns.add(key)
        sessions.append(Item(str(session_id), "\n".join(lines), date))
    answer_sessions = frozenset(str(s) for s in entry.get("answer_session_ids", []))
    abstains = qid.endswith("_abs")
    question = Question(
        id=qid,
        text=str(entry["question"]),
        category="abstention" if abstains else str(entry["question_type"]),
        evidence={
            "turn": frozenset() if abstains else frozenset(evidence_turns),
            "session": frozenset() if abstains else answer_sessions,
        },
        date=parse_date(str(entry.get("question_date", ""))),
    )
    return Haystack(qid, {"turn": tuple(turns), "session": tuple(sessions)}, (question,))
