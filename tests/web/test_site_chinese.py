"""A Chinese page of the demo has no English word but IDs and the rulebooks' symbols: the
federation's, the discipline's and the awards' names are in Chinese (issue 34).

Checked on the demo's CCBA, whose players and tournaments have Chinese names: a profile, the
latest list, the discipline's page and the index, in their Chinese copies. What may stay in
Latin letters is listed below and nothing else."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from fedrank.handlers.context import Services
from fedrank.web.site_build import build_site

#: Latin words a Chinese page may show: federation codes and player IDs (``CCBA-0001``), the
#: JSON link's format name, and the link to the English copy, written in its own language.
ALLOWED = {"CCBA", "FSBR", "RMF", "UFGO", "WOF", "JSON", "English"}


def _latin_words(page: Path) -> set[str]:
    """The Latin words a reader sees: text and alt/title/aria-label, not markup or links."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", page.read_text(encoding="utf-8"), flags=re.S)
    shown = re.findall(r'\b(?:alt|title|aria-label)="([^"]*)"', text)
    words = html.unescape(re.sub(r"<[^>]+>", " ", text)) + " " + " ".join(shown)
    return set(re.findall(r"[A-Za-z]{2,}", words))


@pytest.mark.slow
async def test_a_chinese_page_has_no_english_word(demo_services: Services, tmp_path: Path) -> None:
    await build_site(demo_services, tmp_path)
    zh = tmp_path / "zh"
    lists = sorted((zh / "CCBA/ccba").glob("20*.html"))
    pages = [
        zh / "CCBA/players/CCBA-0001.html",
        zh / "CCBA/players/CCBA-0042.html",
        lists[-1],
        zh / "CCBA/ccba/index.html",
        zh / "index.html",
    ]
    for page in pages:
        assert _latin_words(page) <= ALLOWED, (page, sorted(_latin_words(page) - ALLOWED))
    profile = pages[0].read_text(encoding="utf-8")
    assert "中国桥牌协会" in profile and "中国桥牌协会大师分" in profile
    assert "Chinese Contract Bridge Association" not in profile
    # the awards' kinds and colours in Chinese (the ledger stores them in English)
    assert "masterpoints" not in profile and "silver" not in profile
