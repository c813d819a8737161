"""Achievements of levels 1-5 from championship places (seed 003 2.1, 2.2 note 6).

An achievement is a norm of 2.2 in its own right, so its level is kept apart from the points.
"""

from __future__ import annotations

from .model import Tournament
from .tables import (
    CHAMPIONS_CUP,
    STATUS_EW,
    STATUS_MAIN_EW,
    STATUS_MAIN_RU,
    STATUS_REGIONAL,
    STATUS_RU,
    TEAMS,
)


def achievement_level(t: Tournament, place: int, *, small_field: bool = False) -> int:
    """2.1: the level of an achievement for ``place`` (the best of shared places).

    RULES.md and 2.1: levels 1-5 from championship places; the team placings 4-8 of a
    (non-main) European or World championship exclude the Champions Cup.
    """
    team = t.form == TEAMS
    if t.status == STATUS_MAIN_EW:
        if place == 1:
            return 5
        if place <= 3:
            return 4
        if place <= (8 if team else 10):
            return 3
    elif t.status == STATUS_EW:
        if place == 1:
            return 4
        if place <= 3:
            return 3
        if place <= (8 if team else 10) and t.event != CHAMPIONS_CUP:
            return 2
    elif t.status == STATUS_MAIN_RU:
        if place == 1:
            return 3
        if place <= 3:
            return 2
        if place <= (5 if team else 10):
            return 1
    elif t.status == STATUS_RU and not small_field:
        if place == 1:
            return 2
        if place <= 3:
            return 1
    elif (t.status == STATUS_REGIONAL or t.status == STATUS_RU) and place == 1:
        # 2.2 note 6: a women's or junior championship rated under the small-field exception
        # of 8.5 (``small_field``) counts as a regional one.
        return 1
    return 0
