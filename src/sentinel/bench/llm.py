"""``sentinel bench llm``: what the local models do on this machine.

For each model: prompt and generation tokens per second; the valid-JSON rate and field
accuracy on 20 structured-extraction prompts with known answers, with the JSON-schema grammar
and without it (schema in the prompt, JSON extracted from the reply; no repair round in
either, so the first reply is what is scored); and the speed-up from a repeated static
prefix (the same long system prompt, different user messages: first call against later ones).
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import subprocess
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from sentinel.errors import ModelOutputError
from sentinel.llm import LanguageModel, LocalModel, Message, ScriptedModel
from sentinel.llm.local import REGISTRY, RuntimeOptions, status
from sentinel.llm.scripted import ScriptedRequest
from sentinel.llm.structured import extract_json
from sentinel.llm.types import StructuredMode


class Offer(BaseModel):
    product: str
    price: float
    currency: str


class Meeting(BaseModel):
    title: str
    date: str
    city: str


class Contact(BaseModel):
    name: str
    company: str
    email: str


SYSTEM: dict[type[BaseModel], str] = {
    Offer: "Extract the product offer from the text: the product, its price as a number and "
    "the three-letter currency code.",
    Meeting: "Extract the event from the text. date is YYYY-MM-DD; city is the city name only.",
    Contact: "Extract the contact person from the text: full name, company, email address.",
}
EXACT_FIELDS = frozenset({"currency", "date", "email"})


@dataclass(frozen=True, slots=True)
class Case:
    """One extraction prompt and its ground truth."""

    text: str
    output: type[BaseModel]
    expected: dict[str, Any]


# fmt: off
# (text, then the facts in it, in field order)
_OFFERS = (
    ("The Acme desk lamp is now on sale for 24.99 EUR.",
     "desk lamp", 24.99, "EUR"),
    ("Get the Nimbus 2000 broom for just $149.00 this week!",
     "Nimbus 2000", 149.0, "USD"),
    ("Price update: Contoso wireless mouse, £18.50 (was £25).",
     "wireless mouse", 18.5, "GBP"),
    ("Our espresso machine Barista Pro costs 599 CHF with VAT.",
     "Barista Pro", 599.0, "CHF"),
    ("Tickets for the jazz festival: 45 euros per person.",
     "jazz festival", 45.0, "EUR"),
    ("The ThinkPad X1 laptop dropped to 1,299 USD.",
     "ThinkPad X1", 1299.0, "USD"),
    ("Fresh sourdough bread, 4.20 EUR a loaf, baked daily.",
     "sourdough bread", 4.2, "EUR"),
    ("Winter tyres (set of four) are listed at 360 GBP.",
     "winter tyres", 360.0, "GBP"),
)
_MEETINGS = (
    ("Quarterly planning takes place on 2025-03-14 in Berlin.",
     "quarterly planning", "2025-03-14", "Berlin"),
    ("Join us for the Python meetup in Lisbon on 7 June 2025.",
     "Python meetup", "2025-06-07", "Lisbon"),
    ("Board review: Tokyo office, March 3rd, 2026.",
     "board review", "2026-03-03", "Tokyo"),
    ("The product launch is on 2025-11-20 at our Paris office.",
     "product launch", "2025-11-20", "Paris"),
    ("Annual shareholder meeting, Zurich, 12 April 2025.",
     "shareholder meeting", "2025-04-12", "Zurich"),
    ("Hackathon kickoff in Austin, Texas on January 9, 2026.",
     "hackathon kickoff", "2026-01-09", "Austin"),
)
_CONTACTS = (
    ("Please contact Maria Lopez at Initech (maria.lopez@initech.com) about the invoice.",
     "Maria Lopez", "Initech", "maria.lopez@initech.com"),
    ("Questions? Write to John Smith, sales lead at Globex: jsmith@globex.io",
     "John Smith", "Globex", "jsmith@globex.io"),
    ("Aiko Tanaka from Umbrella Labs manages partners; mail aiko@umbrella-labs.jp.",
     "Aiko Tanaka", "Umbrella Labs", "aiko@umbrella-labs.jp"),
    ("Signed, Pierre Dubois, Soylent SA, pierre.dubois@soylent.fr",
     "Pierre Dubois", "Soylent", "pierre.dubois@soylent.fr"),
    ("For press enquiries reach Fatima Khan (Hooli) at press@hooli.com.",
     "Fatima Khan", "Hooli", "press@hooli.com"),
    ("Lars Jensen, CTO of Vandelay Industries: lars@vandelay.dk.",
     "Lars Jensen", "Vandelay Industries", "lars@vandelay.dk"),
)
CASES: tuple[Case, ...] = (
    *(Case(t, Offer, {"product": p, "price": v, "currency": c}) for t, p, v, c in _OFFERS),
    *(Case(t, Meeting, {"title": n, "date": d, "city": c}) for t, n, d, c in _MEETINGS),
    *(Case(t, Contact, {"name": n, "company": o, "email": e}) for t, n, o, e in _CONTACTS),
)
# fmt: on

SPEED_TEXT = (
    "Sentinel watches the web for the events people care about. Each monitor keeps a "
    "structured state, checks its sources on a schedule it chooses itself, and notifies "
    "only when a fact found on a fetched page answers the question it was given. "
) * 3
PREFIX_RULES = (
    "You are the governor of a monitoring agent. You receive the latest state of a monitor "
    "and decide whether to notify the user. Notify only about facts quoted from a page "
    "fetched during this run. Never notify twice about the same fact. When unsure, wait. "
    "Choose the next check between one hour and one week, sooner when things change fast. "
) * 4
PREFIX_USERS = ("Price is now 20 EUR.", "Page unchanged.", "Sold out today.", "New model out.")


@dataclass(slots=True)
class ModeResult:
    """Extraction results in one structured-output mode."""

    mode: str
    cases: int
    json_valid: int = 0
    schema_valid: int = 0
    fields_correct: int = 0
    fields_total: int = 0
    seconds: float = 0.0

    @property
    def accuracy(self) -> float:
        """Correct fields over all fields (a reply that did not parse scores zero)."""
        return self.fields_correct / self.fields_total if self.fields_total else 0.0


@dataclass(slots=True)
class ModelReport:
    """Everything measured for one model."""

    model: str
    load_s: float
    prompt_tokens_per_s: float | None
    generation_tokens_per_s: float | None
    grammar: ModeResult
    free: ModeResult
    prefix_first_s: float
    prefix_later_s: float
    prefix_later_cached_tokens: float

    @property
    def prefix_speedup(self) -> float:
        """How much faster a call is once the static prefix is cached."""
        return self.prefix_first_s / self.prefix_later_s if self.prefix_later_s else 0.0


ModelMaker = Callable[[StructuredMode], LanguageModel]


def oracle(request: ScriptedRequest) -> str:
    """A scripted stand-in that knows every answer (checks the harness, not a model)."""
    for case in CASES:
        if case.text == request.prompt:
            return json.dumps(case.expected)
    return "ok"


def field_correct(name: str, expected: Any, actual: Any) -> bool:
    """Whether an extracted field matches the ground truth (lenient for free text)."""
    if isinstance(expected, float):
        return isinstance(actual, int | float) and abs(actual - expected) < 0.01
    want, got = str(expected).strip().casefold(), str(actual).strip().casefold()
    if name in EXACT_FIELDS:
        return want == got
    return want == got or (len(got) >= 3 and (want in got or got in want))


async def run_extraction(model: LanguageModel, mode: str, cases: tuple[Case, ...]) -> ModeResult:
    """Score ``model`` on ``cases`` without repair rounds."""
    result = ModeResult(mode=mode, cases=len(cases))
    started = time.perf_counter()
    for case in cases:
        result.fields_total += len(case.expected)
        messages = [Message.system(SYSTEM[case.output]), Message.user(case.text)]
        try:
            completion = await model.complete(
                messages, output=case.output, max_tokens=96, temperature=0, repair=False
            )
        except ModelOutputError as exc:
            result.json_valid += _is_json(exc.raw)
            continue
        result.json_valid += 1
        result.schema_valid += 1
        values = completion.parsed.model_dump()
        result.fields_correct += sum(
            field_correct(name, want, values.get(name)) for name, want in case.expected.items()
        )
    result.seconds = time.perf_counter() - started
    return result


async def bench_model(label: str, make: ModelMaker, limit: int) -> ModelReport:
    """Measure one model: load, speed, extraction in both modes, prefix cache."""
    model = make("schema")
    started = time.perf_counter()
    if isinstance(model, LocalModel):
        await model.load()
    load_s = time.perf_counter() - started
    nonce = f"[run {time.time_ns()}] "
    speed = await model.complete(
        nonce + SPEED_TEXT + "\nSummarise this in one sentence.", max_tokens=48, temperature=0
    )
    cases = CASES[:limit]
    grammar = await run_extraction(model, "grammar", cases)
    free = await run_extraction(make("instructions"), "instructions", cases)
    latencies, cached = [], []
    for user in PREFIX_USERS:
        completion = await model.complete(
            [Message.system(nonce + PREFIX_RULES), Message.user(user)], max_tokens=8, temperature=0
        )
        latencies.append(completion.latency_s)
        cached.append(completion.usage.cached_tokens)
    later = latencies[1:]
    return ModelReport(
        model=label,
        load_s=load_s,
        prompt_tokens_per_s=speed.timings.prompt_tokens_per_second if speed.timings else None,
        generation_tokens_per_s=(
            speed.timings.generation_tokens_per_second if speed.timings else None
        ),
        grammar=grammar,
        free=free,
        prefix_first_s=latencies[0],
        prefix_later_s=sum(later) / len(later),
        prefix_later_cached_tokens=sum(cached[1:]) / len(later),
    )


def makers(names: list[str], threads: int | None = None) -> dict[str, ModelMaker]:
    """Model factories by name: registered local models, or ``scripted`` (the oracle)."""
    found: dict[str, ModelMaker] = {}
    for name in names:
        if name == "scripted":
            found[name] = _scripted
        elif name in REGISTRY:
            found[name] = _local(name, RuntimeOptions(threads=threads))
        else:
            known = ", ".join([*REGISTRY, "scripted"])
            raise typer.BadParameter(
                f"unknown model {name!r} (known: {known})", param_hint="--models"
            )
    return found


def _scripted(mode: StructuredMode) -> LanguageModel:
    return ScriptedModel(oracle, structured=mode)


def _local(name: str, options: RuntimeOptions) -> ModelMaker:
    def make(mode: StructuredMode) -> LanguageModel:
        return LocalModel(name, options=options, structured=mode)

    return make


def command(
    models: Annotated[
        list[str] | None,
        typer.Option(
            "--models",
            help="Models to run (repeat or comma-separate); default: every installed local "
            "model. 'scripted' runs an oracle that checks the harness.",
        ),
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", min=1, max=len(CASES), help="Extraction prompts to run.")
    ] = len(CASES),
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Also write the results to this JSON file.")
    ] = None,
    threads: Annotated[
        int | None, typer.Option("--threads", min=1, help="llama.cpp threads (default: all cores).")
    ] = None,
) -> None:
    """Local model speed, structured-extraction quality with and without the JSON grammar,
    and the speed-up from a cached static prefix."""
    names = [n.strip() for item in models or [] for n in item.split(",") if n.strip()]
    names = names or [name for name, spec in REGISTRY.items() if status(spec).installed]
    chosen = makers(names, threads)
    reports = [asyncio.run(bench_model(name, make, limit)) for name, make in chosen.items()]
    print_reports(reports, limit)
    if json_file is not None:
        json_file.write_text(json.dumps(to_json(reports, limit, threads), indent=2))


def to_json(reports: list[ModelReport], limit: int, threads: int | None) -> dict[str, Any]:
    """The results with the metadata needed to compare runs."""
    return {
        "benchmark": "llm",
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": _commit(),
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
        },
        "cases": limit,
        "threads": threads or os.cpu_count(),
        "models": [
            {
                **asdict(r),
                "prefix_speedup": r.prefix_speedup,
                "grammar_accuracy": r.grammar.accuracy,
                "free_accuracy": r.free.accuracy,
            }
            for r in reports
        ],
    }


def print_reports(reports: list[ModelReport], limit: int) -> None:
    """Two rich tables: speed and prefix cache; extraction with and without grammar."""
    console = Console()
    speed = Table(title="Local model speed (this machine; prefix: static prompt reused)")
    speed.add_column("model", no_wrap=True)
    for column in ("load s", "prompt t/s", "gen t/s", "1st s", "later s", "speed-up", "cached"):
        speed.add_column(column, justify="right")
    quality = Table(title=f"Structured extraction ({limit} prompts, no repair)")
    quality.add_column("model", no_wrap=True)
    for column in ("mode", "valid JSON", "valid schema", "fields right", "s/prompt"):
        quality.add_column(column, justify="right")
    for r in reports:
        speed.add_row(
            r.model,
            f"{r.load_s:.2f}",
            _num(r.prompt_tokens_per_s),
            _num(r.generation_tokens_per_s),
            f"{r.prefix_first_s:.2f}",
            f"{r.prefix_later_s:.2f}",
            f"{r.prefix_speedup:.1f}x",
            f"{r.prefix_later_cached_tokens:.0f}",
        )
        for mode in (r.grammar, r.free):
            quality.add_row(
                r.model,
                mode.mode,
                f"{mode.json_valid}/{mode.cases}",
                f"{mode.schema_valid}/{mode.cases}",
                f"{mode.accuracy:.0%}",
                f"{mode.seconds / mode.cases:.2f}",
            )
    console.print(speed)
    console.print(quality)


def _is_json(text: str) -> bool:
    try:
        extract_json(text)
    except ValueError:
        return False
    return True


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


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
