"""``sentinel bench research``: the research agent on canned questions over simulated worlds.

Each case is a bundled ``research-*`` scenario (or, with ``--scenarios DIR``, a world of the
user's in the same YAML format): its mission is the question, the facts of its last
ground-truth event are what a good report contains. A case runs in a fresh world at the
scenario's end, through the same SearXNG adapter and fetcher as ``sentinel research --world``.

Measured per case: schema validity (a FinalReport came out and validates), citation validity
(every source was retrieved in the run and every ``[n]`` points at a source), domain
diversity, fact recall (ground-truth facts stated in a supported sentence), and the trust
measures of ``research_claims``: claim support by the product's checker and by an
independent rule, citation precision, repetition rate; searches, model calls, wall time.
``--model extractive`` is the baseline that copies source sentences: its fact recall says how
much of the truth the retrieval put in front of the reporter.

Cases and their ``dev``/``test`` split are in ``research_cases``. Heuristics are developed
on ``dev``; ``test`` is what docs/benchmarks/research.md reports.
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import subprocess
import time
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from sentinel.bench.research_cases import (
    Case,
    cases,
    fact_found,
    user_cases,
)
from sentinel.bench.research_claims import facts_cited, off_subject, score_claims
from sentinel.bench.research_cold import cold_seconds
from sentinel.bench.research_print import print_results
from sentinel.clock import VirtualClock
from sentinel.errors import InvalidInput, SentinelError
from sentinel.llm import UsageTracker
from sentinel.research import (
    FinalReport,
    ResearchModels,
    ResearchSettings,
    ResearchTools,
    RunLog,
    citations_valid,
    run_research,
)
from sentinel.research.passages import SourceText
from sentinel.research.render import report_markdown
from sentinel.research.state import domain_of
from sentinel.sim import Scenario, ScenarioError, World

DEFAULT_MODEL = "local:qwen2.5-coder-0.5b"


@dataclass
class CaseResult:
    """What one case measured; ``error`` says why there is no report."""

    scenario: str
    split: str = "test"
    schema_valid: bool = False
    citations_valid: bool = False
    sentences: int = 0
    supported: int = 0
    independent: int = 0
    citations: int = 0
    precise: int = 0
    repeated: int = 0
    well_formed: int = 0
    lookalike_sentences: int = 0
    off_subject: int = 0
    dropped: int = 0
    sources: int = 0
    domains: int = 0
    facts_found: int = 0
    facts_total: int = 0
    missing_facts: list[str] = field(default_factory=list)
    iterations: int = 0
    model_calls: int = 0
    wall_s: float = 0.0
    cold_wall_s: float | None = None
    """Seconds of ``sentinel research`` as a new process for this question (``--cold``)."""
    error: str | None = None

    @property
    def recall(self) -> float:
        """Facts found over facts expected."""
        return self.facts_found / self.facts_total if self.facts_total else 0.0


def score(
    case: Case,
    report: FinalReport,
    retrieved: dict[str, str],
    read: tuple[SourceText, ...] = (),
) -> CaseResult:
    """The quality measures of one report (``read``: the source texts its run read)."""
    claims = score_claims(report, read, case.question)
    found = facts_cited(case.facts, claims.supported_texts, fact_found)
    missing = [name for name in case.facts if name not in found]
    check = report.check
    return CaseResult(
        scenario=case.scenario,
        split=case.split,
        schema_valid=_validates(report),
        citations_valid=citations_valid(report, retrieved),
        sentences=claims.sentences,
        supported=claims.supported,
        independent=claims.independent,
        citations=claims.citations,
        precise=claims.precise,
        repeated=claims.repeated,
        well_formed=claims.well_formed,
        lookalike_sentences=claims.sentences if case.lookalikes else 0,
        off_subject=off_subject(claims.texts, case.lookalikes),
        dropped=0
        if check is None
        else check.dropped_unsupported + check.dropped_repeated + check.dropped_cut_off,
        sources=len(report.sources),
        domains=len({domain_of(source.url) for source in report.sources}),
        facts_found=len(case.facts) - len(missing),
        facts_total=len(case.facts),
        missing_facts=missing,
    )


async def run_case(
    case: Case,
    models: ResearchModels,
    settings: ResearchSettings,
    trace: Path | None = None,
) -> CaseResult:
    """Research one case in a fresh world; failures are results too. ``trace`` receives the
    run's log as JSON lines."""
    scenario: Scenario = case.load_world()
    clock = VirtualClock(scenario.end)
    world = World.from_scenario(scenario, clock)
    started = time.perf_counter()
    tools = ResearchTools.searxng_over(
        world.search_url, world.transport(), hosts=world.hosts, clock=clock.now
    )
    log = RunLog(trace)
    try:
        with log, UsageTracker() as usage:
            async with tools:
                result = await run_research(
                    case.question, tools, models, settings=settings, log=log
                )
    except SentinelError as exc:
        return CaseResult(
            case.scenario,
            case.split,
            facts_total=len(case.facts),
            missing_facts=list(case.facts),
            iterations=len(log.of("search_result")) + len(log.of("search_error")),
            model_calls=usage.total.requests,
            wall_s=time.perf_counter() - started,
            error=f"{type(exc).__name__}: {exc}",
        )
    if trace is not None:  # the report beside its run log, to read what was scored
        trace.with_suffix(".md").write_text(report_markdown(result.report), encoding="utf-8")
    measured = score(case, result.report, result.retrieved, result.sources_read)
    measured.iterations = result.iterations
    measured.model_calls = result.model_calls
    measured.wall_s = result.wall_s
    return measured


async def run_cases(
    chosen: list[Case],
    models: ResearchModels,
    settings: ResearchSettings,
    console: Console,
    trace_dir: Path | None = None,
) -> list[CaseResult]:
    """Run the cases one after the other (a local model serves one request at a time)."""
    results = []
    for case in chosen:
        console.print(f"{case.scenario}: {case.question}", style="dim", markup=False)
        trace = trace_dir / f"{case.scenario}.jsonl" if trace_dir else None
        results.append(await run_case(case, models, settings, trace))
        done = results[-1]
        outcome = done.error or f"{done.facts_found}/{done.facts_total} facts"
        console.print(f"  {outcome} in {done.wall_s:.1f}s", style="dim", markup=False)
    return results


def command(
    model: Annotated[
        str,
        typer.Option(
            "--model",
            help="Model for every node: local:NAME, openai:MODEL, scripted, or extractive "
            "(the sentence-copying baseline).",
        ),
    ] = DEFAULT_MODEL,
    split: Annotated[
        str,
        typer.Option("--split", help="dev, test or all (the split rule: see the docs)."),
    ] = "all",
    scenarios: Annotated[
        Path | None,
        typer.Option(
            "--scenarios",
            help="Your own cases: a directory of world files (YAML, as `sentinel sim` reads "
            "them; each world's mission is the question, its last event's facts the answer).",
        ),
    ] = None,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help="Run the first N cases.")
    ] = None,
    max_iters: Annotated[int, typer.Option("--max-iters", min=1, max=20)] = 3,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Also write the results to this JSON file.")
    ] = None,
    trace_dir: Annotated[
        Path | None,
        typer.Option(
            "--trace-dir",
            help="Write each case's run log (JSON lines) and its report (Markdown) here.",
        ),
    ] = None,
    cold: Annotated[
        bool,
        typer.Option(
            "--cold",
            help="Also time each question as a new `sentinel research` process (the real "
            "CLI: start, model load, uncached prompts), after the in-process runs.",
        ),
    ] = False,
) -> None:
    """Research quality on canned questions over simulated worlds with ground truth."""
    console = Console()
    if split not in ("dev", "test", "all"):
        raise typer.BadParameter("is not dev, test or all", param_hint="--split")
    try:
        chosen = (cases(split) if scenarios is None else user_cases(scenarios, split))[:limit]
    except ScenarioError as error:
        raise typer.BadParameter(str(error), param_hint="--scenarios") from None
    except InvalidInput as error:
        raise typer.BadParameter(
            f"{error.value}: {error.problem}", param_hint="--scenarios"
        ) from None
    try:
        models = ResearchModels.configured(model)
    except InvalidInput as exc:
        raise typer.BadParameter(f"{model!r}: {exc.problem}", param_hint="--model") from exc
    except SentinelError as exc:
        raise typer.BadParameter(str(exc), param_hint="--model") from exc
    settings = ResearchSettings(max_iters=max_iters)
    if trace_dir is not None:
        trace_dir.mkdir(parents=True, exist_ok=True)
    load_before = _loadavg()
    results = asyncio.run(run_cases(chosen, models, settings, console, trace_dir))
    if cold:
        for case, result in zip(chosen, results, strict=True):
            result.cold_wall_s = cold_seconds(case, model, max_iters, case.source_file)
            shown = "failed" if result.cold_wall_s is None else f"{result.cold_wall_s:.1f}s"
            console.print(f"{case.scenario}: cold command {shown}", style="dim", markup=False)
    print_results(results, model)
    if json_file is not None:
        document = to_json(results, model, settings)
        after = _loadavg()
        document["loadavg"] = {"before": load_before, "after": after}
        # The 1-, 5- and 15-minute averages at the end: the run's load, as other benches say it.
        document["load_average"] = [float(x) for x in after.split()[:3]] if after else None
        document["cases_source"] = str(scenarios) if scenarios is not None else "bundled"
        json_file.write_text(json.dumps(document, indent=2))


def _loadavg() -> str | None:
    """/proc/loadavg as it reads (None off Linux): every timing is reported with its load."""
    try:
        return Path("/proc/loadavg").read_text(encoding="ascii").strip()
    except OSError:
        return None


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def summary(results: list[CaseResult]) -> dict[str, float | None]:
    """Averages over the cases (a failed case scores zero on quality); the sentence and
    citation rates are pooled over every sentence and citation of the split."""
    n = len(results) or 1
    return {
        "cases": len(results),
        "schema_valid_rate": sum(r.schema_valid for r in results) / n,
        "citations_valid_rate": sum(r.citations_valid for r in results) / n,
        "sentences": sum(r.sentences for r in results),
        "claim_support": _rate(
            sum(r.supported for r in results), sum(r.sentences for r in results)
        ),
        "claim_support_independent": _rate(
            sum(r.independent for r in results), sum(r.sentences for r in results)
        ),
        "citation_precision": _rate(
            sum(r.precise for r in results), sum(r.citations for r in results)
        ),
        "repetition_rate": _rate(
            sum(r.repeated for r in results), sum(r.sentences for r in results)
        ),
        "readability": _rate(
            sum(r.well_formed for r in results), sum(r.sentences for r in results)
        ),
        "right_subject": _rate(
            sum(r.lookalike_sentences - r.off_subject for r in results),
            sum(r.lookalike_sentences for r in results),
        ),
        "cold_wall_s_mean": _mean([r.cold_wall_s for r in results if r.cold_wall_s is not None]),
        "dropped_mean": sum(r.dropped for r in results) / n,
        "domains_mean": sum(r.domains for r in results) / n,
        "fact_recall": sum(r.recall for r in results) / n,
        "iterations_mean": sum(r.iterations for r in results) / n,
        "model_calls_mean": sum(r.model_calls for r in results) / n,
        "wall_s_mean": sum(r.wall_s for r in results) / n,
    }


def to_json(results: list[CaseResult], model: str, settings: ResearchSettings) -> dict[str, Any]:
    """The results with what is needed to compare runs, summarised per split."""
    splits = sorted({r.split for r in results})
    return {
        "benchmark": "research",
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": _commit(),
        "model": model,
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
        },
        "settings": settings.model_dump(),
        "split_rule": "dev when zlib.crc32(scenario id) % 3 == 0, else test",
        "summary": {split: summary([r for r in results if r.split == split]) for split in splits},
        "cases": [{**asdict(r), "recall": r.recall} for r in results],
    }


def _validates(report: FinalReport) -> bool:
    try:
        FinalReport.model_validate_json(report.model_dump_json())
    except ValueError:
        return False
    return True


def _commit() -> str | None:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None
