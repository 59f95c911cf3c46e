"""``sentinel query``: read-only SQL over monitors, state versions and runs; writes refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_watch_cli import QUERY, add, count_monitors, home, invoke, sqlite_template

__all__ = ["home", "sqlite_template"]


def test_a_select_prints_a_table(home: Path) -> None:
    add(QUERY, "--name", "iphone")
    result = invoke("query", "SELECT id, name, state FROM monitors")
    assert result.exit_code == 0, result.output
    for text in ("id", "name", "iphone", "active", "1 row(s)"):
        assert text in result.stdout


def test_json_and_csv_outputs_are_machine_readable(home: Path) -> None:
    add(QUERY, "--name", "iphone")
    add("Pixel 10 price", "--name", "pixel")
    sql = "SELECT id, name FROM monitors ORDER BY id"
    rows = json.loads(invoke("query", sql, "--format", "json").stdout)
    assert rows == [{"id": 1, "name": "iphone"}, {"id": 2, "name": "pixel"}]
    assert invoke("query", sql, "--format", "csv").stdout == "id,name\n1,iphone\n2,pixel\n"


def test_the_limit_bounds_the_rows(home: Path) -> None:
    for n in range(3):
        add(f"question {n}")
    rows = json.loads(
        invoke("query", "SELECT id FROM monitors", "--format", "json", "--limit", "2").stdout
    )
    assert len(rows) == 2


def test_state_versions_and_runs_are_queryable(home: Path) -> None:
    add(QUERY)
    result = invoke(
        "query",
        "SELECT m.name, count(r.id) AS runs, count(s.id) AS states FROM monitors m "
        "LEFT JOIN runs r ON r.monitor_id = m.id LEFT JOIN state_versions s ON s.monitor_id = m.id "
        "GROUP BY m.name",
        "--format",
        "json",
    )
    assert json.loads(result.stdout) == [{"name": QUERY, "runs": 0, "states": 0}]


@pytest.mark.parametrize(
    ("sql", "refused"),
    [
        ("DELETE FROM monitors", "DELETE refused"),
        ("UPDATE monitors SET state = 'paused'", "UPDATE refused"),
        ("INSERT INTO runs (monitor_id) VALUES (1)", "INSERT refused"),
        ("DROP TABLE monitors", "refused"),
        ("ATTACH DATABASE '/tmp/x.db' AS x", "ATTACH refused"),
        ("SELECT 1; DELETE FROM monitors", "refused"),
        ("SELECT signing_secret FROM monitor_secrets", "monitor_secrets refused"),
    ],
)
def test_writes_are_refused_with_a_clear_error_and_change_nothing(
    home: Path, sql: str, refused: str
) -> None:
    add(QUERY)
    result = invoke("query", sql)
    assert result.exit_code == 2, result.output
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("Error: invalid sql")
    assert refused in line
    assert count_monitors(home) == 1
    assert json.loads(invoke("watch", "list", "--json").stdout)[0]["state"] == "active"


def test_a_malformed_query_is_reported_not_raised(home: Path) -> None:
    result = invoke("query", "SELEC name FROM monitors")
    assert result.exit_code == 2
    assert "syntax error" in result.stderr
    assert "Traceback" not in result.output
