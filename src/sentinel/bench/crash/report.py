"""What a crash campaign found, per expected notification (one per monitor: they notify once):

- **once**: exactly one request reached the receiver, signature verified;
- **same key**: more than one, all under one Idempotency-Key (at-least-once delivery: allowed,
  a receiver drops the repeat);
- **new key**: requests under more than one key — the same news sent as two notifications (a bug);
- **lost**: none, and nothing left in the database that would send it;
- **stuck**: none, and the monitor or its delivery is still claimed or pending when the trial's
  bound ran out (leases not released after their time).

Requests whose signature did not verify with the monitor's secret, or whose facts are not the
monitor's release code, are counted apart (``unverified``). All but *once* and *same key*
fail the campaign, as do claims left after the last worker stopped and a last worker that did
not stop cleanly.
"""

from __future__ import annotations

import os
import platform
import subprocess
from collections import Counter
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sentinel.bench.crash.campaign import CampaignResult, MonitorOutcome
from sentinel.bench.crash.world import Received, release_code
from sentinel.storage import DeliveryStatus, MonitorState

OUTCOMES = ("once", "same_key", "new_key", "lost", "stuck")
FAILURES = ("new_key", "lost", "stuck", "unverified")


def classify(outcome: MonitorOutcome, receipts: list[Received]) -> str:
    """The outcome of one monitor's notification (one of ``OUTCOMES``)."""
    good = [r for r in receipts if r.verified and r.code == release_code(outcome.slot)]
    keys = {r.key for r in good}
    if len(keys) > 1:
        return "new_key"
    if len(keys) == 1:
        return "once" if len(good) == 1 else "same_key"
    open_deliveries = {DeliveryStatus.PENDING.value, DeliveryStatus.SENDING.value}
    pending = outcome.leased or bool(open_deliveries.intersection(outcome.deliveries))
    if pending or outcome.state == MonitorState.ACTIVE.value:
        return "stuck"
    return "lost"


def summarize(result: CampaignResult) -> dict[str, Any]:
    """The campaign's counts, its trials and the monitors that did not get exactly one."""
    receipts: dict[tuple[int, int], list[Received]] = {}
    for item in result.world.receipts():
        receipts.setdefault(item.slot, []).append(item)
    counts = Counter({name: 0 for name in OUTCOMES})
    problems = []
    for outcome in result.outcomes:
        got = receipts.get(outcome.slot, [])
        verdict = classify(outcome, got)
        counts[verdict] += 1
        if verdict != "once":
            problems.append(
                {
                    "monitor": outcome.monitor_id,
                    "trial": outcome.slot[0],
                    "outcome": verdict,
                    "keys": sorted({r.key for r in got}),
                    "requests": len(got),
                    "runs": list(outcome.runs),
                    "deliveries": list(outcome.deliveries),
                }
            )
    unverified = sum(
        1
        for item in result.world.receipts()
        if not item.verified or item.code != release_code(item.slot)
    )
    kills = Counter(trial.killed_at or "none" for trial in result.trials)
    retried = sum(1 for o in result.outcomes if any(r.endswith(":abandoned") for r in o.runs))
    settle = [t.seconds_to_settle for t in result.trials if t.seconds_to_settle is not None]
    return {
        "database": result.database,
        "trials": len(result.trials),
        "kills": dict(sorted(kills.items())),
        "expected": len(result.outcomes),
        **{name: counts[name] for name in OUTCOMES},
        "unverified": unverified,
        "runs_killed_and_retried": retried,
        "leases_left": result.leases_left,
        "last_worker_exit": result.last_worker_exit,
        "model_calls": dict(sorted(result.world.model_calls.items())),
        "max_seconds_to_settle": max(settle, default=None),
        "seconds": result.seconds,
        "trials_detail": [
            {k: v for k, v in asdict(t).items() if k != "monitor_ids"} for t in result.trials
        ],
        "problems": problems,
    }


def failed(summary: dict[str, Any]) -> bool:
    """Whether the campaign found a lost, doubled or stuck notification, or left claims."""
    return (
        any(summary[name] for name in FAILURES)
        or summary["leases_left"] > 0
        or summary["last_worker_exit"] != 0
    )


ROW_HEADER = (
    "database",
    "trials",
    "kills (moment/governor/webhook)",
    "expected",
    "once",
    "same key twice",
    "new key",
    "lost",
    "stuck",
    "runs killed, retried",
    "leases left",
)


def row(summary: dict[str, Any]) -> tuple[str, ...]:
    """One line of the table (the CLI's and the documentation's)."""
    kills = summary["kills"]
    return (
        summary["database"],
        str(summary["trials"]),
        "/".join(str(kills.get(k, 0)) for k in ("moment", "governor", "webhook")),
        str(summary["expected"]),
        str(summary["once"]),
        str(summary["same_key"]),
        str(summary["new_key"]),
        str(summary["lost"]),
        str(summary["stuck"]),
        str(summary["runs_killed_and_retried"]),
        str(summary["leases_left"]),
    )


def document(summaries: list[dict[str, Any]], options: dict[str, Any]) -> dict[str, Any]:
    """The results with what is needed to compare runs."""
    return {
        "benchmark": "crash",
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": _commit(),
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        },
        "options": options,
        "results": summaries,
    }


def _commit() -> str | None:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            cwd=Path(__file__).parent,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None
