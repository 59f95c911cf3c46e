"""What the demo shows: the plan, a progress line per monitor, notifications, the summary.

Progress (virtual date, runs, model calls, what the run is doing) and the run log go to
stderr; notifications and the summary table — the results — go to stdout. A run that the
pre-filter skipped costs no model call; consecutive ones are folded into one dim line.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.progress import (
    BarColumn,
    Progress,
    SpinnerColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from sentinel.demo.receiver import Received
from sentinel.demo.showcase import Act, Plan, ShowcaseReport
from sentinel.demo.summary import ScenarioSummary
from sentinel.monitor.run import RunOutcome
from sentinel.storage import MonitorRecord, RunRecord

STATE_CHARS = 90


def moment(at: datetime | None) -> str:
    """A virtual time for people: ``Sep 10 05:12``."""
    return at.strftime("%b %d %H:%M") if at is not None else "—"


def short_span(delta: timedelta | None) -> str:
    """A delay for a table cell: ``1d 2h``, ``3h 20m``, ``45m``."""
    if delta is None:
        return "—"
    minutes = round(delta.total_seconds() / 60)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    if days:
        return f"{days}d {hours}h"
    return f"{hours}h {minutes:02d}m" if hours else f"{minutes}m"


def wall(seconds: float) -> str:
    """Real seconds for people: ``2 min 41 s``."""
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s" if minutes else f"{seconds:.1f} s"


def compact(state: Any, limit: int = STATE_CHARS) -> str:
    """A state as one short line of JSON."""
    text = json.dumps(state, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ConsoleDisplay:
    """Renders the demo on two rich consoles (see the module documentation)."""

    def __init__(self, out: Console, err: Console) -> None:
        self.out = out
        self.err = err
        self.progress = Progress(
            SpinnerColumn(),
            TextColumn("[bold]{task.description}"),
            BarColumn(bar_width=24),
            TextColumn("{task.fields[now]}"),
            TextColumn("runs {task.fields[runs]} · skipped {task.fields[skipped]}"),
            TextColumn("· model calls {task.fields[calls]}"),
            TextColumn("[dim]{task.fields[doing]}"),
            TimeElapsedColumn(),
            console=err,
            # Notifications are printed on stdout; when both are terminals they must pass
            # through the live display, or it would draw over them.
            redirect_stdout=out.is_terminal,
            redirect_stderr=False,
        )
        self._tasks: dict[int, TaskID] = {}
        self._folded = 0
        self._counts: dict[int, dict[str, int]] = {}

    # -- the Observer protocol of sentinel.demo.showcase ----------------------------------

    def model_loading(self, label: str) -> None:
        """Say that the model is loading (it takes a few seconds)."""
        self.err.print(f"[dim]loading {escape(label)}…[/]")

    def started(self, plan: Plan) -> None:
        """Introduce the demo and start the progress display."""
        model = plan.model
        if model.scripted:
            about = f"{model.label}: the engine and pipeline are real, the model is a script"
        else:
            about = (
                f"{model.label}, loaded once in {model.load_s:.1f} s; the code reads each "
                "monitor's fields from the pages, the model is asked only what the page leaves "
                "open (a JSON-schema grammar), rules decide"
            )
        names = ", ".join(act.scenario.id for act in plan.acts)
        lines = [
            f"[bold]model[/]     {escape(about)}",
            f"[bold]database[/]  {escape(str(plan.database))} "
            "[dim](recreated for each demo; your own monitors are untouched)[/]",
            f"[bold]web[/]       simulated and offline: {escape(names)}",
            "[bold]clock[/]     virtual: each world's clock jumps from one run to the next "
            "(a run holds it still)",
            "[bold]truth[/]     each scenario's ground truth is read only for the final table",
        ]
        self.err.print(
            Panel(
                "\n".join(lines),
                title="Sentinel demo: monitors on a simulated web",
                expand=False,
            )
        )
        self.progress.start()

    def act_started(self, act: Act, monitor: MonitorRecord) -> None:
        """Describe the monitor about to run and add its progress line."""
        spec, scenario = act.monitor, act.scenario
        window = (
            f"{spec.start:%b %d} → {spec.end:%b %d %Y} (virtual); the scenario spans "
            f"{scenario.start:%b %d} → {scenario.end:%b %d}"
        )
        if spec.start > scenario.start or spec.end < scenario.end:
            window += ": the demo watches this slice of it to stay within a few minutes"
        lines = [
            f"[bold]mission[/]   {escape(scenario.mission)}",
            f"[bold]notify[/]    {escape(scenario.action_criteria)} ({scenario.notify})",
            f"[bold]search[/]    {escape(monitor.current_query)}",
            f"[bold]shows[/]     {escape(spec.shows)}",
            f"[bold]governor[/]  {escape(spec.governor_label)}: {escape(spec.why)}",
        ]
        if spec.initial_state is not None:
            lines.append(f"[bold]state[/]     starts from {escape(compact(spec.initial_state))}")
        lines.append(f"[bold]window[/]    {escape(window)}")
        self.progress.console.print()
        self.progress.console.print(
            f"[bold cyan]━━ {act.index}/{act.total}  {escape(scenario.title)}[/]"
            f"  [dim]({escape(scenario.id)})[/]"
        )
        self.progress.console.print("\n".join(lines))
        total = (spec.end - spec.start).total_seconds()
        self._tasks[act.index] = self.progress.add_task(
            scenario.id, total=total, now=moment(spec.start), runs=0, skipped=0, calls=0, doing=""
        )
        self._counts[act.index] = {"runs": 0, "skipped": 0, "calls": 0}

    def run_started(self, act: Act, now: datetime) -> None:
        """Move the progress line to ``now``."""
        self._update(act, now, doing="searching, reading, sensing…")

    def run_finished(self, act: Act, outcome: RunOutcome, run: RunRecord | None) -> None:
        """Count the run; log it unless the pre-filter skipped it (those are folded)."""
        counts = self._counts[act.index]
        counts["runs"] += 1
        counts["calls"] += outcome.model_calls
        now = run.started_at if run is not None and run.started_at is not None else None
        if outcome.status == "skipped-no-change":
            counts["skipped"] += 1
            self._folded += 1
        else:
            self._flush_folded()
            self.progress.console.print(self._run_line(outcome, run))
        self._update(act, now, doing="")

    def notified(self, act: Act, received: Received) -> None:
        """Print a delivered notification on stdout."""
        self._flush_folded()
        payload = received.payload
        body = [escape(payload.message)]
        if payload.facts:
            facts = ", ".join(f"{k}: {v}" for k, v in payload.facts.items())
            body.append(f"[dim]facts: {escape(facts)}[/]")
        self.out.print(
            Panel(
                "\n".join(body),
                title=f"🔔 {escape(payload.title)}",
                subtitle=(
                    f"{moment(received.received_at)} (virtual) · {escape(payload.monitor_name)}"
                    " · signed webhook, verified"
                ),
                border_style="green",
                expand=False,
            )
        )

    def act_finished(self, act: Act, summary: ScenarioSummary) -> None:
        """Close the monitor's progress line."""
        self._flush_folded()
        task = self._tasks[act.index]
        self.progress.update(
            task, completed=(act.monitor.end - act.monitor.start).total_seconds(), doing="done"
        )
        self.progress.stop_task(task)

    def finished(self, report: ShowcaseReport) -> None:
        """Stop the progress display and print the summary table and the totals."""
        self.progress.stop()
        self.out.print()
        self.out.print(summary_table(report.summaries))
        self.out.print(totals_line(report))

    # -- helpers ------------------------------------------------------------------------

    def _update(self, act: Act, now: datetime | None, *, doing: str) -> None:
        task = self._tasks[act.index]
        counts = self._counts[act.index]
        fields: dict[str, Any] = {"doing": doing, **counts}
        if now is not None:
            fields["now"] = moment(now)
            fields["completed"] = (now - act.monitor.start).total_seconds()
        self.progress.update(task, **fields)

    def _flush_folded(self) -> None:
        if self._folded:
            runs = "run" if self._folded == 1 else "runs"
            self.progress.console.print(
                f"[dim]   … {self._folded} {runs} skipped by the pre-filter: nothing changed, "
                "no model call[/]"
            )
            self._folded = 0

    @staticmethod
    def _run_line(outcome: RunOutcome, run: RunRecord | None) -> str:
        when = moment(run.started_at if run is not None else None)
        calls = f"{outcome.model_calls} model call{'s' if outcome.model_calls != 1 else ''}"
        if outcome.status in ("failed", "retrying"):
            return f"   {when}  [red]{outcome.status}[/] ({calls}): {escape(outcome.error or '')}"
        state = (run.sensor_output or {}).get("updated_state") if run is not None else None
        verdict = "[green]notify[/]" if outcome.notified else escape(_last_line(outcome.reason))
        return f"   {when}  sensed ({calls})  state {escape(compact(state))}  → {verdict}"


def _last_line(text: str) -> str:
    # A suppressed decision says why on its last line.
    return text.strip().splitlines()[-1] if text.strip() else ""


def summary_table(summaries: tuple[ScenarioSummary, ...] | list[ScenarioSummary]) -> Table:
    """The final table: one row per demo monitor (times are virtual)."""
    table = Table(title="What the monitors did (ground truth read only for this table)")
    table.add_column("scenario")
    table.add_column("notified")
    table.add_column("detected\nat")
    table.add_column("event at\n(truth)")
    table.add_column("delay")
    for name in ("runs", "skipped\nno change", "model\ncalls", "calls\nsaved", "false\nalerts"):
        table.add_column(name, justify="right")
    for row in summaries:
        table.add_row(
            row.scenario_id,
            verdict(row),
            moment(row.detected_at),
            moment(row.first_event) if row.first_event else "none",
            short_span(row.delay),
            str(row.counts.runs),
            str(row.counts.skipped),
            str(row.counts.model_calls),
            str(row.counts.calls_saved),
            str(row.false_alerts) if not row.false_alerts else f"[red]{row.false_alerts}[/]",
        )
    return table


def verdict(row: ScenarioSummary) -> str:
    """``yes``/``no`` with whether that was right."""
    sent = f"yes ×{row.notifications}" if row.notifications > 1 else "yes" * row.notifications
    sent = sent or "no"
    if row.missed:
        return f"[red]{sent} ✗ missed[/]"
    if row.false_alerts:
        return f"[red]{sent} ✗ false[/]"
    return f"[green]{sent} ✓[/]"


def totals_line(report: ShowcaseReport) -> Group:
    """Totals under the table, and the wall time."""
    summaries = report.summaries
    calls = sum(s.counts.model_calls for s in summaries)
    saved = sum(s.counts.calls_saved for s in summaries)
    runs = sum(s.counts.runs for s in summaries)
    model_s = sum(s.counts.model_s for s in summaries)
    model = report.plan.model
    lines = [
        f"{runs} runs, {calls} model calls ({wall(model_s)} of model time), "
        f"{saved} calls saved by the pre-filter.",
        f"[bold]wall time {wall(report.wall_s)}[/]"
        + (f" (model load {model.load_s:.1f} s)" if not model.scripted else "")
        + f" · demo database: {escape(str(report.plan.database))}",
    ]
    return Group(*lines)
