"""The state schema the sensor is told: the fields it reports and the type of each.

A rule reads fields (``price_usd < 300`` reads ``price_usd`` as a number); a sensor left to
name its own keys writes ``{"Price": 279.99}`` and the rule can never be decided. So the
fields a monitor's rule reads, and those its owner declares (``--field name:type``, API
``fields``: ``[{"name": "price_usd", "type": "number"}]``), make a :class:`StateSchema`; the
sensor's reply is then constrained to exactly those keys with those JSON types
(:func:`sentinel.monitor.sensing.reply.reply_model`), each null when the pages do not say, and
its prompt lists them.

Declared types are ``number``, ``string``, ``boolean`` and ``date``. Fields that come only
from a rule may also be a ``list`` (``"ios" in tags``) or ``any`` (compared only with other
fields, or read below the top level: ``product.price`` makes ``product`` an ``any``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from sentinel.errors import InvalidInput
from sentinel.monitor.governing.rule_syntax import FieldKind, parse_rule

DECLARED_TYPES = ("number", "string", "boolean", "date")
MAX_FIELDS = 30  # as many as a monitor may declare
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
_WORDS: dict[str, str] = {
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "date": "a date, YYYY-MM-DD",
    "list": "a list",
    "any": "any value",
}


class SchemaField(BaseModel):
    """One field of the state: its key and kind."""

    model_config = ConfigDict(frozen=True)

    name: str
    kind: FieldKind


class StateSchema(BaseModel):
    """The fields a sensor reports, in order (declared ones first, then the rule's)."""

    model_config = ConfigDict(frozen=True)

    fields: tuple[SchemaField, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The keys, in order."""
        return tuple(item.name for item in self.fields)

    def kinds(self) -> dict[str, FieldKind]:
        """Each key's kind, for the rule evaluator."""
        return {item.name: item.kind for item in self.fields}

    def describe(self) -> str:
        """The fields as the sensor's prompt lists them: ``price_usd (a number), ...``."""
        return ", ".join(f"{item.name} ({_WORDS[item.kind]})" for item in self.fields)


def parse_fields(items: Sequence[Mapping[str, Any]] | None) -> tuple[SchemaField, ...]:
    """Declared fields (``{"name": ..., "type": ...}`` each) as :class:`SchemaField`s, or
    :class:`~sentinel.errors.InvalidInput` naming the bad one."""
    fields: dict[str, SchemaField] = {}
    for item in items or ():
        if not isinstance(item, Mapping) or set(item) - {"name", "type"}:
            raise InvalidInput("fields", item, 'each field is {"name": ..., "type": ...}')
        name, kind = item.get("name"), item.get("type", "string")
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            problem = "a field name is a letter or _ then letters, digits or _ (at most 64)"
            raise InvalidInput("fields", name, problem)
        if kind not in DECLARED_TYPES:
            choices = ", ".join(DECLARED_TYPES)
            raise InvalidInput("fields", kind, f"a field type is one of {choices}")
        if name.casefold() in {known.casefold() for known in fields}:
            raise InvalidInput("fields", name, "is declared twice")
        fields[name] = SchemaField(name=name, kind=kind)
    if len(fields) > MAX_FIELDS:
        raise InvalidInput("fields", len(fields), f"at most {MAX_FIELDS} fields")
    return tuple(fields.values())


def schema_for(
    rules: str | None, fields: Sequence[Mapping[str, Any] | SchemaField] | None = None
) -> StateSchema | None:
    """The schema of a monitor with rule ``rules`` and declared ``fields``; None when it has
    neither (the sensor then names its own keys).

    A declared type wins over the kind the rule implies, unless the two disagree
    (``price:string`` with ``price < 300``): then InvalidInput says so.
    """
    items = fields or ()
    declared = parse_fields(
        [{"name": f.name, "type": f.kind} if isinstance(f, SchemaField) else f for f in items]
    )
    merged = {item.name.casefold(): item for item in declared}
    if rules:
        parsed = parse_rule(rules)
        for path in parsed.paths:
            root = path.split(".")[0]
            kind: FieldKind = parsed.kinds[path] if root == path else "any"
            known = merged.get(root.casefold())
            if known is None:
                merged[root.casefold()] = SchemaField(name=root, kind=kind)
            elif kind not in ("any", known.kind) and {kind, known.kind} != {"date", "string"}:
                problem = f"is declared {known.kind}, but the rule reads it as {kind}"
                raise InvalidInput("fields", known.name, problem)
    if not merged:
        return None
    if len(merged) > MAX_FIELDS:
        raise InvalidInput("fields", len(merged), f"at most {MAX_FIELDS} fields")
    return StateSchema(fields=tuple(merged.values()))
