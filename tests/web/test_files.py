"""Reading file:// URLs: only inside the folders the fetcher was given."""

from __future__ import annotations

from pathlib import Path

import pytest

from sentinel.web.errors import FetchError
from sentinel.web.fetch import Fetcher


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "release.md").write_text(
        "# Quillstore 5.0\n\nQuillstore 5.0 is released today with a new query planner.\n",
        encoding="utf-8",
    )
    (tmp_path / "secret.txt").write_text("not for you", encoding="utf-8")
    return folder


async def test_a_file_inside_an_allowed_folder_is_read_like_a_page(docs: Path) -> None:
    async with Fetcher(file_roots=[docs]) as fetcher:
        result = await fetcher.fetch((docs / "release.md").as_uri())
    assert result.status == 200
    assert result.content_type == "text/markdown"
    assert "new query planner" in result.text
    assert result.fingerprint


async def test_a_file_outside_the_allowed_folders_is_refused(docs: Path) -> None:
    async with Fetcher(file_roots=[docs]) as fetcher:
        with pytest.raises(FetchError) as caught:
            await fetcher.fetch((docs.parent / "secret.txt").as_uri())
    assert caught.value.category == "blocked"
    assert "outside the allowed folders" in str(caught.value)


async def test_dot_dot_cannot_climb_out_of_an_allowed_folder(docs: Path) -> None:
    async with Fetcher(file_roots=[docs]) as fetcher:
        with pytest.raises(FetchError) as caught:
            await fetcher.fetch(f"{docs.as_uri()}/../secret.txt")
    assert caught.value.category == "blocked"


async def test_a_symlink_pointing_outside_is_refused(docs: Path) -> None:
    (docs / "link.txt").symlink_to(docs.parent / "secret.txt")
    async with Fetcher(file_roots=[docs]) as fetcher:
        with pytest.raises(FetchError) as caught:
            await fetcher.fetch((docs / "link.txt").as_uri())
    assert caught.value.category == "blocked"


async def test_without_file_roots_no_file_is_read(docs: Path) -> None:
    async with Fetcher() as fetcher:
        with pytest.raises(FetchError) as caught:
            await fetcher.fetch((docs / "release.md").as_uri())
    assert "none configured" in str(caught.value)


async def test_a_missing_file_is_a_404(docs: Path) -> None:
    async with Fetcher(file_roots=[docs]) as fetcher:
        with pytest.raises(FetchError) as caught:
            await fetcher.fetch((docs / "gone.md").as_uri())
    assert caught.value.status == 404


async def test_a_file_over_the_size_cap_is_refused(docs: Path) -> None:
    async with Fetcher(file_roots=[docs], max_bytes=10) as fetcher:
        with pytest.raises(FetchError) as caught:
            await fetcher.fetch((docs / "release.md").as_uri())
    assert caught.value.category == "too_large"


async def test_a_file_url_with_a_remote_host_is_refused(docs: Path) -> None:
    async with Fetcher(file_roots=[docs]) as fetcher:
        with pytest.raises(FetchError) as caught:
            await fetcher.fetch("file://fileserver.example/docs/release.md")
    assert caught.value.category == "blocked"
