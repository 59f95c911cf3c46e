"""Monitors (Torale): sense the web into structured state, govern, notify, schedule the next look.

This package's pure core has no I/O: models, next-check scheduling, the rules governor,
grounding, dedupe, the pre-filter, the query-drift guard and notification text. The sensor
agent, the LLM governor and the one-run pipeline build on it.
"""

from typing import TYPE_CHECKING

from sentinel.lazy import lazy_exports

if TYPE_CHECKING:
    from sentinel.monitor.governing.checks import ground_decision
    from sentinel.monitor.governing.grounding import (
        GroundingResult,
        RejectedEvidence,
        check_grounding,
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
    from sentinel.monitor.sensing.prefilter import (
        PrefilterDecision,
        SourceSnapshot,
        backoff_interval,
    )
    from sentinel.storage.enums import NotifyBehavior

# Exported lazily (module __getattr__): importing one submodule, e.g. for the CLI's start,
# does not load the whole package.
_EXPORTS: dict[str, str] = {
    "GroundingResult": "sentinel.monitor.governing.grounding",
    "RejectedEvidence": "sentinel.monitor.governing.grounding",
    "check_grounding": "sentinel.monitor.governing.grounding",
    "ground_decision": "sentinel.monitor.governing.checks",
    "InvalidRule": "sentinel.monitor.governing.rule_syntax",
    "ParsedRule": "sentinel.monitor.governing.rule_syntax",
    "parse_rule": "sentinel.monitor.governing.rule_syntax",
    "RuleEvaluation": "sentinel.monitor.governing.rules",
    "RulesGovernor": "sentinel.monitor.governing.rules",
    "evaluate_rule": "sentinel.monitor.governing.rules",
    "Evidence": "sentinel.monitor.models",
    "GovernorContext": "sentinel.monitor.models",
    "GovernorDecision": "sentinel.monitor.models",
    "InvalidMonitorSpec": "sentinel.monitor.models",
    "MonitorSpec": "sentinel.monitor.models",
    "SensorContext": "sentinel.monitor.models",
    "SensorOutput": "sentinel.monitor.models",
    "parse_monitor_spec": "sentinel.monitor.models",
    "decision_key": "sentinel.monitor.notifying.dedupe",
    "facts_key": "sentinel.monitor.notifying.dedupe",
    "is_duplicate": "sentinel.monitor.notifying.dedupe",
    "suppress_duplicate": "sentinel.monitor.notifying.dedupe",
    "Notification": "sentinel.monitor.notifying.message",
    "compose_notification": "sentinel.monitor.notifying.message",
    "ScheduleBounds": "sentinel.monitor.scheduling.bounds",
    "ScheduledRun": "sentinel.monitor.scheduling.bounds",
    "add_jitter": "sentinel.monitor.scheduling.bounds",
    "bound_next_run": "sentinel.monitor.scheduling.bounds",
    "schedule_next": "sentinel.monitor.scheduling.bounds",
    "UnparseableDuration": "sentinel.monitor.scheduling.durations",
    "format_duration": "sentinel.monitor.scheduling.durations",
    "parse_duration": "sentinel.monitor.scheduling.durations",
    "NextCheck": "sentinel.monitor.scheduling.next_check",
    "UnparseableNextCheck": "sentinel.monitor.scheduling.next_check",
    "interpret_next_check": "sentinel.monitor.scheduling.next_check",
    "parse_next_check": "sentinel.monitor.scheduling.next_check",
    "DriftVerdict": "sentinel.monitor.sensing.drift",
    "check_query_update": "sentinel.monitor.sensing.drift",
    "PrefilterDecision": "sentinel.monitor.sensing.prefilter",
    "SourceSnapshot": "sentinel.monitor.sensing.prefilter",
    "backoff_interval": "sentinel.monitor.sensing.prefilter",
    "NotifyBehavior": "sentinel.storage.enums",
}


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)


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
