"""The rule language of the rules governor: tokens, syntax tree and a recursive-descent parser.

Examples::

    announced == true
    price_usd <= 99.5 and in_stock == true
    status in ["delayed", "cancelled"]
    changed(version) or (version != null and not announced)
    product.price < prev(product.price)
    contains(title, "beta")

Grammar (keywords are case-insensitive; ``=`` is ``==``)::

    rule       := or_expr END
    or_expr    := and_expr ("or" and_expr)*
    and_expr   := not_expr ("and" not_expr)*
    not_expr   := "not" not_expr | comparison
    comparison := operand [("=="|"!="|"<"|"<="|">"|">=") operand | ["not"] "in" operand]
    operand    := literal | list | path | call | "(" or_expr ")"
    call       := ("changed"|"exists"|"prev") "(" path ")" | "contains" "(" operand "," operand ")"
    path       := name ("." (name | digits))*       e.g. product.price, products.0.sku
    literal    := number | string | true | false | null

A hand-written parser rather than a library: the language is tiny, the error messages must
name the rule, the position and what was expected, and there is nothing to install or trust.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from sentinel.errors import InvalidInput

MAX_RULE_CHARS = 1000
MAX_DEPTH = 32

CompareOp = Literal["==", "!=", "<", "<=", ">", ">="]
_KEYWORDS = {"and", "or", "not", "in", "true", "false", "null", "none"}
_FUNCTIONS = ("changed", "contains", "exists", "prev")
_TOKEN = re.compile(
    r"""(?P<space>\s+)
    |(?P<number>-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
    |(?P<string>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
    |(?P<path>[A-Za-z_][\w-]*(?:\.(?:[A-Za-z_][\w-]*|\d+))*)
    |(?P<op>==|!=|<=|>=|=|<|>)
    |(?P<punct>[()\[\],])""",
    re.VERBOSE,
)


class InvalidRule(InvalidInput):
    """A rule does not parse; says where (0-based ``position``) and what was expected."""

    def __init__(self, rule: str, position: int, problem: str) -> None:
        self.rule = rule
        self.position = position
        pointer = f"{rule}\n{' ' * position}^"
        super().__init__("rule", rule, f"at position {position}: {problem}\n{pointer}")


@dataclass(frozen=True)
class Token:
    """One lexeme: its kind, text and where it starts."""

    kind: str
    text: str
    position: int


# --- syntax tree ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Path:
    """A field of the current state, by dotted path."""

    parts: tuple[str, ...]

    @property
    def text(self) -> str:
        """The path as written: ``product.price``."""
        return ".".join(self.parts)


@dataclass(frozen=True)
class Prev:
    """``prev(path)``: the field's value in the previous state."""

    path: Path


@dataclass(frozen=True)
class Literal_:
    """A constant: number, string, true, false or null."""

    value: Any


@dataclass(frozen=True)
class ListOf:
    """A list of constants, the right side of ``in``."""

    items: tuple[Any, ...]


Operand = Path | Prev | Literal_ | ListOf


@dataclass(frozen=True)
class Compare:
    """``left op right``."""

    op: CompareOp
    left: Operand
    right: Operand


@dataclass(frozen=True)
class In:
    """``item [not] in collection``: membership in a list or a substring of a text."""

    item: Operand
    collection: Operand
    negated: bool


@dataclass(frozen=True)
class Changed:
    """``changed(path)``: the field differs from the previous state's."""

    path: Path


@dataclass(frozen=True)
class Exists:
    """``exists(path)``: the field is present and not null."""

    path: Path


@dataclass(frozen=True)
class Contains:
    """``contains(haystack, needle)``: a text containing a text, or a list holding an item."""

    haystack: Operand
    needle: Operand


@dataclass(frozen=True)
class Truthy:
    """A path used as a condition: ``announced``, ``not in_stock``."""

    operand: Operand


@dataclass(frozen=True)
class Not:
    """``not expr``."""

    expr: Expr


@dataclass(frozen=True)
class And:
    """``a and b and ...``."""

    exprs: tuple[Expr, ...]


@dataclass(frozen=True)
class Or:
    """``a or b or ...``."""

    exprs: tuple[Expr, ...]


Expr = Compare | In | Changed | Exists | Contains | Truthy | Not | And | Or


@dataclass(frozen=True)
class ParsedRule:
    """A rule's text, its syntax tree and the state paths it reads."""

    text: str
    root: Expr
    paths: tuple[str, ...]


def parse_rule(text: str) -> ParsedRule:
    """Parse ``text`` into a syntax tree, or raise :class:`InvalidRule` saying where and why."""
    if len(text) > MAX_RULE_CHARS:
        raise InvalidRule(text, MAX_RULE_CHARS, f"longer than {MAX_RULE_CHARS} characters")
    parser = _Parser(text, _tokenize(text))
    root = parser.rule()
    return ParsedRule(text=text, root=root, paths=tuple(dict.fromkeys(parser.paths)))


def _tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            if text[position] in "\"'":
                raise InvalidRule(text, position, "unterminated string")
            raise InvalidRule(text, position, f"unexpected character {text[position]!r}")
        kind = match.lastgroup or ""
        if kind != "space":
            word = match.group()
            if kind == "path" and word.casefold() in _KEYWORDS:
                kind = "keyword"
            tokens.append(Token(kind, word, position))
        position = match.end()
    tokens.append(Token("end", "", len(text)))
    return tokens


class _Parser:
    def __init__(self, text: str, tokens: list[Token]) -> None:
        self.text = text
        self.tokens = tokens
        self.index = 0
        self.depth = 0
        self.paths: list[str] = []

    @property
    def current(self) -> Token:
        return self.tokens[self.index]

    def fail(self, expected: str, token: Token | None = None) -> InvalidRule:
        token = token or self.current
        found = "end of rule" if token.kind == "end" else repr(token.text)
        return InvalidRule(self.text, token.position, f"expected {expected}, found {found}")

    def at_keyword(self, word: str) -> bool:
        return self.current.kind == "keyword" and self.current.text.casefold() == word

    def at_punct(self, text: str) -> bool:
        return self.current.kind == "punct" and self.current.text == text

    def advance(self) -> Token:
        token = self.current
        self.index += 1
        return token

    def expect_punct(self, text: str) -> None:
        if not self.at_punct(text):
            raise self.fail(repr(text))
        self.advance()

    def rule(self) -> Expr:
        if self.current.kind == "end":
            raise self.fail("a condition such as 'price < 100'")
        expr = self.or_expr()
        if self.current.kind != "end":
            raise self.fail("'and', 'or' or end of rule")
        return expr

    def or_expr(self) -> Expr:
        exprs = [self.and_expr()]
        while self.at_keyword("or"):
            self.advance()
            exprs.append(self.and_expr())
        return exprs[0] if len(exprs) == 1 else Or(tuple(exprs))

    def and_expr(self) -> Expr:
        exprs = [self.not_expr()]
        while self.at_keyword("and"):
            self.advance()
            exprs.append(self.not_expr())
        return exprs[0] if len(exprs) == 1 else And(tuple(exprs))

    def not_expr(self) -> Expr:
        if self.at_keyword("not"):
            token = self.advance()
            return Not(self.descend(token, self.not_expr))
        return self.comparison()

    def descend(self, token: Token, parse: Callable[[], Expr]) -> Expr:
        # Deep nesting would otherwise end in RecursionError instead of a message.
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise InvalidRule(self.text, token.position, f"nested deeper than {MAX_DEPTH}")
        try:
            return parse()
        finally:
            self.depth -= 1

    def comparison(self) -> Expr:
        if self.at_punct("("):
            token = self.advance()
            inner = self.descend(token, self.or_expr)
            self.expect_punct(")")
            return inner
        left = self.operand_or_call()
        if not isinstance(left, Operand):
            return left
        if self.current.kind == "op":
            op = self.advance().text
            right = self.operand()
            return Compare("==" if op == "=" else op, left, right)  # type: ignore[arg-type]
        negated = False
        if self.at_keyword("not") and self.tokens[self.index + 1].text.casefold() == "in":
            self.advance()
            negated = True
        if self.at_keyword("in"):
            self.advance()
            return In(left, self.operand(), negated)
        if isinstance(left, Literal_ | ListOf):
            raise self.fail("a comparison operator such as '==' or '<'")
        return Truthy(left)

    def operand(self) -> Operand:
        token = self.current
        result = self.operand_or_call()
        if not isinstance(result, Operand):
            raise self.fail("a value, not a condition", token)
        return result

    def operand_or_call(self) -> Operand | Expr:
        token = self.current
        if token.kind == "number":
            self.advance()
            value = float(token.text)
            return Literal_(int(value) if re.fullmatch(r"-?\d+", token.text) else value)
        if token.kind == "string":
            self.advance()
            try:
                return Literal_(_unquote(token.text))
            except ValueError:
                raise InvalidRule(self.text, token.position, "malformed escape in string") from None
        if token.kind == "keyword" and token.text.casefold() in ("true", "false", "null", "none"):
            self.advance()
            return Literal_({"true": True, "false": False}.get(token.text.casefold()))
        if self.at_punct("["):
            return self.list_literal()
        if token.kind == "path":
            self.advance()
            if self.at_punct("("):
                return self.call(token)
            return self.path_of(token)
        raise self.fail("a value (a field, number, string, true, false, null or a list)")

    def path_of(self, token: Token) -> Path:
        self.paths.append(token.text)
        return Path(tuple(token.text.split(".")))

    def list_literal(self) -> ListOf:
        self.advance()
        items: list[Any] = []
        while not self.at_punct("]"):
            if items:
                self.expect_punct(",")
            start = self.current
            element = self.operand()
            if not isinstance(element, Literal_):
                raise self.fail('a constant in the list (quote text: "a")', start)
            items.append(element.value)
        self.advance()
        return ListOf(tuple(items))

    def call(self, name: Token) -> Operand | Expr:
        function = name.text.casefold()
        if function not in _FUNCTIONS:
            known = ", ".join(_FUNCTIONS)
            problem = f"unknown function {name.text!r}; known: {known}"
            raise InvalidRule(self.text, name.position, problem)
        self.advance()
        if function == "contains":
            haystack = self.operand()
            self.expect_punct(",")
            needle = self.operand()
            self.expect_punct(")")
            return Contains(haystack, needle)
        if self.current.kind != "path":
            raise self.fail(f"a field name inside {function}()")
        path = self.path_of(self.advance())
        self.expect_punct(")")
        if function == "changed":
            return Changed(path)
        if function == "exists":
            return Exists(path)
        return Prev(path)


def _unquote(text: str) -> str:
    body = text[1:-1]
    if text[0] == "'":
        body = body.replace('\\"', '"').replace('"', '\\"').replace("\\'", "'")
    return str(json.loads(f'"{body}"'))
