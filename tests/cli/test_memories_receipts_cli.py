"""``sentinel memories`` and ``sentinel receipts``: the local user's memories and chain."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from sqlalchemy import text

from sentinel.receipts import ReceiptLedger, ReceiptPayload
from sentinel.storage import Transaction, open_database
from sentinel.storage.settings import sqlite_url
from tests.cli.test_watch_cli import home, invoke, sqlite_template, with_db

__all__ = ["home", "sqlite_template"]


def add(*args: str) -> dict[str, object]:
    result = invoke("memories", "add", *args, "--json")
    assert result.exit_code == 0, result.output
    made: dict[str, object] = json.loads(result.stdout)
    return made


def test_memories_are_added_listed_searched_edited_and_deleted(home: Path) -> None:
    porto = add("My sister Ana lives in Porto", "--tag", "family")
    add("The car's MOT is due in June")
    assert porto["owner"] == "local"
    assert porto["tags"] == ["family"]
    listed = json.loads(invoke("memories", "list", "--tag", "family", "--json").stdout)
    assert [m["id"] for m in listed] == [porto["id"]]
    found = json.loads(invoke("memories", "search", "where does my sister live", "--json").stdout)
    assert [hit["memory"]["id"] for hit in found["hits"]] == [porto["id"]]
    edited = invoke("memories", "edit", str(porto["id"]), "--text", "Ana moved to Lisbon")
    assert edited.exit_code == 0, edited.output
    assert f"Updated #{porto['id']}: Ana moved to Lisbon" in edited.stdout
    assert "Ana moved to Lisbon" in invoke("memories", "list").stdout
    again = json.loads(invoke("memories", "search", "Lisbon", "--json").stdout)
    assert [hit["memory"]["id"] for hit in again["hits"]] == [porto["id"]]
    assert invoke("memories", "delete", str(porto["id"])).exit_code == 0
    assert json.loads(invoke("memories", "search", "Lisbon", "--json").stdout)["hits"] == []


def test_a_bad_memory_is_refused_with_the_reason(home: Path) -> None:
    result = invoke("memories", "add", "x", "--tag", "two words")
    assert result.exit_code != 0
    assert "tags" in result.output
    missing = invoke("memories", "delete", "999")
    assert missing.exit_code != 0
    assert "no memory 999" in missing.output


def test_search_without_a_model_says_it_is_bm25_only(home: Path, monkeypatch: object) -> None:

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.setenv("SENTINEL_ASSISTANT_MEMORY_EMBEDDINGS", "none")
    add("I am allergic to penicillin")
    result = invoke("memories", "search", "penicillin")
    assert result.exit_code == 0, result.output
    assert "BM25 only" in result.output
    assert "penicillin" in result.stdout


def chain(home: Path, queries: list[str]) -> None:
    async def main() -> None:
        db = await open_database(sqlite_url(home / "sentinel.db"), migrate=False)
        try:
            for query in queries:
                await ReceiptLedger(db).append(
                    "local", ReceiptPayload(query=query, persona="MENTOR")
                )
        finally:
            await db.close()

    asyncio.run(main())


def test_receipts_verify_passes_then_names_the_edited_receipt(home: Path) -> None:
    chain(home, ["first question", "second question", "third question"])
    listed = invoke("receipts", "list", "--json")
    assert listed.exit_code == 0, listed.output
    assert [r["payload"]["query"] for r in json.loads(listed.stdout)][1] == "second question"
    assert invoke("receipts", "list").exit_code == 0
    ok = invoke("receipts", "verify")
    assert ok.exit_code == 0, ok.output
    assert "ok local: 3 receipts" in ok.stdout

    async def tamper(tx: Transaction) -> None:
        await tx.session.execute(
            text("UPDATE receipts SET payload = replace(payload, 'second', 'edited') WHERE seq = 2")
        )

    with_db(home, tamper)
    broken = invoke("receipts", "verify", "--all")
    assert broken.exit_code == 1
    assert "broken local: receipt #2" in broken.stdout
    assert "altered" in broken.stdout


def test_receipts_verify_detects_that_the_newest_receipt_was_deleted(home: Path) -> None:
    chain(home, ["first question", "second question", "third question"])

    async def truncate(tx: Transaction) -> None:
        await tx.session.execute(text("DELETE FROM receipts WHERE seq = 3"))

    with_db(home, truncate)
    broken = invoke("receipts", "verify")
    assert broken.exit_code == 1, broken.output
    assert "broken local: receipt #3" in broken.stdout
    assert "recorded head is #3" in broken.stdout
