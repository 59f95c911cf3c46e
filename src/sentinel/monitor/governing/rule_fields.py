"""Which fields a rule reads, and as what kind: a reading of the rule's CEL tokens.

``price_usd < 300`` reads ``price_usd`` as a number; ``in_stock == true`` and a field used as a
condition (``announced && ...``) as booleans; ``status in ["late"]`` and
``title.contains("x")`` as text; ``released < "2025-10-01"`` as a date; ``"ios" in tags`` as a
list. The kinds become the sensor's state schema and tell the evaluator how to read a sensor's
loose values (``"$799.00"`` is the number 799). A field compared only with other fields has
kind ``any``.

This module also finds the calls to ``prev``/``changed``/``exists`` (each takes a field
name), the legacy ``x not in y``, and the string literals the evaluator folds, so that
:mod:`sentinel.monitor.governing.rule_syntax` can translate the rule into plain CEL.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Literal

from sentinel.monitor.governing.rule_literals import decode_string as _decode
from sentinel.monitor.governing.values import as_datetime, as_number, as_text

FieldKind = Literal["number", "string", "boolean", "date", "list", "any"]

_COMPARE = {"==", "!=", "<", "<=", ">", ">=", "="}
_ARITHMETIC = {"-", "*", "/", "%"}
_FIELD_FUNCTIONS = ("prev", "changed", "exists")
_TEXT_METHODS = {"contains", "startsWith", "endsWith", "matches"}
_MACROS = {"all", "exists", "exists_one", "map", "filter"}
# CEL's standard functions (those the library implements) and ours.
KNOWN_FUNCTIONS = frozenset(
    {
        *_FIELD_FUNCTIONS,
        *_TEXT_METHODS,
        *_MACROS,
        "has",
        "version_at_least",
        "version_newer",
        "size",
        "int",
        "uint",
        "double",
        "string",
        "bytes",
        "bool",
        "dyn",
        "type",
        "timestamp",
        "duration",
        "getFullYear",
        "getMonth",
        "getDate",
        "getDayOfMonth",
        "getDayOfWeek",
        "getDayOfYear",
        "getHours",
        "getMinutes",
        "getSeconds",
        "getMilliseconds",
    }
)
_KEYWORDS = {"and", "or", "not", "in", "true", "false", "null", "none"}


@dataclass(frozen=True)
class Token:
    """One lexeme: its kind (``name``, ``number``, ``string``, ``op``, ``punct``, ``index``),
    text and where it starts."""

    kind: str
    text: str
    position: int


@dataclass(frozen=True)
class FieldCall:
    """``prev(path)``, ``changed(path)`` or ``exists(path)``: tokens ``start`` to ``end``."""

    name: str
    path: str
    start: int
    end: int


@dataclass(frozen=True)
class NegatedIn:
    """A legacy ``x not in y``: its operands span tokens ``start`` to ``end``."""

    not_index: int
    start: int
    end: int


@dataclass
class FieldReads:
    """What :func:`read_fields` found (see the module documentation)."""

    paths: tuple[str, ...] = ()
    current: tuple[str, ...] = ()
    previous: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    tested: tuple[str, ...] = ()
    kinds: dict[str, FieldKind] = field(default_factory=dict)
    calls: list[FieldCall] = field(default_factory=list)
    negated_in: list[NegatedIn] = field(default_factory=list)
    literals: dict[int, str] = field(default_factory=dict)


def is_keyword(token: Token | None, word: str | None = None) -> bool:
    """Whether ``token`` is a keyword (``word``, when given), in any case."""
    if token is None or token.kind != "name":
        return False
    folded = token.text.casefold()
    return folded in _KEYWORDS if word is None else folded == word


def read_fields(tokens: list[Token]) -> FieldReads:
    """The fields ``tokens`` read, their kinds, and what the translation to CEL must rewrite.

    Raises ValueError ``"<position>: <problem>"`` for a call to an unknown function or a
    field function given something other than a field name.
    """
    return _Reader(tokens).read()


class _Reader:
    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.reads = FieldReads()
        self.bound = self._bound_names()
        self.seen: dict[str, None] = {}
        self.current: dict[str, None] = {}
        self.previous: dict[str, None] = {}
        self.changed: dict[str, None] = {}
        self.tested: dict[str, None] = {}
        self.votes: dict[str, list[FieldKind]] = {}
        self.date_literals: dict[int, str] = {}

    def at(self, index: int) -> Token | None:
        return self.tokens[index] if 0 <= index < len(self.tokens) else None

    def text(self, index: int) -> str:
        token = self.at(index)
        return "" if token is None else token.text

    def read(self) -> FieldReads:
        index = 0
        while index < len(self.tokens):
            index = self.visit(index)
        self.fold_literals()
        kinds = {path: _decide(votes) for path, votes in self.votes.items()}
        for token_index, path in self.date_literals.items():
            if kinds.get(path) == "date":
                instant = as_datetime(_decode(self.tokens[token_index].text))
                assert instant is not None
                stamp = instant.strftime("%Y-%m-%dT%H:%M:%SZ")
                self.reads.literals[token_index] = f'timestamp("{stamp}")'
        self.reads.paths = tuple(self.seen)
        self.reads.current = tuple(self.current)
        self.reads.previous = tuple(self.previous)
        self.reads.changed = tuple(self.changed)
        self.reads.tested = tuple(self.tested)
        self.reads.kinds = kinds
        return self.reads

    def visit(self, index: int) -> int:
        token = self.tokens[index]
        if is_keyword(token, "not") and is_keyword(self.at(index + 1), "in"):
            start = self.operand_start(index - 1)
            end = self.operand_end(index + 2)
            self.reads.negated_in.append(NegatedIn(index, start, end))
            return index + 1
        if token.kind != "name" or is_keyword(token) or self.text(index - 1) == ".":
            return index + 1
        if self.text(index + 1) == "(":
            return self.call(index)
        if token.text in self.bound:
            return index + 1
        end, path = self.path(index)
        self.record(path, index, end, self.current)
        if self.text(index - 1) == "(" and self.text(index - 2) == "has":
            self.tested.setdefault(path)  # has(a.b) asks whether the key is there
        return end

    def call(self, index: int) -> int:
        name = self.tokens[index]
        if name.text not in KNOWN_FUNCTIONS:
            known = ", ".join(sorted(KNOWN_FUNCTIONS))
            raise ValueError(f"{name.position}: unknown function {name.text!r}; known: {known}")
        if name.text not in _FIELD_FUNCTIONS:
            return index + 1
        argument = self.at(index + 2)
        end, path = self.path(index + 2) if argument and argument.kind == "name" else (0, "")
        if not path or is_keyword(self.tokens[index + 2]) or self.text(end) != ")":
            position = argument.position if argument else name.position
            problem = f"{name.text}() takes a field name, e.g. {name.text}(price)"
            raise ValueError(f"{position}: {problem}")
        self.reads.calls.append(FieldCall(name.text, path, index, end + 1))
        if name.text == "prev":
            # prev(price) < 300 says as much about price as price < 300 does.
            self.record(path, index, end + 1, self.previous)
        else:
            # changed(x) and exists(x) are conditions about x, not values of it.
            self.seen.setdefault(path)
            (self.changed if name.text == "changed" else self.current).setdefault(path)
        return end + 1

    def path(self, index: int) -> tuple[int, str]:
        """The end (exclusive) and dotted text of the field path starting at ``index``."""
        parts = [self.tokens[index].text]
        index += 1
        while True:
            following = self.at(index + 1)
            if self.text(index) == "." and following is not None:
                if following.kind == "index":
                    parts.append(following.text)
                    index += 2
                    continue
                if following.kind == "name" and self.text(index + 2) != "(":
                    parts.append(following.text)
                    index += 2
                    continue
            if self.text(index) == "[" and self.text(index + 2) == "]":
                key = self.tokens[index + 1]
                if key.kind == "number" and key.text.isdigit():
                    parts.append(key.text)
                    index += 3
                    continue
                if key.kind == "string" and _decode(key.text) is not None:
                    parts.append(str(_decode(key.text)))
                    index += 3
                    continue
            return index, ".".join(parts)

    def record(self, path: str, start: int, end: int, into: dict[str, None]) -> None:
        self.seen.setdefault(path)
        into.setdefault(path)
        self.votes.setdefault(path, []).extend(self.kinds_around(path, start, end))

    def kinds_around(self, path: str, start: int, end: int) -> list[FieldKind]:
        """The kinds the neighbours of the operand at ``start:end`` say it has."""
        before, after = self.text(start - 1), self.text(end)
        kinds: list[FieldKind] = []
        if after in _COMPARE:
            kinds.append(self.literal_kind(end + 1, path))
        if before in _COMPARE:
            kinds.append(self.literal_kind(self.operand_start(start - 2), path))
        if is_keyword(self.at(end), "in"):
            kinds.extend(self.list_kinds(end + 1, path))
        elif is_keyword(self.at(end), "not") and is_keyword(self.at(end + 1), "in"):
            kinds.extend(self.list_kinds(end + 2, path))
        if is_keyword(self.at(start - 1), "in"):
            kinds.append("list")
        if after == "." and self.text(end + 1) in _TEXT_METHODS and self.text(end + 2) == "(":
            kinds.append("string")
        if after in _ARITHMETIC or before in _ARITHMETIC:
            kinds.append("number")
        if self.is_condition(start, end):
            kinds.append("boolean")
        return [kind for kind in kinds if kind != "any"]

    def literal_kind(self, index: int, path: str) -> FieldKind:
        if self.text(index) == "-":
            index += 1
        token = self.at(index)
        if token is None:
            return "any"
        if token.kind == "number":
            return "number"
        if is_keyword(token, "true") or is_keyword(token, "false"):
            return "boolean"
        if token.kind == "string":
            value = _decode(token.text)
            if value is None:
                return "any"
            if as_datetime(value) is not None and as_number(value) is None:
                self.date_literals[index] = path
                return "date"
            return "string"
        return "any"

    def list_kinds(self, index: int, path: str) -> list[FieldKind]:
        if self.text(index) != "[":
            return []
        kinds: list[FieldKind] = []
        depth = 0
        for position in range(index, len(self.tokens)):
            text = self.text(position)
            depth += text in ("[", "(", "{")
            depth -= text in ("]", ")", "}")
            if depth == 0:
                break
            if depth == 1 and text not in ("[", ","):
                kinds.append(self.literal_kind(position, path))
        return kinds

    def is_condition(self, start: int, end: int) -> bool:
        """Whether the operand stands alone as a condition: ``a && b``, ``!a``, ``(a)``."""
        before, after = self.at(start - 1), self.at(end)
        opens = (
            before is None
            or before.text in ("&&", "||", "!", "?")
            or (before.text == "(" and not self.is_call_paren(start - 1))
        )
        opens = opens or is_keyword(before, "and") or is_keyword(before, "or")
        opens = opens or is_keyword(before, "not")
        closes = (
            after is None
            or after.text in ("&&", "||", "?")
            or (after.text == ")" and not self.is_call_paren(self.matching_open(end)))
        )
        closes = closes or is_keyword(after, "and") or is_keyword(after, "or")
        return opens and closes

    def is_call_paren(self, index: int) -> bool:
        name = self.at(index - 1)
        return name is not None and name.kind == "name" and not is_keyword(name)

    def matching_open(self, index: int) -> int:
        depth = 0
        for position in range(index, -1, -1):
            depth += self.text(position) in (")", "]", "}")
            depth -= self.text(position) in ("(", "[", "{")
            if depth == 0:
                return position
        return 0

    def matching_close(self, index: int) -> int:
        depth = 0
        for position in range(index, len(self.tokens)):
            depth += self.text(position) in ("(", "[", "{")
            depth -= self.text(position) in (")", "]", "}")
            if depth == 0:
                return position
        return len(self.tokens) - 1

    def operand_start(self, index: int) -> int:
        """The first token of the simple operand (field, literal, call, list) ending at
        ``index``."""
        while index > 0:
            if self.text(index) in (")", "]", "}"):
                opener = self.matching_open(index)
                if self.text(opener) == "(" and self.is_call_paren(opener):
                    index = opener - 1  # the call's name, which may follow a "."
                    continue
                if self.text(opener) == "[" and self.follows_value(opener):
                    index = opener - 1  # an index into what comes before
                    continue
                return opener
            if self.text(index - 1) == ".":
                index -= 2
                continue
            break
        return max(index, 0)

    def follows_value(self, index: int) -> bool:
        before = self.at(index - 1)
        if before is None:
            return False
        return (before.kind in ("name", "index", "string") and not is_keyword(before)) or (
            before.text in (")", "]")
        )

    def operand_end(self, index: int) -> int:
        """One past the last token of the simple operand starting at ``index``."""
        if self.text(index) == "-":
            index += 1
        if self.text(index) in ("(", "[", "{"):
            index = self.matching_close(index) + 1
        else:
            index += 1
        while index < len(self.tokens):
            if self.text(index) == "(" or self.text(index) == "[":
                index = self.matching_close(index) + 1
            elif self.text(index) == "." and index + 1 < len(self.tokens):
                index += 2
            else:
                break
        return index

    def fold_literals(self) -> None:
        """Text literals compare as the sensor's text does: case and spacing folded (not in
        ``matches``, where the text is a pattern)."""
        for index, token in enumerate(self.tokens):
            if token.kind != "string":
                continue
            if self.in_pattern(index):
                # A pattern keeps its escapes; it matches the folded text ignoring case.
                prefix = len(token.text) - len(token.text.lstrip("rR"))
                quote = 3 if token.text[prefix : prefix + 3] in ('"""', "'''") else 1
                cut = prefix + quote
                self.reads.literals[index] = token.text[:cut] + "(?i)" + token.text[cut:]
                continue
            value = _decode(token.text)
            if value is not None:
                self.reads.literals[index] = json.dumps(as_text(value), ensure_ascii=False)

    def in_pattern(self, index: int) -> bool:
        if self.text(index - 1) == "(" and self.text(index - 2) == "matches":
            return True
        return self.text(index - 1) == "," and self.call_name(index - 1) == "matches"

    def call_name(self, index: int) -> str:
        depth = 0
        for position in range(index, -1, -1):
            depth += self.text(position) in (")", "]", "}")
            depth -= self.text(position) in ("(", "[", "{")
            if depth < 0:
                return self.text(position - 1) if self.text(position) == "(" else ""
        return ""

    def _bound_names(self) -> set[str]:
        """Names a macro binds (``t`` in ``tags.exists(t, t == "ios")``): not fields."""
        bound: set[str] = set()
        for index, token in enumerate(self.tokens):
            if (
                token.text in _MACROS
                and self.text(index - 1) == "."
                and self.text(index + 1) == "("
                and self.text(index + 3) == ","
            ):
                bound.add(self.text(index + 2))
        return bound


def _decide(votes: list[FieldKind]) -> FieldKind:
    distinct = set(votes)
    if len(distinct) == 1:
        return votes[0]
    if distinct == {"date", "string"}:
        return "date"
    return "any"
