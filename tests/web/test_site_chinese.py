"""A Chinese page of the demo has no English word but IDs and the rulebooks' symbols: the
federation's, the discipline's and the awards' names are in Chinese (issue 34).

Checked on the demo's CCBA, whose players and tournaments have Chinese names: a profile, the
latest list, the discipline's page and the index, in their Chinese copies. What may stay in
Latin letters is listed below and nothing else. On UFGO's a profile and the latest list,
whose tournaments have Latin names (data, allowed as such): the kyu/dan titles are Chinese
(5级, 2段), as in Russian and Ukrainian (5 кю, 2 дан)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from sqlalchemy import select

from fedrank.handlers.context import Services
from fedrank.storage.models import Tournament
from fedrank.web.site_build import build_site

#: Latin words a Chinese page may show: federation codes and player IDs (``CCBA-0001``), the
#: JSON link's format name, and the link to the English copy, written in its own language.
ALLOWED = {"CCBA", "FSBR", "RMF", "UFGO", "WOF", "JSON", "English"}
#: UFGO's rulebook symbol a profile's trace cites (seed 002: the IK coefficient).
UFGO_SYMBOLS = {"IK"}
#: The symbols of the CCBA's and the FSBR's formulas a tournament's traces show (seed 001
#: §1.3, seed 003 §7-8), the tournaments' codes (``ccba-2026-01-09-08``) and the name of the
#: program that held the points brought in: every other word of a trace is in Chinese.
TRACE_SYMBOLS = {"AVGM", "mp", "lg", "min", "ccba", "fsbr", "fedrank"} | {
    "IMP",
    "MB",
    "Nq",
    "PB",
    "RC",
    "RCM",
    "RO",
    "VP",
    "dq",
    "kd",
    "kq",
    "kqp",
    "pR",
}


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
        zh / "CCBA/index.html",  # the federation's page: its recent tournaments' disciplines
        zh / "index.html",
    ]
    for page in pages:
        assert _latin_words(page) <= ALLOWED, (page, sorted(_latin_words(page) - ALLOWED))
    # A tournament's traces: named quantities and named values in words (面对面 = 是)
    for tournament in [*(zh / "CCBA/ccba/t").glob("*.html"), *(zh / "FSBR/fsbr/t").glob("*.html")]:
        extra = _latin_words(tournament) - ALLOWED - TRACE_SYMBOLS
        assert not extra, (tournament, sorted(extra))
    fsbr = "".join(p.read_text(encoding="utf-8") for p in (zh / "FSBR/fsbr/t").glob("*.html"))
    assert "<code>面对面 = 是</code>" in fsbr and "<code>形式 = 双人赛</code>" in fsbr
    assert "= True" not in fsbr and "face_to_face" not in fsbr
    english = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "FSBR/fsbr/t").glob("*"))
    assert "<code>face_to_face = yes</code>" in english
    profile = pages[0].read_text(encoding="utf-8")
    assert "中国桥牌协会" in profile and "中国桥牌协会大师分" in profile
    assert "Chinese Contract Bridge Association" not in profile
    # the awards' kinds and colours in Chinese (the ledger stores them in English)
    assert "masterpoints" not in profile and "silver" not in profile
    # UFGO: a profile and the latest list, titles in the copy's language
    async with demo_services.db.read() as repos:
        names = (await repos.session.execute(select(Tournament.name))).scalars().all()
    data = {w for name in names for w in re.findall(r"[A-Za-z]{2,}", name)}
    ufgo = sorted((zh / "UFGO/ufgo").glob("20*.html"))[-1]
    profile = zh / "UFGO/players/UFGO-0001.html"
    for page in (ufgo, profile):
        extra = _latin_words(page) - ALLOWED - UFGO_SYMBOLS - data
        assert not extra, (page, sorted(extra))
    # Every profile's title history: the reasons fedrank writes itself in Chinese ("在 Moscow
    # Open 2025 达到 1 级 标准"); tournaments' names are data, RMF's and UFGO's symbols stay.
    symbols = (
        UFGO_SYMBOLS | TRACE_SYMBOLS | {"NRKT", "NR", "KT", "CHUT", "CHS", "EU", "dR", "Rp", "RA"}
    )
    for federation in ("FSBR", "RMF", "UFGO"):
        for profile in (zh / federation / "players").glob("*.html"):
            extra = _latin_words(profile) - ALLOWED - symbols - data
            assert not extra, (profile, sorted(extra))
    # FSBR's norms, which the rulebook words in Russian, said in the page's language
    fsbr_profiles = [p.read_text(encoding="utf-8") for p in (zh / "FSBR/players").glob("*.html")]
    assert any("2.2: 最近一年内" in p or " PB</td>" in p for p in fsbr_profiles)
    for text in fsbr_profiles:
        assert " ПБ" not in text and " МБ" not in text and "в течение" not in text
    listed = ufgo.read_text(encoding="utf-8")
    assert "级</td>" in listed and "段</td>" in listed
    for language, kyu in (("ru", " кю</td>"), ("uk", " кю</td>")):
        copy = tmp_path / language / "UFGO/ufgo" / ufgo.name
        text = copy.read_text(encoding="utf-8")
        assert kyu in text and " дан</td>" in text and "kyu" not in text, language
    english = (tmp_path / "UFGO/ufgo" / ufgo.name).read_text(encoding="utf-8")
    assert " kyu</td>" in english and " dan</td>" in english
