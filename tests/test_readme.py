"""Code in the README is executed, so it never rots."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks() -> list[str]:
    """Every ```python block of the README."""
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_has_python_examples() -> None:
    assert python_blocks(), "README lost its code examples"


def test_every_readme_python_block_runs() -> None:
    for index, block in enumerate(python_blocks()):
        # A real module, so dataclasses and pydantic can resolve the block's annotations.
        module = types.ModuleType(f"readme_block_{index}")
        sys.modules[module.__name__] = module
        try:
            exec(compile(block, f"README.md[python block {index}]", "exec"), module.__dict__)
        finally:
            del sys.modules[module.__name__]
