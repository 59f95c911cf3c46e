"""Amounts of money in prose, in the formats of English, French, German and Spanish pages.

``money_in("~~Was £449.99~~ £399.99")`` finds both amounts with their currency; ``1.299,00 €``
is 1299.0 euros, ``CHF 1'299.–`` 1299.0 francs, ``$1,299`` 1299.0 dollars. The number is read
by ``price-parser`` (which knows which of ``.`` and ``,`` is the decimal separator); the
currency is the symbol or code beside it, as an ISO 4217 code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from price_parser import Price

CURRENCY_WORDS: dict[str, str] = {
    "£": "GBP",
    "gbp": "GBP",
    "pound": "GBP",
    "pounds": "GBP",
    "€": "EUR",
    "eur": "EUR",
    "euro": "EUR",
    "euros": "EUR",
    "$": "USD",
    "us$": "USD",
    "usd": "USD",
    "dollar": "USD",
    "dollars": "USD",
    "ca$": "CAD",
    "c$": "CAD",
    "cad": "CAD",
    "a$": "AUD",
    "au$": "AUD",
    "aud": "AUD",
    "chf": "CHF",
    "fr.": "CHF",
    "francs": "CHF",
    "¥": "JPY",
    "jpy": "JPY",
    "yen": "JPY",
    "sek": "SEK",
    "nok": "NOK",
    "dkk": "DKK",
    "pln": "PLN",
    "zł": "PLN",
}
"""Symbols, codes and words of currencies (lower case), as ISO 4217 codes."""

_BEFORE = r"(?:us\$|ca\$|c\$|au\$|a\$|[£€$¥]|gbp|eur|usd|cad|aud|chf|jpy|fr\.)"
# A symbol may touch the next word ("579,00 €Ahorras 120,99 €"); a code or word may not.
_AFTER = (
    r"(?:[£€$¥]|(?:gbp|eur|usd|cad|aud|chf|jpy|sek|nok|dkk|pln|zł|euros?|dollars?|pounds?"
    r"|francs|yen)(?![a-z]))"
)
NUMBER = r"\d{1,3}(?:[.,'’\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,3})?"
MONEY = re.compile(
    rf"""(?:(?P<before>{_BEFORE})\s?(?P<number1>{NUMBER})(?:[.,][-–]+)?
        |(?P<number2>{NUMBER})(?:[.,][-–]+)?\s?(?P<after>{_AFTER})
        |(?P<number3>{NUMBER}))""",
    re.IGNORECASE | re.VERBOSE,
)
"""An amount: a currency before or after a number, or a bare number (``number3``)."""


@dataclass(frozen=True)
class Money:
    """An amount stated in text: its value, its currency (None when unnamed) and where."""

    amount: float
    currency: str | None
    start: int
    end: int
    text: str


def parse_amount(number: str) -> float | None:
    """The value of a number written in any of the four locales (``1.299,00`` is 1299.0)."""
    value = Price.fromstring(number.replace("’", "'").replace("'", "")).amount_float
    return value if value is not None and value > 0 else None


def money_of(match: re.Match[str]) -> Money | None:
    """The amount a :data:`MONEY` match states, or None."""
    symbol = match["before"] or match["after"]
    number = match["number1"] or match["number2"] or match["number3"]
    amount = parse_amount(number) if number else None
    if amount is None:
        return None
    currency = CURRENCY_WORDS.get(symbol.casefold()) if symbol else None
    return Money(amount, currency, match.start(), match.end(), match.group().strip())


def money_in(text: str, *, with_currency: bool = True) -> list[Money]:
    """The amounts ``text`` states, in order (only those with a currency, by default)."""
    found = []
    for match in MONEY.finditer(text):
        money = money_of(match)
        if money is not None and (money.currency or not with_currency):
            found.append(money)
    return found
