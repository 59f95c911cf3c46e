"""docs/monitors-sources.md, executed: its shell blocks run through the real ``sentinel`` app
against a shop served on 127.0.0.1 (the page's address and the webhooks swapped for the test's
servers), and the outputs it quotes are the ones the commands print."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from sentinel.llm import ScriptedModel
from sentinel.storage import Transaction
from tests.cli.test_watch_cli import home, invoke, sqlite_template, with_db
from tests.cli.test_watch_sources_cli import model, receiver, server, shop
from tests.monitor.shop_page import ShopPage
from tests.notify.receiver import LoopbackReceiver
from tests.web.loopback import LoopbackServer

__all__ = ["home", "model", "receiver", "server", "shop", "sqlite_template"]

DOC = Path(__file__).resolve().parents[2] / "docs" / "monitors-sources.md"
DOC_SHOP = "http://127.0.0.1:8000"
DOC_HOOKS = "https://hooks.example"


def blocks(language: str) -> list[str]:
    """The doc's fenced blocks of ``language`` ("" for untagged ones), in order."""
    found: list[str] = []
    current: list[str] | None = None
    tag = ""
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("```") and current is None:
            current, tag = [], line.removeprefix("```").strip()
        elif line.startswith("```"):
            assert current is not None
            if tag == language:
                found.append("\n".join(current) + "\n")
            current = None
        elif current is not None:
            current.append(line)
    return found


def commands(block: str) -> list[list[str]]:
    """The block's commands as argument lists (backslash continuations joined)."""
    return [shlex.split(line) for line in block.replace("\\\n", " ").splitlines() if line.strip()]


def one_line(text: str) -> str:
    return " ".join(text.split())


def test_the_documented_session_watches_the_shop_and_imports_a_datastore(
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    server: LoopbackServer,
    shop: ShopPage,
    model: ScriptedModel,
    receiver: LoopbackReceiver,
) -> None:
    def local(text: str) -> str:
        return text.replace(DOC_SHOP, server.base_url).replace(DOC_HOOKS, receiver.url)

    watch, imported = blocks("sh")
    outputs = []
    for argv in commands(local(watch)):
        if argv[0] == "export":
            name, _, value = argv[1].partition("=")
            monkeypatch.setenv(name, value)
            continue
        assert argv[0] == "sentinel"
        result = invoke(*argv[1:])
        assert result.exit_code == 0, result.output
        outputs.append(result.stdout)
    added, ran, shown = outputs
    assert "Created monitor #1" in added
    assert "Run 1 of monitor #1: succeeded" in ran
    assert f"Reads: {server.url(shop.path)}" in shown
    assert shop.conditional() == [False]
    # The documented rule reads a price the page states: the code reads it, no model call.
    assert model.calls == []

    [datastore] = [b for b in blocks("json") if '"watching"' in b]
    (tmp_path / "url-watches.json").write_text(local(datastore))
    monkeypatch.chdir(tmp_path)
    [[program, *arguments]] = commands(imported)
    assert program == "sentinel"
    result = invoke(*arguments)
    assert result.exit_code == 0, result.output

    async def second(tx: Transaction) -> tuple[list[str], int, list[str]]:
        monitor = await tx.monitors.get(2)
        return monitor.urls, monitor.max_interval_s, [c["url"] for c in monitor.channels]

    assert with_db(home, second) == (
        [server.url(shop.path)],
        2 * 3600,
        [f"{receiver.url}/changes"],
    )


def test_the_documented_refusals_are_what_the_commands_print(
    home: Path, monkeypatch: pytest.MonkeyPatch, server: LoopbackServer, model: ScriptedModel
) -> None:
    quoted = [b for b in blocks("") if "Error:" in b or "Run 1 of monitor" in b]
    bad_url, refused, bad_setting = quoted

    command, expected = bad_url.strip().splitlines()
    result = invoke(*shlex.split(command.removeprefix("$ "))[1:])
    assert result.exit_code == 2
    assert one_line(result.stderr) == expected

    url = f"{server.base_url}/p/sonora-qc-ultra"
    assert invoke("watch", "add", "Tell me when it ships", "--url", url).exit_code == 0
    ran = invoke("watch", "run", "1", "--here")
    assert one_line(refused.replace(DOC_SHOP, server.base_url)) in one_line(ran.stdout)

    name, value = "SENTINEL_FETCH_ALLOW_HOSTS", "127.0.0.1, intra net"
    monkeypatch.setenv(name, value)
    stopped = invoke("watch", "run", "1", "--here")
    assert stopped.exit_code == 2
    assert one_line(stopped.stderr) == one_line(bad_setting)
