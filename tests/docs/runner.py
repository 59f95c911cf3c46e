"""Runs the code blocks of the documentation, so a wrong example fails the suite.

Every fenced block of README.md and docs/**/*.md is one of:

- **run**: ``bash``/``sh``/``shell`` and ``python`` blocks. A page's blocks run in order, in
  one sandbox per page: a fresh ``SENTINEL_HOME``, a scratch working directory holding
  copies of the repository's ``docs`` and ``examples`` (and a link to ``scripts``), the
  venv's ``bin`` first on ``PATH``, no ``SENTINEL_*`` variable of the developer's. The
  names reserved for examples (RFC 2606: ``hooks.example``, ``example.org``) are trusted
  receivers (``SENTINEL_NOTIFY_ALLOW_HOSTS``), so that registering them asks no DNS server:
  the examples touch loopback only.
  Variables a shell block exports and the directory it ends in carry over to the page's
  next blocks; processes it leaves in the background (a server) live until the page is done.
- **data**: ``json`` and ``yaml`` blocks must parse; ``text`` and unlabelled blocks are shown
  output or pictures, not examples.
- **run by a test of its own**: ``<!-- run-by: tests/path/test_x.py -->`` right before the
  block, for an example that needs a fixture the page does not show (a shop served on
  loopback, a receiver): the named test file must exist and read this page.
- **not run**, only when the Markdown says so right before the block:
  ``<!-- not-run: why -->`` (a real provider, a command that changes the machine, ``make
  test`` itself). Any other kind of block without that comment is refused.

A ``<!-- run: OPTIONS -->`` comment before a run block tunes how it runs: ``exit=N`` (the
example shows a refusal: it must exit N), ``wait-for=URL`` (after the block, wait until URL
answers: the block started a server), ``timeout=S``, and ``model`` (the block runs the
embedded model: the page's test is marked ``model`` and the block gets a long timeout).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import yaml
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parents[2]
RUN = {"bash": "shell", "sh": "shell", "shell": "shell", "python": "python", "py": "python"}
DATA = {"json", "yaml", "yml"}
SHOWN = {"", "text", "txt"}
DEFAULT_TIMEOUT_S = 300.0
EXAMPLE_NAMES = ",".join(
    f"{prefix}{name}"
    for name in ("example", "example.com", "example.net", "example.org")
    for prefix in ("", "*.")
)
MODEL_TIMEOUT_S = 1800.0
_NOT_RUN = re.compile(r"^<!--\s*not-run:\s*(.*?)\s*-->\s*$", re.S)
_RUN = re.compile(r"^<!--\s*run:\s*(.*?)\s*-->\s*$", re.S)
_RUN_BY = re.compile(r"^<!--\s*run-by:\s*(.*?)\s*-->\s*$", re.S)


@dataclass(frozen=True)
class Block:
    """One fenced block of a page and what the page says about running it."""

    page: Path
    line: int
    language: str
    code: str
    not_run: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    run_by: str | None = None

    @property
    def where(self) -> str:
        """``page:line`` for messages."""
        try:
            shown = self.page.relative_to(ROOT)
        except ValueError:
            shown = self.page
        return f"{shown}:{self.line}"

    @property
    def kind(self) -> str:
        """``run``, ``run-by``, ``data``, ``shown``, ``not-run`` or ``unknown``."""
        if self.not_run is not None:
            return "not-run"
        if self.run_by is not None:
            return "run-by"
        if self.language in RUN:
            return "run"
        if self.language in DATA:
            return "data"
        if self.language in SHOWN:
            return "shown"
        return "unknown"

    @property
    def model(self) -> bool:
        """Whether the block runs the embedded model."""
        return "model" in self.options


def pages() -> list[Path]:
    """Every documentation page: the README and the Markdown under docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def blocks(page: Path, text: str | None = None) -> list[Block]:
    """The fenced blocks of ``page`` in order, with the comment before each."""
    source = page.read_text(encoding="utf-8") if text is None else text
    tokens = MarkdownIt("commonmark").parse(source)
    found = []
    for index, token in enumerate(tokens):
        if token.type != "fence" or token.map is None:
            continue
        before = tokens[index - 1] if index else None
        comment = (
            before.content.strip() if before is not None and before.type == "html_block" else ""
        )
        not_run, run = _NOT_RUN.match(comment), _RUN.match(comment)
        run_by = _RUN_BY.match(comment)
        info = token.info.strip()
        found.append(
            Block(
                page,
                token.map[0] + 1,
                info.split()[0].lower() if info else "",
                token.content,
                not_run=not_run.group(1) if not_run else None,
                options=_options(run.group(1)) if run else {},
                run_by=run_by.group(1) if run_by else None,
            )
        )
    return found


def _options(text: str) -> dict[str, str]:
    options = {}
    for word in text.split():
        name, _, value = word.partition("=")
        options[name] = value
    return options


def problems(found: list[Block]) -> list[str]:
    """What is wrong with the blocks themselves: unknown kinds, not-run without a reason,
    data that does not parse, run options that do not exist."""
    wrong = []
    for block in found:
        if block.kind == "unknown":
            wrong.append(
                f"{block.where}: a ```{block.language} block is neither run nor marked "
                "<!-- not-run: why -->"
            )
        if block.run_by is not None:
            test = ROOT / block.run_by
            if not test.is_file() or block.page.name not in test.read_text(encoding="utf-8"):
                wrong.append(
                    f"{block.where}: <!-- run-by: {block.run_by} --> names no test file that "
                    f"reads {block.page.name}"
                )
        if block.not_run is not None and not block.not_run.strip():
            wrong.append(f"{block.where}: <!-- not-run: --> needs a reason")
        unknown = set(block.options) - {"exit", "wait-for", "timeout", "model"}
        if unknown:
            wrong.append(f"{block.where}: unknown run options {sorted(unknown)}")
        if block.options and block.kind != "run":
            wrong.append(f"{block.where}: <!-- run: --> before a block that is not run")
        if block.kind == "data":
            try:
                if block.language == "json":
                    json.loads(block.code)
                else:
                    yaml.safe_load(block.code)
            except (ValueError, yaml.YAMLError) as error:
                wrong.append(f"{block.where}: the {block.language} does not parse: {error}")
    return wrong


class Sandbox:
    """A page's world: a scratch directory, a home, the variables its blocks exported."""

    def __init__(self, scratch: Path) -> None:
        self.scratch = scratch
        self.work = scratch / "work"
        self.work.mkdir(parents=True)
        # Copies, so an example that writes (a --json file, a report) cannot touch the repository.
        for name in ("docs", "examples"):
            shutil.copytree(
                ROOT / name, self.work / name, ignore=shutil.ignore_patterns("__pycache__")
            )
        (self.work / "scripts").symlink_to(ROOT / "scripts")
        self.state = scratch / "state"
        self.state.mkdir()
        (self.state / "cwd").write_text(str(self.work))
        (self.state / "env.sh").write_text("")
        self.groups: list[int] = []
        bin_dir = Path(sys.executable).parent
        base = {k: v for k, v in os.environ.items() if not k.startswith("SENTINEL_")}
        base.pop("VIRTUAL_ENV", None)
        self.env = {
            **base,
            "PATH": f"{bin_dir}{os.pathsep}{base.get('PATH', '')}",
            "SENTINEL_HOME": str(scratch / "home"),
            "SENTINEL_NOTIFY_ALLOW_HOSTS": EXAMPLE_NAMES,
            # A model server would outlive the block (and the test): models load in-process.
            "SENTINEL_LLM_SERVER": "off",
            "COLUMNS": "100",
            "PYTHONWARNINGS": "ignore",
        }

    def run(self, block: Block) -> subprocess.CompletedProcess[str]:
        """Run one block (see the module documentation); its exit code and output."""
        script = self.state / f"block-{block.line}"
        if RUN[block.language] == "python":
            script.with_suffix(".py").write_text(block.code)
            body = f'python "{script.with_suffix(".py")}"'
        else:
            body = block.code
        script.write_text(
            "set -eo pipefail\n"
            f'source "{self.state}/env.sh"\n'
            f'cd "$(cat "{self.state}/cwd")"\n'
            f'trap \'export -p > "{self.state}/env.sh"; pwd > "{self.state}/cwd"\' EXIT\n'
            f"{body}\n"
        )
        out, err = self.state / "stdout", self.state / "stderr"
        timeout = float(
            block.options.get("timeout") or (MODEL_TIMEOUT_S if block.model else DEFAULT_TIMEOUT_S)
        )
        with out.open("w") as stdout, err.open("w") as stderr:
            # Output goes to files: a background server keeps a pipe open, a file it does not.
            process = subprocess.Popen(
                ["bash", str(script)],
                stdin=subprocess.DEVNULL,
                stdout=stdout,
                stderr=stderr,
                env=self.env,
                start_new_session=True,
            )
            self.groups.append(process.pid)
            try:
                code = process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self._kill(process.pid)
                process.wait()
                code = -1
                stderr.write(f"\n[docs runner: killed after {timeout:g} s]\n")
        waits = "wait-for" in block.options and code == int(block.options.get("exit", "0"))
        if waits and not _answers(block.options["wait-for"]):
            code = -2
            with err.open("a") as stderr:
                stderr.write(f"\n[docs runner: {block.options['wait-for']} never answered]\n")
        return subprocess.CompletedProcess(
            ["bash", str(script)], code, out.read_text(), err.read_text()
        )

    def close(self) -> None:
        """Stop what the blocks left running."""
        for group in self.groups:
            self._kill(group)
        shutil.rmtree(self.scratch, ignore_errors=True)

    @staticmethod
    def _kill(group: int) -> None:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(group, sig)
            except ProcessLookupError:
                return
            time.sleep(0.5)


def _answers(url: str, seconds: float = 90.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            httpx.get(url, timeout=2.0)
            return True
        except httpx.TransportError:
            time.sleep(0.2)
    return False


def run_page(page: Path, scratch: Path) -> list[str]:
    """Run every run block of ``page`` in order; the failures, each with its output."""
    sandbox = Sandbox(scratch)
    failures = []
    try:
        for block in blocks(page):
            if block.kind != "run":
                continue
            done = sandbox.run(block)
            expected = int(block.options.get("exit", "0"))
            if done.returncode != expected:
                failures.append(
                    f"{block.where}: exit {done.returncode}, expected {expected}\n"
                    f"--- block\n{block.code}--- stdout\n{done.stdout[-3000:]}"
                    f"--- stderr\n{done.stderr[-3000:]}"
                )
                break  # the page's later blocks build on this one
    finally:
        sandbox.close()
    return failures
