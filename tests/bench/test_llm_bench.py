"""``sentinel bench llm`` runs end to end (with the scripted oracle) and reports its shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from sentinel.bench.llm import CASES, command, field_correct
from sentinel.llm import forbid_real_models

app = typer.Typer()
app.command()(command)


def test_scripted_run_at_limit_one_prints_tables_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "llm.json"

    with forbid_real_models():
        result = CliRunner().invoke(
            app,
            ["--models", "scripted", "--limit", "1", "--json", str(out)],
            env={"COLUMNS": "200"},
        )

    assert result.exit_code == 0, result.output
    assert "Local model speed (this machine" in result.stdout
    assert "Structured extraction (1 prompts, no repair)" in result.stdout
    report = json.loads(out.read_text())
    assert report["benchmark"] == "llm"
    assert report["cases"] == 1
    assert report["machine"]["cpus"] >= 1
    (model,) = report["models"]
    assert model["model"] == "scripted"
    assert model["grammar"] == {
        "mode": "grammar",
        "cases": 1,
        "json_valid": 1,
        "schema_valid": 1,
        "fields_correct": 3,
        "fields_total": 3,
        "seconds": model["grammar"]["seconds"],
    }
    assert model["free"]["mode"] == "instructions"
    assert model["free_accuracy"] == 1.0
    assert model["prompt_tokens_per_s"] is None
    assert model["prefix_first_s"] > 0


def test_an_unknown_model_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["--models", "gpt-5"])

    assert result.exit_code == 2
    assert "unknown model 'gpt-5'" in result.output


def test_there_are_twenty_cases_with_complete_ground_truth() -> None:
    assert len(CASES) == 20
    for case in CASES:
        assert set(case.expected) == set(case.output.model_fields)


@pytest.mark.parametrize(
    ("name", "expected", "actual", "correct"),
    [
        ("price", 24.99, 24.99, True),
        ("price", 24.99, 25, False),
        ("currency", "EUR", "eur", True),
        ("currency", "EUR", "€", False),
        ("product", "desk lamp", "Acme desk lamp", True),
        ("city", "Austin", "Austin, Texas", True),
        ("date", "2025-06-07", "2025-07-06", False),
        ("company", "Soylent", "So", False),
    ],
)
def test_field_scoring_is_exact_for_codes_and_lenient_for_names(
    name: str, expected: object, actual: object, correct: bool
) -> None:
    assert field_correct(name, expected, actual) is correct
