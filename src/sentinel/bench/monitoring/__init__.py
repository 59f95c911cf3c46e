"""The monitoring benchmark behind ``sentinel bench monitor`` (see :mod:`sentinel.bench.monitor`).

One concept per module: :mod:`.metrics` (matching notifications to events), :mod:`.harness`
(a scenario's world for one policy), :mod:`.oracle_facts` (the ground-truth sensor),
:mod:`.sensors` (model or oracle), the policies (:mod:`.diff_fixed`, :mod:`.llm_fixed`,
:mod:`.llm_on_change`, :mod:`.sentinel_policy`, :mod:`.policies` with ``oracle`` and the
names), :mod:`.costs` (what requests and model calls cost at a stated price list),
:mod:`.reachability` (which events a searching monitor could reach), :mod:`.runner`,
:mod:`.targets`, :mod:`.report` and :mod:`.plots`.
"""

from sentinel.bench.monitoring.metrics import (
    Matching,
    Timeline,
    Totals,
    match_notifications,
    median,
    percentile,
)
from sentinel.bench.monitoring.oracle_facts import Observation, OracleFacts
from sentinel.bench.monitoring.policies import DEFAULT_POLICIES, make_policy, policy_names
from sentinel.bench.monitoring.policy import BenchContext, Policy, PolicyResult
from sentinel.bench.monitoring.report import markdown, to_json
from sentinel.bench.monitoring.runner import (
    BenchResult,
    PolicyRunError,
    ScenarioScore,
    load_scenarios,
    run_benchmark,
)
from sentinel.bench.monitoring.sensors import ORACLE_RULE, SensorSetup
from sentinel.bench.monitoring.targets import Target, targets

__all__ = [
    "DEFAULT_POLICIES",
    "ORACLE_RULE",
    "BenchContext",
    "BenchResult",
    "Matching",
    "Observation",
    "OracleFacts",
    "Policy",
    "PolicyResult",
    "PolicyRunError",
    "ScenarioScore",
    "SensorSetup",
    "Target",
    "Timeline",
    "Totals",
    "load_scenarios",
    "make_policy",
    "markdown",
    "match_notifications",
    "median",
    "percentile",
    "policy_names",
    "run_benchmark",
    "targets",
    "to_json",
]
