"""Schemathesis against the published OpenAPI schema: generated requests to every operation
never cause a 5xx, every response conforms to the schema (status codes, content types,
bodies), and an error answer is small and echoes at most 200 characters of any value sent
(issue 34). Bounded: a fixed, small number of examples per operation, derandomized (the same
requests every run), no time limit on an answer, in process (no socket at all).

Generated values are mostly short, so a second pass sends every operation a 200,000-character
value in every string it takes — each parameter, each property of its body, and keys and
values of a free-form body — and checks the same.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance
from sqlalchemy import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from sentinel.api import create_app
from sentinel.llm import ScriptedModel
from sentinel.research.runlog import RunLog
from sentinel.storage import Database
from sentinel.storage.settings import sqlite_url
from tests.echo import MAX_ECHO, distinct_text, longest_echo, texts_of
from tests.storage.databases import sqlite_template

__all__ = ["sqlite_template"]

# Schemathesis reads the schema when this module is collected, so the app exists by then;
# its database file is put in place (and removed) by the fixture below. Calls go through a
# test client that may run each on its own event loop: no pooled connection is kept.
DB_PATH = Path(tempfile.mkdtemp(prefix="sentinel-fuzz-")) / "sentinel.db"
URL = make_url(sqlite_url(DB_PATH))
MAX_ERROR_BYTES = 8192
HUGE = distinct_text(200_000)


async def instant_research(question: str, log: RunLog) -> dict[str, Any]:
    """Research that answers at once (no model, no index)."""
    log.record("start", "planner", question=question)
    return {"kind": "research_report", "question": question}


APP = create_app(
    Database(create_async_engine(URL, poolclass=NullPool), URL),
    rate_per_minute=100_000,
    research_runner=instant_research,
    chat_model=ScriptedModel.filling(),
)
# The event stream lasts as long as its job, which the test client's per-call event loop may
# not keep alive; it is covered by tests/api/routers/test_research.py instead.
schema = schemathesis.openapi.from_asgi("/api/v1/openapi.json", APP).exclude(
    path="/api/v1/research/{job_id}/events"
)


@pytest.fixture(autouse=True, scope="module")
def fuzz_database(sqlite_template: Path) -> Iterator[Path]:
    """A fresh migrated database under the app, removed afterwards."""
    shutil.copy(sqlite_template, DB_PATH)
    yield DB_PATH
    shutil.rmtree(DB_PATH.parent)


def sent_texts(case: schemathesis.Case) -> list[str]:
    """Every string the request carried: path and query parameters, the body (keys too)."""
    parts = [case.path_parameters or {}, case.query or {}]
    if isinstance(case.body, dict | list | str):
        parts.append(case.body)
    return [text for part in parts for text in texts_of(part)]


def error_answers_are_small_and_quiet(
    ctx: schemathesis.CheckContext, response: schemathesis.Response, case: schemathesis.Case
) -> bool | None:
    """An error answer (4xx, 5xx) is at most MAX_ERROR_BYTES and echoes at most 200
    characters of each value sent."""
    if response.status_code < 400:
        return None
    size = len(response.content)
    if size > MAX_ERROR_BYTES:
        raise AssertionError(f"a {response.status_code} answer of {size} bytes")
    for text in sent_texts(case):
        echoed = longest_echo(text, response.text)
        if echoed > MAX_ECHO:
            raise AssertionError(f"a {response.status_code} answer echoes {echoed} characters")
    return None


@schema.parametrize()
@settings(
    max_examples=5,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_generated_requests_get_schema_conforming_answers(case: schemathesis.Case) -> None:
    # Requests the schema allows may still break a rule it cannot express (a name already
    # taken, the immutable query, a transition the state machine lacks): a 4xx problem there
    # is the contract, so only "schema-valid means accepted" is not checked.
    case.call_and_validate(
        excluded_checks=[positive_data_acceptance],
        additional_checks=[error_answers_are_small_and_quiet],
    )


def huge_values(node: dict[str, Any], components: dict[str, Any]) -> Any:
    """A value for a JSON schema ``node`` with HUGE in every string it holds."""
    if "$ref" in node:
        return huge_values(components[node["$ref"].rsplit("/", 1)[1]], components)
    for branch in node.get("anyOf", []) + node.get("allOf", []) + node.get("oneOf", []):
        if branch.get("type") != "null":
            return huge_values(branch, components)
    kind = node.get("type")
    if kind == "array":
        return [huge_values(node.get("items", {}), components)]
    if kind == "object" or "properties" in node:
        properties = node.get("properties", {})
        if not properties:  # free form: the monitor spec, as every front end reads it
            return {"query": HUGE, "timezone": HUGE, "rules": HUGE, HUGE: HUGE}
        return {name: huge_values(sub, components) for name, sub in properties.items()}
    return HUGE


def huge_cases() -> Iterator[Any]:
    document = schema.raw_schema
    components = document.get("components", {}).get("schemas", {})
    for result in schema.get_all_operations():
        operation = result.ok()
        definition = document["paths"][operation.path][operation.method.lower()]
        params: dict[str, dict[str, Any]] = {"path": {}, "query": {}}
        for parameter in definition.get("parameters", []):
            if parameter["in"] in params:
                params[parameter["in"]][parameter["name"]] = HUGE
        body = None
        content = definition.get("requestBody", {}).get("content", {})
        if "application/json" in content:
            body = huge_values(content["application/json"]["schema"], components)
        yield pytest.param(operation, params, body, id=f"{operation.method} {operation.path}")


@pytest.mark.parametrize(("operation", "params", "body"), list(huge_cases()))
def test_a_huge_value_everywhere_gets_a_small_answer_that_barely_echoes_it(
    operation: Any, params: dict[str, dict[str, Any]], body: Any
) -> None:
    kwargs: dict[str, Any] = {"body": body} if body is not None else {}
    case = schema.make_case(
        operation=operation,
        path_parameters=params["path"],
        query=params["query"],
        media_type="application/json" if body is not None else None,
        **kwargs,
    )
    response = case.call()

    assert response.status_code < 500, response.text[:500]
    if response.status_code >= 400:
        assert len(response.content) <= MAX_ERROR_BYTES, len(response.content)
        assert longest_echo(HUGE, response.text) <= MAX_ECHO
