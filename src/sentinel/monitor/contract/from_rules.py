"""A contract from the user's own rule: ``--rules "price_gbp < 420"`` on a sentence.

The rule is the condition; its fields become contract fields when each names something a page
states — a price (``price``, ``price_gbp``, ``cost_eur``, ``fare``), its ``currency``, stock
(``in_stock``), a free slot (``available``), a ``version``, a ``status``, a ``decision``,
``cancelled``, a date (``*_date``) or the opening hours (``opening_hours``, ``hours``). A
rule reading any other field (``seats_left``, a nested ``product.price``) has no contract: the
sensor model reports its fields, as before. A price field named with a currency
(``price_gbp``) is read only in that currency.
"""

from __future__ import annotations

import re

from sentinel.monitor.contract.compile import compile_sentence, subject_of
from sentinel.monitor.contract.model import Contract, ContractField, Measure
from sentinel.monitor.governing.rule_syntax import parse_rule

_CURRENCY_SUFFIX = re.compile(r"_(usd|gbp|eur|chf|cad|aud|jpy|sek|nok|dkk|pln)$", re.IGNORECASE)
_MEASURES: tuple[tuple[re.Pattern[str], Measure], ...] = (
    (re.compile(r"^(?:price|cost|fare|amount|rate|offer_price|sale_price)(?:_|$)", re.I), "price"),
    (re.compile(r"^currency$", re.I), "currency"),
    (
        re.compile(r"^(?:in_stock|instock|stock|orderable|available_to_order|restocked)$", re.I),
        "in_stock",
    ),
    (
        re.compile(r"^(?:available|availability|slots?_available|has_slots?|free)$", re.I),
        "available",
    ),
    (
        re.compile(r"^(?:version|latest_version|release|latest_release|stable_version)$", re.I),
        "version",
    ),
    (re.compile(r"^(?:prerelease|is_prerelease|pre_release)$", re.I), "prerelease"),
    (re.compile(r"^(?:status|incident_status|state)$", re.I), "status"),
    (re.compile(r"^(?:decision|outcome|ruling|verdict)$", re.I), "decision"),
    (re.compile(r"^(?:cancelled|canceled|is_cancelled)$", re.I), "cancelled"),
    (re.compile(r"(?:^date$|_date$|^date_)", re.I), "date"),
    (
        re.compile(
            r"^(?:opening_hours|opening_times|open_hours|hours|business_hours|store_hours)$", re.I
        ),
        "hours",
    ),
)


def measure_of(name: str) -> Measure | None:
    """What a field named ``name`` is a reading of, or None."""
    for pattern, measure in _MEASURES:
        if pattern.search(name):
            return measure
    return None


def contract_from_rules(rules: str, sentence: str) -> Contract | None:
    """The contract of ``sentence`` decided by the user's ``rules``, or None when a field of
    the rule names nothing a page states (see the module documentation)."""
    parsed = parse_rule(rules)
    fields: list[ContractField] = []
    for path in parsed.paths:
        if "." in path:
            return None
        measure = measure_of(path)
        if measure is None:
            return None
        suffix = _CURRENCY_SUFFIX.search(path) if measure == "price" else None
        currency = suffix.group(1).upper() if suffix else None
        if all(item.name != path for item in fields):
            fields.append(ContractField(name=path, measure=measure, currency=currency))
    if not fields:
        return None
    compiled = compile_sentence(sentence)
    subject = compiled.subject if compiled is not None else subject_of(sentence)
    if subject is None:
        return None
    lifetime = compiled.lifetime if compiled is not None else "days"
    return Contract(
        subject=subject,
        fields=tuple(fields),
        condition=rules,
        summary=f"the rule {rules} holds",
        lifetime=lifetime,
        origin="rules",
    )
