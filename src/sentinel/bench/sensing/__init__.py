"""``sentinel bench sensing``: a monitor reading real-shaped pages, end to end.

Each case of the corpus (``cases/``: a sentence a user types and two pages a real site would
serve, BEFORE and AFTER a change or a decoy of one) runs through the path a user takes —
``watch add --url``, ``watch run --here`` on BEFORE, the page changes, ``watch run --here``
on AFTER — against a loopback server, and the decisions are scored against the case's
expectations. ``corpus`` loads and validates the cases and fixes the split; ``server`` is the
loopback site; ``invoke`` runs commands; ``harness`` runs one case and reads its records;
``mentions`` checks that a notification states the values; ``results`` sums up.
"""

from sentinel.bench.sensing.corpus import (
    CASES,
    CaseFiles,
    SensingCase,
    load_case,
    load_cases,
    split_of,
)
from sentinel.bench.sensing.harness import CaseResult, RunResult, run_case
from sentinel.bench.sensing.invoke import Cli, Invocation, SubprocessCli
from sentinel.bench.sensing.runner import run_cases
from sentinel.bench.sensing.server import PageServer

__all__ = [
    "CASES",
    "CaseFiles",
    "CaseResult",
    "Cli",
    "Invocation",
    "PageServer",
    "RunResult",
    "SensingCase",
    "SubprocessCli",
    "load_case",
    "load_cases",
    "run_case",
    "run_cases",
    "split_of",
]
