"""The field and its game system (II.2)."""

from __future__ import annotations

import pytest

from fedrank.engines.kernel import RuleError
from fedrank.engines.othello_woc import System, system_for_field
from tests.engines.othello_woc.helpers import field, rnd, tournament


@pytest.mark.parametrize(
    ("size", "system"),
    [
        (2, System.DOUBLE_ROUND_ROBIN),
        (8, System.DOUBLE_ROUND_ROBIN),
        (9, System.SINGLE_ROUND_ROBIN),
        (14, System.SINGLE_ROUND_ROBIN),
        (15, System.MODIFIED_SWISS),
        (24, System.MODIFIED_SWISS),
        (25, System.SWISS),
        (120, System.SWISS),
    ],
)
def test_system_by_field_size(size: int, system: System) -> None:
    assert system_for_field(size) is system


def test_a_field_of_one_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        system_for_field(1)
    assert err.value.rule == "seed 004 II.2"


def test_withdrawals_and_active_players() -> None:
    players = field("A:X:F:youth B:Y:M:extra C:Z:M")
    t = tournament(players, [rnd(1, "A B 40-24", "C BYE", withdrawn=["B"])], bye_points="1")
    assert t.withdrawal_round() == {"B": 1}
    assert [p.id for p in t.active_players()] == ["A", "C"]
    assert players[0].is_woman and players[0].is_young and not players[1].is_young
    assert t.rounds[0].players() == {"A", "B", "C"}
