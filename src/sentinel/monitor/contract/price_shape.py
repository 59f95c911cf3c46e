"""The price shape of a sentence: a threshold on an amount, compiled into a contract.

"Tell me when the ASUS Dual RTX 5060 Ti 16GB drops below £420 at PixelParts" is
``price < 420.0 && currency == "GBP"``: an amount in any currency and phrasing ("below",
"under", "less than", "drops to", "at most", "cheaper than", "over"…; "moins de", "unter",
"por debajo de"…), ``<=``/``>=`` for "or less"/"or more", and a currency condition only when
the sentence names a currency. A bare number counts as money only when the sentence speaks of
a price ("under 300" alone could be a count). :func:`money_text` writes an amount as people
read it, for the contract's summary.
"""

from __future__ import annotations

import re

from sentinel.monitor.contract import phrases
from sentinel.monitor.contract.model import Contract, ContractField, Subject
from sentinel.monitor.contract.sentence_subject import subject_around
from sentinel.text.money import money_of

_SYMBOLS = {"GBP": "£", "EUR": "€", "USD": "$", "JPY": "¥"}
_OPERATOR_WORDS = {"<": "below", "<=": "at most", ">": "above", ">=": "at least"}


def threshold_contract(body: str) -> Contract | None:
    """A threshold on an amount ("drops below £420", "moins de 300 €"): ``price < X``,
    with ``currency == …`` when the sentence names one; or None."""
    bounded = phrases.AMOUNT_MAXIMUM.search(body)
    if bounded is not None:
        amount, currency = _money(bounded)
        subject = subject_around(body[: bounded.start()], body[bounded.end() :])
        if amount is not None and subject is not None:
            return _price_contract(subject, "<=", amount, currency)
    for operator, words in phrases.COMPARE_BEFORE.items():
        pattern = re.compile(
            rf"(?<![\w-])(?:{words})\s+(?:(?:les|la|le|the|die|der|den|el|los|las)\s+)?"
            rf"(?P<money>{phrases.MONEY.pattern})",
            re.IGNORECASE | re.VERBOSE,
        )
        for match in pattern.finditer(body):
            amount, currency = _money(match)
            if amount is None:
                continue
            after = body[match.end() :]
            op = operator
            if op == "<" and phrases.OR_LESS.match(after):
                op, after = "<=", phrases.OR_LESS.sub("", after, count=1)
            elif op == ">" and phrases.OR_MORE.match(after):
                op, after = ">=", phrases.OR_MORE.sub("", after, count=1)
            if currency is None and not _looks_like_price(body, match.start()):
                continue
            subject = subject_around(body[: match.start()], after)
            if subject is None:
                continue
            return _price_contract(subject, op, amount, currency)
    return None


def _price_contract(subject: Subject, op: str, amount: float, currency: str | None) -> Contract:
    literal = _number_literal(amount)
    condition = f"price {op} {literal}"
    fields = [ContractField(name="price", measure="price")]
    if currency is not None:
        condition += f' && currency == "{currency}"'
        fields.append(ContractField(name="currency", measure="currency"))
    return Contract(
        subject=subject,
        fields=tuple(fields),
        condition=condition,
        summary=f"the price is {_OPERATOR_WORDS[op]} {money_text(amount, currency)}",
        lifetime="hours",
        threshold=amount,
    )


_PRICE_CONTEXT = re.compile(
    r"\b(?:price|prices|cost|costs|fare|fares|rate|rates|cheap|cheaper|sells?|deal|per|a\s+night"
    r"|a\s+month|prix|co[uû]te?|preis|kostet|precio|cuesta|tarif)\b",
    re.IGNORECASE,
)


def _looks_like_price(body: str, start: int) -> bool:
    """Whether a bare number (no currency) is an amount of money: the sentence speaks of a
    price ("under 300" alone could be a count)."""
    return _PRICE_CONTEXT.search(body) is not None


def _money(match: re.Match[str]) -> tuple[float | None, str | None]:
    """The amount and ISO currency of a MONEY match (currency None when unnamed)."""
    money = money_of(match)
    return (money.amount, money.currency) if money is not None else (None, None)


def _number_literal(amount: float) -> str:
    return f"{amount:.2f}".rstrip("0").rstrip(".") + ("" if amount % 1 else ".0")


def money_text(amount: float, currency: str | None) -> str:
    """``amount`` as people write it: "£420.00", "1,299.00 CHF", the bare figure when no
    currency is named."""
    figure = f"{amount:,.2f}"
    if currency is None:
        return figure
    symbol = _SYMBOLS.get(currency)
    return f"{symbol}{figure}" if symbol else f"{figure} {currency}"
