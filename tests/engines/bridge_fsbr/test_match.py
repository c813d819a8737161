"""A won team match (7.6): MB for the winner, none for a draw, a short or an inner match."""

from __future__ import annotations

from decimal import Decimal

import pytest

from fedrank.engines.bridge_fsbr.tournament import compute_tournament
from fedrank.engines.kernel import RuleError
from tests.engines.bridge_fsbr.builders import awards, match


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
