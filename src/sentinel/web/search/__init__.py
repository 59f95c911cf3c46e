"""Web search: one module per provider behind the :class:`SearchProvider` protocol."""

from sentinel.web.search.base import SearchHit, SearchInput, SearchProvider

__all__ = ["SearchHit", "SearchInput", "SearchProvider"]
