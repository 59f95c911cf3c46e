"""Every program in examples/ runs to completion and prints what it promises.

Examples are documentation that executes: each runs as its own process, with the same Python
as the tests and warnings as errors, so an example that rots fails here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# What each example must print; an example not listed must still exit 0 and print something.
EXPECTED: dict[str, list[str]] = {
    "a2a_client.py": [
        "agent: Sentinel",
        "skills: ['monitor', 'research', 'chat']",
        "TASK_STATE_WORKING: searcher: search",
        "artifact final_report: 'Who won the marathon'",
        "TASK_STATE_COMPLETED: Daniel Kiprono won the Calder Marathon in 2:04:31",
        "task TASK_STATE_INPUT_REQUIRED: When should I tell you?",
        "monitor #1 is active, criteria: when its release date is announced",
    ],
    "translator_handoff.py": [
        "summarizer #1.1 publish_summary",
        "translator #1.1 publish_summary",
        "REFUSED: action 'publish_summary' is forbidden for agent 'translator'",
        "translator #1.2 publish_translation",
        "translation: le chat s'est assis sur le tapis et regarda",
        "summarizer: status=idle activations=1 should_act=False",
        "translator: status=idle activations=1 should_act=False",
    ],
    "mcp_client.py": [
        "tools: add_memory, create_monitor, delete_monitor, get_monitor, list_monitors, "
        "pause_monitor, query_state, resume_monitor, run_monitor_now, run_research, "
        "search_memories",
        "created monitor 1: 'Tell me when Voltix ships the VX-40', active",
        "refused (isError=True, 422): [{'field': 'notify', 'value': 'sometimes'",
        "resource sentinel://monitors: 1 monitor(s)",
        "query_state: [['Tell me when Voltix ships the VX-40', 'active']]",
        "report: What happened with the VX-30 power bank recall (",
    ],
}


def example_paths() -> list[Path]:
    return sorted(p for p in EXAMPLES.glob("*.py") if not p.name.startswith("_"))


def test_every_listed_example_exists():
    assert set(EXPECTED) <= {p.name for p in example_paths()}


@pytest.mark.parametrize("path", example_paths(), ids=lambda p: p.name)
def test_example_runs_and_prints_what_it_promises(path: Path):
    done = subprocess.run(
        [sys.executable, "-W", "error", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=EXAMPLES.parent,
        check=False,
    )
    assert done.returncode == 0, f"{path.name} failed:\n{done.stdout}\n{done.stderr}"
    assert done.stdout.strip(), f"{path.name} printed nothing"
    for expected in EXPECTED.get(path.name, []):
        assert expected in done.stdout, f"{path.name} did not print {expected!r}:\n{done.stdout}"
