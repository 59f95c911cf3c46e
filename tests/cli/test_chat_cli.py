"""``sentinel chat``: one question, a conversation on stdin, JSON lines, the turn's options —
the real flow on the local database with the scripted model."""

from __future__ import annotations

import asyncio
import json
import os
import pty
import re
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sentinel.cli import chat as chat_cli
from sentinel.llm import ScriptedRequest
from sentinel.receipts import ReceiptLedger
from sentinel.storage import Database, open_database
from sentinel.storage.settings import sqlite_url
from tests.assistant.chat.conftest import Script, decision
from tests.cli.chat_conversation import ASK
from tests.cli.test_watch_cli import home, invoke, sqlite_template

__all__ = ["home", "sqlite_template"]

WIDE = {"COLUMNS": "200"}


@pytest.fixture
def script(monkeypatch: pytest.MonkeyPatch, home: Path) -> Script:
    """The scripted model every turn of the test runs on (the assistant model's place)."""
    offers = ["Shall I note her birthday?", "Plan a visit to Porto?"]
    scripted = Script(
        decisions=[
            decision(("CREATE_MEMORY", {"text": "Ana lives in Porto"}), suggestions=offers),
            decision(("DONE", {}), suggestions=offers),
        ],
        texts=["Noted: Ana lives in Porto."],
    )
    monkeypatch.setattr(chat_cli, "assistant_model", lambda: scripted.model)
    monkeypatch.setenv("COLUMNS", "200")
    return scripted


def on_db(home: Path, work: Any) -> Any:
    """Run ``work(db)`` on the home's database."""

    async def main() -> Any:
        db: Database = await open_database(sqlite_url(home / "sentinel.db"), migrate=False)
        try:
            return await work(db)
        finally:
            await db.close()

    return asyncio.run(main())


def events_of(stdout: str) -> list[dict[str, Any]]:
    """The JSON lines of ``--json``."""
    return [json.loads(line) for line in stdout.splitlines()]


def test_one_question_shows_persona_actions_answer_suggestions_and_receipt(
    script: Script, home: Path
) -> None:
    result = invoke("chat", "Remember that Ana lives in Porto")

    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "· Retrieving relevant memories..." in out
    assert "persona MENTOR (80% confident)" in out
    assert "✓ CREATE_MEMORY " in out
    assert "→ memory #1 “Ana lives in Porto”" in out
    assert "assistant› I saved this to your memories: “Ana lives in Porto”" in out
    assert "Noted: Ana lives in Porto." in out
    assert "/1 Shall I note her birthday?" in out
    assert "/2 Plan a visit to Porto?" in out
    assert "receipt #1 sha256 " in out
    assert "done in " in out
    [receipt] = on_db(home, lambda db: ReceiptLedger(db).list("local"))
    assert receipt.hash[:16] in out


def test_json_prints_each_event_as_a_line(script: Script, home: Path) -> None:
    result = invoke("chat", "Remember that Ana lives in Porto", "--json")

    assert result.exit_code == 0, result.output
    events = events_of(result.stdout)
    assert events[0]["event"] == "status"
    assert events[-1]["event"] == "done"
    assert set(events[-1]["data"]) == {"duration_ms", "iterations"}
    answer = "".join(e["data"]["content"] for e in events if e["event"] == "content")
    assert (
        answer
        == "I saved this to your memories: “Ana lives in Porto”\n\nNoted: Ana lives in Porto."
    )
    receipts = [e["data"] for e in events if e["event"] == "receipt"]
    assert [r["seq"] for r in receipts] == [1]


def test_no_reasoning_and_max_iterations_reach_the_turn(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    always_more = Script(decisions=[decision(("NEED_MORE", {}))] * 3)
    monkeypatch.setattr(chat_cli, "assistant_model", lambda: always_more.model)
    result = invoke(
        "chat", "what are my tasks?", "--json", "--no-reasoning", "--max-iterations", "1"
    )

    assert result.exit_code == 0, result.output
    events = events_of(result.stdout)
    assert "reasoning" not in {e["event"] for e in events}
    assert events[-1]["data"]["iterations"] == 1
    assert invoke("chat", "hi", "--max-iterations", "4").exit_code == 2


def test_sequential_runs_a_plans_actions_one_at_a_time(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two DECOMPOSE_TASK actions each ask the model for subtasks; the model answers only
    # once both requests are in. Run together, both finish; run one at a time, the first
    # waits for a partner that cannot come until the action timeout cuts it off.
    monkeypatch.setenv("SENTINEL_ASSISTANT_CHAT_ACTION_TIMEOUT_S", "3")

    def run(*options: str) -> list[bool]:
        arrived, both = 0, asyncio.Event()

        async def subtasks(_: ScriptedRequest) -> dict[str, Any]:
            nonlocal arrived
            arrived += 1
            if arrived == 2:
                both.set()
            await both.wait()
            return {"subtasks": ["book", "pack"]}

        trip = ("CREATE_TASK", {"title": "Trip"})
        split = [("DECOMPOSE_TASK", {"task_id": n}) for n in (1, 2)]
        script = Script(
            decisions=[decision(trip, trip, ("NEED_MORE", {})), decision(*split)],
            subtasks=[subtasks, subtasks],
        )
        monkeypatch.setattr(chat_cli, "assistant_model", lambda: script.model)
        result = invoke("chat", "plan two trips", "--json", *options)
        events = events_of(result.stdout)
        return [
            action["ok"]
            for e in events
            if e["event"] == "reasoning"
            for action in e["data"]["actions"] or []
            if action["action"] == "DECOMPOSE_TASK"
        ]

    assert run() == [True, True]
    assert run("--sequential") == [False, True]


def test_a_conversation_on_stdin_keeps_its_history_and_asks_suggestions(
    script: Script, home: Path
) -> None:
    lines = "Remember that Ana lives in Porto\n\nWhere does Ana live?\n/2\n/9\n/exit\nnever asked\n"
    result = invoke("chat", input=lines)

    assert result.exit_code == 0, result.output
    assert result.stdout.count("done in ") == 3  # the blank line, /9 and after /exit: no turn
    assert "you› Where does Ana live?" in result.stdout
    assert "/9: the last answer made 1 suggestion(s)" in result.stderr
    answers = [call for call in script.model.calls if call.streamed]
    assert len(answers) == 3
    # Each answer is written from the conversation so far; /2 asked the second suggestion.
    third = [(m.role, m.content) for m in answers[2].messages if m.role != "system"]
    assert third[:4] == [
        ("user", "Remember that Ana lives in Porto"),
        (
            "assistant",
            "I saved this to your memories: “Ana lives in Porto”\n\nNoted: Ana lives in Porto.",
        ),
        ("user", "Where does Ana live?"),
        # The question searched the memories; what was found is stated first.
        ("assistant", "From your memories: “Ana lives in Porto”\n\nHere is what I found."),
    ]
    assert third[4][0] == "user"
    assert "<query>\nPlan a visit to Porto?\n</query>" in third[4][1]
    receipts = on_db(home, lambda db: ReceiptLedger(db).list("local"))
    assert sorted(r.seq for r in receipts) == [1, 2, 3]


def test_end_of_input_ends_the_conversation_without_a_turn(script: Script, home: Path) -> None:
    result = invoke("chat", input="")
    assert result.exit_code == 0, result.output
    assert script.model.calls == []


def test_a_bad_model_setting_is_named(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_LLM_ASSISTANT", "nonsense")
    result = invoke("chat", "hi")
    assert result.exit_code == 2
    assert "SENTINEL_LLM_ASSISTANT" in result.stderr


def test_the_configured_scripted_model_runs_a_whole_turn(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SENTINEL_LLM_ASSISTANT", "scripted")
    result = invoke("chat", "hello", "--json")
    events = events_of(result.stdout)
    assert events[-1]["event"] == "done"
    assert [e["data"]["seq"] for e in events if e["event"] == "receipt"] == [1]
    # The schema-filling model plans an action that does not exist: a visible failure, exit 1.
    failed = [e["data"] for e in events if e["event"] == "error"]
    assert result.exit_code == (1 if failed else 0)


def in_a_terminal(args: list[str], typed: bytes, env: dict[str, str]) -> tuple[int, str]:
    """Run ``sentinel ARGS`` on a pseudo-terminal, typing ``typed``; its exit code and screen."""
    sentinel = Path(sys.executable).parent / "sentinel"
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [str(sentinel), *args],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env={**os.environ, **env, **WIDE},
    )
    os.close(terminal)
    os.write(controller, typed)
    screen = b""
    while True:
        ready, _, _ = select.select([controller], [], [], 120)
        if not ready:
            process.kill()
            break
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the terminal closed: the command exited
            break
        if not chunk:
            break
        screen += chunk
    os.close(controller)
    text = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", screen.decode(errors="replace"))
    return process.wait(timeout=60), text.replace("\r\n", "\n")


def test_in_a_terminal_the_conversation_prompts_and_ctrl_d_ends_it(home: Path) -> None:
    code, screen = in_a_terminal(
        ["chat"], b"hello\n\x04", {"SENTINEL_LLM_ASSISTANT": "scripted", "CI": "false"}
    )
    assert code == 0, screen
    assert "Chat with the assistant. /exit or Ctrl-D to leave." in screen
    assert screen.count("you›") == 2  # asked twice: "hello", then Ctrl-D
    assert "assistant› I have nothing on that yet." in screen  # the built-in scripted chat
    assert "receipt #1 sha256 " in screen


def test_in_ci_with_a_terminal_and_no_question_it_refuses_instead_of_waiting(home: Path) -> None:
    sentinel = Path(sys.executable).parent / "sentinel"
    controller, terminal = pty.openpty()
    try:
        done = subprocess.run(
            [str(sentinel), "chat"],
            stdin=terminal,
            capture_output=True,
            text=True,
            env={**os.environ, "CI": "true", **WIDE},
            timeout=120,
            check=False,
        )
    finally:
        os.close(controller)
        os.close(terminal)
    assert done.returncode == 2, done.stderr
    assert "CI=true and no question" in done.stderr


def normalized(transcript: str) -> str:
    """A transcript without what changes from run to run: receipt hashes and durations."""
    transcript = re.sub(r"sha256 [0-9a-f]{16}…", "sha256 <hash>…", transcript)
    return re.sub(r"done in \d+\.\d s", "done in <n> s", transcript).strip()


def test_the_docs_transcript_is_what_the_cli_prints_with_the_script_file(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/assistant.md shows a conversation on the scripted model replaying
    docs/examples/chat-script.yaml: the command a user can run prints exactly that."""
    root = Path(__file__).resolve().parents[2]
    page = (root / "docs" / "assistant.md").read_text(encoding="utf-8")
    shown = page.split("<!-- chat-transcript -->\n```text\n", 1)[1].split("\n```", 1)[0]
    monkeypatch.setenv("SENTINEL_LLM_ASSISTANT", "scripted")
    monkeypatch.setenv("SENTINEL_LLM_SCRIPT", str(root / "docs" / "examples" / "chat-script.yaml"))
    monkeypatch.setenv("COLUMNS", "120")

    result = invoke("chat", input=f"{ASK}\n/1\n")

    assert result.exit_code == 0, result.output
    assert normalized(result.stdout) == normalized(shown)
