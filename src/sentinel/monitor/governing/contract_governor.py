"""The contract governor: the contract's condition, on the fields verified this run.

No model decides. The condition (CEL) is evaluated on the state whose fields hold only
verified readings (an unverified one is null), so it is true, false or unknown, and the
monitor acts only when it is true. The decision's reason and the notification's answer are
written from the readings — the field, its value, the quote and the page — never by pasting
the user's sentence into a template: "The price of ASUS Dual RTX 5060 Ti 16GB at PixelParts
is £399.99, below £420.00." cites the offer it was read in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit

from sentinel.monitor.contract.model import Contract, ContractField
from sentinel.monitor.governing.rules import evaluate_rule, hinted_next_check
from sentinel.monitor.models import Evidence, GovernorContext, GovernorDecision

# How soon to look again when the condition does not hold, by how long the state lasts.
NEXT_CHECK_MISS = {"minutes": "1 hour", "hours": "6 hours", "days": "1 day"}
NEXT_CHECK_HIT = "6 hours"
_SYMBOLS = {"GBP": "£", "EUR": "€", "USD": "$", "JPY": "¥"}


def money(amount: Any, currency: Any) -> str:
    """``£399.99``, ``1,299.00 CHF``; the bare figure without a currency."""
    try:
        figure = f"{float(amount):,.2f}"
    except (TypeError, ValueError):
        return str(amount)
    if not isinstance(currency, str) or not currency:
        return figure
    symbol = _SYMBOLS.get(currency)
    return f"{symbol}{figure}" if symbol else f"{figure} {currency}"


def _where(reading: Mapping[str, Any]) -> str:
    url = str(reading.get("url") or "")
    host = urlsplit(url).netloc or url
    source = reading.get("source")
    kind = "structured data" if source in ("json-ld", "microdata", "opengraph") else "page text"
    return f"{kind} on {host}{urlsplit(url).path}" if host else kind


def _value_text(field: ContractField, reading: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    value = reading.get("value")
    if field.measure == "price":
        currency = next((v for k, v in state.items() if k == "currency"), None)
        return money(value, currency or reading.get("currency"))
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


_PHRASES: dict[str, str] = {
    "price": "The price of {subject} is {value}",
    "in_stock": "{subject} is {stock}",
    "available": "{subject}: {slots}",
    "version": "{subject} {value} is released",
    "status": "{subject}: the status is {value}",
    "decision": "{subject}: the decision is {value}",
    "cancelled": "{subject} is {cancelled}",
    "date": "{subject}: the date is {value}",
}


def answer(
    contract: Contract, readings: Mapping[str, Mapping[str, Any]], state: Mapping[str, Any]
) -> str:
    """The notification's answer: what was read, leading with the news."""
    subject = contract.subject.describe()
    for field in contract.fields:
        reading = readings.get(field.name)
        if (
            field.measure in ("currency", "prerelease")
            or not reading
            or not reading.get("verified")
        ):
            continue
        value = _value_text(field, reading, state)
        text = _PHRASES.get(field.measure, "{subject}: " + field.name + " is {value}").format(
            subject=subject,
            value=value,
            stock="in stock" if reading.get("value") else "not in stock",
            slots="one is available" if reading.get("value") else "none is available",
            cancelled="cancelled" if reading.get("value") else "not cancelled",
        )
        if field.measure == "price" and contract.threshold is not None:
            currency = state.get("currency")
            text += (
                f" ({contract.summary.removeprefix('the price is ')})"
                if not currency
                else (f", {contract.summary.removeprefix('the price is ')}")
            )
        return f"{text}."
    return f"{subject}: {contract.summary}."


def reason(
    contract: Contract,
    truth: bool | None,
    readings: Mapping[str, Mapping[str, Any]],
    notes: Sequence[str],
) -> str:
    """Why the decision was made: the condition's outcome, then each field's reading."""
    verdict = {True: "holds", False: "does not hold", None: "cannot be decided"}[truth]
    parts = [f"the condition {verdict}: {contract.condition} ({contract.summary})"]
    for field in contract.fields:
        reading = readings.get(field.name)
        if not reading or reading.get("value") is None:
            note = (reading or {}).get("note") or "not read"
            parts.append(f"{field.name} unknown: {note}")
        elif not reading.get("verified"):
            parts.append(
                f"{field.name} = {reading.get('value')!r} not verified: {reading.get('note')}"
            )
        else:
            quote = " ".join(str(reading.get("quote") or "").split())
            if len(quote) > 120:
                quote = quote[:119] + "…"
            parts.append(f'{field.name} = {reading.get("value")!r} ({_where(reading)}: "{quote}")')
    if truth is None and notes:
        parts.append("; ".join(notes))
    return "\n".join(parts)


@dataclass
class ContractGovernor:
    """Decides by the contract's condition (see the module documentation)."""

    contract: Contract
    kind: Literal["llm", "rules", "contract"] = "contract"
    model_calls: int = 0

    async def govern(self, ctx: GovernorContext) -> GovernorDecision:
        """The decision on ``ctx``'s verified state; never raises on odd state."""
        return self.decide(ctx)

    def decide(self, ctx: GovernorContext) -> GovernorDecision:
        """See :meth:`govern`."""
        readings = {str(r.get("field")): r for r in ctx.readings}
        evaluation = evaluate_rule(
            self.contract.condition, ctx.previous_state, ctx.current_state, self.contract.kinds()
        )
        why = reason(self.contract, evaluation.truth, readings, evaluation.notes)
        facts = {name: value for name, value in ctx.current_state.items() if value is not None}
        if not evaluation.holds:
            miss = NEXT_CHECK_MISS[self.contract.lifetime]
            return GovernorDecision(
                should_act=False,
                next_check=hinted_next_check(ctx.volatility_hint, ctx.now, miss),
                reasoning=why,
                facts=facts,
            )
        cited = [
            Evidence(url=str(r["url"]), quote=str(r["quote"]))
            for r in readings.values()
            if r.get("verified") and r.get("url") and r.get("quote")
        ]
        unique = list({(e.url, e.quote): e for e in cited}.values())
        return GovernorDecision(
            should_act=True,
            action_content=answer(self.contract, readings, ctx.current_state),
            next_check=NEXT_CHECK_HIT,
            reasoning=why,
            facts=facts,
            evidence=unique,
        )
