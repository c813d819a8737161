"""The /history PNG: a valid image of the layout, whose every drawn text is one of the layout's
labels; read back on the demo's Go player with the longest history."""

from __future__ import annotations

import struct
import zlib
from datetime import date
from decimal import Decimal
from itertools import pairwise

import pytest

from fedrank.charts.png import (
    HEIGHT,
    PALETTE,
    WHITE,
    WIDTH,
    chart_layout,
    drawable,
    level_text,
    rating_chart,
    render,
)
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.questions.players import chart_titles
from fedrank.handlers.systems.go_ufgo.adapter import ADAPTER as GO
from fedrank.handlers.wording.i18n import LANGUAGES, t
from fedrank.handlers.wording.reply import Attachment
from fedrank.storage.database import Database
from tests.helpers import user


def decode(png: bytes) -> tuple[int, int, bytes]:
    """Width, height and the palette indices of a PNG this module writes (8-bit, colour
    type 3, no interlace), every chunk's CRC checked."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, bytes] = {}
    at = 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at : at + 8])
        data = png[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", png[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + data) & 0xFFFFFFFF
        chunks[kind] = chunks.get(kind, b"") + data
        at += 12 + length
    assert next(iter(chunks)) == b"IHDR" and list(chunks)[-1] == b"IEND"
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour, interlace) == (8, 3, 0)
    assert len(chunks[b"PLTE"]) == 3 * len(PALETTE)
    raw = zlib.decompress(chunks[b"IDAT"])
    assert len(raw) == height * (width + 1)
    assert all(raw[y * (width + 1)] == 0 for y in range(height))  # filter "none"
    pixels = b"".join(raw[y * (width + 1) + 1 : (y + 1) * (width + 1)] for y in range(height))
    return width, height, pixels


HISTORY = [
    (date(2025, 1, 1), Decimal("1850")),
    (date(2025, 4, 1), Decimal("1933.5")),
    (date(2025, 7, 1), Decimal("1933.5")),
    (date(2026, 1, 1), Decimal("2104.7")),
]


def test_the_png_draws_the_layout_and_only_its_labels() -> None:
    levels = GO.rating_levels("ru")
    chart = chart_layout(HISTORY, levels, "Іваненко Ірина — рейтинг")
    drawn = render(chart)
    width, height, pixels = decode(drawn.png)
    assert (width, height) == (drawn.width, drawn.height) == (WIDTH, HEIGHT)
    assert sum(1 for p in pixels if p != WHITE) > 5000  # lines and text, not a blank page
    assert max(pixels) < len(PALETTE)
    # the exact ticks (1933.5 is a point, not a label of a rounded line)
    assert [tick.label for tick in chart.y_ticks] == ["1800", "1900", "2000", "2100", "2200"]
    assert [line.label for line in chart.levels] == ["3 кю", "2 кю", "1 кю", "1 дан", "2 дан"]
    assert [p.label for p in chart.points] == ["1850", "1933.5", "1933.5", "2104.7"]
    # every text the renderer drew is a label of the layout, and every label it holds is drawn
    assert set(drawn.texts) <= chart.labels
    assert {tick.label for tick in chart.y_ticks} <= set(drawn.texts)
    assert {day.label for day in chart.x_ticks} <= set(drawn.texts)
    assert {line.label for line in chart.levels} <= set(drawn.texts)


def test_a_script_the_font_lacks_falls_back_to_the_rulebook_symbol() -> None:
    chart = chart_layout(HISTORY, GO.rating_levels("zh"), "UFGO-0001 — ufgo")
    drawn = render(chart)
    assert "1段" in chart.labels and "1段" not in drawn.texts and "1d" in drawn.texts
    assert set(drawn.texts) <= chart.labels
    assert level_text("1段", "1d") == "1d" and level_text("1 dan", "1d") == "1 dan"
    assert not drawable("李") and drawable("Ґанна Їжак, Éva — 2025-01")


def test_the_font_draws_every_chart_word_but_chinese() -> None:
    for language in LANGUAGES:
        words = [t(language, "chart.dan", n=1), t(language, "chart.kyu", n=30)]
        assert all(drawable(w) for w in words) == (language != "zh"), language


def test_single_point_and_empty() -> None:
    one = rating_chart([(date(2025, 1, 1), Decimal(5))])
    assert decode(one.png)[:2] == (WIDTH, HEIGHT)
    with pytest.raises(ValueError, match="at least one point"):
        rating_chart([])


@pytest.mark.parametrize("language", ["en", "zh"])
async def test_history_sends_the_chart_of_the_demo(
    demo_services: Services, demo_db: Database, language: str
) -> None:
    async with demo_db.read() as repos:
        (player,) = await repos.players.by_exact_id(None, "UFGO-0025")
        (ufgo,) = [d for d in await repos.federations.disciplines() if d.code == "ufgo"]
        rows = await repos.lists.player_rows(player.id, ufgo.id)
        points = [(snap.list_date, Decimal(row.rating)) for row, snap in rows]
        discipline = ufgo.names.get(language) or ufgo.name  # the demo names it in all four
    assert len(points) >= 7
    reply = await dispatch(demo_services, user("u1", language=language), "/history UFGO-0025")
    (chart,) = [b for b in reply.blocks if isinstance(b, Attachment)]
    assert chart.filename == "UFGO-0025-ufgo.png" and chart.mime == "image/png"
    # the caption carries the title and the discipline's name in the reader's language, the
    # player's name in its own script
    assert chart.caption == t(
        language, "chart.title", player="Олександр Савчук (UFGO-0025)", discipline=discipline
    )
    assert decode(chart.content)[:2] == (WIDTH, HEIGHT)
    # the same layout, rebuilt from the rows: read back
    layout = chart_layout(points, GO.rating_levels(language), chart.caption)
    assert [tick.label for tick in layout.y_ticks] == [
        "2400",
        "2420",
        "2440",
        "2460",
        "2480",
        "2500",
    ]
    assert [line.short for line in layout.levels] == ["4d", "5d"]
    assert [p.label for p in layout.points] == ["2435"] * 3 + ["2429"] * 4
    assert [day.label for day in layout.x_ticks] == [
        "2025-07",
        "2025-10",
        "2026-01",
        "2026-04",
        "2026-07",
        "2026-10",
    ]
    # horizontal, then vertical: one drop, at the April 2026 list
    verticals = [(a, b) for a, b in pairwise(layout.path) if a[0] == b[0]]
    assert len(verticals) == 1
    assert verticals[0][0][0] == next(p.x for p in layout.points if p.day == date(2026, 4, 1))


def test_the_image_title_is_the_caption_or_its_script_neutral_form() -> None:
    from fedrank.storage.models import Discipline, Player

    ufgo = Discipline(code="ufgo", name="UFGO rating")
    kyiv = Player(federation_player_id="UFGO-0025", name="Олександр Савчук", latin_name=None)
    assert (
        chart_titles("uk", kyiv, ufgo)
        == ("Олександр Савчук (UFGO-0025) — UFGO rating, за списками",) * 2
    )
    caption, title = chart_titles("zh", kyiv, ufgo)
    assert caption == "Олександр Савчук (UFGO-0025) — UFGO rating，历次名单"
    assert title == "Олександр Савчук (UFGO-0025) — UFGO rating"
    ccba = Discipline(code="ccba", name="中国桥牌协会大师分")
    li = Player(federation_player_id="CCBA-0005", name="刘艳涛", latin_name="Liu Yantao")
    assert chart_titles("en", li, ccba) == (
        "刘艳涛 (CCBA-0005) — 中国桥牌协会大师分, list by list",
        "Liu Yantao (CCBA-0005) — ccba",
    )
    li.latin_name = None
    assert chart_titles("ru", li, ccba)[1] == "CCBA-0005 — ccba"
