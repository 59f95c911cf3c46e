"""Package exports loaded on first use (sentinel.lazy)."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest

from sentinel.lazy import lazy_exports


@pytest.fixture
def package() -> Iterator[types.ModuleType]:
    module = types.ModuleType("lazy_probe")
    module.__getattr__, module.__dir__ = lazy_exports(  # type: ignore[method-assign]
        "lazy_probe", {"sqrt": "math", "dumps": "json"}
    )
    sys.modules["lazy_probe"] = module
    yield module
    del sys.modules["lazy_probe"]


def test_a_name_is_imported_from_its_module_when_first_read_and_then_kept(
    package: types.ModuleType,
) -> None:
    import math

    assert "sqrt" not in vars(package)
    assert package.sqrt is math.sqrt
    assert vars(package)["sqrt"] is math.sqrt


def test_an_unknown_name_is_an_attribute_error_naming_the_package(
    package: types.ModuleType,
) -> None:
    with pytest.raises(AttributeError, match="module 'lazy_probe' has no attribute 'nope'"):
        _ = package.nope


def test_dir_lists_the_exports_before_they_are_loaded(package: types.ModuleType) -> None:
    assert {"sqrt", "dumps"} <= set(dir(package))


def test_the_packages_export_what_they_name() -> None:
    import sentinel.engine
    import sentinel.monitor
    import sentinel.notify
    import sentinel.storage

    for package in (sentinel.engine, sentinel.monitor, sentinel.notify, sentinel.storage):
        for name in package.__all__:
            assert getattr(package, name) is not None, f"{package.__name__}.{name}"
