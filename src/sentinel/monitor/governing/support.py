"""Support: the values a notification states must be stated by its grounded quotes.

Grounding (:mod:`sentinel.monitor.governing.grounding`) proves a quote is on a page; it does not
prove
the quote says what the notification claims. A small model quotes "An advisory will be
published shortly" and announces ``fixed_version: 2.14.3``. Here every checkable value of an
acting decision's ``facts`` must appear in at least one of its grounded quotes:

- a number (``799``, ``"$1,299.00"``, ``"12%"``) — some number in a quote equals it;
- a date (``"2025-10-01"``) — a quote names that day (``October 1``, ``1 October 2025``);
- other text — at least :data:`MIN_WORD_SHARE` of its words appear in one quote, and that
  quote does not deny it (:mod:`sentinel.monitor.governing.polarity`): "not currently
  accepting new patients" does not state ``status: "accepting new patients"``.

Objects and lists are walked to their leaves, so a value nested in the facts is checked like
a top-level one (``{"pass": {"status": "reopened"}}`` needs a quote saying "reopened"); the
failing leaf is named by its path (``pass.status='reopened'``). Booleans and nulls are not
checked (``announced: true`` has no words to find), so a rule on a flag, or a fact a model
leaves vague, neither passes nor fails here: this check only catches values that are stated
and not quoted. Whether the quotes *report* (rather than ask, hedge or forecast) is
:mod:`sentinel.monitor.governing.modality`'s question, asked by grounding before this one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from sentinel.monitor.governing.polarity import text_denies
from sentinel.monitor.governing.values import as_datetime, as_number, same_value
from sentinel.monitor.scheduling.anchors import dates_in

MIN_WORD_SHARE = 0.75
_NUMBER = re.compile(r"[$€£¥]?\d[\d,]*(?:\.\d+)?")
_WORD = re.compile(r"\w+")


def unsupported_facts(facts: Mapping[str, Any], quotes: Sequence[str]) -> list[str]:
    """``key=value`` for each checkable fact no quote states (see the module documentation)."""
    return [f"{path}={value!r}" for path, value in leaves(facts) if not _supported(value, quotes)]


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every scalar in ``value`` with its dotted path (``pass.status``, ``items.0.price``)."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield from leaves(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from leaves(item, f"{path}.{index}" if path else str(index))
    else:
        yield path, value


def _supported(value: Any, quotes: Sequence[str]) -> bool:
    if value is None or isinstance(value, bool):
        return True
    number = as_number(value.rstrip("%").strip() if isinstance(value, str) else value)
    if number is not None:
        return any(
            same_value(number, as_number(token.rstrip(".,")))
            for quote in quotes
            for token in _NUMBER.findall(quote)
        )
    text = str(value)
    instant = as_datetime(text)
    if instant is not None:
        day = instant.date()
        return any(day in dates_in(quote, today=day) for quote in quotes)
    words = {w.casefold() for w in _WORD.findall(text)}
    if not words:
        return True
    return any(
        len(words & {w.casefold() for w in _WORD.findall(quote)}) >= MIN_WORD_SHARE * len(words)
        and text_denies(quote, text) is None
        for quote in quotes
    )
