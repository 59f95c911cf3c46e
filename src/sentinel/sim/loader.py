"""Reading scenarios from YAML, with errors that name the file and the field.

Also the bundled library: the scenarios shipped in ``sentinel/sim/scenarios/*.yaml``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from sentinel.errors import SentinelError
from sentinel.sim.scenario import Scenario, ScenarioIssue, scenario_issues

__all__ = [
    "ScenarioError",
    "bundled_ids",
    "bundled_scenarios",
    "load_bundled",
    "load_scenario",
    "parse_scenario",
    "resolve_scenario",
    "scenario_files",
    "validate_scenario",
]

SCENARIO_SUFFIXES = (".yaml", ".yml")


class ScenarioError(SentinelError, ValueError):
    """A scenario is invalid; ``issues`` lists every problem found, each with its field path."""

    def __init__(self, source: str, issues: Sequence[ScenarioIssue]) -> None:
        self.source = source
        self.issues = list(issues)
        super().__init__("\n".join(f"{source}: {issue}" for issue in self.issues))


class _ScenarioYamlLoader(yaml.SafeLoader):
    """Safe YAML that keeps times as text and rejects duplicate keys.

    Times stay strings so that pydantic parses them (one set of rules and error messages) and
    dates in ``facts`` stay ISO strings; a duplicate key would silently drop a value.
    """


_ScenarioYamlLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    loader.flatten_mapping(node)
    mapping: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in mapping:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        mapping[key] = loader.construct_object(value_node, deep=True)
    return mapping


_ScenarioYamlLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
    _construct_mapping,
)


def _location(loc: tuple[int | str, ...]) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def _message(error: Any) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        return "unknown key"
    if kind == "missing":
        return "required field is missing"
    message = str(error["msg"]).removeprefix("Value error, ")
    if kind in {"value_error", "assertion_error"}:
        return message
    value = error.get("input")
    shown = repr(value) if not isinstance(value, dict | list) else type(value).__name__
    if len(shown) > 80:
        shown = shown[:77] + "..."
    return f"{message} (got {shown})"


def validate_scenario(data: object, source: str = "<scenario>") -> Scenario:
    """Build a :class:`Scenario` from parsed data, or raise :class:`ScenarioError`."""
    if not isinstance(data, dict):
        raise ScenarioError(source, [ScenarioIssue("", "a scenario must be a YAML mapping")])
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        issues = [ScenarioIssue(_location(e["loc"]), _message(e)) for e in exc.errors()]
        raise ScenarioError(source, issues) from None
    issues = scenario_issues(scenario)
    if issues:
        raise ScenarioError(source, issues)
    return scenario


def parse_scenario(text: str, source: str = "<scenario>") -> Scenario:
    """Parse one scenario from YAML text; ``source`` names it in error messages."""
    try:
        # A SafeLoader subclass: no arbitrary objects.
        data = yaml.load(text, Loader=_ScenarioYamlLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ScenarioError(source, [ScenarioIssue(where, f"invalid YAML: {problem}")]) from None
    return validate_scenario(data, source)


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate one scenario file; errors are reported under the file's name."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(file.name, [ScenarioIssue("", f"cannot read: {exc}")]) from None
    return parse_scenario(text, file.name)


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """The scenario files named by ``paths``: files as given, directories searched recursively."""
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in SCENARIO_SUFFIXES))
        else:
            files.append(path)
    return files


def _library() -> Any:
    return resources.files("sentinel.sim").joinpath("scenarios")


def bundled_ids() -> list[str]:
    """The ids (file stems) of the scenarios shipped with Sentinel, sorted."""
    return sorted(
        entry.name.rsplit(".", 1)[0]
        for entry in _library().iterdir()
        if entry.name.endswith(SCENARIO_SUFFIXES)
    )


def load_bundled(scenario_id: str) -> Scenario:
    """One bundled scenario by id; raises :class:`ScenarioError` for an unknown id."""
    for suffix in SCENARIO_SUFFIXES:
        entry = _library().joinpath(scenario_id + suffix)
        if entry.is_file():
            return parse_scenario(entry.read_text(encoding="utf-8"), entry.name)
    known = ", ".join(bundled_ids())
    raise ScenarioError(
        scenario_id, [ScenarioIssue("", f"no bundled scenario with this id (known: {known})")]
    )


def bundled_scenarios() -> list[Scenario]:
    """Every bundled scenario, by id."""
    return [load_bundled(scenario_id) for scenario_id in bundled_ids()]


def resolve_scenario(ref: str | Path) -> Scenario:
    """A scenario from a file path, or else from the bundled library by id."""
    path = Path(ref)
    if path.suffix in SCENARIO_SUFFIXES or path.exists():
        return load_scenario(path)
    return load_bundled(str(ref))
