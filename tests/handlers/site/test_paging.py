"""A list as pages of a readable size: page numbers from positions, the rows of each page,
the paths of later pages and how they parse back."""

from __future__ import annotations

from datetime import date
from math import ceil
from typing import Any

import pytest

from fedrank.handlers.site import paging, paths


def _list(positions: list[int]) -> dict[str, Any]:
    rows = [{"position": p, "id": f"P{i}", "name": f"N{i}"} for i, p in enumerate(positions)]
    return {"kind": "list", "page": "F/d/2026-01-01.html", "size": len(rows), "rows": rows}


@pytest.mark.parametrize(("n", "size"), [(1, 3), (3, 3), (4, 3), (10, 3), (401, 200), (20000, 200)])
def test_a_list_of_n_rows_has_ceil_n_over_size_pages_with_the_right_rows(n: int, size: int) -> None:
    page = _list(list(range(1, n + 1)))
    parts = list(paging.slices(page, size))
    assert len(parts) == paging.count(page, size) == ceil(n / size)
    for number, part in enumerate(parts, start=1):
        wanted = list(range((number - 1) * size + 1, min(number * size, n) + 1))
        assert [row["position"] for row in part["rows"]] == wanted
        info = part["paging"]
        assert (info["number"], info["count"], info["size"]) == (number, len(parts), n)
        assert (info["first"], info["last"]) == (wanted[0], wanted[-1])
        assert part["page"] == paging.path_of(page["page"], number)
        assert part["whole"] == page["page"]
        assert info["prev"] == (parts[number - 2]["page"] if number > 1 else None)
        assert info["next"] == (parts[number]["page"] if number < len(parts) else None)
        assert len(info["pages"]) == (len(parts) if len(parts) > 1 else 0)
    # every row on exactly one page, and each player's position names his page
    assert sum(len(p["rows"]) for p in parts) == n
    for part in parts:
        for row in part["rows"]:
            assert paging.page_of(row["position"], size) == part["paging"]["number"]


def test_the_first_page_is_at_the_lists_own_path_the_others_beside_it() -> None:
    first = paths.list_page("ZGO", "zgo", date(2026, 7, 1))
    assert paging.path_of(first, 1) == first == "ZGO/zgo/2026-07-01.html"
    assert paging.path_of(first, 2) == "ZGO/zgo/2026-07-01/page-2.html"
    assert paths.parse("ZGO/zgo/2026-07-01/page-2.html") == (
        "list",
        "ZGO",
        "zgo",
        "2026-07-01",
        "page-2",
    )
    assert paging.parse_number("page-2") == 2
    assert paging.parse_number("page-100") == 100
    for wrong in ("page-1", "page-0", "page-02", "page-", "page-x", "2", "page--3"):
        assert paging.parse_number(wrong) is None
    # a tournament whose code looks like a page stays a tournament
    assert paths.parse("ZGO/zgo/t/page-2.html") == ("tournament", "ZGO", "zgo", "page-2")


def test_ties_stay_on_the_page_of_their_position() -> None:
    # competition ranking: three players share 2nd; the 5th is alone on the second page
    page = _list([1, 2, 2, 2, 5])
    parts = list(paging.slices(page, 4))
    assert [[r["position"] for r in p["rows"]] for p in parts] == [[1, 2, 2, 2], [5]]
    assert parts[1]["paging"]["first"] == parts[1]["paging"]["last"] == 5
    # a tie wider than a page leaves a page without rows; it still exists
    page = _list([1] * 5 + [6])
    assert [len(p["rows"]) for p in paging.slices(page, 2)] == [5, 0, 1]
    assert paging.one(page, 3, 2) is not None and paging.one(page, 4, 2) is None


def test_an_empty_list_is_one_empty_page() -> None:
    parts = list(paging.slices(_list([]), 200))
    assert len(parts) == 1 and parts[0]["rows"] == [] and parts[0]["paging"]["pages"] == []


def test_each_row_is_on_the_page_page_of_names_whatever_its_position() -> None:
    """slices works out page_of and count in one pass of its own: the same pages as theirs,
    for positions below 1, ties, gaps and rows out of order."""
    positions = [5, 0, -3, 1, 2, 2, 9, 4, 17, 3, 1, 30]
    for size in (1, 2, 4, 200):
        page = _list(positions)
        parts = list(paging.slices(page, size))
        assert len(parts) == paging.count(page, size)
        for number, part in enumerate(parts, start=1):
            expected = [r for r in page["rows"] if paging.page_of(r["position"], size) == number]
            assert part["rows"] == expected
