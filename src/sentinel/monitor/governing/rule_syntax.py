"""The rule language of the rules governor: CEL, read by the ``cel`` library, plus three words.

A rule is a CEL (Common Expression Language) expression over the sensed state::

    price_usd < 300
    in_stock == true && price_usd <= 99.5
    status in ["delayed", "cancelled"]
    changed(version) || (version != null && !announced)
    product.price < prev(product.price)
    title.contains("beta")

It is compiled by the ``common-expression-language`` package (a Rust CEL implementation), which
does the parsing and the evaluation. This module reads a rule into a :class:`ParsedRule`:
its CEL program, the fields it reads (with the kind each is compared as, for the sensor's
state schema) and the fields it tests with ``prev``/``changed``.

Rules written before CEL stay valid: their spellings are translated token by token before
compiling (the mapping is in docs/monitors-rules.md): ``and``/``or``/``not`` are ``&&``/``||``/
``!``, ``=`` is ``==``, ``x not in [...]`` is ``!(x in [...])``, ``none`` is ``null``,
``products.0.sku`` is ``products[0].sku``, ``exists(x)`` is ``x != null``; keywords are
case-insensitive. ``contains(text_or_list, item)`` is a function of ours.

Reading a field by name is a static analysis of the tokens (the library exposes no syntax
tree; its ``variables()`` confirms each field's root name).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache

import cel
from cel.cel import Program

from sentinel.errors import InvalidInput
from sentinel.monitor.governing.rule_fields import (
    FieldKind,
    FieldReads,
    Token,
    is_keyword,
    read_fields,
)

__all__ = ["FieldKind", "InvalidRule", "ParsedRule", "Token", "parse_rule", "tokenize"]

MAX_RULE_CHARS = 1000
MAX_DEPTH = 32

_TOKEN = re.compile(
    r"""(?P<space>\s+)
    |(?P<string>(?:[rR][bB]?|[bB][rR]?)?
        (?:\"\"\"(?:[^\\]|\\.)*?\"\"\"|'''(?:[^\\]|\\.)*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'))
    |(?P<number>0[xX][0-9a-fA-F]+[uU]?|(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?[uU]?)
    |(?P<name>[A-Za-z_][A-Za-z0-9_]*)
    |(?P<op>==|!=|<=|>=|&&|\|\||[<>=!?:+\-*/%])
    |(?P<punct>[()\[\]{},.])""",
    re.VERBOSE,
)
_INDEX = re.compile(r"\d+")
_KEYWORD_SPELLING = {
    "and": "&&",
    "or": "||",
    "not": "!",
    "in": "in",
    "true": "true",
    "false": "false",
    "null": "null",
    "none": "null",
}
# CEL's syntax error "expecting {...}" sets, said in words.
_EXPECTING = re.compile(r"expecting \{[^}]*\}|expecting [^\s,]+")
_CEL_ERROR = re.compile(r"<input>:(\d+):(\d+): (.*)")


class InvalidRule(InvalidInput):
    """A rule does not parse; says where (0-based ``position``) and what was expected."""

    def __init__(self, rule: str, position: int, problem: str) -> None:
        self.rule = rule
        self.position = position
        pointer = f"{rule}\n{' ' * position}^"
        super().__init__("rule", rule, f"at position {position}: {problem}\n{pointer}")


@dataclass(frozen=True)
class ParsedRule:
    """A rule as written, its CEL spelling and compiled program, and the fields it reads.

    ``paths`` are the dotted fields the rule reads (``price``, ``product.price``,
    ``products.0.sku``) in order of appearance; ``current`` those read as they are now,
    ``previous`` those read with ``prev()``, ``changed`` those tested with ``changed()``,
    ``tested`` those tested with ``has()``; ``kinds`` the kind each path is compared as
    (``price < 300``: number).
    """

    text: str
    cel: str
    program: Program
    paths: tuple[str, ...]
    current: tuple[str, ...]
    previous: tuple[str, ...]
    changed: tuple[str, ...]
    tested: tuple[str, ...]
    kinds: dict[str, FieldKind]


def parse_rule(text: str) -> ParsedRule:
    """Read ``text`` into a :class:`ParsedRule`, or raise :class:`InvalidRule` saying where and
    why. Compiled once per text (a cache: many monitors share a rule)."""
    return _parse(text)


@lru_cache(maxsize=4096)
def _parse(text: str) -> ParsedRule:
    if len(text) > MAX_RULE_CHARS:
        raise InvalidRule(text, MAX_RULE_CHARS, f"longer than {MAX_RULE_CHARS} characters")
    tokens = tokenize(text)
    if not tokens:
        raise InvalidRule(text, 0, "expected a condition such as 'price < 100'")
    _check_depth(text, tokens)
    try:
        reads = read_fields(tokens)
    except ValueError as error:
        position, _, problem = str(error).partition(":")
        raise InvalidRule(text, int(position), problem.strip()) from None
    pieces = _translate(tokens, reads)
    source = "".join(piece for piece, _ in pieces)
    try:
        program = cel.compile(source)
    except ValueError as error:
        raise _syntax_error(text, source, pieces, str(error)) from None
    roots = set(program.variables()) | {path.split(".")[0] for path in reads.previous}
    roots |= {path.split(".")[0] for path in reads.changed}
    paths = tuple(path for path in reads.paths if path.split(".")[0] in roots)
    if not paths:
        problem = "the rule reads no field: compare a field with a value, e.g. 'price_usd < 100'"
        raise InvalidRule(text, 0, problem)
    return ParsedRule(
        text=text,
        cel=source,
        program=program,
        paths=paths,
        current=tuple(path for path in reads.current if path in paths),
        previous=reads.previous,
        changed=reads.changed,
        tested=reads.tested,
        kinds={path: reads.kinds.get(path, "any") for path in paths},
    )


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text`` (spaces dropped); :class:`InvalidRule` on a character that
    starts none. Keywords are names here; a member index (``products.0``) is an ``index``."""
    tokens: list[Token] = []
    position = 0
    while position < len(text):
        previous = tokens[-1] if tokens else None
        after_member = previous is not None and previous.text == "." and previous.kind == "punct"
        index = _INDEX.match(text, position) if after_member else None
        follows_value = previous is not None and (
            previous.kind in ("name", "index", "string") or previous.text in (")", "]")
        )
        if index is not None:
            tokens.append(Token("index", index.group(), position))
            position = index.end()
            continue
        if text[position] == "." and follows_value:
            tokens.append(Token("punct", ".", position))
            position += 1
            continue
        match = _TOKEN.match(text, position)
        if match is None:
            if text[position] in "\"'":
                raise InvalidRule(text, position, "unterminated string")
            raise InvalidRule(text, position, f"unexpected character {text[position]!r}")
        kind = match.lastgroup or ""
        if kind != "space":
            tokens.append(Token(kind, match.group(), position))
        position = match.end()
    return tokens


def _check_depth(text: str, tokens: list[Token]) -> None:
    # The CEL parser refuses deep nesting too, but with a message about its own internals.
    depth = 0
    unary = 0
    for token in tokens:
        if token.text in ("(", "[", "{"):
            depth += 1
        elif token.text in (")", "]", "}"):
            depth -= 1
        unary = unary + 1 if token.text == "!" or is_keyword(token, "not") else 0
        if depth + unary > MAX_DEPTH:
            raise InvalidRule(text, token.position, f"nested deeper than {MAX_DEPTH}")


def _translate(tokens: list[Token], reads: FieldReads) -> list[tuple[str, int]]:
    """The CEL text as pieces, each with the position in the rule it comes from."""
    replace: dict[int, str] = {}
    before: dict[int, str] = {}
    after: dict[int, str] = {}
    for call in reads.calls:
        if call.name == "exists":
            # exists(x) is x != null: a missing field is null to a rule.
            replace[call.start] = ""
            replace[call.end - 1] = " != null)"
        else:
            replace[call.start] = f"{call.name}({json.dumps(call.path)})"
            for index in range(call.start + 1, call.end):
                replace[index] = ""
    for negation in reads.negated_in:
        replace[negation.not_index] = ""
        before[negation.start] = before.get(negation.start, "") + "!("
        after[negation.end - 1] = ")" + after.get(negation.end - 1, "")
    pieces: list[tuple[str, int]] = []
    for index, token in enumerate(tokens):
        if index > 0:
            end = tokens[index - 1].position + len(tokens[index - 1].text)
            pieces.append((" " * (token.position - end), end))  # the spacing as written
        text = replace.get(index)
        if text is None:
            text = _spelling(tokens, index, reads)
        pieces.append((before.get(index, "") + text + after.get(index, ""), token.position))
    return pieces


def _spelling(tokens: list[Token], index: int, reads: FieldReads) -> str:
    token = tokens[index]
    if token.kind == "name" and token.text.casefold() in _KEYWORD_SPELLING:
        return _KEYWORD_SPELLING[token.text.casefold()]
    if token.kind == "op" and token.text == "=":
        return "=="
    if token.kind == "number" and token.text.endswith("."):
        return token.text + "0"
    if token.kind == "number" and token.text.isdigit() and _in_arithmetic(tokens, index):
        # CEL has no int * double: the state's numbers are doubles, so are these.
        return token.text + ".0"
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    if token.text == "." and following is not None and following.kind == "index":
        return "["
    if token.kind == "index":
        return token.text + "]"
    if token.kind == "string":
        return reads.literals.get(index, token.text)
    return token.text


def _in_arithmetic(tokens: list[Token], index: int) -> bool:
    neighbours = tokens[index - 1 : index] + tokens[index + 1 : index + 2]
    return any(token.kind == "op" and token.text in "+-*/" for token in neighbours)


def _syntax_error(
    rule: str, source: str, pieces: list[tuple[str, int]], message: str
) -> InvalidRule:
    found = _CEL_ERROR.search(message)
    if found is None:
        return InvalidRule(rule, 0, f"not a valid CEL expression: {message.splitlines()[0]}")
    column = max(int(found.group(2)) - 1, 0)  # CEL counts columns from 1 (mostly)
    problem = found.group(3).removeprefix("Syntax error: ")
    position = len(rule) if column >= len(source) else _rule_position(pieces, column)
    problem = problem.replace("mismatched input '<EOF>'", "the rule ends too soon,")
    problem = _EXPECTING.sub(_expected_in_words, problem, count=1).replace("'<EOF>'", "the end")
    if source.split() != rule.split():
        problem += f" (read as CEL: {source})"
    return InvalidRule(rule, position, problem)


def _expected_in_words(expecting: re.Match[str]) -> str:
    text = expecting.group()
    if "IDENTIFIER" in text:
        return "expecting a value (a field, number, string, true, false, null or a list)"
    if "'&&'" in text or "'=='" in text:
        return "expecting an operator ('==', '<', '&&', '||', ...) or the end of the rule"
    return text.replace("<EOF>", "the end of the rule")


def _rule_position(pieces: list[tuple[str, int]], column: int) -> int:
    """The position in the rule of ``column`` of the CEL text built from ``pieces``."""
    offset = 0
    last = 0
    for text, position in pieces:
        if offset + len(text) > column:
            return position + min(column - offset, max(0, len(text) - 1))
        offset += len(text)
        last = position + len(text.strip())
    return last
