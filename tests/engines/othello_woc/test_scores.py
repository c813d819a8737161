"""Official scores: IV.8 empty squares and draws, IV.6 time defaults, IV.8 refusals, IV.9."""

from __future__ import annotations

from decimal import Decimal

import pytest

from fedrank.engines.kernel import InputError, RuleError
from fedrank.engines.othello_woc import Ending, Game, board_score, decide_draw, official_score


@pytest.mark.parametrize(
    ("black", "white", "expected"),
    [
        (40, 24, (40, 24)),
        (30, 26, (38, 26)),  # 8 empty squares go to the winner
        (20, 30, (20, 44)),
        (30, 30, (32, 32)),  # a draw is always 32-32
        (32, 32, (32, 32)),
        (13, 0, (64, 0)),  # a wipe-out with empty squares
    ],
)
def test_board_score_gives_empty_squares_to_the_winner(
    black: int, white: int, expected: tuple[int, int]
) -> None:
    assert board_score(black, white) == expected


def test_board_score_refuses_impossible_counts() -> None:
    with pytest.raises(InputError) as err:
        board_score(40, 30, line=7)
    assert err.value.line == 7 and err.value.field == "score"
    with pytest.raises(InputError) as err:
        board_score(-1, 30, line=3)
    assert err.value.field == "black discs"


def test_time_default_keeps_the_true_score_but_at_least_33_31() -> None:
    # B's flag fell; the game was played out and A won 40-24 on the board: kept.
    assert official_score("A", "B", 40, 24, ending=Ending.TIME, offender="B") == Game(
        "A", "B", 40, 24, "IV.6 time default by B"
    )
    # A's flag fell although A was ahead on the board: B wins 33-31.
    g = official_score("A", "B", 50, 14, ending=Ending.TIME, offender="A")
    assert (g.black_discs, g.white_discs) == (31, 33) and g.winner == "B"
    # a board draw after B's time default: A wins 33-31
    g = official_score("A", "B", 32, 32, ending=Ending.TIME, offender="B")
    assert (g.black_discs, g.white_discs) == (33, 31)
    # a narrow board win 31-30 with 3 empties is 34-30 for the non-offender: above 33
    g = official_score("A", "B", 31, 30, ending=Ending.TIME, offender="B")
    assert (g.black_discs, g.white_discs) == (34, 30)


def test_second_time_default_and_refusal_are_64_0_and_both_flags_31_33() -> None:
    g = official_score("A", "B", None, None, ending=Ending.TIME_TWICE, offender="A")
    assert (g.black_discs, g.white_discs) == (0, 64)
    g = official_score("A", "B", None, None, ending=Ending.REFUSED, offender="B")
    assert (g.black_discs, g.white_discs) == (64, 0) and "IV.8" in g.note
    g = official_score("A", "B", None, None, ending=Ending.TIME_BOTH, offender="A")
    assert (g.black_discs, g.white_discs) == (31, 33) and g.points("A") == Decimal(0)


def test_a_played_out_time_default_needs_its_discs() -> None:
    with pytest.raises(RuleError) as err:
        official_score("A", "B", None, None, ending=Ending.TIME, offender="B", line=4)
    assert err.value.rule == "seed 004 IV.6" and err.value.line == 4
    with pytest.raises(InputError) as ierr:
        official_score("A", "B", 40, 24, ending=Ending.TIME, offender="C", line=4)
    assert ierr.value.field == "offender"


def test_points_are_one_for_a_win_and_half_for_a_draw() -> None:
    g = Game("A", "B", 32, 32)
    assert g.points("A") == g.points("B") == Decimal("0.5") and g.winner is None
    assert Game("A", "B", 33, 31).points("A") == 1


def test_draw_win_goes_to_the_player_who_did_not_choose_his_colour() -> None:
    """IV.9: A chose his colour (a), so a draw is B's win; without the chooser it is refused."""
    drawn = Game("A", "B", 32, 32)
    assert decide_draw(drawn, "A").winner == "B"
    assert decide_draw(drawn, "B").winner == "A"
    assert decide_draw(Game("A", "B", 40, 24), None).winner == "A"
    with pytest.raises(RuleError) as err:
        decide_draw(drawn, None)
    assert err.value.rule == "seed 004 IV.9"
