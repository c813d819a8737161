"""calc_document on the example files, a malformed file, and the round-by-round flow."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from fedrank.engines import registry
from fedrank.engines.kernel import InputError
from fedrank.engines.othello_woc import (
    BYE,
    calc_document,
    parse_document,
    parse_round_text,
    results,
    round_robin_pairing,
)
from fedrank.engines.othello_woc.model import Tournament

EXAMPLES = Path(__file__).parents[3] / "examples" / "othello_woc"


def _check_round_robin(out: dict[str, Any]) -> None:
    """Ten players, 45 games, 45 points in all: BQ = discs + 6 * (45 - own points) for
    everyone (Appendix A.1); play-off, IFRL, TFRL, WFRL, YFRL and day three as hand-read."""
    assert out["tournament"]["game_system"] == "single-round-robin"
    assert out["tournament"]["rounds_played"] == out["tournament"]["rounds_total"] == 9
    assert out["next_round"] is None and out["warnings"] == []
    total = sum(Decimal(s["points"]) for s in out["standings"])
    assert total == 45
    for s in out["standings"]:
        assert Decimal(s["BQ"]) == s["discs"] + 6 * (45 - Decimal(s["points"]))
    top = [(s["player"], s["points"]) for s in out["standings"][:5]]
    assert top == [("NED2", "8"), ("TPE1", "7"), ("CHN1", "6"), ("JPN3", "5.5"), ("FRA2", "5.5")]
    lists = out["final_lists"]
    (playoff,) = lists["IFRL"]["playoffs"]
    assert (playoff["higher"], playoff["lower"], playoff["winner"]) == ("JPN3", "FRA2", "FRA2")
    assert lists["IFRL"]["qualified"] == ["NED2", "TPE1", "CHN1", "FRA2"]
    places = {e["player"]: e["place"] for e in lists["IFRL"]["entries"]}
    assert places["JPN3"] == 5 and places["JPN2"] == 5  # play-off loser, and equal points
    teams = {t["country"]: t for t in lists["TFRL"]}
    assert teams["JPN"]["points"] == "11.5" and teams["JPN"]["place"] == 1
    assert "CZE" not in teams  # the host's extra player never counts for a team
    finals = out["finals"]
    assert finals["WOC"]["order_of_finish"] == ["NED2", "CHN1", "TPE1", "FRA2"]
    assert finals["women"] is None and finals["youth"] is None  # women/young in the WOC semis
    assert [e["player"] for e in lists["WFRL"]["entries"][:3]] == ["NED2", "TPE1", "FRA2"]
    assert lists["YFRL"]["entries"][0]["player"] == "CHN1"
    semi1 = finals["WOC"]["semi_finals"][0]
    assert semi1["winner"] == "NED2" and len(semi1["games"]) == 3


def _check_swiss(out: dict[str, Any], text: str) -> None:
    t = parse_document(text).tournament
    assert out["tournament"]["game_system"] == "swiss"
    assert out["tournament"]["withdrawn"] == {"ITA2": 2}
    nxt = out["next_round"]
    assert nxt["round"] == 5 and nxt["seed"] == 20261105005
    seated = [p["black"] for p in nxt["pairs"]] + [p["white"] for p in nxt["pairs"]] + nxt["byes"]
    active = {p.id for p in t.active_players()}
    assert sorted(seated) == sorted(active) and len(nxt["byes"]) == 1
    met = {frozenset((g.black, g.white)) for r in t.rounds for g in r.games}
    assert all(frozenset((p["black"], p["white"])) not in met for p in nxt["pairs"])
    had_bye = {pid for r in t.rounds for pid in r.byes}
    assert nxt["byes"][0] not in had_bye
    time_default = t.rounds[2].games[0]  # 14-50 on the board, but GBR2's flag fell
    assert (time_default.black_discs, time_default.white_discs) == (33, 31)
    refusal = t.rounds[2].games[1]
    assert (refusal.black_discs, refusal.white_discs) == (64, 0)
    first = out["standings"][0]
    assert (first["player"], first["points"]) == ("KOR1", "4")
    assert first["trace"][-3]["name"] == "BQ" and first["trace"][-3]["value"] == first["BQ"]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.txt")), ids=lambda p: p.name)
def test_every_example_file(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    out = calc_document(text, filename=path.name)
    assert out == registry.calc_document("othello_woc", text, filename=path.name)
    assert out["system"] == "othello_woc"
    if out.get("entered_as") == "standings":  # a finished tournament's published table
        assert [s["rank"] for s in out["standings"]] == sorted(s["rank"] for s in out["standings"])
    elif out["tournament"]["rounds_played"] == out["tournament"]["rounds_total"]:
        _check_round_robin(out)
    else:
        _check_swiss(out, text)
    assert {"system", "tournament", "standings", "warnings"} <= set(out)


def test_the_examples_cover_both_kinds() -> None:
    names = {p.name for p in EXAMPLES.glob("*.txt")}
    assert {"round_robin_complete.txt", "swiss_in_progress.txt"} <= names


def test_a_malformed_file_names_line_and_field() -> None:
    text = (EXAMPLES / "swiss_in_progress.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("round 2"))
    lines[index + 3] = lines[index + 3].split()[0] + " " + lines[index + 3].split()[1] + " 40-40"
    with pytest.raises(InputError) as err:
        calc_document("\n".join(lines))
    assert (err.value.line, err.value.field) == (index + 4, "score")


def test_round_by_round_flow_for_the_chat() -> None:
    """A director pastes each round's results; the engine gives the next pairing to publish."""
    text = (EXAMPLES / "swiss_in_progress.txt").read_text(encoding="utf-8")
    head = text.split("\nround 1")[0]
    t = parse_document(head).tournament
    for number in range(1, 4):
        state = results(t)
        pairing = state.next_round
        assert pairing is not None and pairing.round == number
        paste = "\n".join(
            f"{p.black} BYE" if p.white == BYE else f"{p.black} {p.white} 36-28"
            for p in pairing.pairs
        )
        played = parse_round_text(paste, number, t)
        t = Tournament(
            t.name,
            t.players,
            (*t.rounds, played),
            t.seed,
            t.system,
            t.bye_points,
            t.C,
            t.contact_nations,
        )
    final = results(t)
    assert final.next_round is not None and final.next_round.round == 4
    assert final.standings[0].points == 3  # someone had black three times and won


def _ladder_file(stage_lines: str) -> str:
    """Eight players, double round robin, the better-listed player always wins 40-24: points
    14, 12, ..., 0 with no ties. No woman or young player reaches the WOC semi-finals."""
    ids = ["M1", "M2", "M3", "M4", "W1", "W2", "W3", "W4"]
    lines = ["tournament: ladder", "seed: 4"]
    for k, pid in enumerate(ids):
        gender = "F" if pid.startswith("W") else "M"
        flags = " | youth" if pid in ("W1", "W2") else ""
        lines.append(f"player: {pid} | {pid} | C{k} | {gender}{flags}")
    t = parse_document("\n".join(lines)).tournament
    for number in range(1, 15):
        lines.append(f"round {number}")
        for p in round_robin_pairing(t, number).pairs:
            black_wins = ids.index(p.black) < ids.index(p.white)
            lines.append(f"{p.black} {p.white} {'40-24' if black_wins else '24-40'}")
    return "\n".join(lines) + "\n" + stage_lines


def test_womens_semi_finals_and_the_youth_final_through_calc() -> None:
    """WFRL W1-W4 play one-game semi-finals (1v4, 2v3); W1 chose black in the final and drew,
    so W2 wins it (IV.9); the YFRL top two, W1 and W2, play the youth final."""
    stages = """semi: M1 M4 40-24
semi: M4 M1 20-44
semi: M2 M3 40-24
semi: M3 M2 30-34
third: M4 M3 33-31
final: M1 M2 40-24
final: M2 M1 40-24
final: M1 M2 33-31
women-semi: W1 W4 40-24
women-semi: W3 W2 30-34
women-third: W4 W3 33-31
women-final: W1 W2 32-32 colour=W1
youth-final: W2 W1 20-44
"""
    out = calc_document(_ladder_file(stages))
    assert [s["points"] for s in out["standings"]] == [str(x) for x in range(14, -1, -2)]
    assert out["final_lists"]["IFRL"]["playoffs"] == []
    assert out["finals"]["WOC"]["order_of_finish"] == ["M1", "M2", "M4", "M3"]
    women = out["finals"]["women"]
    assert women["order_of_finish"] == ["W2", "W1", "W4", "W3"]
    assert women["final"]["next_colour_choice"] is None and women["final"]["winner"] == "W2"
    assert out["final_lists"]["WFRL"]["qualified"] == ["W1", "W2", "W3", "W4"]
    assert out["finals"]["youth"]["winner"] == "W1"
    assert out["warnings"] == []
    pending = calc_document(_ladder_file("semi: M1 M4 40-24\n"))
    assert pending["finals"]["WOC"]["semi_finals"][0]["winner"] is None
    assert pending["finals"]["women"]["semi_finals"][0]["next_colour_choice"] == "W1"
    assert "the WOC final stage is not complete" in pending["warnings"]
