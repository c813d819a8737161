"""IFRL with play-offs, TFRL, WFRL and YFRL (II.3-II.5, Appendix B.3)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from fedrank.engines.kernel import RuleError, Trace
from fedrank.engines.othello_woc import (
    Game,
    Standing,
    ifrl,
    playoffs_needed,
    team_members,
    tfrl,
    wfrl,
    yfrl,
)
from fedrank.engines.othello_woc.scores import decide_draw
from tests.engines.othello_woc.helpers import field, rnd, tournament


def provisional(*rows: tuple[str, str], withdrawn: tuple[str, ...] = ()) -> list[Standing]:
    """Rows (player, points) already in provisional order; BQ and discs fall with the rank."""
    return [
        Standing(
            i + 1, pid, Decimal(pts), Decimal(500 - i), 300 - i, i + 1, pid in withdrawn, Trace()
        )
        for i, (pid, pts) in enumerate(rows)
    ]


def test_a_tie_between_fourth_and_fifth_is_played_off() -> None:
    """P4 and P5 have 6 points: play-off, P4 (higher) has colour choice; P5 wins, so the
    semi-finalists are P1, P2, P3, P5; P4 is fifth; P6 (5 points) is sixth."""
    table = provisional(
        ("P1", "9"), ("P2", "8"), ("P3", "7"), ("P4", "6"), ("P5", "6"), ("P6", "5"), ("P7", "4")
    )
    needed = playoffs_needed(table)
    assert [(p.places, p.higher, p.lower) for p in needed] == [((4, 5), "P4", "P5")]
    pending = ifrl(table)
    assert not pending.final and pending.qualified == ("P1", "P2", "P3")
    done = ifrl(table, {frozenset(("P4", "P5")): Game("P4", "P5", 30, 34)})
    assert done.final and done.qualified == ("P1", "P2", "P3", "P5")
    assert [(e.place, e.player) for e in done.entries] == [
        (1, "P1"),
        (2, "P2"),
        (3, "P3"),
        (4, "P5"),
        (5, "P4"),
        (6, "P6"),
        (7, "P7"),
    ]
    assert done.entries[4].note == "play-off loser"


def test_a_tie_between_first_and_eighth_plays_off_all_four_pairs() -> None:
    """Eight players on 7 points: 4/5, 3/6, 2/7 and 1/8 play off. The winners P5... keep
    their provisional order as places 1-4; all four losers share fifth place."""
    rows = [(f"P{i}", "7") for i in range(1, 9)] + [("P9", "6.5"), ("P10", "6.5")]
    table = provisional(*rows)
    needed = playoffs_needed(table)
    assert [p.places for p in needed] == [(4, 5), (3, 6), (2, 7), (1, 8)]
    games = {
        frozenset(("P4", "P5")): Game("P4", "P5", 40, 24),  # P4
        frozenset(("P3", "P6")): Game("P6", "P3", 33, 31),  # P6
        frozenset(("P2", "P7")): decide_draw(Game("P2", "P7", 32, 32), "P2"),  # draw: P7
        frozenset(("P1", "P8")): Game("P1", "P8", 14, 50),  # P8
    }
    done = ifrl(table, games)
    assert done.qualified == ("P4", "P6", "P7", "P8")
    places = {e.player: e.place for e in done.entries}
    assert [places[p] for p in ("P4", "P6", "P7", "P8")] == [1, 2, 3, 4]
    assert [places[p] for p in ("P1", "P2", "P3", "P5")] == [5, 5, 5, 5]
    assert places["P9"] == places["P10"] == 9  # equal points outside the top four: equal


def test_play_off_errors() -> None:
    table = provisional(("P1", "9"), ("P2", "8"), ("P3", "7"), ("P4", "6"), ("P5", "6"))
    with pytest.raises(RuleError) as err:
        ifrl(table, {frozenset(("P4", "P5")): Game("P4", "P5", 32, 32)})
    assert err.value.rule == "seed 004 IV.9"
    with pytest.raises(RuleError) as err:
        ifrl(table, {frozenset(("P1", "P2")): Game("P1", "P2", 40, 24)})
    assert err.value.rule == "seed 004 II.3.2"
    with pytest.raises(RuleError):
        ifrl(provisional(("P1", "1"), ("P2", "1"), ("P3", "1")))


def test_withdrawn_players_are_skipped_for_the_play_off_places() -> None:
    """Decision D5: P2 withdrew, so the eligible 4th and 5th are P5 and P6."""
    table = provisional(
        ("P1", "9"),
        ("P2", "8"),
        ("P3", "7"),
        ("P4", "7"),
        ("P5", "6"),
        ("P6", "6"),
        withdrawn=("P2",),
    )
    assert [(p.higher, p.lower) for p in playoffs_needed(table)] == [("P5", "P6")]
    done = ifrl(table, {frozenset(("P5", "P6")): Game("P5", "P6", 40, 24)})
    assert done.qualified == ("P1", "P3", "P4", "P5")
    assert next(e for e in done.entries if e.player == "P2").note == "withdrawn"


def test_tfrl_with_a_four_player_team_and_an_extra_player() -> None:
    """Every team has 12 points: NED counts its best three (5+4+3, not N4's 2); CZE counts C1
    and C2 but never the extra player X9 (7 points would have made 19).
    Ties: NED had two games between its members (N1-N2, N3-N4), the others one each (the game
    X9-C1 is not internal: X9 is no member, D6) -> NED first. CZE's best player C1 is 2nd in
    the IFRL -> CZE second. FRA and GBR's best players share IFRL place 5; G1 has more discs
    (310 to 300) -> GBR third, FRA fourth."""
    players = field(
        "X9:CZE:M:extra C1:CZE:M C2:CZE:F N1:NED:M N2:NED:M N3:NED:F N4:NED:F "
        "F1:FRA:M F2:FRA:M F3:FRA:F G1:GBR:M G2:GBR:F G3:GBR:M"
    )
    t = tournament(
        players,
        [
            rnd(
                1,
                "N1 N2 40-24",
                "N3 N4 33-31",
                "C1 C2 40-24",
                "X9 C1 40-24",
                "F1 F2 33-31",
                "G1 G2 33-31",
            )
        ],
    )
    points = {
        "X9": 7,
        "C1": 6,
        "C2": 6,
        "N1": 5,
        "G1": 4,
        "F1": 4,
        "N2": 4,
        "F2": 4,
        "G2": 4,
        "F3": 4,
        "G3": 4,
        "N3": 3,
        "N4": 2,
    }
    discs = {"G1": 310, "F1": 300}
    table = [
        Standing(
            i + 1, pid, Decimal(pts), Decimal(400 - i), discs.get(pid, 200), i + 1, False, Trace()
        )
        for i, (pid, pts) in enumerate(points.items())
    ]
    individual = ifrl(table)
    assert individual.final and individual.qualified == ("X9", "C1", "C2", "N1")
    teams = tfrl(t, table, individual)
    assert [(e.place, e.country, e.points) for e in teams] == [
        (1, "NED", Decimal(12)),
        (2, "CZE", Decimal(12)),
        (3, "GBR", Decimal(12)),
        (4, "FRA", Decimal(12)),
    ]
    ned = teams[0]
    assert ned.counted == ("N1", "N2", "N3") and ned.internal_games == 2
    assert "X9" not in teams[1].trace.get("members")
    assert teams[1].internal_games == 1


def test_teams_equal_on_every_step_share_their_place() -> None:
    """II.4: AAA and BBB: 3 points, no internal game, best players both fifth with 100 discs
    -> declared equal (shared 5th place)."""
    players = field("T1:Q:M T2:R:M T3:S:M T4:U:M A1:AAA:M B1:BBB:M")
    rows = [
        ("T1", 9, 150),
        ("T2", 8, 140),
        ("T3", 7, 130),
        ("T4", 6, 120),
        ("A1", 3, 100),
        ("B1", 3, 100),
    ]
    table = [
        Standing(i + 1, pid, Decimal(pts), Decimal(100), d, i + 1, False, Trace())
        for i, (pid, pts, d) in enumerate(rows)
    ]
    teams = tfrl(tournament(players), table, ifrl(table))
    assert [(e.place, e.country) for e in teams] == [
        (1, "Q"),
        (2, "R"),
        (3, "S"),
        (4, "U"),
        (5, "AAA"),
        (5, "BBB"),
    ]


def test_additional_young_players_count_only_for_small_teams() -> None:
    """Decision D7: JPN has three regular players, KOR is a contact nation with one: their
    additional young players do not count; GER has two, so its young player does."""
    players = field(
        "J1:JPN:M J2:JPN:M J3:JPN:F J4:JPN:M:youth-extra K1:KOR:M K2:KOR:M:youth-extra "
        "G1:GER:M G2:GER:F G3:GER:M:youth-extra"
    )
    t = tournament(players)
    t = type(t)(t.name, t.players, (), 1, None, None, contact_nations=frozenset({"KOR"}))
    teams = team_members(t)
    assert teams == {"JPN": ["J1", "J2", "J3"], "KOR": ["K1"], "GER": ["G1", "G2", "G3"]}


def test_wfrl_top_four_women_and_the_rest_equal() -> None:
    players = field("M1:A:M W1:B:F W2:C:F M2:D:M W3:E:F W4:F:F W5:G:F W6:H:F")
    t = tournament(players)
    table = provisional(
        ("M1", "9"),
        ("W1", "8"),
        ("W2", "7"),
        ("M2", "7"),
        ("W3", "6"),
        ("W4", "5"),
        ("W5", "4"),
        ("W6", "4"),
    )
    women = wfrl(t, table)
    assert women.qualified == ("W1", "W2", "W3", "W4")
    assert [(e.place, e.player) for e in women.entries][4:] == [(5, "W5"), (5, "W6")]
    ahead = wfrl(t, table, ahead=("W2", "W1"))
    assert [(e.place, e.player) for e in ahead.entries][:3] == [(1, "W2"), (2, "W1"), (3, "W3")]
    assert ahead.qualified == ()


def test_yfrl_top_two_and_too_few_young_players() -> None:
    """Appendix B.3: no play-off, the top two meet in the final; D8: one young player is
    refused."""
    players = field("Y1:A:M:youth Y2:B:F:youth-extra M1:C:M Y3:D:M:youth")
    table = provisional(("M1", "5"), ("Y1", "4"), ("Y3", "3"), ("Y2", "3"))
    young = yfrl(tournament(players), table)
    assert young.qualified == ("Y1", "Y3")
    assert [(e.place, e.player) for e in young.entries] == [(1, "Y1"), (2, "Y3"), (3, "Y2")]
    lonely = field("Y1:A:M:youth M1:C:M M2:D:M M3:E:M")
    with pytest.raises(RuleError) as err:
        yfrl(tournament(lonely), provisional(("M1", "5"), ("Y1", "4"), ("M2", "3"), ("M3", "3")))
    assert "D8" in err.value.rule
