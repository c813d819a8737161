"""Day three: best-of-three matches, one-game matches with draw-win, the final stage (III)."""

from __future__ import annotations

import pytest

from fedrank.engines.kernel import RuleError
from fedrank.engines.othello_woc import Game, best_of_three, final_stage, one_game
from fedrank.engines.othello_woc.scores import decide_draw


def test_best_of_three_worked_example() -> None:
    """H wins 40-24, L wins 35-29 (colours reversed): discs 69-59, so H chooses the colour
    of game 3; L wins it 33-31: points 1-2, L wins the match."""
    first = best_of_three("semi", "H", "L", [Game("H", "L", 40, 24)])
    assert first.winner is None and first.colour_choice is None  # game 2 colours are fixed
    two = best_of_three("semi", "H", "L", [Game("H", "L", 40, 24), Game("L", "H", 35, 29)])
    assert two.winner is None and two.colour_choice == "H"
    assert two.trace.get("discs") == {"H": 69, "L": 59}
    three = best_of_three(
        "semi", "H", "L", [Game("H", "L", 40, 24), Game("L", "H", 35, 29), Game("H", "L", 31, 33)]
    )
    assert three.winner == "L" and three.loser == "H"


def test_two_wins_end_the_match_and_colours_alternate() -> None:
    done = best_of_three("final", "H", "L", [Game("L", "H", 30, 34), Game("H", "L", 31, 33)])
    assert done.winner is None  # 1-1: a third game
    two_nil = best_of_three("final", "H", "L", [Game("H", "L", 40, 24), Game("L", "H", 20, 44)])
    assert two_nil.winner == "H"
    with pytest.raises(RuleError) as err:
        best_of_three(
            "final",
            "H",
            "L",
            [Game("H", "L", 40, 24), Game("L", "H", 20, 44), Game("H", "L", 40, 24)],
        )
    assert "no third game" in str(err.value)
    with pytest.raises(RuleError) as err:
        best_of_three("final", "H", "L", [Game("H", "L", 40, 24), Game("H", "L", 20, 44)])
    assert "reversed" in str(err.value)


def test_equal_points_go_to_discs_then_to_the_higher_place() -> None:
    """1.5-1.5 after a drawn game 3: the discs of the three games decide, then the place.
    Equal discs after two games give the colour choice of game 3 to the higher place."""
    two = [Game("H", "L", 30, 34), Game("L", "H", 30, 34)]
    assert best_of_three("semi", "H", "L", two).colour_choice == "H"  # 64-64 discs
    h_more = [Game("H", "L", 30, 34), Game("L", "H", 24, 40), Game("H", "L", 32, 32)]
    assert best_of_three("semi", "H", "L", h_more).winner == "H"  # H 102 discs, L 90
    l_more = [Game("H", "L", 34, 30), Game("L", "H", 40, 24), Game("H", "L", 32, 32)]
    assert best_of_three("semi", "H", "L", l_more).winner == "L"  # L 102 discs, H 90
    even = [Game("H", "L", 34, 30), Game("L", "H", 34, 30), Game("H", "L", 32, 32)]
    assert best_of_three("semi", "H", "L", even).winner == "H"  # 96-96: the higher place


def test_one_game_match_with_draw_win() -> None:
    """IV.9: the higher player chose black; the draw goes to the lower player."""
    drawn = decide_draw(Game("H", "L", 32, 32), "H")
    assert one_game("third place", "H", "L", drawn).winner == "L"
    assert one_game("third place", "H", "L", None).colour_choice == "H"
    with pytest.raises(RuleError):
        one_game("third place", "H", "L", Game("H", "L", 32, 32))
    with pytest.raises(RuleError):
        one_game("third place", "H", "L", Game("H", "X", 40, 24))


def test_final_stage_order_of_finish() -> None:
    """1v4 and 2v3 best of three; the losers play one game for third; the final."""
    q = ("A", "B", "C", "D")
    stage = final_stage(
        "WOC",
        q,
        [
            [Game("A", "D", 40, 24), Game("D", "A", 20, 44)],  # A 2-0
            [Game("B", "C", 30, 34), Game("C", "B", 40, 24)],  # C 2-0
        ],
        Game("B", "D", 33, 31),
        [Game("A", "C", 30, 34), Game("C", "A", 30, 34), Game("C", "A", 40, 24)],
        best_of=3,
    )
    assert stage.final is not None and stage.final.higher == "A"
    assert stage.order == ("C", "A", "B", "D")
    pending = final_stage("WOC", q, [[Game("A", "D", 40, 24)], []], None, [], best_of=3)
    assert pending.order == () and pending.final is None
    with pytest.raises(RuleError):
        final_stage("WOC", q, [[Game("A", "D", 40, 24)], []], Game("B", "D", 33, 31), [], best_of=3)


def test_womens_stage_is_one_game_each() -> None:
    q = ("W1", "W2", "W3", "W4")
    stage = final_stage(
        "women",
        q,
        [[Game("W4", "W1", 40, 24)], [decide_draw(Game("W2", "W3", 32, 32), "W2")]],
        Game("W1", "W2", 20, 44),
        [Game("W3", "W4", 36, 28)],
        best_of=1,
    )
    assert stage.order == ("W3", "W4", "W2", "W1")
    with pytest.raises(RuleError):
        final_stage(
            "women",
            q,
            [[Game("W4", "W1", 40, 24), Game("W1", "W4", 40, 24)], []],
            None,
            [],
            best_of=1,
        )
