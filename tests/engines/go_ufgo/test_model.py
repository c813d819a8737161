"""The data a rating takes and gives: participants, the JSON of calc, the ledger's awards."""

from datetime import date
from decimal import Decimal

from fedrank.engines.go_ufgo.model import Game, PlayerStart, Tournament
from fedrank.engines.go_ufgo.rating import rate_tournament

D = Decimal


def test_a_tournament_lists_players_in_order_of_first_appearance() -> None:
    games = (Game(1, "B", "A", D(1)), Game(1, "C", "D", D(0)), Game(2, "A", "C", D("0.5")))
    t = Tournament("Cup", date(2026, 3, 1), games, board=13, official=True, id="cup")
    assert t.players() == ["B", "A", "C", "D"]
    assert t.to_json() == {
        "id": "cup",
        "name": "Cup",
        "date": "2026-03-01",
        "board": 13,
        "time_minutes": 60,
        "official": True,
        "rounds": 2,
        "games": 3,
    }


def test_a_result_gives_one_ik_award_per_participant() -> None:
    t = Tournament("Cup", date(2026, 3, 1), (Game(1, "A", "B", D(1)),))
    result = rate_tournament(t, [PlayerStart("A", D(1600)), PlayerStart("B", D(1500))])
    a = result.by_player()["A"]
    assert a.change == a.ik_after - a.ik_before == D(11)
    awards = result.awards()
    assert [(w.player, w.kind, w.amount) for w in awards] == [
        ("A", "IK", D(11)),
        ("B", "IK", D(-11)),
    ]
    assert result.anomalies == []
    out = result.to_json()
    assert out["passes"] == 1 and [p["player"] for p in out["players"]] == ["A", "B"]
    assert out["players"][0]["rank_changed"] is False
