"""Dedupe: a notify=always monitor never sends the same facts twice.

Facts are keyed by a canonical form in which formatting noise is gone (key order, ``"799"`` vs
``799.0``, case and spacing of text, date formats, list order; see
:func:`sentinel.monitor.governing.values.canonical`) while every real change of value changes the
key.

The memory lasts one *episode*: while the criteria stay met, the same facts are news only
once; once a governed run finds the criteria not met (its governor, before grounding and
dedupe, decided not to act), the memory is forgotten (:func:`forgets_memory`), so a product
that goes out of stock and comes back with the same price is announced again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Mapping
from typing import Any

from sentinel.monitor.governing.values import as_text, canonical
from sentinel.monitor.models import GovernorDecision
from sentinel.storage.enums import NotifyBehavior


def facts_key(facts: Mapping[str, Any]) -> str:
    """The sha256 (hex) of the canonical form of ``facts``."""
    encoded = json.dumps(
        canonical(facts), sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str
    )
    return hashlib.sha256(encoded.encode()).hexdigest()


def decision_key(decision: GovernorDecision) -> str:
    """The dedupe key of a decision: its facts, or, when a governor gave none, the text of its
    message (folded), so a model that forgets ``facts`` still cannot repeat itself verbatim."""
    if decision.facts:
        return facts_key(decision.facts)
    return facts_key({"message": as_text(decision.action_content or "")})


def is_duplicate(facts: Mapping[str, Any], sent_keys: Collection[str]) -> bool:
    """Whether a notification about ``facts`` was already sent (its key is in ``sent_keys``)."""
    return facts_key(facts) in sent_keys


def forgets_memory(proposed: GovernorDecision, notify: NotifyBehavior) -> bool:
    """Whether a governed run ends the episode and forgets the sent keys: a notify=always
    monitor whose governor found the criteria not met. A decision withdrawn by grounding or
    dedupe does not count: the governor still saw the criteria met."""
    return notify is NotifyBehavior.ALWAYS and not proposed.should_act


def suppress_duplicate(
    decision: GovernorDecision, notify: NotifyBehavior, sent_keys: Collection[str]
) -> tuple[GovernorDecision, str | None]:
    """For notify=always, turn an acting decision whose key was sent before into a decision
    not to act, returning the reason; anything else passes unchanged with reason None.

    notify=once needs no dedupe: the monitor completes after its one notification.
    """
    if not decision.should_act or notify is not NotifyBehavior.ALWAYS:
        return decision, None
    key = decision_key(decision)
    if key not in sent_keys:
        return decision, None
    reason = f"duplicate: these facts were already notified (key {key[:12]})"
    reasoning = f"{decision.reasoning or ''}\nnotification suppressed: {reason}".strip()
    update = {"should_act": False, "action_type": "none", "reasoning": reasoning}
    return decision.model_copy(update=update), reason
