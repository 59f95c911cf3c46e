"""changedetection.io's datastore as monitors: both layouts (``url-watches.json``; the newer
``changedetection.json`` with a ``watch.json`` per watch), files, folders and backup zips; each
watch's URL read on every run, its interval the longest wait, its notification URLs chosen as
changedetection.io chooses them."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from sentinel.errors import InvalidInput
from sentinel.monitor.changedetection import load_changedetection, read_changedetection
from sentinel.monitor.transfer import ImportProblems

GLOBAL = "ntfy://everyone"


def watch(url: str, **fields: Any) -> dict[str, Any]:
    return {"url": url, "title": "", "tags": [], "notification_urls": [], **fields}


def datastore(watches: dict[str, Any], **application: Any) -> dict[str, Any]:
    return {
        "watching": watches,
        "settings": {
            "application": {"notification_urls": [GLOBAL], **application},
            "requests": {"time_between_check": {"hours": 6, "minutes": None}},
        },
    }


def monitors(document: dict[str, Any]) -> dict[str, Any]:
    return {m.where.removeprefix("watch "): m for m in read_changedetection(document).monitors}


def test_a_watch_reads_its_url_and_waits_at_most_its_interval() -> None:
    document = datastore(
        {
            "w1": watch(
                "https://shop.example/p/1",
                title="Sonora",
                time_between_check={"weeks": 0, "days": 1, "hours": 2, "seconds": "30"},
                time_between_check_use_default=False,
            ),
            "w2": watch("https://shop.example/p/2", time_between_check_use_default=True),
            "w3": watch(
                "https://shop.example/p/3",
                time_between_check={"minutes": 5},
                time_between_check_use_default=False,
            ),
        }
    )
    found = monitors(document)
    first = found["w1"].monitor
    assert first.urls == ["https://shop.example/p/1"]
    assert first.original_query == "What changed on https://shop.example/p/1?"
    assert (first.name, first.notify_behavior.value) == ("Sonora", "always")
    assert (first.min_interval_s, first.max_interval_s) == (900, 86400 + 7200 + 30)
    assert found["w2"].monitor.max_interval_s == 6 * 3600, "the global default"
    assert (found["w3"].monitor.min_interval_s, found["w3"].monitor.max_interval_s) == (300, 300)


def test_without_any_interval_changedetection_s_default_of_three_hours_applies() -> None:
    document = {"watching": {"w": watch("https://x.example/")}}
    assert monitors(document)["w"].monitor.max_interval_s == 3 * 3600


def test_notification_urls_are_the_watch_s_else_its_tag_s_else_the_global_ones() -> None:
    document = datastore(
        {
            "own": watch("https://x.example/1", notification_urls=["https://hooks.example/own"]),
            "tagged": watch("https://x.example/2", tags=["t-quiet", "t-loud"]),
            "plain": watch("https://x.example/3"),
        },
        tags={
            "t-quiet": {"title": "quiet", "notification_urls": []},
            "t-loud": {"title": "loud", "notification_urls": ["ntfy://loud"]},
        },
    )
    found = monitors(document)
    assert [(c["kind"], c["url"]) for c in found["own"].monitor.channels] == [
        ("webhook", "https://hooks.example/own")
    ]
    assert [c["url"] for c in found["tagged"].monitor.channels] == ["ntfy://loud"]
    assert found["tagged"].monitor.context["tags"] == ["quiet", "loud"]
    assert [(c["kind"], c["url"]) for c in found["plain"].monitor.channels] == [("apprise", GLOBAL)]


def test_a_muted_watch_gets_no_channel_and_the_import_says_so() -> None:
    document = datastore(
        {
            "muted": watch("https://x.example/1", notification_muted=True),
            "loud": watch("https://x.example/2"),
        }
    )
    found = read_changedetection(document)
    channels = {m.where: m.monitor.channels for m in found.monitors}
    assert channels["watch muted"] == []
    assert len(channels["watch loud"]) == 1
    assert found.notes == ["1 watch(es) muted in changedetection.io: imported without channels"]
    assert "notification_muted" not in found.unmapped
    everything = read_changedetection(datastore({"w": watch("https://x.example/")}, all_muted=True))
    assert everything.monitors[0].monitor.channels == []


def test_a_view_source_watch_reads_the_page_and_a_long_url_is_not_put_in_the_query() -> None:
    long_url = "https://x.example/" + "a" * 600
    found = monitors(
        datastore(
            {
                "src": watch("source:https://x.example/feed"),
                "long": watch(long_url, title="A long one"),
            }
        )
    )
    assert found["src"].monitor.urls == ["https://x.example/feed"]
    assert found["long"].monitor.urls == [long_url]
    assert found["long"].monitor.original_query == "What changed on A long one?"


def test_every_bad_watch_is_named_and_nothing_is_imported() -> None:
    document = datastore(
        {
            "good": watch("https://x.example/"),
            "no-url": {"title": "nothing"},
            "bad-scheme": watch("file:///etc/hostname"),
            "bad-hook": watch("https://x.example/2", notification_urls=["not a url"]),
        }
    )
    with pytest.raises(ImportProblems) as caught:
        read_changedetection(document)
    problems = caught.value.problems
    assert problems[0] == "watch no-url: has no url"
    assert problems[1] == (
        "watch bad-scheme: urls: 'file:///etc/hostname' is not an http:// or https:// URL"
    )
    assert problems[2].startswith("watch bad-hook:")
    assert len(problems) == 3


def legacy_bytes(document: dict[str, Any], *, bom: bool = False) -> bytes:
    text = json.dumps(document)
    return (b"\xef\xbb\xbf" if bom else b"") + text.encode()


def test_a_datastore_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "url-watches.json"
    path.write_bytes(legacy_bytes(datastore({"w": watch("https://x.example/")}), bom=True))
    assert list(load_changedetection(path)["watching"]) == ["w"]


def new_layout(folder: Path, watches: dict[str, Any]) -> None:
    """changedetection.io since 2026: settings in changedetection.json, a folder per watch."""
    folder.mkdir(exist_ok=True)
    settings = {"settings": datastore({})["settings"], "version_tag": "0.52.0"}
    (folder / "changedetection.json").write_text(json.dumps(settings))
    for uuid, content in watches.items():
        (folder / uuid).mkdir()
        (folder / uuid / "watch.json").write_text(json.dumps(content))
        (folder / uuid / "history.txt").write_text("")


def test_the_newer_layout_is_read_from_its_folder_its_settings_file_or_a_backup(
    tmp_path: Path,
) -> None:
    store = tmp_path / "datastore"
    new_layout(store, {"u1": watch("https://x.example/1"), "u2": watch("https://x.example/2")})
    backup = tmp_path / "changedetection-backup-20260301.zip"
    with zipfile.ZipFile(backup, "w") as archive:
        for file in store.rglob("*.json"):
            archive.write(file, file.relative_to(store).as_posix())
        # A pre-upgrade leftover the newer layout supersedes.
        archive.writestr("url-watches.json", json.dumps(datastore({"gone": watch("https://x/")})))
    for source in (store, store / "changedetection.json", backup):
        document = load_changedetection(source)
        assert sorted(document["watching"]) == ["u1", "u2"], source
        found = monitors(dict(document))
        assert [c["url"] for c in found["u1"].monitor.channels] == [GLOBAL]


def test_a_zip_without_a_datastore_is_refused(tmp_path: Path) -> None:
    backup = tmp_path / "other.zip"
    with zipfile.ZipFile(backup, "w") as archive:
        archive.writestr("notes.txt", "hello")
    with pytest.raises(
        InvalidInput, match=r"has no url-watches\.json and no changedetection\.json"
    ):
        load_changedetection(backup)
