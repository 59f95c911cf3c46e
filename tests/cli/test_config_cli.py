"""``sentinel config``: every section's variables, effective values and sources; secrets masked."""

from __future__ import annotations

import json

import pytest
from pydantic_settings import BaseSettings
from typer.testing import CliRunner

from sentinel.cli.config import section_class, setting_rows
from sentinel.cli.main import app
from sentinel.config import SECTIONS

runner = CliRunner()


@pytest.mark.parametrize("path", sorted(SECTIONS.values()))
def test_every_section_is_a_settings_model_that_reads_with_defaults_alone(path: str) -> None:
    cls = section_class(path)

    assert issubclass(cls, BaseSettings)
    cls()  # the embedded defaults need no variable at all


def test_a_variable_set_in_the_environment_is_shown_with_its_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SENTINEL_SEARCH", "searxng")
    monkeypatch.delenv("SENTINEL_SEARCH_FOLDER", raising=False)

    rows = {row.variable: row for row in setting_rows("search")}

    assert (rows["SENTINEL_SEARCH"].value, rows["SENTINEL_SEARCH"].source) == ("searxng", "env")
    assert rows["SENTINEL_SEARCH_FOLDER"].source == "default"


def test_secrets_are_masked_and_the_json_is_complete(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_LLM_API_KEY", "sk-very-secret")
    monkeypatch.setenv("SENTINEL_SMTP_PASSWORD", "hunter2")

    result = runner.invoke(app, ["config", "--json"])

    assert result.exit_code == 0, result.output
    assert "sk-very-secret" not in result.output
    assert "hunter2" not in result.output
    rows = {row["variable"]: row for row in json.loads(result.output)}
    assert rows["SENTINEL_LLM_API_KEY"] == {
        "section": "llm",
        "variable": "SENTINEL_LLM_API_KEY",
        "value": "***",
        "source": "env",
    }
    assert rows["SENTINEL_LLM"]["value"].startswith("local:")  # the spec's alias is its name
    assert {row["section"] for row in rows.values()} == set(SECTIONS)


def test_token_budgets_are_numbers_and_only_secrets_are_masked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SENTINEL_ASSISTANT_CHAT_ANSWER_TOKENS", "700")
    monkeypatch.setenv("SENTINEL_LLM_MAX_TOKENS", "900")

    rows = {row.variable: row for row in setting_rows()}

    assert rows["SENTINEL_ASSISTANT_CHAT_ANSWER_TOKENS"].value == 700
    assert isinstance(rows["SENTINEL_ASSISTANT_CHAT_STRUCTURED_TOKENS"].value, int)
    assert rows["SENTINEL_LLM_MAX_TOKENS"].value == 900
    masked = {variable for variable, row in rows.items() if row.value == "***"}
    assert all(v.endswith(("API_KEY", "PASSWORD", "SECRET", "TOKEN")) for v in masked)


def test_an_unknown_section_is_named_with_the_known_ones() -> None:
    result = runner.invoke(app, ["config", "nope"])

    assert result.exit_code == 2
    assert "no settings section 'nope'" in result.output
    assert "core" in result.output
    assert "llm" in result.output


def test_the_table_lists_a_section() -> None:
    result = runner.invoke(app, ["config", "core"], env={"COLUMNS": "200"})

    assert result.exit_code == 0, result.output
    assert "SENTINEL_HOME" in result.output
