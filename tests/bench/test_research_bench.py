"""``sentinel bench research``: cases from the research worlds, scoring, and a scripted run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from sentinel.bench.research import cases, command, fact_found, fact_variants, run_case, score
from sentinel.clock import VirtualClock
from sentinel.research import FinalReport, ReportSection, ResearchSettings, Source
from sentinel.sim import World, load_bundled
from tests.research.conftest import NodeScript, plan

app = typer.Typer()
app.command()(command)


def test_every_research_world_is_a_case_with_facts_and_several_domains() -> None:
    found = cases()

    assert len(found) >= 4
    for case in found:
        scenario = load_bundled(case.scenario)
        world = World.from_scenario(scenario, VirtualClock(scenario.end))
        assert case.question == scenario.mission
        assert len(case.facts) >= 2
        assert len(world.site_hosts) >= 3
        assert len(world.visible_pages()) >= 4


@pytest.mark.parametrize(
    ("fact", "text", "found"),
    [
        ("4,500", "up to 4500 euros", True),
        ("4,500", "up to 4 500 euros", True),
        ("48,000", "about 48000 units", True),
        ("2:04:31", "won in 2:04:31.", True),
        ("2026-03-01", "applications open on 1 March 2026", True),
        ("2026-03-01", "from March 1, 2026", True),
        ("2026-03-01", "from March 2026", False),
        (["cyanobacteria", "blue-green algae"], "a bloom of Blue-green algae", True),
        ("Tarrow", "in Eastfield", False),
    ],
)
def test_facts_are_found_in_their_usual_spellings(fact: object, text: str, found: bool) -> None:
    assert fact_found(fact, text) is found


def test_a_date_fact_has_its_spelled_out_variants() -> None:
    assert fact_variants("2025-10-08") == [
        "2025-10-08",
        "8 October 2025",
        "October 8, 2025",
        "October 8 2025",
    ]


def test_scoring_counts_facts_citations_and_domains() -> None:
    (case,) = [c for c in cases() if c.scenario == "research-marathon-result"]
    report = FinalReport(
        topic="Calder Marathon",
        executive_summary="Kiprono won [1].",
        sections=[
            ReportSection(section_title="Result", content="The time was 2:04:31 [2]."),
            ReportSection(section_title="Crowd", content="Many runners."),
        ],
        sources=[
            Source(title="Results", url="http://www.caldermarathon.example/results/2025"),
            Source(title="News", url="http://www.runners-weekly.example/races/x"),
        ],
    )
    retrieved = {source.url: source.title for source in report.sources}

    measured = score(case, report, retrieved)

    assert (measured.facts_found, measured.facts_total, measured.recall) == (2, 2, 1.0)
    assert measured.schema_valid
    assert measured.citations_valid
    assert measured.cited_sections == 0.5
    assert measured.domains == 2
    assert not score(case, report, {}).citations_valid


def test_the_extractive_run_prints_a_table_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "research.json"

    result = CliRunner().invoke(
        app, ["--model", "extractive", "--limit", "2", "--json", str(out)], env={"COLUMNS": "200"}
    )

    assert result.exit_code == 0, result.output
    assert "Research benchmark (extractive)" in result.stdout
    report = json.loads(out.read_text())
    assert report["benchmark"] == "research"
    assert report["model"] == "extractive"
    assert report["settings"]["max_iters"] == 3
    assert report["summary"]["cases"] == 2
    assert report["summary"]["schema_valid_rate"] == 1.0
    assert report["summary"]["citations_valid_rate"] == 1.0
    assert report["summary"]["fact_recall"] > 0.5
    assert all(case["model_calls"] >= 3 and case["error"] is None for case in report["cases"])


def test_a_model_that_knows_no_facts_scores_no_recall(tmp_path: Path) -> None:
    out = tmp_path / "research.json"

    # The schema-filling scripted model writes valid reports that say nothing.
    result = CliRunner().invoke(
        app, ["--model", "scripted", "--limit", "1", "--max-iters", "1", "--json", str(out)]
    )

    assert result.exit_code == 0, result.output
    (case,) = json.loads(out.read_text())["cases"]
    assert case["facts_found"] == 0
    assert case["schema_valid"] is True


async def test_a_failing_case_is_a_result_naming_the_error() -> None:
    script = NodeScript(plans=[plan("Quantra chip plant")], reports=["not json", "still not"])

    measured = await run_case(cases()[0], script.models, ResearchSettings(max_iters=1))

    assert measured.error is not None
    assert measured.error.startswith("ReportValidationError: ")
    assert not measured.schema_valid
    assert measured.recall == 0.0
    assert (measured.iterations, measured.model_calls) == (1, 3)  # plan, report and its repair


def test_an_unknown_model_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["--model", "gpt:5", "--limit", "1"])

    assert result.exit_code == 2
    assert "gpt:5" in result.output
