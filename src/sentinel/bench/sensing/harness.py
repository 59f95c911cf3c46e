"""One sensing case, run the way a user meets it.

In a fresh ``SENTINEL_HOME`` (its ``models`` folder shared by every case: see
:func:`share_models`), with the loopback server serving BEFORE at the case's path:

1. ``sentinel watch add "<sentence>" --url <page> --webhook <receiver> --json``;
2. ``sentinel watch run <id> --here`` (the run on BEFORE);
3. the page switches to AFTER (new ETag, later Last-Modified);
4. ``sentinel watch run <id> --here`` again;

and after each run ``sentinel watch history <id> --json`` is read for what the run recorded:
its status and reason, the decision, the sensed state, the model's usage and timing, and the
notification queued for the webhook (its payload is the body the receiver gets). Nothing is
read from Sentinel's internals: a run's outcome is what those commands print.

The environment of every command is the case's own: the scratch home, the model under test
(``SENTINEL_LLM``), loopback allowed for fetches and webhooks (``SENTINEL_FETCH_ALLOW_HOSTS``,
``SENTINEL_NOTIFY_ALLOW_HOSTS``), the local search over the (empty) home, and no other
``SENTINEL_*`` variable of the caller's but those that say how to reach a model endpoint.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from sentinel.bench.sensing.corpus import CaseFiles, SensingCase
from sentinel.bench.sensing.invoke import Cli, Environment
from sentinel.bench.sensing.mentions import missing_mentions
from sentinel.bench.sensing.server import PageServer
from sentinel.notify.payload import NotificationPayload

__all__ = ["CaseResult", "RunResult", "case_environment", "run_case", "share_models"]

Phase = Literal["before", "after"]

# The caller's model endpoint settings pass through (an OpenAI-compatible --model needs them);
# every other SENTINEL_* variable is dropped, so a case runs on the defaults a user gets.
KEPT_VARIABLES = frozenset(
    f"SENTINEL_LLM_{name}"
    for name in ("BASE_URL", "API_KEY", "MODEL", "HEADERS", "TIMEOUT", "MAX_CONCURRENCY")
)
SHARED_MODELS = ".models"
HISTORY_LIMIT = "50"
STATE_CHARS = 600
TEXT_CHARS = 1200


@dataclass
class RunResult:
    """One run of a case (on BEFORE or AFTER) and whether its decision was right."""

    phase: Phase
    expected: bool
    notified: bool = False
    run_id: int | None = None
    status: str | None = None
    reason: str = ""
    decision: str = ""
    state: str = ""
    notification: str = ""
    missing: list[str] = field(default_factory=list)
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float | None = None
    command_s: float = 0.0
    fetches: int = 0
    not_modified: int = 0
    error: str | None = None

    @property
    def correct(self) -> bool:
        """Notified exactly when it should, and a right notification states every mention."""
        return self.notified == self.expected and not (self.notified and self.missing)

    @property
    def false_alert(self) -> bool:
        """Notified when it should not have."""
        return self.notified and not self.expected

    @property
    def miss(self) -> bool:
        """Did not notify when it should have."""
        return self.expected and not self.notified

    def as_json(self) -> dict[str, Any]:
        """The run for the results document, with its verdicts."""
        return {
            "phase": self.phase,
            "expected": self.expected,
            "notified": self.notified,
            "correct": self.correct,
            "run_id": self.run_id,
            "status": self.status,
            "reason": self.reason,
            "decision": self.decision,
            "state": self.state,
            "notification": self.notification,
            "missing_mentions": self.missing,
            "model_calls": self.model_calls,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "seconds": self.seconds,
            "command_s": round(self.command_s, 3),
            "fetches": self.fetches,
            "not_modified": self.not_modified,
            "error": self.error,
        }


@dataclass
class CaseResult:
    """A case's two runs, and what stopped it when the harness could not run it."""

    id: str
    split: str
    language: str
    kind: str
    decoy: bool
    structured: bool
    runs: list[RunResult] = field(default_factory=list)
    error: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The case for the results document."""
        return {
            "id": self.id,
            "split": self.split,
            "language": self.language,
            "kind": self.kind,
            "decoy": self.decoy,
            "structured": self.structured,
            "correct": sum(run.correct for run in self.runs),
            "runs": [run.as_json() for run in self.runs],
            "error": self.error,
        }


def case_environment(
    home: Path, model: str, threads: int | None, base: Mapping[str, str] | None = None
) -> dict[str, str | None]:
    """The variables every command of a case runs with (see the module documentation);
    ``base`` is the caller's environment (default: this process's)."""
    env: dict[str, str | None] = {
        name: None
        for name in (os.environ if base is None else base)
        if name.startswith("SENTINEL_") and name not in KEPT_VARIABLES
    }
    env.update(
        SENTINEL_HOME=str(home),
        SENTINEL_LLM=model,
        SENTINEL_FETCH_ALLOW_HOSTS="127.0.0.1",
        SENTINEL_NOTIFY_ALLOW_HOSTS="127.0.0.1",
        SENTINEL_SEARCH="local",
        # The model loads in the process that runs the command: in process, the bench's own
        # (warm from case to case, as a worker holds it); with --cold, each command's. A model
        # server per case's home would outlive the case.
        SENTINEL_LLM_SERVER="off",
    )
    if threads is not None:
        env["SENTINEL_LLM_THREADS"] = str(threads)
    return env


def share_models(home: Path, shared: Path) -> None:
    """Make ``home/models`` a link to ``shared``.

    A user's home keeps the embedded model's assembled weights in ``<home>/models`` (put
    together from the weight packages and verified once). Every case has a fresh home, so
    without this each case would assemble and hash the weights again (half a gigabyte) and
    load them as a different model; linked, the weights are assembled once a bench run and the
    model loaded in process stays loaded (it is keyed by the weights' resolved path), as a
    worker keeps one."""
    shared.mkdir(parents=True, exist_ok=True)
    (home / "models").symlink_to(shared.resolve(), target_is_directory=True)


def run_case(
    files: CaseFiles,
    cli: Cli,
    server: PageServer,
    *,
    model: str,
    scratch: Path,
    threads: int | None = None,
) -> CaseResult:
    """Run one case end to end (see the module documentation); a command that fails is
    recorded in the result, never raised."""
    case = files.case
    result = CaseResult(case.id, case.split, case.language, case.kind, case.decoy, case.structured)
    home = scratch / case.id
    home.mkdir(parents=True, exist_ok=False)
    share_models(home, scratch / SHARED_MODELS)
    env = case_environment(home, model, threads)
    server.reset()
    server.serve(case.path, files.before)
    added = cli(
        [
            "watch",
            "add",
            case.sentence,
            "--url",
            server.url(case.path),
            "--webhook",
            server.hook_url,
            "--json",
        ],
        env,
    )
    phases: tuple[tuple[Phase, bool], ...] = (
        ("before", case.expect.before),
        ("after", case.expect.after),
    )
    if added.failed:
        # The monitor was refused: the user is told nothing on either page.
        result.error = f"watch add: {added.failed}"
        result.runs = [RunResult(phase, expected, error=result.error) for phase, expected in phases]
        return result
    monitor = str(json.loads(added.stdout)["id"])
    seen: set[int] = set()
    for phase, expected in phases:
        if phase == "after":
            server.serve(case.path, files.after)
        result.runs.append(_run(phase, expected, monitor, cli, env, server, seen, case))
    return result


def _run(
    phase: Phase,
    expected: bool,
    monitor: str,
    cli: Cli,
    env: Environment,
    server: PageServer,
    seen: set[int],
    case: SensingCase,
) -> RunResult:
    outcome = RunResult(phase, expected)
    served = len(server.requests)
    ran = cli(["watch", "run", monitor, "--here"], env)
    outcome.command_s = ran.seconds
    pages = [r for r in server.requests[served:] if r.path == case.path]
    outcome.fetches = len(pages)
    outcome.not_modified = sum(r.status == 304 for r in pages)
    if ran.failed:
        # e.g. the monitor completed after notifying on BEFORE: a user gets nothing more.
        outcome.error = f"watch run: {ran.failed}"
    history = cli(["watch", "history", monitor, "--json", "--limit", HISTORY_LIMIT], env)
    if history.failed:
        outcome.error = outcome.error or f"watch history: {history.failed}"
        return outcome
    _read_history(outcome, json.loads(history.stdout), seen, case.mentions)
    return outcome


def _read_history(
    outcome: RunResult, document: dict[str, Any], seen: set[int], mentions: list[str]
) -> None:
    """Fill ``outcome`` from the runs this phase added (normally one; the last one counts)."""
    runs = sorted(
        (run for run in document.get("runs", []) if run["id"] not in seen),
        key=lambda run: run["id"],
    )
    seen.update(run["id"] for run in runs)
    if not runs:
        return
    last = runs[-1]
    ids = {run["id"] for run in runs}
    outcome.run_id = last["id"]
    outcome.status = last["status"]
    outcome.reason = str(last.get("reason") or last.get("error_message") or "")
    decision = last.get("decision") or {}
    outcome.decision = str(decision.get("reasoning") or "")[:TEXT_CHARS]
    usage = [run.get("usage") or {} for run in runs]
    outcome.model_calls = sum(int(u.get("model_calls") or 0) for u in usage)
    outcome.prompt_tokens = sum(int(u.get("prompt_tokens") or 0) for u in usage)
    outcome.completion_tokens = sum(int(u.get("completion_tokens") or 0) for u in usage)
    outcome.seconds = round(sum(_seconds(run) for run in runs), 3)
    states = [s for s in document.get("states", []) if s.get("run_id") == last["id"]]
    if states:
        outcome.state = json.dumps(states[0].get("state"), ensure_ascii=False)[:STATE_CHARS]
    payloads = [d["payload"] for d in document.get("deliveries", []) if d.get("run_id") in ids]
    if payloads:
        outcome.notified = True
        outcome.notification = notification_text(payloads[0])[:TEXT_CHARS]
        outcome.missing = missing_mentions(mentions, notification_text(payloads[0]))


def notification_text(payload: dict[str, Any]) -> str:
    """What a person reads of a notification: its title, then the text channels without
    structure send (message, facts, sources)."""
    try:
        parsed = NotificationPayload.model_validate(payload)
    except ValidationError:
        return json.dumps(payload, ensure_ascii=False)
    return f"{parsed.title}\n{parsed.as_text()}"


def _seconds(run: dict[str, Any]) -> float:
    started, finished = run.get("started_at"), run.get("finished_at")
    if not started or not finished:
        return 0.0
    return (datetime.fromisoformat(finished) - datetime.fromisoformat(started)).total_seconds()
