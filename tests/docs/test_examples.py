"""Every shell and Python example of the README and the docs runs (see ``tests.docs.runner``):
a wrong example fails here. Blocks that cannot run offline are marked in the Markdown, with
the reason, and counted; any other block that is not run is refused."""

from __future__ import annotations

import textwrap
from pathlib import Path

import httpx
import pytest

from tests.docs.runner import ROOT, blocks, pages, problems, run_page


def _param(page: Path) -> object:
    found = blocks(page)
    marks = [pytest.mark.network]
    if any(block.model for block in found):
        marks.append(pytest.mark.model)
    return pytest.param(page, id=str(page.relative_to(ROOT)), marks=marks)


RUNNABLE = [p for p in pages() if any(block.kind == "run" for block in blocks(p))]


def test_every_block_is_run_parsed_or_marked_not_run() -> None:
    found = [block for page in pages() for block in blocks(page)]
    assert problems(found) == []


def test_most_examples_run_and_every_one_left_out_says_why() -> None:
    found = [block for page in pages() for block in blocks(page)]
    run = [b for b in found if b.kind in ("run", "run-by")]
    left_out = [b for b in found if b.kind == "not-run"]
    print(f"{len(run)} examples run, {len(left_out)} not run:")  # shown with -s
    for block in left_out:
        print(f"  {block.where}: {block.not_run}")
    # Left out: benchmarks that run for hours, real providers, commands that change the
    # machine or run until stopped. Everything else runs.
    assert len(run) >= 2 * len(left_out), "most examples must run"
    assert all(block.not_run for block in left_out)


@pytest.mark.timeout(3600)
@pytest.mark.parametrize("page", [_param(p) for p in RUNNABLE])
def test_the_examples_of_the_page_run(page: Path, tmp_path: Path) -> None:
    failures = run_page(page, tmp_path)
    assert not failures, "\n\n".join(failures)


# -- the runner itself ------------------------------------------------------------------------


def page_of(tmp_path: Path, text: str) -> Path:
    page = tmp_path / "page.md"
    page.write_text(textwrap.dedent(text))
    return page


def test_a_block_that_is_neither_run_nor_marked_is_refused(tmp_path: Path) -> None:
    page = page_of(
        tmp_path,
        """
        ```console
        $ sentinel watch list
        ```

        <!-- not-run:  -->
        ```bash
        sentinel serve
        ```

        ```json
        {"broken": }
        ```

        <!-- run: exit=2 -->
        ```text
        shown
        ```
        """,
    )

    found = problems(blocks(page))

    assert len(found) == 4
    assert "a ```console block is neither run nor marked" in found[0]
    assert "needs a reason" in found[1]
    assert "the json does not parse" in found[2]
    assert "before a block that is not run" in found[3]


def test_blocks_share_exports_and_directory_and_a_failure_names_its_line(tmp_path: Path) -> None:
    page = page_of(
        tmp_path,
        """
        ```bash
        export GREETING=hello
        mkdir -p notes && cd notes
        ```

        ```python
        import os, pathlib
        assert os.environ["GREETING"] == "hello"
        assert pathlib.Path.cwd().name == "notes"
        assert os.environ["SENTINEL_HOME"].endswith("home")
        ```

        <!-- run: exit=3 -->
        ```bash
        exit 3
        ```

        ```bash
        echo "this one fails"; false
        ```

        ```bash
        echo never reached
        ```
        """,
    )
    assert [b.kind for b in blocks(page)] == ["run"] * 5

    failures = run_page(page, tmp_path / "scratch")

    assert len(failures) == 1
    assert failures[0].startswith(f"{page}:19: exit 1, expected 0")
    assert "this one fails" in failures[0]


def test_a_not_run_block_is_not_run(tmp_path: Path) -> None:
    page = page_of(
        tmp_path,
        """
        <!-- not-run: talks to a real provider -->
        ```bash
        false
        ```
        """,
    )
    [block] = blocks(page)
    assert (block.kind, block.not_run) == ("not-run", "talks to a real provider")
    assert run_page(page, tmp_path / "scratch") == []


def test_a_background_server_is_waited_for_and_stopped(tmp_path: Path) -> None:
    page = page_of(
        tmp_path,
        """
        <!-- run: wait-for=http://127.0.0.1:8391/ -->
        ```bash
        python -m http.server 8391 --bind 127.0.0.1 > /dev/null 2>&1 &
        ```

        ```bash
        curl -sf http://127.0.0.1:8391/ > /dev/null
        ```
        """,
    )
    [first, _] = blocks(page)
    assert first.options == {"wait-for": "http://127.0.0.1:8391/"}

    assert run_page(page, tmp_path / "scratch") == []
    with pytest.raises(httpx.TransportError):  # the page's server went with the page
        httpx.get("http://127.0.0.1:8391/", timeout=2)
