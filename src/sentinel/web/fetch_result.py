"""What a fetch returns (:class:`FetchResult`), and what makes a fetch conditional
(:class:`Validators`).

A result remembers the ``ETag`` and ``Last-Modified`` it came with; a caller that keeps them
(a monitor's named pages, stored with the state) passes them back as :class:`Validators`, and a
304 answered to them is a result without content: the caller's copy is current.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from sentinel.web.links import PageLink
from sentinel.web.structured import EventInfo, Offer, SoftwareInfo


@dataclass(frozen=True)
class Validators:
    """What makes a request conditional: the ``ETag`` and ``Last-Modified`` of the response
    the caller's copy came from (sent as ``If-None-Match`` and ``If-Modified-Since``)."""

    etag: str | None = None
    last_modified: str | None = None

    def __bool__(self) -> bool:
        return bool(self.etag or self.last_modified)

    def headers(self) -> dict[str, str]:
        """The conditional request headers."""
        headers = {}
        if self.etag:
            headers["If-None-Match"] = self.etag
        if self.last_modified:
            headers["If-Modified-Since"] = self.last_modified
        return headers


class FetchResult(BaseModel):
    """A fetched page: where it was, what it says, and how it was obtained.

    ``not_modified``: the server answered 304. With ``from_cache`` the content is this
    fetcher's remembered copy; without, the request carried the caller's validators and
    there is no content here (``has_content`` is False): the caller's copy is current.
    """

    url: str
    final_url: str
    status: int
    content_type: str
    title: str | None = None
    text: str = Field(default="", description="Main content as Markdown (text/JSON verbatim).")
    published: datetime | None = None
    jsonld: list[dict[str, Any]] = Field(default_factory=list)
    offers: list[Offer] = Field(default_factory=list)
    events: list[EventInfo] = Field(default_factory=list)
    software: list[SoftwareInfo] = Field(default_factory=list)
    page_text: str = Field(
        default="", description="Every visible block of the main region (what monitors read)."
    )
    links: list[PageLink] = Field(
        default_factory=list, description="The page's links (sentinel.web.links)."
    )
    fingerprint: str
    etag: str | None = None
    last_modified: str | None = None
    not_modified: bool = Field(
        default=False, description="The server answered 304 (see the class documentation)."
    )
    from_cache: bool = False
    redirects: list[str] = Field(default_factory=list, description="URLs that redirected.")
    fetched_at: datetime
    elapsed_s: float

    @property
    def has_content(self) -> bool:
        """Whether the page's content is here (not a 304 answered to the caller's validators)."""
        return not self.not_modified or self.from_cache
