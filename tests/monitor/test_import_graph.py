"""The modules of sentinel.monitor import each other in one direction: no module imports one
that (directly or not) imports it back. Module-level imports count, including those inside
functions' ``try``/``if`` at module level and a package's ``__init__`` run by importing its
submodules; imports under ``if TYPE_CHECKING:`` do not (they never run). Read with the
standard library's ``ast``, so the test needs nothing installed."""

from __future__ import annotations

import ast
from pathlib import Path

import sentinel.monitor

ROOT = Path(sentinel.monitor.__file__).parent
PACKAGE = "sentinel.monitor"


def module_names() -> dict[str, Path]:
    names = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join((PACKAGE, *parts))] = path
    return names


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(statements: list[ast.stmt], module: str, is_package: bool) -> list[str]:
    """The names imported by ``statements`` when the module runs (not in functions or
    classes' methods, not under ``if TYPE_CHECKING:``)."""
    found: list[str] = []
    for node in statements:
        if isinstance(node, ast.If):
            if not _type_checking(node.test):
                found += _imported(node.body, module, is_package)
            found += _imported(node.orelse, module, is_package)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody):
                found += _imported(block, module, is_package)
            for handler in node.handlers:
                found += _imported(handler.body, module, is_package)
        elif isinstance(node, ast.ClassDef):
            found += _imported(node.body, module, is_package)
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".") if is_package else module.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            found.append(base)
            found += [f"{base}.{alias.name}" for alias in node.names]
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of the package → the package's modules it imports when it runs."""
    modules = module_names()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for target in _imported(tree.body, name, path.name == "__init__.py"):
            # Importing a.b.c runs a.b's __init__ too: every enclosing package counts.
            parts = target.split(".")
            for end in range(len(parts), 2, -1):
                prefix = ".".join(parts[:end])
                if prefix in modules and prefix != name and not name.startswith(prefix + "."):
                    graph[name].add(prefix)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_of_the_monitor_package_imports_itself_back() -> None:
    graph = import_graph()

    assert cycles(graph) == []


def test_the_stages_of_a_run_read_in_one_direction() -> None:
    graph = import_graph()
    run = f"{PACKAGE}.run"
    stages = [
        f"{PACKAGE}.read_plan",
        f"{PACKAGE}.look",
        f"{PACKAGE}.iteration",
    ]

    assert {f"{PACKAGE}.read_plan", f"{PACKAGE}.look", f"{PACKAGE}.iteration"} <= graph[run]
    for stage in stages:
        assert run not in graph[stage]
    assert f"{PACKAGE}.look" not in graph[f"{PACKAGE}.read_plan"]
    assert f"{PACKAGE}.iteration" not in graph[f"{PACKAGE}.look"]


def test_the_graph_reader_sees_a_circle_and_ignores_type_checking_imports() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from sentinel.monitor.run import RunServices\n"
        "from sentinel.monitor import look\n"
    )

    imported = _imported(tree.body, f"{PACKAGE}.example", is_package=False)

    assert cycles(graph) == [["a", "b", "c"]]
    assert f"{PACKAGE}.run" not in imported
    assert f"{PACKAGE}.look" in imported
