"""``sentinel config``: every SENTINEL_* setting, its effective value and where it came from.

Each section is the settings model of the layer that reads it (``sentinel.config.SECTIONS``).
A value's source is ``env`` when its variable is set in the environment, ``default``
otherwise. Secrets (fields named ``…api_key``, ``…password``, ``…secret`` or ``…token``) are
shown as ``***`` when set; counts such as ``answer_tokens`` (a token budget) are not secrets.
"""

from __future__ import annotations

import importlib
import os
import re
from dataclasses import asdict, dataclass
from typing import Any

import typer
from pydantic import SecretStr
from pydantic_settings import BaseSettings
from rich.markup import escape
from rich.table import Table

from sentinel.cli.common import print_json, stdout
from sentinel.config import SECTIONS
from sentinel.errors import ConfigError

SECRET_WORDS = ("api_key", "password", "secret", "token")
# A secret's field name ends with one of the words (``smtp_password``, ``hf_token``); a word
# inside a longer one (``answer_tokens``, a budget) is not a secret.
_SECRET_FIELD = re.compile(rf"(^|_)({'|'.join(SECRET_WORDS)})$")


@dataclass(frozen=True)
class SettingRow:
    """One setting as ``sentinel config`` shows it."""

    section: str
    variable: str
    value: Any
    source: str


def section_class(path: str) -> type[BaseSettings]:
    """The settings class at ``module:Class``."""
    module, _, name = path.partition(":")
    cls = getattr(importlib.import_module(module), name)
    if not (isinstance(cls, type) and issubclass(cls, BaseSettings)):
        raise TypeError(f"{path} is not a pydantic-settings model")
    return cls


def _variable(cls: type[BaseSettings], field: str) -> str:
    info = cls.model_fields[field]
    alias = info.validation_alias
    choices = getattr(alias, "choices", None)
    if choices:
        return str(choices[0]).upper()
    prefix = str(cls.model_config.get("env_prefix", ""))
    return f"{prefix}{field}".upper()


def _shown(field: str, value: Any) -> Any:
    if isinstance(value, SecretStr) or _SECRET_FIELD.search(field):
        return None if value in (None, "") else "***"
    if isinstance(value, dict | list | int | float | bool) or value is None:
        return value
    return str(value)


def setting_rows(section: str | None = None) -> list[SettingRow]:
    """Every setting of every section (or of ``section``), read from the environment now."""
    if section is not None and section not in SECTIONS:
        known = ", ".join(SECTIONS)
        raise ConfigError(f"no settings section {section!r}; known sections: {known}")
    rows: list[SettingRow] = []
    environment = {key.upper() for key in os.environ}
    for name, path in SECTIONS.items():
        if section is not None and name != section:
            continue
        cls = section_class(path)
        settings = cls()
        for field in cls.model_fields:
            variable = _variable(cls, field)
            source = "env" if variable in environment else "default"
            rows.append(SettingRow(name, variable, _shown(field, getattr(settings, field)), source))
    return rows


def config(
    section: str | None = typer.Argument(None, help="Only this section (core, llm, search…)."),
    as_json: bool = typer.Option(False, "--json", help="Print the settings as JSON."),
) -> None:
    """Show every SENTINEL_* setting with its effective value and source (secrets masked)."""
    try:
        rows = setting_rows(section)
    except ConfigError as error:
        raise typer.BadParameter(str(error), param_hint="SECTION") from None
    if as_json:
        print_json([asdict(row) for row in rows])
        return
    table = Table("section", "variable", "value", "source")
    for row in rows:
        value = "" if row.value is None else str(row.value)
        table.add_row(row.section, row.variable, escape(value), row.source)
    stdout.print(table)
