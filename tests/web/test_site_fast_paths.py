"""The build's fast paths write what the slow, obvious way writes: each is compared here with
the code it stands in for, on edge cases (escaping, depth, Chinese names, bidi controls)."""

from __future__ import annotations

from datetime import date

import pytest

from fedrank.handlers.context import LANGUAGES
from fedrank.handlers.site import paths
from fedrank.web.site import Renderer

#: Page paths at every depth, with names that need quoting or escaping.
PAGES = [
    paths.INDEX,
    paths.player("BIG", "X&Y<1>"),
    paths.player("RU", "игрок\u202e'\""),
    paths.player("ZH", "张伟"),
    paths.archive("BIG", "go"),
    paths.list_page("BIG", "go", date(2025, 1, 1)),
    "BIG/go/2025-01-01/page-2.html",
    paths.tournament("ZH", "围棋", "a/b"),
]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("kind", ["head", "nav"])
def test_links_to_the_other_copies_are_the_folders_with_the_name(page: str, kind: str) -> None:
    renderer = Renderer({"BIG": "en", "RU": "ru", "ZH": "zh"}, "uk")
    for language in LANGUAGES:
        here = renderer.path(page, language)
        table: dict[tuple[object, ...], bytes] = {}
        # twice: the second from what the first kept for the folder
        for _ in range(2):
            fast = renderer._alternates(kind, page, language, table)
            slow = renderer._resolve((kind,), {"page": page}, language, here).encode()
            assert fast == slow
        # another page of the same folder, through the same table
        other = page.rpartition("/")[0] + ("/" if "/" in page else "") + "other%26.html"
        assert (
            renderer._alternates(kind, other, language, table)
            == renderer._resolve(
                (kind,), {"page": other}, language, renderer.path(other, language)
            ).encode()
        )
