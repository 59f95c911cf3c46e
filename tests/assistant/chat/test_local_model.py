"""One whole turn on the embedded model: the round's one decision is grammar-constrained JSON
(persona, plan and suggestions), so even a 0.5B model's decision parses and names only known
actions, and the turn is signed. The assertions never depend on the machine's speed."""

from __future__ import annotations

from pathlib import Path

import pytest

from sentinel.assistant.chat.deps import ChatDeps
from sentinel.assistant.chat.personas import Persona
from sentinel.assistant.chat.settings import ChatSettings
from sentinel.llm import LocalModel, RuntimeOptions
from sentinel.llm.local import get_spec, status
from sentinel.storage import Database
from tests.assistant.chat.conftest import content, named, run_turn
from tests.storage.databases import sqlite_copy

pytestmark = [pytest.mark.model, pytest.mark.timeout(1200)]
MODEL = "qwen2.5-coder-0.5b"


async def test_a_whole_turn_on_the_embedded_model(sqlite_template: Path, tmp_path: Path) -> None:
    # One backend: the flow does not depend on it (the scripted tests run on both).
    spec = get_spec(MODEL)
    if not status(spec).installed:  # make setup installs it: a missing model is a broken setup
        pytest.fail(f"{MODEL} is not installed (run make setup, or {spec.install_command})")
    async with sqlite_copy(sqlite_template, tmp_path) as db:
        await _whole_turn(db)


async def _whole_turn(db: Database) -> None:
    model = LocalModel(MODEL, options=RuntimeOptions(threads=1))
    settings = ChatSettings(max_iterations=1, answer_tokens=48, structured_tokens=256)
    deps = ChatDeps.open(db, model=model, settings=settings, embedder=None)
    await deps.memories.create("alice", "My sister Ana lives in Porto and loves running")

    events = await run_turn(deps, "Where does my sister Ana live? Add a task to call her.")

    structured = {"persona", "planning"}
    assert [e for e in named(events, "error") if e["stage"] in structured] == []
    ran = [a for d in named(events, "reasoning") if d["actions"] for a in d["actions"]]
    assert all("unknown action" not in (a["error"] or "") for a in ran)  # the grammar's
    persona = named(events, "reasoning")[0]["persona"]
    assert persona in {p.value for p in Persona}
    assert content(events).strip()
    [receipt] = named(events, "receipt")
    assert receipt["seq"] == 1
    assert (await deps.ledger.verify("alice")).ok
    [stored] = await deps.ledger.list("alice")
    assert stored.payload["model"] == MODEL
    assert stored.payload["usage"]["completion_tokens"] > 0
    assert events[-1].event == "done"
    assert named(events, "done")[0]["iterations"] == 1
