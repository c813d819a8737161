"""A published list as pages of a readable size (issue 19, round 2).

A list's page ``k`` holds the rows whose position is in ``(k - 1) * SIZE + 1 .. k * SIZE``
("positions 201-400 of 20,000"), so a player's position alone gives the page that holds him
(:func:`page_of`), whoever else is on the list. The first page is at the list's own path
(:func:`.paths.list_page`), page ``k`` from 2 on at ``<date>/page-<k>.html`` beside it
(:func:`.paths.list_page_n`). Ties in position stay on one page; a list whose ties leave a
range of positions empty still has that page (no rows), so every page number up to the last
position's exists.

The list's JSON stays one file with every row (``api/v1/<fed>/<disc>/<date>.json``): the
federation's tools read a whole list, and the paged HTML links that file from every page.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

#: Rows (positions) on one page of a list.
SIZE = 200

Page = dict[str, Any]


def page_of(position: int, size: int | None = None) -> int:
    """The number (from 1) of the page of a list that holds ``position``."""
    return max(0, int(position) - 1) // (size or SIZE) + 1


def count(page: Page, size: int | None = None) -> int:
    """How many pages a list has (at least one, the first, even for an empty list)."""
    return _pages_to(max((int(row["position"]) for row in page["rows"]), default=0), size)


def _pages_to(last: int, size: int | None) -> int:
    """How many pages a list whose last position is ``last`` has (at least one)."""
    return max(1, page_of(last, size)) if last else 1


def path_of(list_path: str, number: int) -> str:
    """The path of page ``number`` of the list whose first page is at ``list_path``."""
    return list_path if number <= 1 else f"{list_path.removesuffix('.html')}/page-{number}.html"


def slices(page: Page, size: int | None = None) -> Iterator[Page]:
    """A list's page data (from :func:`.pages.list_body`) as its pages, in order: each the
    list's data with its share of the rows and a ``paging`` part (this page's number and
    positions, the previous and next page, and every page of the list for the index)."""
    size = size or SIZE
    rows = page["rows"]
    # one pass for the positions, page_of and count written out (a build's 2.4 million rows)
    positions = [int(row["position"]) for row in rows]
    last_position = max(positions, default=0)
    total = _pages_to(last_position, size)
    buckets: list[list[Page]] = [[] for _ in range(total)]
    for row, position in zip(rows, positions, strict=True):
        buckets[(position - 1) // size if position > 1 else 0].append(row)
    every = [
        {
            "number": n,
            "page": path_of(page["page"], n),
            "first": (n - 1) * size + 1,
            "last": min(n * size, last_position),
        }
        for n in range(1, total + 1)
    ]
    for n in range(1, total + 1):
        yield {
            **page,
            "page": every[n - 1]["page"],
            "whole": page["page"],
            "rows": buckets[n - 1],
            "paging": {
                **every[n - 1],
                "count": total,
                "size": page["size"],
                "positions": last_position,
                "prev": every[n - 2]["page"] if n > 1 else None,
                "next": every[n]["page"] if n < total else None,
                "pages": every if total > 1 else [],
            },
        }


def one(page: Page, number: int, size: int | None = None) -> Page | None:
    """Page ``number`` of a list (None past its last page)."""
    if number < 1 or number > count(page, size):
        return None
    for n, part in enumerate(slices(page, size), start=1):
        if n == number:
            return part
    return None  # pragma: no cover (count said it exists)


def parse_number(segment: str) -> int | None:
    """The page number a ``page-<k>`` segment names (k from 2, written plainly), or None."""
    digits = segment.removeprefix("page-")
    if digits == segment or not digits.isdigit() or str(int(digits)) != digits:
        return None
    number = int(digits)
    return number if number >= 2 else None


def bounds(number: int, size: int | None = None) -> tuple[int | None, int]:
    """The positions of page ``number`` as (above, at most): the first page also takes any
    position below 1, as :func:`page_of` puts it there."""
    size = size or SIZE
    return (None if number <= 1 else (number - 1) * size), number * size


def window(page: Page, number: int, last_position: int, size: int | None = None) -> Page | None:
    """Page ``number`` of a list whose data holds only that page's rows (read alone, by
    :func:`bounds`: the live server need not read 20,000 rows to show 200), given the list's
    last position; the same data as :func:`one` gives from the whole list. None past its
    last page."""
    size = size or SIZE
    total = max(1, page_of(last_position, size)) if last_position else 1
    if number < 1 or number > total:
        return None
    every = [
        {
            "number": n,
            "page": path_of(page["page"], n),
            "first": (n - 1) * size + 1,
            "last": min(n * size, last_position),
        }
        for n in range(1, total + 1)
    ]
    return {
        **page,
        "page": every[number - 1]["page"],
        "whole": page["page"],
        "paging": {
            **every[number - 1],
            "count": total,
            "size": page["size"],
            "positions": last_position,
            "prev": every[number - 2]["page"] if number > 1 else None,
            "next": every[number]["page"] if number < total else None,
            "pages": every if total > 1 else [],
        },
    }
