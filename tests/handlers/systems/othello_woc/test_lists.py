"""What a list row says a player has ahead of him, and his games: pure, from a version's params
(the list itself is computed in test_prepare's table worked by hand and the demo's test)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from fedrank.engines.othello_woc import parse_document, results
from fedrank.engines.othello_woc.submission import read_submission
from fedrank.handlers.systems.othello_woc.importing import build, engine_source
from fedrank.handlers.systems.othello_woc.lists import counted, next_text
from fedrank.storage.models import Player
from tests.handlers.systems.othello_woc.helpers import EXAMPLE, FOUR, example_players, four


def _params(text: str, players: dict[str, tuple[str, str, str]]) -> dict[str, Any]:
    registry = {
        fid.upper(): Player(id=n, federation_player_id=fid, name=name, country=c, gender=g)
        for n, (fid, (name, c, g)) in enumerate(players.items(), start=1)
    }
    source = engine_source(read_submission(text), registry, "WOF")
    doc = parse_document(source.text)
    return build(source, doc, results(doc.tournament, doc.stage_games), None, [], "").params


def _row(params: dict[str, Any], fid: str) -> dict[str, Any]:
    return next(r for r in params["standings"] if r["player"] == fid)


def test_during_the_rounds_the_gap_and_the_next_table() -> None:
    params = _params(four(), FOUR)
    pair = next(p for p in params["next_round"]["pairs"] if "WOF-0002" in p.values())
    colour = "black" if pair["black"] == "WOF-0002" else "white"
    other = pair["white"] if colour == "black" else pair["black"]
    assert next_text("WOF-0002", params, _row(params, "WOF-0002"), Decimal(1)) == (
        f"after round 1 of 6: 1 pt behind the leader; round 2: table {pair['table']}, "
        f"{colour} v {other}"
    )
    half = next_text("WOF-0003", params, _row(params, "WOF-0003"), Decimal(1))
    assert half.startswith("after round 1 of 6: 0.5 pts behind the leader; round 2: table ")
    withdrawn = {**_row(params, "WOF-0003"), "withdrawn": True}
    assert next_text("WOF-0003", params, withdrawn, Decimal(1)) == (
        "withdrew (II.7); 0.5 pts after round 1 of 6"
    )
    winner = {**_row(params, "WOF-0001"), "withdrawn": True}
    assert next_text("WOF-0001", params, winner, Decimal(1)) == (
        "withdrew (II.7); 1 pt after round 1 of 6"
    )


def test_after_the_first_two_days_the_ifrl_place() -> None:
    text = "date: 2026-08-01\n" + EXAMPLE.read_text(encoding="utf-8")
    params = _params(text, example_players())
    leader = Decimal(8)
    assert next_text("NED2", params, _row(params, "NED2"), leader) == (
        "IFRL 1: semi-final (seed 004 III)"
    )
    assert next_text("JPN3", params, _row(params, "JPN3"), leader) == (
        "IFRL 5: first two days over"
    )
    pending = {
        **params,
        "ifrl_final": False,
        "playoffs": [{"places": [4, 5], "higher": "FRA2", "lower": "JPN3", "winner": None}],
    }
    assert next_text("JPN3", pending, _row(params, "JPN3"), leader) == (
        "play-off v FRA2 for places 4/5 (II.3.2)"
    )
    others = {**pending, "playoffs": []}
    last = params["standings"][-1]
    assert next_text(last["player"], others, last, leader).endswith(
        " (provisional): first two days over"
    )


def test_counted_games_round_by_round() -> None:
    doc = parse_document(
        "tournament: T\nseed: 1\nbye_points: 1\n"
        "player: A | A | NED | M\nplayer: B | B | BEL | M\nplayer: C | C | FRA | M\n"
        "round 1\nA B 40-24\nC BYE\nround 2\nB C 30-34\nA absent\n"
    )
    assert counted(doc, "A") == [
        {"round": 1, "colour": "B", "opponent": "B", "score": "40-24", "points": "1"},
        {"round": 2, "colour": "", "opponent": "unplayed", "score": "", "points": "0"},
    ]
    assert counted(doc, "C") == [
        {"round": 1, "colour": "", "opponent": "BYE", "score": "", "points": ""},
        {"round": 2, "colour": "W", "opponent": "B", "score": "34-30", "points": "1"},
    ]
