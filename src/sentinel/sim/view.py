"""A page as it is at one moment: the version in effect and what is derived from it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from sentinel.sim.markdown import markdown_to_text, summary
from sentinel.sim.scenario import Page, Site, Version

__all__ = ["PageView"]


@dataclass(frozen=True)
class PageView:
    """One page of one site, in the version at ``index`` of its timeline."""

    scenario_id: str
    site: Site
    page: Page
    index: int

    @property
    def url(self) -> str:
        """The page's address in the world, e.g. ``http://news.example/story``."""
        return f"http://{self.site.host}{self.page.path}"

    @property
    def version(self) -> Version:
        """The version in effect."""
        return self.page.timeline[self.index]

    @property
    def headline(self) -> str:
        """The version's own headline, else the page title."""
        return self.version.headline or self.page.title

    @property
    def published(self) -> datetime:
        """When the page first appeared (its first timeline entry)."""
        return self.page.timeline[0].at

    @property
    def modified(self) -> datetime:
        """When the version in effect appeared."""
        return self.version.at

    @cached_property
    def text(self) -> str:
        """The version's body as plain text (no headline, no boilerplate, no noise)."""
        return markdown_to_text(self.version.markdown)

    @property
    def description(self) -> str:
        """The first paragraph, shortened: the page's meta description."""
        return summary(self.version.markdown)

    @property
    def jsonld(self) -> dict[str, Any] | None:
        """The version's JSON-LD, else the page default; None when neither says anything."""
        data = self.version.jsonld if self.version.jsonld is not None else self.page.jsonld
        return data or None
