"""``sentinel research`` and ``sra run``: the report alone on stdout, everything else on stderr.

The models are chosen the way a user would: ``SENTINEL_LLM=scripted`` (the model factory's
schema-filling scripted model) or ``--model extractive`` (the deterministic extractive model).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from sentinel.cli.research import research
from sentinel.cli.sra import app as sra_app
from sentinel.config import get_settings
from sentinel.notify import verify_webhook_signature
from sentinel.research import FinalReport
from sentinel.research.runlog import describe_event
from sentinel.web.outbound import resolving_with
from tests.research.conftest import Receiver, serving_receiver
from tests.web.test_guard import resolver_for

app = typer.Typer()
app.command()(research)
runner = CliRunner()
QUESTION = "Where will Quantra build its new chip plant?"
NO_MODELS = {"SENTINEL_ALLOW_MODEL_REQUESTS": "0", "COLUMNS": "200"}


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("SENTINEL_HOME", str(tmp_path / "home"))
    get_settings.cache_clear()
    yield tmp_path / "home"
    get_settings.cache_clear()


def test_stdout_is_the_final_report_json_and_progress_goes_to_stderr() -> None:
    result = runner.invoke(
        app,
        ["--world", "research-chip-plant", "--max-iters", "2", QUESTION],
        env={**NO_MODELS, "SENTINEL_LLM": "scripted"},
    )

    assert result.exit_code == 0, result.output
    report = FinalReport.model_validate_json(result.stdout)
    assert report.sources
    assert all(s.url.startswith("http://www.") for s in report.sources)
    assert "searcher: searching" in result.stderr
    # The first search's sources state every word of the question: no second one.
    assert "1 search," in result.stderr


def test_markdown_to_a_file_with_a_trace(tmp_path: Path) -> None:
    out, trace = tmp_path / "report.md", tmp_path / "trace.jsonl"

    result = runner.invoke(
        app,
        [
            *(QUESTION, "--world", "research-chip-plant", "--model", "extractive"),
            *("--format", "md", "--out", str(out), "--trace", str(trace), "--quiet"),
        ],
        env=NO_MODELS,
    )

    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert out.read_text().startswith("# Where will Quantra build its new chip plant\n")
    assert "## Sources\n\n1. [" in out.read_text()
    events = [json.loads(line) for line in trace.read_text().splitlines()]
    assert {e["event"] for e in events} >= {"start", "model", "search", "step", "end"}


def test_a_folder_of_documents_is_the_local_index(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "tea.md").write_text("# Green tea\n\nGreen tea is steamed, black tea is oxidised.\n")
    (notes / "coffee.md").write_text("# Coffee\n\nCoffee is roasted.\n")

    result = runner.invoke(
        app,
        ["How is green tea made?", "--index", str(notes), "--model", "extractive"],
        env=NO_MODELS,
    )

    assert result.exit_code == 0, result.output
    report = FinalReport.model_validate_json(result.stdout)
    assert report.sources[0].url == (notes / "tea.md").resolve().as_uri()
    assert "steamed" in report.executive_summary


def test_the_default_empty_index_is_explained() -> None:
    result = runner.invoke(app, [QUESTION, "--model", "extractive"], env=NO_MODELS)

    assert result.exit_code == 2
    assert result.stdout == ""
    assert "the local index at" in result.stderr
    assert "holds no .md, .txt or .html documents" in result.stderr
    assert "pass --index DIR" in result.stderr
    assert "--world SCENARIO" in result.stderr


def test_a_failed_run_prints_one_clear_error_and_no_report() -> None:
    result = runner.invoke(
        app,
        ["--world", "research-chip-plant", "--model", "extractive", "zzzz qqqq"],
        env=NO_MODELS,
    )

    assert result.exit_code == 1
    assert result.stdout == ""
    assert "error: no search results for 'zzzz qqqq'" in result.stderr


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        (["--at", "2025-01-01"], "--at needs --world"),
        (["--world", "research-chip-plant", "--search", "brave"], "brings its own search engine"),
        (["--world", "research-chip-plant", "--at", "next week"], "not an ISO 8601 time"),
        (["--world", "no-such-world"], "no bundled scenario with this id"),
        (["--model", "gpt:4"], "--model 'gpt:4': expected local[:NAME], openai[:MODEL], scripted"),
    ],
)
def test_bad_options_are_usage_errors(arguments: list[str], problem: str) -> None:
    result = runner.invoke(app, [QUESTION, *arguments], env=NO_MODELS)

    assert result.exit_code in (1, 2)
    assert problem in result.output


def test_the_world_is_read_at_the_virtual_time_given() -> None:
    result = runner.invoke(
        app,
        [
            *("--world", "research-chip-plant", "--at", "2025-03-01T00:00:00Z"),
            *("--model", "extractive", QUESTION),
        ],
        env=NO_MODELS,
    )

    assert result.exit_code == 0, result.output
    report = FinalReport.model_validate_json(result.stdout)
    # Before the announcement there was only the shortlist post (and the company's about page).
    urls = {s.url for s in report.sources}
    assert "http://www.semiconductor-watch.example/posts/quantra-shortlist" in urls
    assert "http://www.quantra.example/press/new-fab-tarrow" not in urls
    assert "Eastfield" in report.model_dump_json()


def test_sra_run_is_the_same_command() -> None:
    result = runner.invoke(
        sra_app,
        ["run", QUESTION, "--world", "research-chip-plant", "--model", "extractive", "-q"],
        env=NO_MODELS,
    )

    assert result.exit_code == 0, result.output
    FinalReport.model_validate_json(result.stdout)


def test_the_sra_console_script_prints_pure_json(tmp_path: Path) -> None:
    sra = Path(sys.executable).with_name("sra")
    env = {**os.environ, **NO_MODELS, "SENTINEL_LLM": "scripted", "SENTINEL_HOME": str(tmp_path)}

    done = subprocess.run(
        [str(sra), "run", QUESTION, "--world", "research-chip-plant", "--max-iters", "1"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["sources"]
    assert "researching:" in done.stderr


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with serving_receiver() as running:
        yield running


@pytest.mark.network
def test_the_finished_report_is_delivered_to_the_webhook(receiver: Receiver) -> None:
    url, received = receiver

    result = runner.invoke(
        app,
        [
            *(QUESTION, "--world", "research-chip-plant", "--model", "extractive"),
            *("--webhook", url, "--webhook-secret", "k"),
        ],
        env=NO_MODELS,
    )

    assert result.exit_code == 0, result.output
    ((headers, body),) = received
    verify_webhook_signature("k", headers["Sentinel-Signature"], body)
    assert json.loads(body)["report"] == json.loads(result.stdout)
    assert f"delivered to {url} (HTTP 202)" in result.stderr


def test_a_webhook_url_that_cannot_work_is_refused_before_the_run() -> None:
    result = runner.invoke(
        app, [QUESTION, "--world", "research-chip-plant", "--webhook", "hooks.example/r"]
    )

    assert result.exit_code == 2
    assert "must be an absolute http:// or https:// URL" in result.stderr
    assert "researching" not in result.stderr


# Issue 34, cause 2: the research ran to completion, then the delivery was refused (exit 1).
@pytest.mark.usefixtures("strict_outbound")
def test_a_webhook_whose_name_resolves_inside_is_refused_before_the_run() -> None:
    with resolving_with(resolver_for({"vm": ["127.0.0.1"]})):
        result = runner.invoke(
            app, [QUESTION, "--world", "research-chip-plant", "--webhook", "http://vm:18801/r"]
        )

    assert result.exit_code == 2
    assert "'vm' -> 127.0.0.1" in result.stderr
    assert "loopback address" in result.stderr
    assert "researching" not in result.stderr


def test_progress_lines_describe_what_happens() -> None:
    event = {"event": "search", "node": "searcher", "query": "q", "freshness": "d7"}
    assert describe_event(event) == "searcher: searching 'q' (within d7)"
    assert describe_event({"event": "read", "node": "searcher", "url": "u"}) is None
