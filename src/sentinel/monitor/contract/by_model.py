"""A sentence the code does not compile, compiled by one model call whose answer is checked.

The model is not asked to write a contract — fields, CEL, a subject of its own — but to say
which of the shapes the code knows the sentence has, which words of it name the subject, and
the amount or version it names. The code then builds the contract as it builds its own
(:mod:`sentinel.monitor.contract.compile`), and refuses the answer unless every part of it is
in the sentence: the subject is words of the sentence, the amount is a number the sentence
states (with its currency), the version one it names. Anything else — "none", a subject the
sentence does not contain, an amount it does not state — means no contract: the monitor keeps
its LLM governor.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from sentinel.llm import LanguageModel, Message
from sentinel.monitor.contract import phrases
from sentinel.monitor.contract.event_shapes import OUTAGE_STATUSES
from sentinel.monitor.contract.model import Contract, ContractField, Lifetime, Subject
from sentinel.monitor.contract.price_shape import money_text
from sentinel.text.money import money_in

COMPILE_MAX_TOKENS = 80

Shape = Literal[
    "price_below",
    "price_above",
    "in_stock",
    "version_released",
    "resolved",
    "outage",
    "cancelled",
    "approved",
    "refused",
    "decided",
    "dates_announced",
    "slot_available",
    "none",
]

COMPILE_INSTRUCTIONS = """\
You classify a monitoring request. Reply with JSON only: {"shape": ..., "subject": ..., \
"amount": ..., "currency": ..., "version": ...}.
shape is one of: price_below, price_above (a price compared with an amount), in_stock (a \
product can be bought again), version_released (a version of software is released), \
resolved (an incident or outage ends), outage (a service goes down), cancelled, approved, \
refused, decided (any decision), dates_announced (dates are announced), slot_available (a \
table, appointment, ticket or place is free), none (anything else).
subject: the words of the request naming the product, service or thing, copied exactly.
amount, currency (ISO code such as EUR), version: only when the request states them, else null."""


class ShapeAnswer(BaseModel):
    """What the model is asked (see the module documentation)."""

    shape: Shape
    subject: str = Field(max_length=120)
    amount: float | None = None
    currency: str | None = Field(default=None, max_length=3)
    version: str | None = Field(default=None, max_length=20)


_SINGLE: dict[str, tuple[str, str, str, str, Lifetime]] = {
    # shape: (field, measure, condition, summary, lifetime)
    "in_stock": ("in_stock", "in_stock", "in_stock", "it is in stock", "minutes"),
    "resolved": (
        "status",
        "status",
        'status in ["resolved", "operational"]',
        "it is resolved",
        "hours",
    ),
    "outage": (
        "status",
        "status",
        "status in [" + ", ".join(f'"{s}"' for s in OUTAGE_STATUSES) + "]",
        "it has an outage",
        "minutes",
    ),
    "cancelled": ("cancelled", "cancelled", "cancelled", "it is cancelled", "hours"),
    "approved": ("decision", "decision", 'decision == "approved"', "it is approved", "days"),
    "refused": ("decision", "decision", 'decision == "refused"', "it is refused", "days"),
    "decided": (
        "decision",
        "decision",
        'decision in ["approved", "refused"]',
        "a decision is made",
        "days",
    ),
    "dates_announced": ("date", "date", "date != null", "a date is announced", "days"),
    "slot_available": ("available", "available", "available", "one is available", "minutes"),
}


def contract_from_answer(sentence: str, answer: ShapeAnswer) -> Contract | None:
    """The contract ``answer`` describes, or None when any part of it is not in
    ``sentence`` (see the module documentation)."""
    if answer.shape == "none":
        return None
    subject = " ".join(answer.subject.split()).strip(" .,")
    if len(subject) < 2 or subject.casefold() not in sentence.casefold():
        return None
    site_match = phrases.SITE.search(" " + subject)
    named = Subject(name=subject)
    if site_match is not None and not phrases.NOT_A_SITE.match(site_match["site"]):
        name = (" " + subject)[: site_match.start()].strip()
        if name:
            named = Subject(name=name, site=site_match["site"])
    if answer.shape in ("resolved", "outage") and not phrases.SERVICE_STATE.search(sentence):
        return None
    if answer.shape in ("price_below", "price_above"):
        return _price(sentence, named, answer)
    if answer.shape == "version_released":
        return _version(sentence, named, answer)
    field, measure, condition, summary, lifetime = _SINGLE[answer.shape]
    return Contract(
        subject=named,
        fields=(ContractField.model_validate({"name": field, "measure": measure}),),
        condition=condition,
        summary=summary,
        lifetime=lifetime,
        origin="model",
    )


def _price(sentence: str, subject: Subject, answer: ShapeAnswer) -> Contract | None:
    if answer.amount is None:
        return None
    stated = [
        m for m in money_in(sentence, with_currency=False) if abs(m.amount - answer.amount) < 0.005
    ]
    if not stated:
        return None
    currency = next((m.currency for m in stated if m.currency), None)
    if answer.currency and currency and answer.currency.upper() != currency:
        return None
    op = "<" if answer.shape == "price_below" else ">"
    literal = f"{answer.amount:.2f}".rstrip("0").rstrip(".")
    literal += "" if answer.amount % 1 else ".0"
    condition = f"price {op} {literal}"
    fields = [ContractField(name="price", measure="price")]
    if currency:
        condition += f' && currency == "{currency}"'
        fields.append(ContractField(name="currency", measure="currency"))
    word = "below" if op == "<" else "above"
    return Contract(
        subject=subject,
        fields=tuple(fields),
        condition=condition,
        summary=f"the price is {word} {money_text(answer.amount, currency)}",
        lifetime="hours",
        origin="model",
        threshold=answer.amount,
    )


def _version(sentence: str, subject: Subject, answer: ShapeAnswer) -> Contract | None:
    version = (answer.version or "").strip().lstrip("vV")
    if not version or not re.search(rf"(?<![\w.])v?{re.escape(version)}(?![\w.])", sentence):
        return None
    condition = f'version_at_least(version, "{version}") && !prerelease'
    return Contract(
        subject=subject,
        fields=(
            ContractField(name="version", measure="version"),
            ContractField(name="prerelease", measure="prerelease"),
        ),
        condition=condition,
        summary=f"version {version} or later is released (not a pre-release)",
        lifetime="days",
        origin="model",
        wanted_version=version,
    )


async def compile_by_model(sentence: str, model: LanguageModel) -> Contract | None:
    """Ask ``model`` the shape of ``sentence`` once and build the contract it describes, if
    every part of the answer is in the sentence. Raises what the model layer raises."""
    completion = await model.complete(
        [Message.system(COMPILE_INSTRUCTIONS), Message.user(f"Request: {sentence}")],
        output=ShapeAnswer,
        max_tokens=COMPILE_MAX_TOKENS,
    )
    answer = completion.parsed
    assert isinstance(answer, ShapeAnswer)
    return contract_from_answer(sentence, answer)
