"""``sentinel keys``: a key is shown once, stored hashed, listed by prefix and revocable."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import text

from sentinel.storage import Transaction
from sentinel.storage.api_keys import ApiKeyRecord, ApiKeyRepository, hash_token
from tests.cli.test_watch_cli import home, invoke, sqlite_template, with_db

__all__ = ["home", "sqlite_template"]


def test_create_prints_the_key_once_and_stores_only_its_hash(home: Path) -> None:
    result = invoke("keys", "create", "--name", "laptop", "--json")
    assert result.exit_code == 0, result.output
    created = json.loads(result.stdout)
    token = created["key"]
    assert token.startswith("snt_")
    assert created["prefix"] == token[:12]

    async def stored(tx: Transaction) -> tuple[list[str], ApiKeyRecord | None]:
        rows = await tx.session.execute(text("SELECT * FROM api_keys"))
        dumped = [repr(tuple(row)) for row in rows]
        return dumped, await ApiKeyRepository(tx.session).authenticate(token)

    rows, found = with_db(home, stored)
    assert token not in "".join(rows)
    assert hash_token(token) in "".join(rows)
    assert found is not None
    assert found.name == "laptop"
    assert found.owner == "laptop"  # no --owner: the key acts as its name


def test_a_key_can_be_created_for_an_owner(home: Path) -> None:
    created = json.loads(
        invoke("keys", "create", "--name", "phone", "--owner", "alice", "--json").stdout
    )
    assert (created["name"], created["owner"]) == ("phone", "alice")


def test_list_shows_prefixes_not_keys(home: Path) -> None:
    token = json.loads(invoke("keys", "create", "--name", "ci", "--json").stdout)["key"]
    listed = invoke("keys", "list")
    assert listed.exit_code == 0, listed.output
    assert "ci" in listed.stdout
    assert token[:12] in listed.stdout
    assert token not in listed.stdout
    records = json.loads(invoke("keys", "list", "--json").stdout)
    assert [(r["id"], r["name"], r["revoked_at"]) for r in records] == [(1, "ci", None)]


def test_list_shows_whose_each_key_is(home: Path) -> None:
    invoke("keys", "create", "--name", "phone", "--owner", "alice-smith", "--json")
    listed = invoke("keys", "list")
    assert listed.exit_code == 0, listed.output
    header = next(line for line in listed.stdout.splitlines() if "prefix" in line)
    assert "owner" in header
    assert "alice-smith" in listed.stdout


def test_a_revoked_key_no_longer_authenticates(home: Path) -> None:
    token = json.loads(invoke("keys", "create", "--json").stdout)["key"]
    result = invoke("keys", "revoke", "1")
    assert result.exit_code == 0, result.output
    assert "Revoked API key #1" in result.stdout

    async def lookup(tx: Transaction) -> ApiKeyRecord | None:
        return await ApiKeyRepository(tx.session).authenticate(token)

    assert with_db(home, lookup) is None
    assert json.loads(invoke("keys", "list", "--json").stdout)[0]["revoked_at"] is not None


def test_revoking_an_unknown_key_is_bad_input(home: Path) -> None:
    result = invoke("keys", "revoke", "42")
    assert result.exit_code == 2
    assert "42" in result.stderr


def test_an_empty_name_is_refused(home: Path) -> None:
    result = invoke("keys", "create", "--name", "  ")
    assert result.exit_code == 2
    assert "name" in result.stderr


def test_the_first_key_of_a_home_with_cli_data_opens_that_data(home: Path) -> None:
    assert invoke("tasks", "add", "Call Ana").exit_code == 0
    assert invoke("memories", "add", "Ana lives in Porto").exit_code == 0

    result = invoke("keys", "create", "--name", "me")

    assert result.exit_code == 0, result.output
    assert "It opens the data of the CLI's own 'local': 1 memory and 1 task." in result.stdout
    listed = json.loads(invoke("keys", "list", "--json").stdout)
    assert [(k["name"], k["owner"]) for k in listed] == [("me", "local")]


def test_a_later_key_acts_as_its_name_and_says_where_the_cli_data_is(home: Path) -> None:
    assert invoke("tasks", "add", "Call Ana").exit_code == 0
    invoke("keys", "create", "--name", "me")

    result = invoke("keys", "create", "--name", "phone")

    assert result.exit_code == 0, result.output
    assert "It opens the data of owner 'phone': no data yet." in result.stdout
    assert "The CLI's data (1 task) belongs to 'local'" in result.stdout
    listed = json.loads(invoke("keys", "list", "--json").stdout)
    assert [k["owner"] for k in listed] == ["local", "phone"]


def test_the_first_key_of_an_empty_home_acts_as_its_name(home: Path) -> None:
    created = json.loads(invoke("keys", "create", "--name", "ci", "--json").stdout)

    assert created["owner"] == "ci"
    assert created["opens"] == {
        "owner": "ci",
        "monitors": 0,
        "memories": 0,
        "tasks": 0,
        "research_jobs": 0,
    }


def test_an_explicit_owner_wins_over_the_cli_data(home: Path) -> None:
    assert invoke("tasks", "add", "Call Ana").exit_code == 0

    created = json.loads(
        invoke("keys", "create", "--name", "me", "--owner", "alice", "--json").stdout
    )

    assert created["owner"] == "alice"
