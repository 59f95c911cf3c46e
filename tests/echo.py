"""How much of a value an answer echoes: the check behind "a value is echoed at most 200
characters" (issue 34), used by the limit tests and the OpenAPI fuzz."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

BLOCK = 50
MAX_ECHO = 200


def longest_echo(value: str, answer: str) -> int:
    """The length of the longest run of ``value`` that ``answer`` contains, when it is at
    least ``BLOCK`` characters (0 otherwise): every such run holds an aligned block of
    ``value``, which is found in ``answer`` and extended both ways (a block that repeats in
    ``value`` is looked at where it first appears: from there the run extends furthest)."""
    longest = 0
    seen: set[str] = set()
    for start in range(0, len(value) - BLOCK + 1, BLOCK):
        block = value[start : start + BLOCK]
        if block in seen:
            continue  # a repeating value ("ZZZ…"): its first place finds the longest run
        seen.add(block)
        at = answer.find(block)
        while at != -1:
            left = 0
            while (
                start - left > 0
                and at - left > 0
                and value[start - left - 1] == answer[at - left - 1]
            ):
                left += 1
            right = BLOCK
            while (
                start + right < len(value)
                and at + right < len(answer)
                and (value[start + right] == answer[at + right])
            ):
                right += 1
            longest = max(longest, left + right)
            at = answer.find(block, at + 1)
    return longest


def texts_of(value: Any) -> Iterator[str]:
    """Every string in a request's data (keys too), however deep."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from texts_of(key)
            yield from texts_of(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from texts_of(item)


def distinct_text(length: int) -> str:
    """A text of ``length`` characters in which no 50 characters repeat (a repeated letter
    would let a short echo pass for a long one)."""
    words = (f"w{n:07d} " for n in range(length // 9 + 2))
    return "".join(words)[:length]
