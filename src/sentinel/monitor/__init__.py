"""Monitors (Torale): sense the web into structured state, govern, notify, schedule the next look.

This package's pure core has no I/O: models, next-check scheduling, the rules governor,
grounding, dedupe, the pre-filter, the query-drift guard and notification text. The sensor
agent, the LLM governor and the one-run pipeline build on it.
"""

from sentinel.monitor.governing.grounding import (
    GroundingResult,
    RejectedEvidence,
    check_grounding,
    ground_decision,
)
from sentinel.monitor.governing.rule_syntax import InvalidRule, ParsedRule, parse_rule
from sentinel.monitor.governing.rules import RuleEvaluation, RulesGovernor, evaluate_rule
from sentinel.monitor.models import (
    Evidence,
    GovernorContext,
    GovernorDecision,
    InvalidMonitorSpec,
    MonitorSpec,
    SensorContext,
    SensorOutput,
    parse_monitor_spec,
)
from sentinel.monitor.notifying.dedupe import (
    decision_key,
    facts_key,
    is_duplicate,
    suppress_duplicate,
)
from sentinel.monitor.notifying.message import Notification, compose_notification
from sentinel.monitor.scheduling.bounds import (
    ScheduleBounds,
    ScheduledRun,
    add_jitter,
    bound_next_run,
    schedule_next,
)
from sentinel.monitor.scheduling.durations import (
    UnparseableDuration,
    format_duration,
    parse_duration,
)
from sentinel.monitor.scheduling.next_check import (
    NextCheck,
    UnparseableNextCheck,
    interpret_next_check,
    parse_next_check,
)
from sentinel.monitor.sensing.drift import DriftVerdict, check_query_update

# The function prefilter() is not re-exported: it would shadow its module's name here.
from sentinel.monitor.sensing.prefilter import PrefilterDecision, SourceSnapshot, backoff_interval
from sentinel.storage.enums import NotifyBehavior

__all__ = [
    "DriftVerdict",
    "Evidence",
    "GovernorContext",
    "GovernorDecision",
    "GroundingResult",
    "InvalidMonitorSpec",
    "InvalidRule",
    "MonitorSpec",
    "NextCheck",
    "Notification",
    "NotifyBehavior",
    "ParsedRule",
    "PrefilterDecision",
    "RejectedEvidence",
    "RuleEvaluation",
    "RulesGovernor",
    "ScheduleBounds",
    "ScheduledRun",
    "SensorContext",
    "SensorOutput",
    "SourceSnapshot",
    "UnparseableDuration",
    "UnparseableNextCheck",
    "add_jitter",
    "backoff_interval",
    "bound_next_run",
    "check_grounding",
    "check_query_update",
    "compose_notification",
    "decision_key",
    "evaluate_rule",
    "facts_key",
    "format_duration",
    "ground_decision",
    "interpret_next_check",
    "is_duplicate",
    "parse_duration",
    "parse_monitor_spec",
    "parse_next_check",
    "parse_rule",
    "schedule_next",
    "suppress_duplicate",
]
