"""``sentinel bench research``: cases from the research worlds, scoring, and a scripted run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from sentinel.bench.research import command, run_case, score
from sentinel.bench.research_cases import cases, fact_found, fact_variants, split_of
from sentinel.bench.research_claims import independently_supported
from sentinel.clock import VirtualClock
from sentinel.research import FinalReport, ReportSection, ResearchSettings, Source
from sentinel.research.claims import check_report
from sentinel.research.passages import SourceText, all_passages
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


RESULTS = "http://www.caldermarathon.example/results/2025"
NEWS = "http://www.runners-weekly.example/races/x"
READ = (
    SourceText(RESULTS, "Results", "Men: 1. Daniel Kiprono 2:04:31, 2. Tesfaye Alemu 2:04:58."),
    SourceText(
        NEWS,
        "Kiprono breaks record",
        "Daniel Kiprono won the Calder Marathon in 2:04:31, taking 39 seconds off the course "
        "record.",
    ),
)


def marathon_report() -> FinalReport:
    return FinalReport(
        topic="Calder Marathon",
        # Cited to the results list, which does not say it: unsupported as cited.
        executive_summary="Daniel Kiprono won the Calder Marathon in 2:04:31 [1].",
        sections=[
            ReportSection(
                section_title="Result",
                content="Kiprono took 39 seconds off the course record [2]. "
                "Many runners came to watch the race [2]. Kiprono took 39 seconds off the "
                "course record [2].",
            ),
        ],
        sources=[Source(title="Results", url=RESULTS), Source(title="News", url=NEWS)],
    )


def test_scoring_judges_each_sentence_against_the_source_it_cites() -> None:
    (case,) = [c for c in cases() if c.scenario == "research-marathon-result"]
    report = marathon_report()
    retrieved = {source.url: source.title for source in report.sources}

    measured = score(case, report, retrieved, READ)

    assert (measured.sentences, measured.supported, measured.repeated) == (4, 2, 1)
    # The winning time is only in the misattributed sentence: not a fact the report backs.
    assert (measured.facts_found, measured.facts_total) == (1, 2)
    assert measured.schema_valid
    assert measured.citations_valid
    assert measured.domains == 2
    assert (measured.citations, measured.independent) == (0, 0)  # an unchecked report
    assert not score(case, report, {}, READ).citations_valid


def test_a_checked_report_scores_full_support_and_precision() -> None:
    (case,) = [c for c in cases() if c.scenario == "research-marathon-result"]
    checked = check_report(marathon_report(), all_passages(list(READ)), case.question)

    measured = score(case, checked, {s.url: s.title for s in READ}, READ)

    assert measured.supported == measured.sentences == 2
    assert measured.independent == 2
    assert measured.precise == measured.citations == 2
    assert measured.repeated == 0
    assert (measured.facts_found, measured.facts_total) == (2, 2)


def test_the_independent_rule_wants_word_pairs_and_every_digit_group() -> None:
    quote = "Daniel Kiprono won the Calder Marathon in 2:04:31, taking 39 seconds off."
    assert independently_supported("Kiprono won the Calder Marathon in 2:04:31.", [quote])
    assert not independently_supported("Kiprono won the Calder Marathon in 2:05:31.", [quote])
    assert not independently_supported("The marathon was won by Kiprono.", [quote])


def test_cases_are_split_by_a_fixed_rule_on_their_id() -> None:
    every = cases()
    assert {c.split for c in every} == {"dev", "test"}
    assert all(c.split == split_of(c.scenario) for c in every)
    assert [c.scenario for c in cases("dev")] == [c.scenario for c in every if c.split == "dev"]
    assert len(cases("test")) > len(cases("dev"))


def test_the_extractive_run_prints_a_table_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "research.json"

    result = CliRunner().invoke(
        app,
        ["--model", "extractive", "--split", "dev", "--limit", "2", "--json", str(out)],
        env={"COLUMNS": "200"},
    )

    assert result.exit_code == 0, result.output
    assert "Research benchmark (extractive)" in result.stdout
    report = json.loads(out.read_text())
    assert report["benchmark"] == "research"
    assert report["model"] == "extractive"
    assert report["settings"]["max_iters"] == 3
    dev = report["summary"]["dev"]
    assert set(report["summary"]) == {"dev"}
    assert dev["cases"] == 2
    assert dev["schema_valid_rate"] == 1.0
    assert dev["citations_valid_rate"] == 1.0
    assert dev["claim_support"] == 1.0
    assert dev["repetition_rate"] == 0.0
    assert dev["fact_recall"] > 0.3
    # The reporter at least: the first query is the question's keywords, and the analyzer is
    # asked only when the sources leave a word of the question out.
    assert all(case["model_calls"] >= 1 and case["error"] is None for case in report["cases"])


def test_a_model_that_knows_no_facts_publishes_only_what_the_sources_say(tmp_path: Path) -> None:
    out = tmp_path / "research.json"

    # The schema-filling scripted model writes text no source says: none of it survives the
    # claim check, and what is published are the sources' own passages.
    result = CliRunner().invoke(
        app, ["--model", "scripted", "--limit", "1", "--max-iters", "1", "--json", str(out)]
    )

    assert result.exit_code == 0, result.output
    (case,) = json.loads(out.read_text())["cases"]
    assert case["error"] is None
    assert case["dropped"] >= 1
    assert case["supported"] == case["sentences"] == case["well_formed"]


async def test_a_failing_case_is_a_result_naming_the_error() -> None:
    script = NodeScript(plans=[plan("Quantra chip plant")], reports=["not json", "still not"])

    (case,) = [c for c in cases() if c.scenario == "research-chip-plant"]
    measured = await run_case(case, script.models, ResearchSettings(max_iters=1))

    assert measured.error is not None
    assert measured.error.startswith("ReportValidationError: ")
    assert not measured.schema_valid
    assert measured.recall == 0.0
    assert (measured.iterations, measured.model_calls) == (1, 2)  # the report and its repair


def test_an_unknown_model_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["--model", "gpt:5", "--limit", "1"])

    assert result.exit_code == 2
    assert "gpt:5" in result.output


USER_WORLD = """\
id: town-pool-hours
title: Riverside pool summer hours
mission: When does the Riverside public pool open on weekdays this summer?
criteria: A report gives the weekday opening time
notify: once
start: 2025-05-01T00:00:00Z
end: 2025-06-15T00:00:00Z
sites:
  - host: www.riverside-town.example
    kind: official
    pages:
      - path: /leisure/pool
        title: Riverside pool
        timeline:
          - at: 2025-05-20T09:00:00Z
            body: |
              # Riverside pool: summer hours

              From June 1 the pool opens at 6:30 on weekdays and at 8:00 at weekends.
  - host: www.riverside-chat.example
    kind: forum
    pages:
      - path: /t/pool-hours
        title: Pool hours this year?
        timeline:
          - at: 2025-05-10T18:00:00Z
            body: |
              Someone said the pool might open at 7:00 this summer, but nobody knows.
events:
  - at: 2025-05-20T09:00:00Z
    condition: true
    facts:
      weekday_opening: "6:30"
"""


def test_a_users_own_worlds_are_the_cases_with_scenarios(tmp_path: Path) -> None:
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "pool.yaml").write_text(USER_WORLD)
    out = tmp_path / "research.json"

    result = CliRunner().invoke(
        app,
        ["--scenarios", str(tmp_path / "cases"), "--model", "extractive", "--json", str(out)],
        env={"COLUMNS": "200"},
    )

    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["cases_source"] == str(tmp_path / "cases")
    (case,) = report["cases"]
    assert case["scenario"] == "town-pool-hours"
    assert case["split"] == split_of("town-pool-hours")
    assert (case["facts_found"], case["facts_total"], case["error"]) == (1, 1, None)


@pytest.mark.parametrize(
    ("files", "problem"),
    [
        ({}, "holds no .yaml or .yml world file"),
        (
            {"a.yaml": USER_WORLD.replace('    facts:\n      weekday_opening: "6:30"\n', "")},
            "needs an event with facts",
        ),
        ({"a.yaml": USER_WORLD, "b.yaml": USER_WORLD}, "id used twice"),
        ({"a.yaml": USER_WORLD.replace("mission:", "mision:")}, "a.yaml"),
    ],
)
def test_bad_case_directories_are_refused_naming_the_problem(
    tmp_path: Path, files: dict[str, str], problem: str
) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text)

    result = CliRunner().invoke(app, ["--scenarios", str(tmp_path), "--model", "extractive"])

    assert result.exit_code == 2
    assert problem in " ".join(result.output.replace("│", " ").split())


def test_readability_and_right_subject_are_counted_per_sentence() -> None:
    (case,) = [c for c in cases() if c.scenario == "research-planning-old-dairy"]
    report = FinalReport(
        topic="Old Dairy",
        executive_summary="The committee approved the Old Dairy scheme by 7 votes to 4 [1]. "
        "| 25/01873/FUL | Approved with conditions | [1]. The decision notice was issued "
        "19 February 2026 [1].",
        sections=[ReportSection(section_title="More", content="Members voted 7 to 4 [1].")],
        sources=[Source(title="Council", url="http://council.example/a")],
    )

    measured = score(case, report, {"http://council.example/a": "Council"})

    assert measured.sentences == 4
    assert measured.well_formed == 3  # the table row is not a sentence
    assert (measured.lookalike_sentences, measured.off_subject) == (4, 1)  # 19 February


def test_cold_runs_time_each_question_as_a_new_command(tmp_path: Path) -> None:
    out = tmp_path / "research.json"

    result = CliRunner().invoke(
        app,
        ["--model", "extractive", "--split", "dev", "--limit", "1", "--cold", "--json", str(out)],
        env={"COLUMNS": "200"},
    )

    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    [case] = report["cases"]
    assert case["cold_wall_s"] > 0
    assert report["summary"]["dev"]["cold_wall_s_mean"] == case["cold_wall_s"]
    assert report["loadavg"]["before"]
