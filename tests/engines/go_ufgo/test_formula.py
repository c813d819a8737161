"""One pass over the rounds, in tenths of a point: the figures ``rating`` traces, checked here."""

from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines.go_ufgo.formula import (
    _tenths_points,
    from_tenths,
    prepare,
    run_pass,
    to_tenths,
)
from fedrank.engines.go_ufgo.model import Game, Tournament
from fedrank.engines.kernel import InputError, RuleError

D = Decimal
WIN, JIGO = D(1), D("0.5")


def _t(*games: Game, board: int = 19, minutes: int = 60, official: bool = False) -> Tournament:
    return Tournament("t", date(2026, 3, 1), games, board, minutes, official)


def test_ik_in_tenths_and_back() -> None:
    assert to_tenths(D("1500.5")) == 15005 and from_tenths(15005) == D("1500.5")
    with pytest.raises(InputError):
        to_tenths(D("1500.55"), line=3, player="A")


def test_prepare_indexes_players_and_groups_rounds() -> None:
    p = prepare(_t(Game(2, "C", "A", WIN), Game(1, "A", "B", JIGO, line=4), board=13))
    assert p.ids == ["C", "A", "B"]
    assert p.rounds == [(1, [(1, 2, 1, 1)]), (2, [(0, 1, 2, 0)])]
    assert (p.board, p.divisor, p.official, p.limited_high) == (13, 2, False, False)
    assert p.line(1) == 4


def test_prepare_refuses_what_the_rules_do_not_rate() -> None:
    with pytest.raises(RuleError, match="below 45: not rated"):
        prepare(_t(Game(1, "A", "B", WIN), minutes=40))
    with pytest.raises(InputError, match="plays twice in round 1"):
        prepare(_t(Game(1, "A", "B", WIN), Game(1, "A", "C", WIN)))
    assert prepare(_t(Game(1, "A", "B", WIN), minutes=45)).limited_high


def test_one_pass_of_formula_1() -> None:
    """A (1600) beats B (1500), 19x19: dR = 30 (1 - 0.64) = 10.8 (test_rating's hand figures).

    Units: dR in hundredths (30 * (100 - 64) = 1080), the running IK in tenths, the final IK
    rounded to whole points; RA of A in hundredths: 45 * 30 = 1350 (13.5).
    """
    p = prepare(_t(Game(1, "A", "B", WIN)))
    sink: list[tuple[object, ...]] = []
    out = run_pass(p, [16000, 15000], sink)
    assert out.running == [16108, 14892] and out.final == [16110, 14890]
    assert out.k2sum == [30, 30] and out.k3sum == [0, 0] and out.ra_units(0) == 1350
    assert sink[0] == (0, 1, 1, 16000, 15000, "f", 16108, 64, 30, 0, 2, 1080)


def test_decision_crossing_100_in_tenths() -> None:
    """RULES.md Decision: 98 + 5 points under §5 ends at 130; 105 - 20 ends at 98.5."""
    assert _tenths_points(980, 5) == 1300
    assert _tenths_points(1050, -20) == 985
