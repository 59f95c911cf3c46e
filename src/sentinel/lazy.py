"""Package exports loaded on first use (PEP 562 module ``__getattr__``).

A package whose ``__init__`` re-exported everything at import would load its whole tree for a
command that needs one module (the CLI's start: ``tests/cli/test_main_lazy.py``). Such a
package names each export's module instead::

    __getattr__, __dir__ = lazy_exports(__name__, {"Engine": "sentinel.engine.engine"})

and the name is imported, then kept in the package's namespace, when first read.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(
    package: str, exports: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``, exporting each name of ``exports``
    from the module it maps to."""

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *exports})

    return __getattr__, __dir__
