"""Reading ``file://`` URLs inside explicitly allowed folders.

The embedded local search indexes a folder of documents and returns ``file://`` hits; a run
then reads those hits like web pages. The fetcher only opens files under roots it was given
(no root, no file access), after resolving symlinks and ``..``, so a crafted hit cannot read
``/etc/passwd``.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sentinel.web.errors import FetchError

# Types the reader understands; anything else is refused as unsupported.
_TYPES = {".md": "text/markdown", ".markdown": "text/markdown", ".txt": "text/plain"}


def file_content_type(path: Path) -> str:
    """The media type Sentinel reads ``path`` as (by suffix)."""
    return _TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or "text/plain"


def resolve_file_url(url: str, roots: Iterable[Path]) -> Path:
    """The file ``url`` names, if it lies inside one of ``roots``; else ``FetchError``."""
    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost"):
        raise FetchError(url, "blocked", f"file URL with a host ({parts.netloc}) is not read")
    path = Path(unquote(parts.path)).resolve()
    allowed = [root.resolve() for root in roots]
    if not any(path.is_relative_to(root) for root in allowed):
        where = ", ".join(str(root) for root in allowed) or "none configured"
        raise FetchError(url, "blocked", f"outside the allowed folders ({where})")
    if not path.is_file():
        raise FetchError(url, "http_status", "no such file", status=404)
    return path


def read_file_url(url: str, roots: Iterable[Path], max_bytes: int) -> tuple[Path, bytes]:
    """The resolved path and bytes of an allowed ``file://`` URL, at most ``max_bytes``."""
    path = resolve_file_url(url, roots)
    size = path.stat().st_size
    if size > max_bytes:
        raise FetchError(url, "too_large", f"{size} bytes is over the {max_bytes}-byte cap")
    return path, path.read_bytes()
