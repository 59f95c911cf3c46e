"""``sentinel demo``: the main job, offline — monitors watching a simulated web, end to end.

:mod:`.cast` chooses the monitors (scenario, query, governor, virtual window), :mod:`.stage`
opens a scenario's world on a virtual clock, :mod:`.receiver` is the inbox their signed
webhooks are delivered to, :mod:`.showcase` wires the real engine, pipeline, outbox and
delivery worker together and plays each monitor through its window, :mod:`.summary` scores
what happened against the ground truth, and :mod:`.display` shows it all. :mod:`.model`
loads the embedded model (or :mod:`.scripted`'s deterministic stand-in); :mod:`.directory`
keeps one demo at a time in a directory.
"""

from sentinel.demo.cast import CAST, DEFAULT_SCENARIOS, DemoMonitor, cast_for
from sentinel.demo.directory import DemoBusy
from sentinel.demo.display import ConsoleDisplay
from sentinel.demo.model import DemoModel, DemoModelMissing
from sentinel.demo.receiver import INBOX_URL, Inbox, Received
from sentinel.demo.showcase import (
    Act,
    Observer,
    Plan,
    ShowcaseReport,
    ShowcaseSettings,
    run_showcase,
)
from sentinel.demo.summary import RunCounts, ScenarioSummary, Scoring, score, summarize

__all__ = [
    "CAST",
    "DEFAULT_SCENARIOS",
    "INBOX_URL",
    "Act",
    "ConsoleDisplay",
    "DemoBusy",
    "DemoModel",
    "DemoModelMissing",
    "DemoMonitor",
    "Inbox",
    "Observer",
    "Plan",
    "Received",
    "RunCounts",
    "ScenarioSummary",
    "Scoring",
    "ShowcaseReport",
    "ShowcaseSettings",
    "cast_for",
    "run_showcase",
    "score",
    "summarize",
]
