"""Points, the Mixed Brightwell System (Appendix A) and the tie order."""

from __future__ import annotations

import itertools
import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.kernel import RuleError
from fedrank.engines.othello_woc import Game, Round, Tournament, draw_lots, standings
from fedrank.engines.othello_woc.pairing import round_robin_pairing
from tests.engines.othello_woc.helpers import field, rnd, tournament


def _hand_worked() -> Tournament:
    players = field("A:X:M B:Y:M C:Z:M D:W:M E:V:M")
    return tournament(
        players,
        [
            rnd(1, "A B 40-24", "C D 30-34", "E BYE"),
            rnd(2, "A D 33-31", "B E 20-44", "C BYE", withdrawn=["B"]),
            rnd(3, "A E 32-32", "D C 36-28"),
        ],
        bye_points="1",
    )


def test_bq_with_a_withdrawal_and_a_bye_worked_by_hand() -> None:
    """C = 6; B withdrew after round 2; a bye scores 1 point.

    Points: A 1+1+0.5 = 2.5, E 1 (bye)+1+0.5 = 2.5, D 2, C 0+1 (bye)+0 = 1, B 0.
    A: R1 v B (withdrew) -> 32 + 6*2.5 = 47; R2 v D 33 discs + 6*2 = 45; R3 v E 32 + 6*2.5 = 47:
       BQ = (33+32) + 6*(2+2.5) + 1*(32+6*2.5) = 65 + 27 + 47 = 139.
    E: R1 bye -> 47; R2 v B (withdrew) -> 47; R3 v A 32 + 6*2.5 = 47: BQ = 141.
    D: (34+31+36) + 6*(1+2.5+1) = 101 + 27 = 128.  C: (30+28) + 6*(2+2) + (32+6*1) = 120.
    B: (24+20) + 6*(2.5+2.5) = 74, and rounds after his own withdrawal add nothing (D4).
    E and A tie on points; E's BQ is higher although A has more discs (105 against 76).
    """
    table = standings(_hand_worked())
    got = [(s.player, s.points, s.BQ, s.discs) for s in table]
    assert got == [
        ("E", Decimal("2.5"), Decimal(141), 76),
        ("A", Decimal("2.5"), Decimal(139), 105),
        ("D", Decimal(2), Decimal(128), 101),
        ("C", Decimal(1), Decimal(120), 58),
        ("B", Decimal(0), Decimal(74), 44),
    ]
    a = table[1].trace
    assert a.get("discs_counted") == 65 and a.get("opponents_points") == Decimal("4.5")
    assert a.get("neutral_games") == 1 and a.get("C") == 6
    assert a.get("R1") == Decimal(47) and "withdrew" in next(s.note for s in a if s.name == "R1")
    b = table[4].trace
    assert b.get("neutral_games") == 0  # decision D4
    assert table[4].withdrawn


def test_a_bye_without_bye_points_is_refused() -> None:
    """Decision D1: the seed does not say what a bye scores."""
    t = tournament(field("A:X:M B:Y:M C:Z:M"), [rnd(1, "A B 40-24", "C BYE")])
    with pytest.raises(RuleError) as err:
        standings(t)
    assert "D1" in err.value.rule


def test_opponents_points_count_per_game_in_a_double_round_robin() -> None:
    """Decision D3: B lost twice to A (2 points): B's BQ = 24+24 + 6*(2+2) = 72."""
    t = tournament(field("A:X:M B:Y:M"), [rnd(1, "A B 40-24"), rnd(2, "B A 24-40")])
    by = {s.player: s for s in standings(t)}
    assert by["B"].BQ == 72 and by["A"].BQ == 80


def test_an_unplayed_round_counts_like_a_bye() -> None:
    """Appendix A.3 c: B was absent in round 1: 32 + 6*0 = 32, then 24 discs + 6*1 = 30."""
    t = tournament(field("A:X:M B:Y:M"), [rnd(1, "A absent", "B absent"), rnd(2, "A B 40-24")])
    by = {s.player: s for s in standings(t)}
    assert by["B"].BQ == 62 and by["A"].BQ == 40 + 32 + 6 * 1


def test_full_ties_go_to_the_recorded_draw() -> None:
    """A 32-32 draw leaves points, BQ and discs equal; the seeded lots decide."""
    t = tournament(field("A:X:M B:Y:M"), [rnd(1, "A B 32-32")], seed=3)
    table = standings(t)
    lots = draw_lots(["A", "B"], 3)
    assert [s.player for s in table] == sorted(["A", "B"], key=lots.__getitem__)
    assert table[0].trace.get("lot") == 1
    assert [s.player for s in standings(t, seed=3)] == [s.player for s in table]
    other = next(seed for seed in range(10) if draw_lots(["A", "B"], seed) != lots)
    assert [s.player for s in standings(t, seed=other)] != [s.player for s in table]


def _round_robin(n: int, outcomes: list[int]) -> Tournament:
    players = field(" ".join(f"P{i}:C{i}:M" for i in range(n)))
    t = tournament(players, bye_points="1")
    rounds = []
    k = 0
    for number in range(1, (n + n % 2)):
        pairing = round_robin_pairing(t, number)
        games = []
        for p in pairing.pairs:
            if p.white == "BYE":
                continue
            margin = outcomes[k % len(outcomes)]
            k += 1
            games.append(Game(p.black, p.white, 32 + margin, 32 - margin))
        rounds.append(
            Round(number, tuple(games), tuple(p.black for p in pairing.pairs if p.white == "BYE"))
        )
    return Tournament("rr", players, tuple(rounds), 1, None, Decimal(1))


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(min_value=9, max_value=12),
    outcomes=st.lists(st.integers(min_value=-20, max_value=20), min_size=1, max_size=60),
)
def test_in_a_complete_round_robin_bq_order_is_disc_order(n: int, outcomes: list[int]) -> None:
    """Appendix A.1: in a round robin the MBS is equivalent to the disc count: everyone met
    everyone, so BQ - discs = C * (all points - own points), the same for equal points."""
    table = standings(_round_robin(n, outcomes))
    for x in table:
        for y in table:
            if x.points == y.points:
                assert (x.BQ > y.BQ) == (x.discs > y.discs)
                assert (x.BQ == y.BQ) == (x.discs == y.discs)


def test_a_complete_ten_player_round_robin_orders_ties_by_discs() -> None:
    rng = random.Random(5)
    t = _round_robin(10, [rng.randint(-20, 20) for _ in range(45)])
    table = standings(t)
    assert len(t.rounds) == 9
    for x, y in itertools.pairwise(table):
        if x.points == y.points:
            assert x.discs >= y.discs
