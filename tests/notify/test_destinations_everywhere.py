"""Every front end that registers channels resolves their hosts first (issue 34, cause 2):
each module that builds a monitor's channels from user input (``new_monitor``,
``monitor_changes``) also awaits ``vet_channel_destinations`` — so a new surface cannot forget
the outbound policy's first check without this test naming it."""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "sentinel"
BUILDS_CHANNELS = re.compile(r"\b(new_monitor|monitor_changes)\(")
# Modules that build monitors without channels a user gave, and why.
EXEMPT = {
    "monitor/service.py": "defines new_monitor and monitor_changes",
    "monitor/transfer.py": "reads an import file; watch import vets what it stores",
    "assistant/chat/actions/monitors.py": "the assistant's monitors have no channels",
    "bench/crash/campaign.py": "a benchmark's own loopback receivers",
}


def test_every_module_that_registers_channels_vets_their_destinations() -> None:
    forgetful = [
        str(path.relative_to(SRC))
        for path in sorted(SRC.rglob("*.py"))
        if BUILDS_CHANNELS.search(path.read_text())
        and str(path.relative_to(SRC)) not in EXEMPT
        and "vet_channel_destinations" not in path.read_text()
    ]
    assert forgetful == []


def test_the_exempt_modules_still_exist() -> None:
    assert [name for name in EXEMPT if not (SRC / name).is_file()] == []
