"""What a read-only statement may touch on PostgreSQL, read from the statement's own plan.

The reader role has no grant on Sentinel's tables, only on the owner's temporary views; but
every PostgreSQL role may read the system catalogs (``pg_class.reltuples``,
``pg_stat_user_tables``, ``information_schema``) and call the functions that report on the
server (``pg_stat_get_live_tuples``, ``pg_relation_size``, ``current_setting``) — which tell
how many memories, receipts or keys the server holds, whoever they belong to. So before a
statement runs, its plan (``EXPLAIN (VERBOSE, FORMAT JSON)``, as the reader role) must scan
nothing but the tables behind the owner's views, and call none of those functions.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

# The tables the owner's views read (``sentinel.storage.owned_views``).
VIEW_TABLES = frozenset({"monitors", "runs", "state_versions", "deliveries"})
# Functions that report on the server rather than compute on values: statistics, sizes,
# settings, files, sequences, privileges, object lookups.
SERVER_FUNCTION = re.compile(
    r"\b(pg_\w+|current_setting|has_\w+_privilege|currval|lastval|nextval|setval|txid_\w+"
    r"|to_reg\w+|\w*_description|inet_\w+|version)\s*\(",
    re.IGNORECASE,
)
# Names in a plan node that are not expressions (an index may be called pg_..., an alias
# anything): only expressions can call a function.
_NAME_FIELDS = frozenset(
    {
        "Node Type",
        "Relation Name",
        "Schema",
        "Alias",
        "Index Name",
        "CTE Name",
        "Subplan Name",
        "Parent Relationship",
        "Strategy",
        "Join Type",
        "Scan Direction",
        "Command",
        "Operation",
    }
)
_LITERALS = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"")


def plan_refusal(plan: Mapping[str, Any], schema: str) -> str | None:
    """What a plan touches outside the owner's views (``reading pg_catalog.pg_class``,
    ``calling pg_stat_get_live_tuples()``), or None; ``schema`` is Sentinel's schema."""
    for node in _nodes(plan):
        relation = node.get("Relation Name")
        if relation is not None:
            where = node.get("Schema")
            if where != schema or relation not in VIEW_TABLES:
                return f"reading {where}.{relation}"
        for text in _expressions(node):
            called = SERVER_FUNCTION.search(_LITERALS.sub("''", text))
            if called is not None:
                return f"calling {called.group(1)}()"
    return None


def _nodes(plan: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    yield plan
    for child in plan.get("Plans", ()):
        yield from _nodes(child)


def _expressions(node: Mapping[str, Any]) -> Iterator[str]:
    for key, value in node.items():
        if key in _NAME_FIELDS or key == "Plans":
            continue
        if isinstance(value, str):
            yield value
        elif isinstance(value, list):
            yield from (item for item in value if isinstance(item, str))
