"""One tournament's awards: thresholds, ranks, kq, MB, sessions, RC, RO, PB, achievements."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.bridge_fsbr.tables import INDIVIDUAL, MATCH, PAIRS, TEAMS
from fedrank.engines.bridge_fsbr.tournament import (
    Entry,
    PlayerEntry,
    Session,
    Tournament,
    TournamentResult,
    achievement_level,
    compute_tournament,
    effective_rk,
    player_qualifies,
    with_ranks,
)
from fedrank.engines.kernel import InputError, RuleError

SIZE = {TEAMS: 4, PAIRS: 2, INDIVIDUAL: 1, MATCH: 4}


def event(
    n: int,
    form: str = PAIRS,
    *,
    d: int = 52,
    length: int | None = None,
    rks: list[str] | None = None,
    places: list[tuple[int, int]] | None = None,
    **kw: object,
) -> Tournament:
    """n participants placed 1..n; every player has rk 0 unless ``rks`` gives entry ranks."""
    entries = []
    for i in range(n):
        rk = Decimal(rks[i]) if rks else Decimal(0)
        players = tuple(
            PlayerEntry(f"E{i + 1}.{j + 1}", rk=rk, boards=d) for j in range(SIZE.get(form, 2))
        )
        first, last = places[i] if places else (i + 1, i + 1)
        entries.append(Entry(f"E{i + 1}", first, players, place_last=last))
    fields: dict[str, object] = {
        "id": "t",
        "name": "t",
        "form": form,
        "scope": "russian",
        "start": date(2025, 3, 1),
        "end": date(2025, 3, 2),
        "length": length if length is not None else d,
        "actual_length": d,
        "entries": tuple(entries),
    }
    fields.update(kw)
    return Tournament(**fields)  # type: ignore[arg-type]


def mb_of(result: TournamentResult) -> list[int]:
    return [int(e.MB) for e in result.entries]


def awards(result: TournamentResult, kind: str) -> dict[str, Decimal]:
    return {a.player: a.amount for a in result.awards if a.kind == kind}


# --- 7.2 thresholds ---------------------------------------------------------------------


def test_mb_needs_16_boards() -> None:
    below = compute_tournament(event(4, d=15, kq=Decimal(1)))
    assert mb_of(below) == [0, 0, 0, 0]
    assert any("7.2" in w for w in below.warnings)
    at = compute_tournament(event(4, d=16, kq=Decimal(1)))
    assert mb_of(at)[0] > 0


@pytest.mark.parametrize(("form", "minimum"), [(PAIRS, 4), (INDIVIDUAL, 8), (TEAMS, 3)])
def test_mb_needs_the_field(form: str, minimum: int) -> None:
    """7.2: 4 pairs, 8 individuals, 2 teams (two teams are a match, tested below)."""
    if form != TEAMS:
        below = compute_tournament(event(minimum - 1, form, kq=Decimal(1)))
        assert mb_of(below)[0] == 0
    at = compute_tournament(event(minimum, form, kq=Decimal(1)))
    assert mb_of(at)[0] > 0


def test_two_teams_are_a_match() -> None:
    with pytest.raises(RuleError, match=r"7\.6"):
        compute_tournament(event(2, TEAMS, kq=Decimal(1)))


# --- 5.2 players --------------------------------------------------------------------------


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


def rc_n0_note(result: TournamentResult) -> str:
    return next(s.note for s in result.trace if s.name == "N0" and s.rule == "8.10")


# --- 7.5 / 7.6 in a tournament -------------------------------------------------------------


def test_mb_for_places_and_shared_places() -> None:
    """10 pairs, kq given 1, d = 52: MB 35.50, 12.18, 4.18, 1.43 ... -> 36, 12, 4, 1;
    places 2-3 shared: (12.182 + 4.180) / 2 = 8.18 -> 8 each."""
    result = compute_tournament(event(10, kq=Decimal(1)))
    assert mb_of(result)[:5] == [36, 12, 4, 1, 0]
    assert result.trace.get("kq") == 1
    assert next(s.note for s in result.trace if s.name == "kq") == "given"
    shared = compute_tournament(
        event(10, kq=Decimal(1), places=[(1, 1), (2, 3), (2, 3)] + [(i, i) for i in range(4, 11)])
    )
    assert mb_of(shared)[:3] == [36, 8, 8]


def test_kq_from_the_players_ranks() -> None:
    """4 pairs with q = 0 -> kq = (0.2 + 0.19 + 0.1805 + 0.171475) / 2 = 0.3709875."""
    result = compute_tournament(event(4))
    assert result.figures["kq"] == Decimal("0.3709875")


def test_with_ranks_fills_the_state_at_the_start() -> None:
    t = event(4, rks=["0"] * 4)
    ranked = with_ranks(t, {"E1.1": Decimal(-3), "E1.2": Decimal(-3)})
    assert compute_tournament(ranked).entries[0].q == -3


# --- 7.1 / 7.3 sessions -------------------------------------------------------------------


def test_sessions_and_tournament_are_exclusive_the_better_kept() -> None:
    """8 pairs, kq 1, d = 52: tournament MB 32.06, 9.02, 2.54, 0.72 -> 32, 9, 3, 1.
    Two sessions of 26 boards (kd = lg 26 - 0.7): MB 12.91, 4.70, 1.71, 0.62 -> 13, 5, 2, 1.
    E4 (4th overall) won both sessions: 13 + 13 = 26 > 1, so it takes session MB;
    E1 (1st overall, 2nd in both sessions) keeps 32 > 5 + 5."""
    order = ("E4", "E1", "E2", "E3", "E5", "E6", "E7", "E8")
    places = tuple((e, i + 1, i + 1) for i, e in enumerate(order))
    sessions = (Session("1", 26, places), Session("2", 26, places))
    result = compute_tournament(event(8, kq=Decimal(1), sessions=sessions))
    by = {e.entry: e for e in result.entries}
    assert (by["E1"].MB, by["E1"].MB_source) == (Decimal(32), "tournament")
    assert (by["E4"].MB, by["E4"].MB_source) == (Decimal(26), "sessions")
    assert (by["E2"].MB, by["E2"].MB_source) == (Decimal(9), "tournament")  # 9 > 2 + 2


def test_no_session_mb_abroad_or_for_teams() -> None:
    places = tuple((f"E{i}", i, i) for i in range(1, 5))
    sessions = (Session("1", 26, places),)
    abroad = compute_tournament(
        event(4, kq=Decimal(1), sessions=sessions, scope="foreign", country_category=0)
    )
    assert all(e.MB_source != "sessions" for e in abroad.entries)
    assert any("7.1" in w for w in abroad.warnings)


# --- 8.4 / 8.5 / 8.13 rated events ----------------------------------------------------------


@pytest.mark.parametrize(
    ("form", "length", "rated", "express"),
    [
        (PAIRS, 48, False, None),
        (PAIRS, 49, True, True),
        (PAIRS, 65, True, True),
        (PAIRS, 66, True, False),
        (TEAMS, 87, True, True),
        (TEAMS, 88, True, False),
        (INDIVIDUAL, 66, True, False),
    ],
)
def test_rated_length_limits(form: str, length: int, rated: bool, express: bool | None) -> None:
    n = {PAIRS: 16, TEAMS: 8, INDIVIDUAL: 28}[form]
    result = compute_tournament(event(n, form, d=length, kq=Decimal(1), N0=Decimal(0)))
    assert ("RC" in result.figures) is rated
    if rated:
        assert result.figures["express"] is express


@pytest.mark.parametrize(("form", "minimum"), [(PAIRS, 16), (TEAMS, 8), (INDIVIDUAL, 28)])
def test_rated_field_limits(form: str, minimum: int) -> None:
    d = 88
    below = compute_tournament(event(minimum - 1, form, d=d, kq=Decimal(1), N0=Decimal(0)))
    assert "RC" not in below.figures
    assert any("8.5" in w for w in below.warnings)
    at = compute_tournament(event(minimum, form, d=d, kq=Decimal(1), N0=Decimal(0)))
    assert "RC" in at.figures
    dq = compute_tournament(
        event(minimum - 1, form, d=d, kq=Decimal(1), N0=Decimal(0), disqualified=1)
    )
    assert "RC" in dq.figures  # 8.5: disqualified participants count for the field


def test_regular_rc_ro_pb_with_regional_bonus() -> None:
    """16 pairs, kq 1 given, d = 66, N0 given 20: RC = 1 + lg 1 + 0.5 lg max(1, 20/32) = 1,
    regional +0.5 -> 1.5 = RCM -> ПБ1 = 2; pR = min(16, 40 atan(16 * 2.5 / 200)) = 7.90 -> 8;
    RO(1) = 75, RO(2) = 75 (1 - lg 2 / lg 8) = 50, RO(3) = 75 (1 - 0.528321) = 35.38 -> 35;
    PB 2, 1, 0."""
    result = compute_tournament(event(16, d=66, kq=Decimal(1), N0=Decimal(20), status="regional"))
    assert result.figures["RC"] == Decimal("1.5")
    assert result.figures["PB1"] == 2
    assert result.figures["pR"] == 8
    assert [int(e.RO) for e in result.entries[:3]] == [75, 50, 35]
    assert [int(e.PB) for e in result.entries[:3]] == [2, 1, 0]
    assert result.entries[0].achievement == 1  # winning a regional championship


def test_express_rc() -> None:
    """16 pairs, length 60 (express), kq 1, N0 40: RC = (1 + 0.5 lg(40/32) - 0.5) / 2 =
    0.274228 = RCM -> ПБ1 = 0 (RCM < 0.5)."""
    result = compute_tournament(event(16, d=60, kq=Decimal(1), N0=Decimal(40)))
    assert result.figures["express"] is True
    assert abs(result.figures["RC"] - Decimal("0.274228")) < Decimal("0.000001")
    assert result.figures["PB1"] == 0


def test_express_championship_is_refused() -> None:
    with pytest.raises(RuleError, match=r"8\.4"):
        compute_tournament(event(16, d=60, kq=Decimal(1), N0=Decimal(0), status="russian"))


@pytest.mark.parametrize(("n", "d"), [(16, 60), (15, 66), (16, 48)])
def test_regional_status_removed_when_not_regular_rated(n: int, d: int) -> None:
    """1.10: express (60 boards), too small (15 pairs) or not rated (48 boards): the regional
    status goes, and with it the +0.5 and the achievement."""
    result = compute_tournament(event(n, d=d, kq=Decimal(1), N0=Decimal(0), status="regional"))
    assert result.figures["status"] == "none"
    assert result.entries[0].achievement == 0
    assert "RC_bonus" not in result.trace.names()
    assert any("1.10" in w for w in result.warnings)


def test_length_for_the_participant_8_13() -> None:
    """A participant whose own length (4.2) is below 66 gets neither RO nor PB."""
    t = event(16, d=66, kq=Decimal(3), N0=Decimal(40))
    short = Entry("E1", 1, t.entries[0].players, length=65)
    result = compute_tournament(replace(t, entries=(short, *t.entries[1:])))
    assert result.entries[0].RO == 0 and result.entries[0].PB == 0
    assert result.entries[1].RO > 0


def test_ties_share_ro_mean_and_best_pb() -> None:
    """Same event as above, places 1-2 shared: RO (75 + 50) / 2 = 62.5 -> 63; PB of place 1."""
    places = [(1, 2), (1, 2)] + [(i, i) for i in range(3, 17)]
    result = compute_tournament(
        event(16, d=66, kq=Decimal(1), N0=Decimal(20), status="regional", places=places)
    )
    assert [int(e.RO) for e in result.entries[:2]] == [63, 63]
    assert [int(e.PB) for e in result.entries[:3]] == [2, 2, 0]


def test_guaranteed_pb_sets_rc_to_pb1_minus_half() -> None:
    """Russian team championship, weak field: RC from the formula gives ПБ1 < 5, so
    RC = 5 - 0.5 = 4.5; 8 teams: pR = min(8, 20 atan(8 * 5.5 / 100)) = 8;
    RO = 225, 150, 106, 75; PB 5-4-3-2-1."""
    t = event(8, TEAMS, d=88, kq=Decimal("0.5"), N0=Decimal(0), status="main_russian",
              event="ru.teams")  # fmt: skip
    result = compute_tournament(t)
    assert result.figures["RC"] == Decimal("4.5")
    assert [int(e.RO) for e in result.entries[:4]] == [225, 150, 106, 75]
    assert [int(e.PB) for e in result.entries[:6]] == [5, 4, 3, 2, 1, 0]
    assert [e.achievement for e in result.entries[:6]] == [3, 2, 2, 1, 1, 0]


def test_women_championship_small_field_rc() -> None:
    """8.5: 6 pairs in the women's pairs championship: RC = 1 -> ПБ1 1 < 2 guaranteed ->
    RC = 1.5; pR = min(6, 40 atan(6 * 2.5 / 200)) = 2.99 -> 3; RO 75, 28; PB 2, 1."""
    t = event(6, d=66, kq=Decimal(1), status="russian", event="ru.women_pairs")
    result = compute_tournament(t)
    assert result.figures["RC"] == Decimal("1.5")
    assert [int(e.RO) for e in result.entries[:3]] == [75, 28, 0]
    assert [int(e.PB) for e in result.entries[:3]] == [2, 1, 0]
    # note 6 of 2.2: such a championship counts as a regional one for achievements
    assert [e.achievement for e in result.entries[:2]] == [1, 0]
    # with a full field (16 pairs) it is a Russian championship: 2, 1, 1
    full = compute_tournament(
        event(16, d=66, kq=Decimal(1), N0=Decimal(0), status="russian", event="ru.women_pairs")
    )
    assert [e.achievement for e in full.entries[:4]] == [2, 1, 1, 0]


# --- 8.10 N0 and foreign events ------------------------------------------------------------


def test_n0_counts_ranks_zero_and_better() -> None:
    """RULES.md bridge_fsbr Decision (N0): "разряд 0 и выше" is q <= 0; 0.25 is not counted."""
    rks = ["-1", "0", "0"] + ["0.25"] * 13
    result = compute_tournament(event(16, d=66, rks=rks))
    assert result.figures["N0"] == 3
    assert "Decision" in rc_n0_note(result)


def test_n0_abroad_and_in_european_championships() -> None:
    """Foreign event, RKS 2: N0 = (0.9 - 0.3) * 16 = 9.6; European championship: N0 = N."""
    abroad = compute_tournament(event(16, d=66, kq=Decimal(1), scope="foreign", country_category=2))
    assert abroad.figures["N0"] == Decimal("9.6")
    ec = compute_tournament(event(16, d=66, kq=Decimal(1), scope="foreign", status="ew"))
    assert ec.figures["N0"] == 16
    with pytest.raises(RuleError, match="appendix 2"):
        compute_tournament(event(16, d=66, kq=Decimal(1), scope="foreign"))


def test_given_n0_is_marked() -> None:
    result = compute_tournament(event(16, d=66, kq=Decimal(1), N0=Decimal(40)))
    assert rc_n0_note(result) == "given"


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


# --- 7.7 ----------------------------------------------------------------------------------


def test_ebl_points_converted_when_better() -> None:
    """Player E1.1 got 10 EBL points (60 MB) > 32 MB of the formula; E2.1's 1 EBL point
    (6 MB) < 9: the formula is kept. A foreign player's points are not converted."""
    t = event(8, kq=Decimal(1))
    e1 = t.entries[0]
    p1 = PlayerEntry("E1.1", rk=Decimal(0), boards=52, ebl_mp=Decimal(10))
    p2 = PlayerEntry("E2.1", rk=Decimal(0), boards=52, ebl_mp=Decimal(1))
    p3 = PlayerEntry("E2.2", rk=Decimal(0), boards=52, ebl_mp=Decimal(10), country="Польша")
    entries = (Entry("E1", 1, (p1, e1.players[1])), Entry("E2", 2, (p2, p3)), *t.entries[2:])
    mb = awards(compute_tournament(replace(t, entries=entries)), "MB")
    assert mb["E1.1"] == 60 and mb["E1.2"] == 32
    assert mb["E2.1"] == 9 and mb["E2.2"] == 9


# --- 2.1 achievements ---------------------------------------------------------------------


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


# --- 7.6 matches --------------------------------------------------------------------------


def match(imps: tuple[int, int], boards: int = 16, **kw: object) -> Tournament:
    a = tuple(PlayerEntry(f"A{i}", rk=Decimal(2), boards=boards) for i in range(4))
    b = tuple(PlayerEntry(f"B{i}", rk=Decimal(0), boards=boards) for i in range(4))
    fields: dict[str, object] = {
        "id": "m",
        "name": "m",
        "form": MATCH,
        "scope": "local",
        "start": date(2025, 3, 1),
        "end": date(2025, 3, 1),
        "length": boards,
        "actual_length": boards,
        "entries": (Entry("A", 1, a, imps=imps[0]), Entry("B", 2, b, imps=imps[1])),
    }
    fields.update(kw)
    return Tournament(**fields)  # type: ignore[arg-type]


def test_match_winner_gets_mb() -> None:
    """A beats B (q = 0, q1 = 0.2) by 20 IMPs over 16 boards: VP 15.00, MB 6 each."""
    result = compute_tournament(match((45, 25)))
    mb = awards(result, "MB")
    assert mb == {f"A{i}": 6 for i in range(4)}
    assert result.figures["VP"] == Decimal("15.00")


def test_match_draw_short_and_inside_a_tournament() -> None:
    assert compute_tournament(match((30, 30))).awards == ()
    assert compute_tournament(match((50, 10), boards=15)).awards == ()
    with pytest.raises(RuleError, match=r"7\.6"):
        compute_tournament(match((50, 10), part_of_tournament=True))


def test_match_loser_listed_first_still_pays_the_winner() -> None:
    result = compute_tournament(match((10, 30)))
    assert set(awards(result, "MB")) == {"B0", "B1", "B2", "B3"}


# --- validation ---------------------------------------------------------------------------


def test_bad_tournament_values_are_named() -> None:
    with pytest.raises(InputError) as err:
        compute_tournament(event(4, form="quads"))
    assert err.value.field == "form"
    with pytest.raises(InputError) as err:
        compute_tournament(event(4, kq=Decimal(0)))
    assert err.value.field == "kq"
    with pytest.raises(InputError) as err:
        compute_tournament(event(4, event="nowhere"))
    assert err.value.field == "event"


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


def test_a_player_in_two_entries_is_refused() -> None:
    t = event(4, kq=Decimal(1))
    twice = replace(t.entries[1], players=(t.entries[0].players[0], t.entries[1].players[1]))
    with pytest.raises(InputError) as err:
        compute_tournament(replace(t, entries=(t.entries[0], twice, *t.entries[2:])))
    assert err.value.field == "player"


@settings(max_examples=25, deadline=None)
@given(
    form=st.sampled_from([PAIRS, TEAMS, INDIVIDUAL]),
    n=st.integers(min_value=3, max_value=40),
    d=st.integers(min_value=40, max_value=140),
    rks=st.lists(st.sampled_from(["-3", "-1", "0", "0.5", "2", "5"]), min_size=40, max_size=40),
)
def test_awards_fall_with_the_place(form: str, n: int, d: int, rks: list[str]) -> None:
    """Whatever the field: MB, RO and PB never grow down the table and are never negative."""
    result = compute_tournament(event(n, form, d=d, rks=rks[:n]))
    for kind in ("MB", "RO", "PB"):
        values = [getattr(e, kind) for e in result.entries]
        assert all(v >= 0 for v in values)
        assert all(a >= b for a, b in pairwise(values))
