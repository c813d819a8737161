"""The tournament model: each player's rank coefficient at the start filled in."""

from __future__ import annotations

from decimal import Decimal

from fedrank.engines.bridge_fsbr.model import with_ranks
from fedrank.engines.bridge_fsbr.tournament import compute_tournament
from tests.engines.bridge_fsbr.builders import event


def test_with_ranks_fills_the_state_at_the_start() -> None:
    t = event(4, rks=["0"] * 4)
    ranked = with_ranks(t, {"E1.1": Decimal(-3), "E1.2": Decimal(-3)})
    assert compute_tournament(ranked).entries[0].q == -3
