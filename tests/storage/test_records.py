"""A prepared submission survives its round trip through the pending row's JSON, new players
(with their starting data and membership date) included."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.storage.records import NewAward, NewEntry, NewPlayer, Prepared


def test_a_prepared_submission_with_new_players_round_trips() -> None:
    prepared = Prepared(
        code="c",
        name="Cup",
        held_on=date(2026, 3, 14),
        params={"x": Decimal("1.5")},
        entries=[NewEntry(-1, Decimal(1))],
        games=[],
        awards=[NewAward(-1, "MP", Decimal("2.5"), [])],
        new_players=[
            NewPlayer(
                ref=-1,
                key="ccba20011",
                federation_player_id="CCBA20011",
                name="CCBA20011",
                line=16,
                data={"bridge_fsbr": {"initial_rk": 1.0}},
                member_from=date(2026, 3, 14),
            )
        ],
    )
    assert Prepared.from_json(prepared.to_json()) == prepared
