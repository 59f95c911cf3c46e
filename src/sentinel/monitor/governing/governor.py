"""Governors: decide from the sensed states whether to notify and when to look again.

Two kinds, selected per monitor by :func:`make_governor`: the :class:`LLMGovernor` (one
grammar-constrained model call; it never browses) and the rules governor
(:class:`~sentinel.monitor.governing.rules.RulesGovernor`, no model at all) for simple criteria.
Both return the seed's :class:`~sentinel.monitor.models.GovernorDecision` with ``facts`` (for
dedupe) and ``evidence`` (for grounding).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from sentinel.errors import ConfigError
from sentinel.llm import LanguageModel, Message
from sentinel.monitor.contract.model import contract_of
from sentinel.monitor.governing.contract_governor import ContractGovernor
from sentinel.monitor.governing.rules import RulesGovernor
from sentinel.monitor.models import GovernorContext, GovernorDecision
from sentinel.monitor.prompts import GOVERNOR_INSTRUCTIONS, render_governor_context
from sentinel.monitor.sensing.schema import schema_for
from sentinel.storage import GovernorKind, MonitorRecord

GOVERNOR_MAX_TOKENS = 300


class GovernorReply(BaseModel):
    """The decision as the model writes it; quotes are cited by their number."""

    # Bounds become grammar limits on a local model: a small model that rambles is cut short.
    reasoning: str = Field(max_length=200, description="One short sentence.")
    should_act: bool = Field(description="Whether the criteria are met now.")
    answer: str | None = Field(max_length=280, description="The news for the user, or null.")
    facts: dict[str, Any] = Field(description="The values the answer states.")
    evidence: list[int] = Field(max_length=5, description="Numbers of the supporting quotes.")
    next_check: str = Field(max_length=60, description="When to look again, e.g. '6 hours'.")


class Governor(Protocol):
    """Decides for one monitor; ``model_calls`` is how many calls one decision costs."""

    kind: Literal["llm", "rules", "contract"]
    model_calls: int

    async def govern(self, ctx: GovernorContext) -> GovernorDecision:
        """The decision for ``ctx``."""
        ...


@dataclass
class LLMGovernor:
    """The model decides (one call); quotes it cites by number become the decision's evidence.

    An acting decision that cites no quote rests on all the sensor's quotes, as the rules
    governor's does; grounding then checks them like any other.
    """

    model: LanguageModel
    max_tokens: int = GOVERNOR_MAX_TOKENS
    kind: Literal["llm", "rules", "contract"] = "llm"
    model_calls: int = 1

    async def govern(self, ctx: GovernorContext) -> GovernorDecision:
        """Ask the model; raises ModelOutputError / ProviderError as the model layer does."""
        completion = await self.model.complete(
            [Message.system(GOVERNOR_INSTRUCTIONS), Message.user(render_governor_context(ctx))],
            output=GovernorReply,
            max_tokens=self.max_tokens,
        )
        return decision_from_reply(completion.parsed, ctx)


def decision_from_reply(reply: GovernorReply, ctx: GovernorContext) -> GovernorDecision:
    """The :class:`GovernorDecision` a model's reply stands for: the quotes it cites by
    number (all the sensor's quotes when it acts citing none). Whether those quotes may carry
    a notification is for the checks (:mod:`sentinel.monitor.governing.checks`)."""
    cited = [
        ctx.evidence[n - 1] for n in dict.fromkeys(reply.evidence) if 1 <= n <= len(ctx.evidence)
    ]
    if reply.should_act and not cited:
        cited = list(ctx.evidence)
    return GovernorDecision(
        should_act=reply.should_act,
        action_content=(reply.answer or None) if reply.should_act else None,
        next_check=reply.next_check,
        reasoning=reply.reasoning,
        facts=reply.facts if reply.should_act else {},
        evidence=cited if reply.should_act else [],
    )


@dataclass
class RuleBasedGovernor:
    """The rules governor behind the same interface (no model call)."""

    rules: RulesGovernor
    kind: Literal["llm", "rules", "contract"] = "rules"
    model_calls: int = 0

    async def govern(self, ctx: GovernorContext) -> GovernorDecision:
        """Evaluate the rule; never raises on odd state."""
        return self.rules.decide(ctx)


def make_governor(monitor: MonitorRecord, model: LanguageModel | None) -> Governor:
    """The governor ``monitor`` asks for: its contract's condition, its rules, or ``model``.

    Raises InvalidRule (an InvalidInput) for rules that do not parse and ConfigError when an
    LLM governor has no model.
    """
    contract = contract_of(monitor)
    if contract is not None:
        return ContractGovernor(contract)
    if monitor.governor_kind is GovernorKind.RULES:
        rules = monitor.governor_rules or ""
        # Declared field types apply when the rule is evaluated, as when the sensor reports.
        schema = schema_for(rules, monitor.fields)
        kinds = schema.kinds() if schema is not None else None
        return RuleBasedGovernor(RulesGovernor(rules, kinds=kinds))
    if model is None:
        raise ConfigError(
            f"monitor {monitor.name!r} uses the LLM governor but no governor model is configured"
        )
    return LLMGovernor(model)
