"""Achievements of 2.1 from championship places, as award lines of the qualified players."""

from __future__ import annotations

from decimal import Decimal

import pytest

from fedrank.engines.bridge_fsbr.achievements import achievement_level
from fedrank.engines.bridge_fsbr.tables import PAIRS, TEAMS
from fedrank.engines.bridge_fsbr.tournament import compute_tournament
from tests.engines.bridge_fsbr.builders import event


@pytest.mark.parametrize(
    ("status", "form", "event_key", "levels"),
    [
        ("main_ew", TEAMS, "", [5, 4, 4, 3, 3, 3, 3, 3, 0]),
        ("main_ew", PAIRS, "", [5, 4, 4, 3, 3, 3, 3, 3, 3, 3, 0]),
        ("ew", TEAMS, "", [4, 3, 3, 2, 2, 2, 2, 2, 0]),
        ("ew", TEAMS, "eu.champions_cup", [4, 3, 3, 0, 0]),
        ("ew", PAIRS, "", [4, 3, 3, 2, 2, 2, 2, 2, 2, 2, 0]),
        ("main_russian", TEAMS, "", [3, 2, 2, 1, 1, 0]),
        ("main_russian", PAIRS, "", [3, 2, 2, 1, 1, 1, 1, 1, 1, 1, 0]),
        ("russian", PAIRS, "", [2, 1, 1, 0]),
        ("regional", PAIRS, "", [1, 0]),
        ("none", PAIRS, "", [0]),
    ],
)
def test_achievement_levels(status: str, form: str, event_key: str, levels: list[int]) -> None:
    t = event(4, form, status=status, event=event_key)
    assert [achievement_level(t, p) for p in range(1, len(levels) + 1)] == levels


def test_achievements_go_to_qualified_players_as_award_lines() -> None:
    t = event(16, d=66, kq=Decimal(1), N0=Decimal(20), status="regional")
    lines = [a for a in compute_tournament(t).awards if a.kind == "achievement"]
    assert [(a.player, a.amount) for a in lines] == [("E1.1", Decimal(1)), ("E1.2", Decimal(1))]
