"""``sentinel watch list`` filters and ``import``/``export``: through the real app, on a
temporary SENTINEL_HOME. A bad entry is named (line number or watch) and nothing is stored."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from sqlalchemy import text

from sentinel.storage import Transaction
from tests.cli.test_watch_cli import count_monitors, home, invoke, sqlite_template, with_db
from tests.storage.databases import pg_url

__all__ = ["home", "pg_url", "sqlite_template"]


def jsonl(path: Path, *documents: object) -> Path:
    path.write_text("".join(json.dumps(d) + "\n" for d in documents))
    return path


def spec(name: str, **extra: object) -> dict[str, object]:
    return {"query": f"Tell me when {name} ships", "name": name, "criteria": "it ships", **extra}


def names(home: Path) -> list[str]:
    async def read(tx: Transaction) -> list[str]:
        return [m.name for m in await tx.monitors.page(limit=1000)]

    return with_db(home, read)


def test_import_then_export_round_trips_every_create_field(home: Path, tmp_path: Path) -> None:
    source = jsonl(
        tmp_path / "in.jsonl",
        spec("alpha", criteria="it ships", min_interval="1 hour", max_interval="2 days"),
        spec("beta", channels=["https://example.com/hook"], notify="always"),
        spec("gamma", governor="rules", rules="price_usd < 100", timezone="Europe/Paris"),
    )
    imported = invoke("watch", "import", str(source))
    assert imported.exit_code == 0, imported.output
    assert "Imported 3 monitor(s)" in imported.stdout
    out = tmp_path / "out.jsonl"
    exported = invoke("watch", "export", str(out))
    assert exported.exit_code == 0, exported.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["name"] for line in lines] == ["alpha", "beta", "gamma"]
    assert (lines[0]["min_interval"], lines[0]["max_interval"]) == (3600, 2 * 86400)
    assert lines[1]["channels"][0]["url"] == "https://example.com/hook"
    assert (lines[2]["rules"], lines[2]["timezone"]) == ("price_usd < 100", "Europe/Paris")

    # What export writes, import reads back: into an empty home, the same lines again.
    async def empty(tx: Transaction) -> None:
        await tx.session.execute(text("DELETE FROM monitors"))

    with_db(home, empty)
    assert invoke("watch", "import", str(out)).exit_code == 0
    again = tmp_path / "again.jsonl"
    assert invoke("watch", "export", str(again)).exit_code == 0
    assert again.read_text() == out.read_text()


def test_a_bad_line_is_named_by_number_and_nothing_is_imported(home: Path, tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(
        json.dumps(spec("ok")) + "\n\n"
        "{not json\n" + json.dumps(spec("bad", min_interval="soon")) + "\n"
    )
    result = invoke("watch", "import", str(source))
    assert result.exit_code != 0
    assert "line 3: not JSON" in result.stderr
    assert "line 4: min_interval" in result.stderr
    assert "2 bad entries; nothing was imported" in result.stderr
    assert count_monitors(home) == 0


def test_a_name_already_taken_is_named_by_line_and_nothing_is_imported(
    home: Path, tmp_path: Path
) -> None:
    assert invoke("watch", "import", str(jsonl(tmp_path / "a.jsonl", spec("taken")))).exit_code == 0
    second = jsonl(tmp_path / "b.jsonl", spec("fresh"), spec("taken"))
    result = invoke("watch", "import", str(second))
    assert result.exit_code != 0
    assert "line 2" in result.stderr
    assert "already exists" in result.stderr
    assert names(home) == ["taken"]


def changedetection_document() -> dict[str, object]:
    return {
        "watching": {
            "6f0a-uuid-1": {
                "url": "https://example.com/price",
                "title": "Example price",
                "tags": ["tag-1"],
                "time_between_check": {"weeks": None, "days": None, "hours": 2, "minutes": 30},
                "time_between_check_use_default": False,
                "notification_urls": ["ntfy://alerts"],
                "include_filters": ["#price"],
                "paused": False,
                "uuid": "6f0a-uuid-1",
            },
            "7b1c-uuid-2": {
                "url": "https://example.org/news",
                "title": "",
                "tags": [],
                "time_between_check": {"weeks": None, "days": None, "hours": None},
                "time_between_check_use_default": True,
                "trigger_text": ["launch"],
                "paused": True,
            },
        },
        "settings": {
            "application": {"tags": {"tag-1": {"title": "shopping"}}},
            "requests": {"time_between_check": {"hours": 6}},
        },
    }


def test_a_changedetection_export_maps_url_title_tags_and_interval(
    home: Path, tmp_path: Path
) -> None:
    backup = tmp_path / "changedetection-backup.zip"
    with zipfile.ZipFile(backup, "w") as archive:
        archive.writestr("url-watches.json", json.dumps(changedetection_document()))
    result = invoke("watch", "import", str(backup))
    assert result.exit_code == 0, result.output
    assert "Imported 2 monitor(s)" in result.stdout
    assert "1 paused" in result.stdout
    assert "include_filters (1)" in result.stdout
    assert "trigger_text (1)" in result.stdout

    async def read(tx: Transaction) -> list[tuple[str, str, int, str, dict[str, object]]]:
        return [
            (m.name, m.original_query, m.max_interval_s, m.state.value, m.context)
            for m in await tx.monitors.page(limit=10)
        ]

    price, news = with_db(home, read)
    assert price[:4] == (
        "Example price",
        "What changed on https://example.com/price?",
        9000,
        "active",
    )
    assert price[4]["tags"] == ["shopping"]
    assert news[:4] == (
        "https://example.org/news",
        "What changed on https://example.org/news?",
        21600,
        "paused",
    )


def test_a_changedetection_watch_without_url_is_named(home: Path, tmp_path: Path) -> None:
    document = changedetection_document()
    document["watching"]["broken-uuid"] = {"title": "no url"}  # type: ignore[index]
    path = tmp_path / "url-watches.json"
    path.write_text(json.dumps(document))
    result = invoke("watch", "import", str(path))
    assert result.exit_code != 0
    assert "watch broken-uuid: has no url" in result.stderr
    assert count_monitors(home) == 0


def test_list_filters_by_state_and_name_and_stops_at_the_limit(home: Path, tmp_path: Path) -> None:
    source = jsonl(tmp_path / "in.jsonl", *(spec(f"phone-{i}") for i in range(5)), spec("tablet"))
    assert invoke("watch", "import", str(source)).exit_code == 0
    assert invoke("watch", "pause", "phone-1").exit_code == 0

    def listed(*args: str) -> list[str]:
        result = invoke("watch", "list", "--json", *args)
        assert result.exit_code == 0, result.output
        return [m["name"] for m in json.loads(result.stdout)]

    assert listed() == [*(f"phone-{i}" for i in range(5)), "tablet"]
    assert listed("--state", "paused") == ["phone-1"]
    assert listed("--search", "TAB") == ["tablet"]
    assert listed("--search", "phone", "--state", "active", "--limit", "2") == [
        "phone-0",
        "phone-2",
    ]
    assert listed("--search", "%") == []
    table = invoke("watch", "list", "--search", "phone", "--limit", "3").stdout
    assert table.count("phone-") == 3
    assert "Last result" in table
    assert "No monitors match." in invoke("watch", "list", "--search", "laptop").stdout


def test_list_joins_its_pages_into_one_listing(home: Path, tmp_path: Path) -> None:
    from sentinel.cli import watch_bulk

    source = jsonl(tmp_path / "in.jsonl", *(spec(f"m-{i}") for i in range(7)))
    assert invoke("watch", "import", str(source)).exit_code == 0
    original = watch_bulk.PAGE
    watch_bulk.PAGE = 3
    try:
        result = invoke("watch", "list", "--json")
    finally:
        watch_bulk.PAGE = original
    assert [m["name"] for m in json.loads(result.stdout)] == [f"m-{i}" for i in range(7)]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_nul_character_is_refused_with_its_line_on_every_backend(
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
    backend: str,
) -> None:
    if backend == "postgresql":  # stores nothing: the session's database stays empty
        monkeypatch.setenv("SENTINEL_DATABASE_URL", request.getfixturevalue("pg_url"))
    source = jsonl(tmp_path / "in.jsonl", spec("ok"), spec("nul", criteria="it\u0000ships"))

    result = invoke("watch", "import", str(source))

    assert result.exit_code == 2, result.output
    assert "line 2: criteria: contains a NUL character" in result.stderr
    assert "Traceback" not in result.output
    assert "1 bad entries; nothing was imported" in result.stderr
