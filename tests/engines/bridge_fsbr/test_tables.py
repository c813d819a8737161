"""Appendix 1 line by line, appendix 2 and the norms of 2.2 as data."""

from __future__ import annotations

from decimal import Decimal

import pytest

from fedrank.engines.bridge_fsbr.tables import (
    APPENDIX_1,
    COUNTRY_CATEGORY,
    NORMS,
    RK_LEVELS,
    country_category,
    is_russian,
    same_country,
)

# Each line of appendix 1 written out place by place (None: the appendix gives no number).
EXPECTED_APPENDIX_1: dict[str, list[int | None]] = {
    "ru.teams": [5, 4, 3, 2, 1],
    "ru.pairs": [5, 4, 3, 2, 1, 1, 1, 1, 1, 1],
    "ru.mixed": [4, 3, 2, 1],
    "ru.cup": [4, 3, 2, 1],
    "ru.women_pairs": [2, 1],
    "ru.individual": [2, 1],
    "ru.junior": [1],
    "eu.teams": [6, 5, 4, 3, 2, 1],
    "eu.women_teams": [5, 4, 3, 2, 1],
    "eu.pairs": [6, 5, 4, 3, 2, 1, 1, 1, 1, 1],
    "eu.women_pairs": [5, 4, 3, 2, 1, 1, 1, 1, 1, 1],
    "eu.open_teams": [6, 5, 4, 4, 2, 2, 2, 2, *([1] * 8)],
    "eu.open_teams_women": [5, 4, 3, 3, 1, 1, 1, 1],
    "eu.open_pairs": [6, 5, 4, 3, 2, 1, 1, 1, 1, 1],
    "eu.mixed_teams": [5, 4, 3, 2, 1, 1, 1, 1],
    "eu.mixed_pairs": [5, 4, 3, 2, 1],
    "eu.champions_cup": [5, 4, 3, 2, 1],
    "eu.junior": [3, 2, 1],
    "w.bermuda_bowl": [8, 6, 5, 4, 2, 2, 2, 2],
    "w.venice_cup": [7, 5, 4, 3, 1, 1, 1, 1],
    "w.rosenblum": [7, 6, 5, 4, 3, 3, 3, 3, *([2] * 8), *([1] * 16)],
    "w.mcconnell": [6, 5, 4, 3, 2, 2, 2, 2, *([1] * 8)],
    "w.mixed_teams": [5, 4, 3, 2, 1, 1, 1, 1],  # 6-8: 1 with a play-off stage
    "w.pairs": [8, 7, 6, 5, 4, *([None] * 5), *([2] * 10), *([1] * 19)],
    "w.women_pairs": [6, 5, 4, 3, 3, 3, 2, 2, 2, 2, *([1] * 8)],
    "w.mixed_pairs": [5, 4, 3, 2, 1],
    "w.other": [4, 3, 2, 1],
    "w.junior": [3, 2, 1],
    "olympiad.open": [8, 7, 6, 5, 3, 3, 3, 3],
    "olympiad.women": [7, 6, 5, 4, 2, 2, 2, 2],
}


def test_every_line_of_appendix_1_is_there() -> None:
    assert set(APPENDIX_1) == set(EXPECTED_APPENDIX_1)


@pytest.mark.parametrize("key", sorted(EXPECTED_APPENDIX_1))
def test_appendix_1_line(key: str) -> None:
    line = APPENDIX_1[key]
    expected = EXPECTED_APPENDIX_1[key]
    got = [line.for_place(p, playoff=True) for p in range(1, len(expected) + 1)]
    assert got == expected
    assert line.for_place(len(expected) + 1, playoff=True) == 0  # nothing past the line
    assert line.first == expected[0]


def test_world_mixed_teams_places_6_to_8_need_a_playoff() -> None:
    line = APPENDIX_1["w.mixed_teams"]
    assert [line.for_place(p) for p in (5, 6, 8)] == [1, 0, 0]
    assert [line.for_place(p, playoff=True) for p in (5, 6, 8)] == [1, 1, 1]


@pytest.mark.parametrize(
    ("country", "rks"),
    [
        ("Италия", 0),
        ("США", 0),
        ("us", 0),
        ("Англия", 1),
        ("Китай", 1),
        ("Япония", 2),
        ("Тайвань", 2),
        ("Латвия", 3),
        ("ЮАР", 3),
        ("EE", 3),
        ("Монголия", 4),  # "все остальные"
        ("Беларусь", 4),
    ],
)
def test_appendix_2_categories(country: str, rks: int) -> None:
    assert country_category(country) == rks


def test_appendix_2_has_every_named_country() -> None:
    """4 + 9 + 11 + 13 countries are named in appendix 2."""
    assert len(COUNTRY_CATEGORY) == 37
    assert sorted(set(COUNTRY_CATEGORY.values())) == [0, 1, 2, 3]


def test_russian_players_and_country_spellings() -> None:
    assert is_russian("") and is_russian("Россия") and is_russian("RU")
    assert not is_russian("Латвия")
    assert same_country("lv", "Латвия")


def test_rk_levels_and_norm_count() -> None:
    """2.2 lists 17 coefficients (5, 4, 3, 2, 1, 0.5, 0, ..., -5) and 57 norms after rk 5."""
    assert RK_LEVELS[0] == 5 and RK_LEVELS[-1] == -5
    assert RK_LEVELS[4:7] == (Decimal(1), Decimal("0.5"), Decimal(0))
    assert len(NORMS) == 57
    assert sum(1 for n in NORMS if not n.lifetime) == 14  # 2 + 3 + 3 + 2 + 1 + 1 + 1 + 1
    assert {n.rk for n in NORMS} == set(RK_LEVELS[1:])
