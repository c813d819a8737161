"""Who counts: 5.2 board shares, q from the qualified players, 6.3 foreign players, 4.7."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from fedrank.engines.bridge_fsbr.model import Entry, PlayerEntry
from fedrank.engines.bridge_fsbr.participants import effective_rk, player_qualifies
from fedrank.engines.bridge_fsbr.tables import MATCH, PAIRS, TEAMS
from fedrank.engines.bridge_fsbr.tournament import compute_tournament
from fedrank.engines.kernel import InputError, RuleError
from tests.engines.bridge_fsbr.builders import awards, event


@pytest.mark.parametrize(
    ("form", "entry_boards", "fails", "passes"),
    [
        (TEAMS, 100, 41, 42),  # 42 % of 100 = 42 > 39
        (TEAMS, 80, 38, 39),  # 42 % of 80 = 33.6 < 39
        (PAIRS, 80, 55, 56),  # 70 % of 80 = 56 > 48
        (PAIRS, 60, 47, 48),  # 70 % of 60 = 42 < 48
        (MATCH, 16, 15, 16),  # 5.3: 16 boards of the match
    ],
)
def test_player_qualification_limits(form: str, entry_boards: int, fails: int, passes: int) -> None:
    assert not player_qualifies(form, fails, entry_boards)
    assert player_qualifies(form, passes, entry_boards)


def test_unqualified_player_gets_nothing_and_does_not_count_in_q() -> None:
    """Pair E1: rk -2 (72 boards) and rk 4 (40 boards < 48): q = -2, not the mean 1."""
    t = event(8, d=72, rks=["0"] * 8)
    e1 = t.entries[0]
    players = (
        PlayerEntry("strong", rk=Decimal(-2), boards=72),
        PlayerEntry("sub", rk=Decimal(4), boards=40),
    )
    t = replace(t, entries=(Entry("E1", 1, players), *t.entries[1:]))
    assert e1.entry == "E1"
    result = compute_tournament(t)
    assert result.entries[0].q == -2
    mb = awards(result, "MB")
    assert "strong" in mb and "sub" not in mb


def test_foreign_players_by_country_category() -> None:
    """6.3: Latvia is RKS 3: 0.9 in general, 0.8 + 0.6 = 1.4 in a Latvian club event;
    his own rk 0.5 is better than 0.9 and kept; an Italian (RKS 0) gets 0."""
    t = event(4)
    latvian = PlayerEntry("lv", rk=None, country="Латвия")
    assert effective_rk(t, latvian)[0] == Decimal("0.9")
    club = replace(t, club_country="LV")
    assert effective_rk(club, latvian)[0] == Decimal("1.4")
    assert effective_rk(t, PlayerEntry("lv2", rk=Decimal("0.5"), country="LV"))[0] == Decimal("0.5")
    assert effective_rk(t, PlayerEntry("it", rk=Decimal(3), country="Италия"))[0] == 0
    with pytest.raises(InputError, match="rk"):
        effective_rk(t, PlayerEntry("ru", rk=None))


def test_qualification_list_40_percent_of_the_length() -> None:
    """4.7: length 100; a participant out after stages of 39 boards is not listed (not in N,
    no MB), one out after 40 is; one out after 20 whose stage carried EBL points is listed."""
    t = event(6, d=100, kq=Decimal(1))
    e5, e6 = t.entries[4], t.entries[5]
    entries = (*t.entries[:4], replace(e5, critical=40), replace(e6, critical=39))
    result = compute_tournament(replace(t, entries=entries))
    assert result.figures["N"] == 5
    assert [e.listed for e in result.entries] == [True] * 5 + [False]
    assert result.entries[5].MB == 0
    entries = (*t.entries[:4], e5, replace(e6, critical=20, critical_mp=True))
    assert compute_tournament(replace(t, entries=entries)).figures["N"] == 6


def test_european_championship_own_share_5_6() -> None:
    """5.6: a pairs European championship whose regulations ask 30 %: 30 of 100 boards
    qualify (5.2 alone would need 70); below 30 % the regulations may not go."""
    assert player_qualifies(PAIRS, 30, 100, Decimal("0.3"))
    assert not player_qualifies(PAIRS, 29, 100, Decimal("0.3"))
    assert not player_qualifies(PAIRS, 30, 100)
    t = event(4, kq=Decimal(1), scope="foreign", status="ew", ew_min_share=Decimal("0.25"))
    with pytest.raises(RuleError, match=r"5\.6"):
        compute_tournament(t)
