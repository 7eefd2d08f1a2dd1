"""Long lists a page at a time: the club's ratings and roster, a season's nights. The
page and search asked for come from the address (`?q=...&page=2`); a page shows at most
its list's size however long the list (templates/_pager.html draws the links)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask import request

from ..core.checks import typed_count
from ..core.names import MAX_NAME

PAGE = 50  # the people a page of a club's lists shows (docs/clubs.md)


@dataclass(frozen=True)
class Paged:
    """One page of a long list: its items, which page of how many, the search it
    answers ('' for none) and how many it found in all."""

    items: tuple
    page: int
    pages: int
    found: int
    query: str
    first: int = 1  # the place in the whole list of the page's first item


def asked() -> tuple[str, int]:
    """The search and the page asked for in the address: a page number that is not one
    shows the first page."""
    query = request.args.get("q", "")[:MAX_NAME]
    page = typed_count(request.args.get("page", ""))
    return query, page if page is not None else 1


def page_of(items: Sequence, page: int, query: str = "", size: int = PAGE) -> Paged:
    """Page `page` (from 1; one past the last shows the last) of `items`."""
    pages = max(1, -(-len(items) // size))
    page = min(max(page, 1), pages)
    start = (page - 1) * size
    return Paged(tuple(items[start : start + size]), page, pages, len(items), query, start + 1)
