"""A monitor's contract and its readings, as ``watch add``, ``watch show`` and ``watch run``
print them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.markup import escape

from sentinel.monitor.contract.model import MEASURE_WORDS, Contract

_ORIGINS = {
    "code": "compiled from the sentence",
    "rules": "your --rules",
    "model": "compiled by the model from the sentence",
}


def contract_lines(contract: Mapping[str, Any] | None, *, governor: str = "llm") -> list[str]:
    """The contract in a few lines; without one, which governor decides and why."""
    if not contract:
        if governor == "rules":
            return ["Decides by: your rule, on the fields the sensor model reports"]
        return [
            "Decides by: the LLM governor (the sentence has no field form the code can check; "
            "--rules with fields such as price, in_stock, version or status makes one)"
        ]
    parsed = Contract.model_validate(contract)
    fields = ", ".join(f"{f.name} ({MEASURE_WORDS[f.measure]})" for f in parsed.fields)
    return [
        f"Contract ({_ORIGINS[parsed.origin]}; --rules overrides it):",
        f"  subject: {escape(parsed.subject.describe())}",
        f"  fields: {escape(fields)}",
        f"  notify when: {escape(parsed.summary)} (rule: {escape(parsed.condition)})",
        "  each value is read from the page and verified there before the condition sees it",
    ]


def reading_lines(readings: Sequence[Mapping[str, Any]]) -> list[str]:
    """A run's readings: each field's value and where it was read, or why it is unknown."""
    lines = []
    for reading in readings:
        name, value = reading.get("field"), reading.get("value")
        if value is None:
            lines.append(f"  {name}: unknown ({reading.get('note') or 'not read'})")
            continue
        quote = " ".join(str(reading.get("quote") or "").split())
        quote = quote if len(quote) <= 100 else quote[:99] + "…"
        state = "verified" if reading.get("verified") else f"NOT verified: {reading.get('note')}"
        lines.append(
            f"  {name} = {value!r} ({reading.get('source')}, {state}) "
            f"from {reading.get('url')}: “{quote}”"
        )
    return [escape(line) for line in lines]


def notification_line(channels: Sequence[Any], state: str, monitor_id: int) -> str:
    """What happened to a run's notification: with no channel, that nothing was sent and
    where the decision is recorded."""
    if not channels:
        return (
            "Notification: none sent (the monitor has no channel); the decision is recorded: "
            f"sentinel watch history {monitor_id}"
        )
    later = state in ("pending", "queued")
    retried = " (a running `sentinel worker` retries it)" if later else ""
    return f"Notification: {state}{retried}"
