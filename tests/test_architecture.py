"""The layers: the import contract holds, and the README's picture draws the same layers.

``pyproject.toml`` states the layers as an import-linter contract; this test runs it (so an
import that crosses a layer fails the suite) and reads the README's architecture picture,
whose rows must name every layer's packages in the contract's order.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]


def _layers() -> list[list[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    [contract] = [c for c in config["contracts"] if c["type"] == "layers"]
    return [
        [name.strip().removeprefix("sentinel.") for name in layer.split("|")]
        for layer in contract["layers"]
    ]


def _picture() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Architecture\n", 1)[1]
    return section.split("```\n", 2)[1].splitlines()


def test_no_import_crosses_a_layer() -> None:
    assert lint_imports(config_filenames=(str(ROOT / "pyproject.toml"),), no_cache=True) == 0


def test_every_top_level_package_is_in_a_layer() -> None:
    layered = {name for layer in _layers() for name in layer}
    packages = {
        path.stem if path.is_file() else path.name
        for path in (ROOT / "src" / "sentinel").iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").exists()
    }
    assert packages == layered, "a package is missing from the contract (or a layer is stale)"


def test_the_readme_picture_draws_the_contracts_layers_top_to_bottom() -> None:
    lines = _picture()

    def row_of(name: str) -> int:
        head = re.compile(rf"(^|│)\s*{re.escape(name)}\b")
        rows = [number for number, line in enumerate(lines) if head.search(line)]
        assert rows, f"the README's architecture picture does not draw {name!r}"
        return rows[0]

    previous_bottom = -1
    for layer in _layers():
        rows = [row_of(name) for name in layer]
        assert min(rows) > previous_bottom, f"layer {layer} is drawn above a layer over it"
        previous_bottom = max(rows)
