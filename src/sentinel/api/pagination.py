"""Pages of a listing: the items and the URL of the next page (absent on the last).

Listings page by key (``cursor`` or ``after``: the last id seen), which costs the same on the
first page and the thousandth; ``offset`` is still read where it was, for old clients.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from fastapi import Query, Request
from pydantic import BaseModel

T = TypeVar("T")
MAX_LIMIT = 200

MAX_KEYSET_LIMIT = 1000

Limit = Query(50, ge=1, le=MAX_LIMIT, description="Items per page.")
KeysetLimit = Query(50, ge=1, le=MAX_KEYSET_LIMIT, description="Items per page (up to 1,000).")


class Page(BaseModel, Generic[T]):
    """One page of items, newest or lowest id first as the route says."""

    items: list[T]
    next: str | None = None


def next_link(request: Request, **params: int | None) -> str:
    """This request's URL with ``params`` replaced (the following page)."""
    return str(request.url.include_query_params(**params))


def offset_page(request: Request, rows: list[T], *, limit: int, offset: int) -> Page[T]:
    """A page of ``rows`` fetched with ``limit + 1``: the extra row means there is more."""
    more = len(rows) > limit
    link = next_link(request, limit=limit, offset=offset + limit) if more else None
    return Page[T](items=rows[:limit], next=link)


def cursor_page(
    request: Request, rows: list[T], *, limit: int, cursor: Callable[[T], int]
) -> Page[T]:
    """A page of ``rows`` fetched with ``limit + 1`` after a cursor; the next page starts
    after ``cursor`` of this page's last item."""
    more = len(rows) > limit
    items = rows[:limit]
    link = next_link(request, limit=limit, cursor=cursor(items[-1])) if more else None
    return Page[T](items=items, next=link)


def keyset_page(
    request: Request, rows: list[T], *, limit: int, key: Callable[[T], int], param: str = "after"
) -> Page[T]:
    """A page of ``rows`` fetched with ``limit + 1`` by key: the next page's link carries
    ``param`` = ``key`` of this page's last item (and no ``offset``)."""
    more = len(rows) > limit
    items = rows[:limit]
    link = None
    if more:
        url = request.url.remove_query_params("offset")
        link = str(url.include_query_params(limit=limit, **{param: key(items[-1])}))
    return Page[T](items=items, next=link)
