"""``sentinel bench monitor``: Sentinel against the approaches users would otherwise pick.

Every scenario of a library (the bundled one, or ``--scenarios DIR``) is played in the
simulated world on a virtual clock, once per policy, each on a fresh world:

- ``diff-fixed-1h``, ``-6h``, ``-24h`` (``diff-fixed`` = 24 h): changedetection.io's default —
  every watched URL fetched at a fixed interval, a notification per watch whose whitespace-
  normalized page text changed. Watched: the front page and every page existing at the
  scenario's start on each official, news or shop site (a user who added every URL they could
  find). See :mod:`sentinel.bench.monitoring.diff_fixed`.
- ``llm-fixed-24h`` (``llm-fixed``; any ``llm-fixed-<N>h``): Torale before self-scheduling —
  at each tick search, read the top 3 pages, one model call judges the condition; no
  pre-filter, no adaptive schedule, no grounding. See :mod:`…monitoring.llm_fixed`.
- ``llm-on-change-3h`` and ``llm-on-change-15m`` (any ``llm-on-change-<N>m|h``):
  changedetection.io with AI rules — the watches and comparison of ``diff-fixed``, but a
  change goes to one model call with the condition and only its "met" notifies; every 15
  minutes is what a user set who fears missing a state of an hour. See
  :mod:`…monitoring.llm_on_change`.
- ``sentinel``: the real pipeline, :func:`sentinel.monitor.run.execute_run`, driven like the
  engine drives it, with the product's default interval bounds (``sentinel-max-<N>h``: the
  same with a shorter longest wait). See :mod:`…monitoring.sentinel_policy`.
- ``sentinel-given`` (and ``sentinel-max-<N>h-given``): the same, given the pages the diff
  baselines watch as its named pages (a user's ``--url``), so it reads them instead of
  searching.
- ``oracle``: checks exactly at each ground-truth event — the limit.

Fixed-interval policies start at a seeded random phase within their first interval (the same
phase for the same interval), as a user's schedule would. Only ``oracle`` and the oracle-facts
sensor read ground truth, and the sensor only as of the current virtual time.

Pages (``--pages``)
-------------------
``--pages search`` (default): ``sentinel`` finds its pages by searching, as the product does
for a monitor without named pages. ``--pages given``: every ``sentinel`` policy is replaced by
its ``-given`` twin, given exactly the pages ``diff-fixed`` and ``llm-on-change`` watch
(:func:`sentinel.bench.monitoring.diff_fixed.watched_urls`): like compared with like.
``--pages both``: each ``sentinel`` policy runs both ways and both are reported, side by side;
the results document says which (``"pages"``).

Sensor modes (always named in the output)
-----------------------------------------
``--sensor model`` (default): the configured models (``SENTINEL_LLM*``, the embedded local
model unless configured; ``--model SPEC`` for every role, e.g. ``local:smollm2-135m``); the
``sentinel`` policy then uses the LLM governor, as the pipeline does for criteria in words.
``--sensor oracle-facts``: the sensor's model answers from the facts true now, wrong with
probability ``--error-rate`` (flipped condition, perturbed fact or missed observation, seeded);
the state is ``{"condition": …, **facts}`` with a quote copied from a page the prompt shows,
and ``sentinel`` uses the rules governor ``condition == true``; ``llm-fixed``'s judge is the
same oracle. This isolates scheduling and governing from model quality.

Search engine (:mod:`sentinel.sim.search_realism`)
--------------------------------------------------
``--search realistic`` (default): the worlds' search engine behaves like a real one — a page
change becomes searchable only after a per-page index lag of 1 to 24 hours drawn from the
seed, a tenth of the pages are never indexed, and some results show no date or a wrong one.
``--search perfect``: every change searchable at once with its true date (the engine before
issue 28), for comparison.

Costs (:mod:`sentinel.bench.monitoring.costs`)
----------------------------------------------
Searches, full page fetches, conditional fetches answered 304, model calls and prompt and
completion tokens are counted apart, and priced at a stated list (search $0.005, a full fetch
$0.00001, a 304 nothing, model $0.00015/$0.0006 per 1k prompt/completion tokens) into a cost
per monitor-month (30 days of one monitor). "Paid requests" are searches plus full fetches.

Splits (:mod:`sentinel.sim.split`)
----------------------------------
The library is split once, by a rule on the scenario id, into ``dev`` (the 22 worlds the
heuristics were tuned on, and new worlds whose ``sha256(id)`` starts with an even byte) and
``test`` (the others). ``--split dev|test|all`` picks the scenarios; every table reports
all, dev and test rows, and the targets are judged on ``test`` whenever it ran.

Metrics (:mod:`sentinel.bench.monitoring.metrics`)
--------------------------------------------------
A *true event* is a ground-truth event with ``condition: true``; its window lasts until the
next event. Expected events: every true event for ``notify: always``, one for ``once`` (a
once-monitor stops after notifying). A notification at ``t`` falls in the window of the
latest event at or before ``t``: it *detects* that event if the condition is true there and
the event was not detected yet (``once``: nothing detected yet), with delay ``t - event``.
Any other notification is a *false alert*: sent while the condition is false, or a duplicate
of a detected event (``once``: anything after the first detection). Recall = detected /
expected; precision = detected / notifications (1.0 when nothing was sent). Delays are pooled
over scenarios: median, and nearest-rank p90. Checks = page fetches + search queries (robots.txt
excluded; the oracle counts one per event). An event is *reachable* when one of its pages is
indexed by the world's search engine or linked from a page that is (one hop; see
:mod:`sentinel.bench.monitoring.reachability`); *recall (reachable)* = reachable events
detected / reachable events expected, beside recall over all events. Model calls include
repairs; tokens are prompt + completion. Per-event figures divide by expected events. Wall
time is real seconds.

Outputs: a markdown report on stdout (per policy, the targets, per scenario, and for each
failing score what the policy said when it notified or failed, with each sentinel run's
longest wait); with ``--out DIR`` also ``report.md``, ``results.json``,
``pareto.png`` (checks against delay) and ``quality.png``; ``--json FILE`` writes the results
document: ``{"sensor", "pages", "policies": {name: {recall, reachable_recall, precision,
false_alerts, median_delay_s, p90_delay_s, checks, model_calls, tokens, …}}, "scenarios":
[{id, policy, events, detected, reachable_events, reachable_detected, unreachable_events,
false_alerts, delays_s, checks, model_calls, split, …}], "splits": {"dev"|"test": {name:
{…}}}, "target_split", "targets": […], …}`` (delays null when nothing was detected).
Deterministic for a seed except wall times; ``--jobs`` runs pairs in
parallel processes with identical results. The whole library (85 worlds) with
``--sensor oracle-facts`` and the four 24 h policies costs several CPU minutes, most of it
the ``sentinel`` and ``llm-fixed`` runs; ``--split test`` runs 34 of them.
With the embedded model a call takes tens of seconds, so run a
subset: a directory holding e.g. ``airline-merger-denied.yaml`` and ``library-cve.yaml``,
``--scenarios DIR --policy sentinel --policy oracle`` (``llm-fixed`` costs one call a day).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from sentinel.bench.monitoring.policies import make_policy, policy_names, with_pages
from sentinel.bench.monitoring.policy import Policy
from sentinel.bench.monitoring.report import code_commit, markdown, to_json
from sentinel.bench.monitoring.runner import BenchResult, load_scenarios, run_benchmark
from sentinel.bench.monitoring.sensors import SensorSetup
from sentinel.errors import ConfigError, InvalidInput
from sentinel.sim import ScenarioError
from sentinel.sim.search_realism import REALISTIC, SearchRealism, search_realism

__all__ = ["PagesChoice", "SearchChoice", "SensorChoice", "SplitChoice", "command", "run"]


class SplitChoice(StrEnum):
    """The ``--split`` choices (see :mod:`sentinel.sim.split`)."""

    DEV = "dev"
    TEST = "test"
    ALL = "all"


class SearchChoice(StrEnum):
    """The ``--search`` choices (see :mod:`sentinel.sim.search_realism`)."""

    REALISTIC = "realistic"
    PERFECT = "perfect"


class PagesChoice(StrEnum):
    """The ``--pages`` choices: how the ``sentinel`` policies find their pages."""

    SEARCH = "search"
    GIVEN = "given"
    BOTH = "both"


class SensorChoice(StrEnum):
    """The ``--sensor`` choices."""

    MODEL = "model"
    ORACLE_FACTS = "oracle-facts"


def run(
    *,
    sensor: SensorSetup,
    policies: list[Policy],
    scenarios_dir: Path | None = None,
    limit: int | None = None,
    split: str = "all",
    seed: int = 0,
    jobs: int = 1,
    progress: bool = True,
    search: SearchRealism = REALISTIC,
) -> BenchResult:
    """Load the scenarios and run the benchmark (what the command does before reporting)."""
    scenarios = load_scenarios(scenarios_dir, limit, split)

    def say(line: str) -> None:
        typer.echo(line, err=True)

    return asyncio.run(
        run_benchmark(
            scenarios,
            policies,
            sensor,
            seed=seed,
            jobs=jobs,
            progress=say if progress else None,
            search=search,
        )
    )


def _setup(sensor: SensorChoice, model: str | None, error_rate: float) -> SensorSetup:
    try:
        setup = SensorSetup(sensor.value, error_rate, model)
    except InvalidInput as error:
        raise typer.BadParameter(error.problem, param_hint="--error-rate") from None
    if not setup.oracle:
        try:
            setup.model_label("sensor")
            setup.model_label("governor")
        except (ConfigError, InvalidInput) as error:
            raise typer.BadParameter(str(error), param_hint="--model") from None
    return setup


def _policies(requested: list[str] | None, pages: PagesChoice) -> list[Policy]:
    try:
        return [make_policy(name) for name in with_pages(policy_names(requested), pages.value)]
    except InvalidInput as error:
        raise typer.BadParameter(str(error), param_hint="--policy") from None


def command(
    sensor: Annotated[
        SensorChoice,
        typer.Option("--sensor", help="The real model, or ground-truth facts (oracle-facts)."),
    ] = SensorChoice.MODEL,
    model: Annotated[
        str | None,
        typer.Option(
            "--model",
            help="Model spec for every role in model mode, e.g. local:qwen2.5-coder-0.5b; "
            "default: the SENTINEL_LLM* configuration.",
        ),
    ] = None,
    error_rate: Annotated[
        float,
        typer.Option(
            "--error-rate", min=0.0, max=1.0, help="Oracle-facts: share of wrong observations."
        ),
    ] = 0.0,
    scenarios: Annotated[
        Path | None,
        typer.Option(
            "--scenarios", exists=True, help="A directory (or file) of scenario YAML files."
        ),
    ] = None,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help="Only the first N scenarios (by id).")
    ] = None,
    split: Annotated[
        SplitChoice,
        typer.Option(
            "--split",
            help="dev (heuristics are developed on it), test (for reporting) or all; the "
            "rule is in sentinel.sim.split.",
        ),
    ] = SplitChoice.ALL,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            "--policy",
            help="Policies to run (repeatable): diff-fixed[-1h|6h|24h], llm-fixed[-<N>h], "
            "llm-on-change-<N>m|h, sentinel, sentinel-max-<N>h (either with -given: given "
            "the baselines' pages), oracle. Default: diff-fixed-1h, -6h, -24h, llm-fixed-24h, "
            "llm-on-change-3h, llm-on-change-15m, sentinel, oracle.",
        ),
    ] = None,
    pages: Annotated[
        PagesChoice,
        typer.Option(
            "--pages",
            help="How sentinel finds its pages: search (the product's way), given (it is "
            "given the pages the diff baselines watch, as a user's --url) or both (each "
            "sentinel policy twice, reported side by side).",
        ),
    ] = PagesChoice.SEARCH,
    seed: Annotated[int, typer.Option("--seed", help="Seed of noise, phases and errors.")] = 0,
    search: Annotated[
        SearchChoice,
        typer.Option(
            "--search",
            help="The worlds' search engine: realistic (index lag of 1-24 h, unindexed "
            "pages, missing and wrong dates) or perfect (every change searchable at once).",
        ),
    ] = SearchChoice.REALISTIC,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            min=0,
            help="Worker processes; 0 = one per CPU with oracle-facts, 1 with a real model.",
        ),
    ] = 0,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Write the results document to this file.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Directory for report.md, results.json and the PNG plots."),
    ] = None,
) -> None:
    """Sentinel against diff-based and fixed-interval LLM monitoring on simulated worlds."""
    setup = _setup(sensor, model, error_rate)
    chosen = _policies(policy, pages)
    workers = jobs or ((os.cpu_count() or 1) if setup.oracle else 1)
    measured = code_commit()  # read now: a commit made while the worlds run is not measured
    try:
        result = run(
            sensor=setup,
            policies=chosen,
            scenarios_dir=scenarios,
            limit=limit,
            split=split.value,
            seed=seed,
            jobs=workers,
            search=search_realism(search.value),
        )
    except ScenarioError as error:
        raise typer.BadParameter(str(error), param_hint="--scenarios") from None
    except InvalidInput as error:
        if error.field != "scenarios":
            raise
        raise typer.BadParameter(error.problem, param_hint="--scenarios") from None
    report = markdown(result)
    source = str(scenarios) if scenarios else "bundled"
    document = to_json(result, scenario_source=source, commit=measured)
    sys.stdout.write(report)
    if json_file is not None:
        json_file.parent.mkdir(parents=True, exist_ok=True)
        json_file.write_text(json.dumps(document, indent=2) + "\n")
    if out is not None:
        from sentinel.bench.monitoring.plots import write_plots

        out.mkdir(parents=True, exist_ok=True)
        (out / "report.md").write_text(report)
        (out / "results.json").write_text(json.dumps(document, indent=2) + "\n")
        for path in write_plots(result, out):
            typer.echo(f"wrote {path}", err=True)
