"""The policies by name, and the ``oracle`` policy (the limit).

Names: ``diff-fixed-<N>{m,h,d}`` (``diff-fixed-1h`` is the hourly diff a user who fears
missing a brief state would set), ``llm-fixed-<N>{m,h,d}``, ``llm-on-change-<N>{m,h,d}`` (a
diff that asks the model only when a page changed: ``llm-on-change-3h`` is changedetection.io
with AI rules), ``sentinel``,
``sentinel-max-<N>{m,h,d}`` (the pipeline with that longest wait), ``oracle``; ``diff-fixed``
and ``llm-fixed`` alone mean 24 hours (and are reported as ``…-24h``). A ``sentinel`` name
ending in ``-given`` (``sentinel-given``, ``sentinel-max-6h-given``) is that policy given the
pages the diff baselines watch instead of searching (:func:`with_pages` derives them from the
``--pages`` mode).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Literal

from sentinel.bench.monitoring.diff_fixed import DiffFixedPolicy
from sentinel.bench.monitoring.llm_fixed import LLMFixedPolicy
from sentinel.bench.monitoring.llm_on_change import LLMOnChangePolicy
from sentinel.bench.monitoring.policy import BenchContext, Policy, PolicyResult
from sentinel.bench.monitoring.sentinel_policy import GIVEN_SUFFIX, SentinelPolicy
from sentinel.errors import InvalidInput
from sentinel.sim import Scenario

DEFAULT_POLICIES: tuple[str, ...] = (
    "diff-fixed-1h",
    "diff-fixed-6h",
    "diff-fixed-24h",
    "llm-fixed-24h",
    "llm-on-change-3h",
    "llm-on-change-15m",
    "sentinel",
    "oracle",
)
ALIASES = {"diff-fixed": "diff-fixed-24h", "llm-fixed": "llm-fixed-24h"}
_NAMED = re.compile(r"(diff-fixed|llm-fixed|llm-on-change|sentinel-max)-(\d+)([mhd])")
_UNITS = {"m": timedelta(minutes=1), "h": timedelta(hours=1), "d": timedelta(days=1)}
# The pipeline's own shortest wait; checking more often than that is not monitoring.
MIN_INTERVAL = timedelta(minutes=15)


@dataclass(frozen=True)
class OraclePolicy:
    """Looks exactly when a ground-truth event happens and notifies on the true ones.

    Each event costs one check (counted as one page fetch) and no model call; a once-monitor
    stops after its first notification. It is the only policy that reads the events: the
    bound no real policy can beat (zero delay, every event, no false alert).
    """

    name: str = "oracle"
    description: str = "checks exactly at each ground-truth event (the limit)"

    async def run(self, scenario: Scenario, ctx: BenchContext) -> PolicyResult:
        """Notify at every true event (the first only, for notify=once)."""
        result = PolicyResult()
        for event in scenario.events:
            result.runs += 1
            result.pages += 1
            if event.condition:
                result.notifications.append(event.at)
                if scenario.notify == "once":
                    break
        return result

    def cost_hint(self, scenario: Scenario) -> float:
        """Nothing to speak of."""
        return 0.0


def policy_names(requested: list[str] | None) -> list[str]:
    """The canonical names of the requested policies (the defaults when none), in order,
    without repeats."""
    names = [ALIASES.get(name.strip(), name.strip()) for name in requested or DEFAULT_POLICIES]
    return list(dict.fromkeys(name for name in names if name))


PagesChoice = Literal["search", "given", "both"]


def is_sentinel(name: str) -> bool:
    """Whether ``name`` is a ``sentinel`` policy (any variant)."""
    return name == "sentinel" or name.startswith(("sentinel-max-", "sentinel" + GIVEN_SUFFIX))


def with_pages(names: list[str], pages: PagesChoice) -> list[str]:
    """``names`` with each ``sentinel`` policy searching for its pages (``search``: as
    named), given the baselines' pages (``given``: its ``-given`` twin instead) or both (the
    twin right after it)."""
    chosen: list[str] = []
    for name in names:
        if not is_sentinel(name) or name.endswith(GIVEN_SUFFIX):
            chosen.append(name)
            continue
        given = name + GIVEN_SUFFIX
        chosen += {"search": [name], "given": [given], "both": [name, given]}[pages]
    return list(dict.fromkeys(chosen))


def pages_mode(names: list[str]) -> PagesChoice | None:
    """How the ``sentinel`` policies among ``names`` found their pages; None without one."""
    ours = [name for name in names if is_sentinel(name)]
    given = any(name.endswith(GIVEN_SUFFIX) for name in ours)
    searched = any(not name.endswith(GIVEN_SUFFIX) for name in ours)
    if given and searched:
        return "both"
    return "given" if given else "search" if searched else None


def make_policy(name: str) -> Policy:
    """The policy called ``name`` (a canonical or alias name)."""
    canonical = ALIASES.get(name, name)
    if is_sentinel(canonical) and canonical.endswith(GIVEN_SUFFIX):
        searching = make_policy(canonical.removesuffix(GIVEN_SUFFIX))
        if not isinstance(searching, SentinelPolicy) or searching.pages != "search":
            raise InvalidInput("policy", name, "only a sentinel policy can be given pages")
        return replace(searching, name=canonical, pages="given")
    if canonical == "sentinel":
        return SentinelPolicy()
    if canonical == "oracle":
        return OraclePolicy()
    match = _NAMED.fullmatch(canonical)
    if match is None:
        raise InvalidInput(
            "policy",
            name,
            "unknown policy (known: sentinel, sentinel-max-<N>m|h|d, either with -given, oracle, "
            "diff-fixed[-<N>m|h|d], llm-fixed[-<N>m|h|d], llm-on-change-<N>m|h|d)",
        )
    kind, count, unit = match.groups()
    interval = int(count) * _UNITS[unit]
    if interval < MIN_INTERVAL:
        raise InvalidInput("policy", name, f"the interval must be at least {MIN_INTERVAL}")
    if kind == "sentinel-max":
        return SentinelPolicy(canonical, max_interval=interval)
    if kind == "diff-fixed":
        return DiffFixedPolicy(interval, canonical)
    if kind == "llm-on-change":
        return LLMOnChangePolicy(interval, canonical)
    return LLMFixedPolicy(interval, canonical)
