"""CEL string literals read as text: quotes, the raw and bytes prefixes, and the escapes.

The rule language folds a rule's text literals the way it folds the state's text (see
:mod:`sentinel.monitor.governing.rule_fields`), so it needs their value, not their spelling.
"""

from __future__ import annotations

import re

_ESCAPE = re.compile(
    r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-3][0-7]{2}|.)", re.DOTALL
)
_SIMPLE_ESCAPES = {
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "v": "\v",
}


def decode_string(literal: str) -> str | None:
    """The text of a CEL string literal; None for a bytes literal."""
    prefix = literal[: len(literal) - len(literal.lstrip("rRbB"))]
    if "b" in prefix.casefold():
        return None
    body = literal[len(prefix) :]
    quote = body[:3] if body[:3] in ('"""', "'''") else body[0]
    body = body[len(quote) : -len(quote)]
    if "r" in prefix.casefold():
        return body
    return _ESCAPE.sub(_unescape, body)


def _unescape(match: re.Match[str]) -> str:
    code = match.group(1)
    if code[0] in "xuU":
        return chr(int(code[1:], 16))
    if code[0].isdigit() and len(code) == 3:
        return chr(int(code, 8))
    return _SIMPLE_ESCAPES.get(code, code)
