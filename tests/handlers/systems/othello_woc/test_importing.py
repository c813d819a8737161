"""A submission's players matched with the registry and a tournament state as a version:
pure, no database. The four-player file of :mod:`.helpers` after round 1 (WOF-0001 beats
WOF-0002 40-24, WOF-0003 and WOF-0004 draw), and the engine's complete example."""

from __future__ import annotations

from decimal import Decimal

import pytest

from fedrank.engines.kernel import InputError, RuleError
from fedrank.engines.othello_woc import parse_document, results
from fedrank.engines.othello_woc.submission import read_submission
from fedrank.handlers.systems.othello_woc.importing import (
    KIND,
    TITLES,
    Source,
    build,
    champions,
    engine_source,
    shift,
)
from fedrank.storage.models import Player
from tests.handlers.systems.othello_woc.helpers import EXAMPLE, FOUR, example_players, four


def _registry(players: dict[str, tuple[str, str, str]]) -> dict[str, Player]:
    return {
        fid.upper(): Player(
            id=number, federation_player_id=fid, name=name, country=country, gender=gender
        )
        for number, (fid, (name, country, gender)) in enumerate(players.items(), start=1)
    }


def _source(text: str, players: dict[str, tuple[str, str, str]]) -> Source:
    return engine_source(read_submission(text), _registry(players), "WOF")


def test_player_lines_take_the_database_values() -> None:
    text = four().replace("player: WOF-0001", "player: WOF-0001 | Tak | FRA | M | A")
    source = _source(text, FOUR)
    lines = source.text.splitlines()
    assert (source.code, source.held_on.isoformat()) == ("club-evening", "2026-11-10")
    # The two submission headers are blanked, so line numbers stay the file's.
    assert lines[1:3] == ["", ""] and len(lines) == len(text.splitlines())
    assert lines[4] == "player: WOF-0001 | Takeshi Tamenori | JPN | M | A"
    assert lines[7] == "player: WOF-0004 | Ben Seeley | USA | M | "
    assert lines[10] == "WOF-0003 WOF-0004 32-32"  # IDs in rounds as stored
    assert source.warnings == [
        "line 5: WOF-0001 country FRA in the file ignored: the database says JPN"
    ]
    assert set(source.players) == set(FOUR)


def test_a_missing_country_or_an_unknown_id_names_the_line() -> None:
    no_country = {**FOUR, "WOF-0003": ("Laura Bianchi", "", "F")}
    with pytest.raises(InputError) as caught:
        _source(four(), no_country)
    assert (caught.value.line, caught.value.field) == (7, "country")
    given = four().replace("player: WOF-0003", "player: WOF-0003 | Laura | ITA | F")
    assert "| Laura Bianchi | ITA | F |" in _source(given, no_country).text
    with pytest.raises(InputError) as caught:
        _source(four().replace("player: WOF-0003", "player: WOF-0099"), FOUR)
    assert (caught.value.line, caught.value.field, caught.value.message) == (
        7,
        "id",
        "unknown player 'WOF-0099' in WOF",
    )


def test_a_state_becomes_entries_games_awards_and_the_preview() -> None:
    source = _source(four(), FOUR)
    doc = parse_document(source.text)
    prepared = build(source, doc, results(doc.tournament), None, ["extra"], "why")
    assert (prepared.code, prepared.name, prepared.reason) == (
        "club-evening",
        "Club Othello Evening",
        "why",
    )
    points = {a.player_id: a.amount for a in prepared.awards}
    assert points == {1: Decimal(1), 2: Decimal(0), 3: Decimal("0.5"), 4: Decimal("0.5")}
    assert {a.kind for a in prepared.awards} == {KIND}
    assert prepared.awards[0].trace[0] == {
        "name": "tournament",
        "value": "club-evening",
        "note": "Club Othello Evening",
    }
    assert [(g.round_no, g.player1_id, g.player2_id, g.result) for g in prepared.games] == [
        (1, 1, 2, "win1"),
        (1, 3, 4, "draw"),
    ]
    first = prepared.preview[0]
    assert (first.label, first.before, first.after) == (
        "Takeshi Tamenori (WOF-0001)",
        "—",
        "#1 · 1 pt · BQ 40",
    )
    assert first.note.startswith("R1 won 40-24 v WOF-0002; R2 table")
    assert prepared.entries[0].data is not None and prepared.entries[0].data["flags"] == []
    assert prepared.params["players"] == {
        "WOF-0001": 1,
        "WOF-0002": 2,
        "WOF-0003": 3,
        "WOF-0004": 4,
    }
    assert (prepared.params["rounds_played"], prepared.params["rounds_total"]) == (1, 6)
    assert prepared.titles == [] and prepared.warnings == ["extra"]
    assert prepared.params["warnings"] is prepared.warnings
    # The stored standing is the next version's "before".
    again = build(source, doc, results(doc.tournament), prepared.params, [], "")
    assert again.preview[0].before == "#1 · 1 pt · BQ 40"


def test_champions_and_their_titles_after_day_three() -> None:
    text = "date: 2026-08-01\n" + EXAMPLE.read_text(encoding="utf-8")
    source = _source(text, example_players())
    doc = parse_document(source.text)
    res = results(doc.tournament, doc.stage_games)
    assert champions(res) == {"WOC": "NED2", "women": "NED2", "youth": "CHN1"}
    prepared = build(source, doc, res, None, [], "")
    ids = {fid: p.id for fid, p in source.players.items()}
    # The main title last, so a player holding several shows it as his current one.
    assert [(t.player_id, t.title) for t in prepared.titles] == [
        (ids["CHN1"], TITLES["youth"]),
        (ids["NED2"], TITLES["women"]),
        (ids["NED2"], TITLES["WOC"]),
    ]
    # A correction that names another champion says the old one's title no longer counts.
    before = {**prepared.params, "champions": {"WOC": "JPN1"}}
    corrected = build(source, doc, res, before, [], "")
    assert any(
        w.startswith("World Othello Champion: NED2 replaces JPN1") for w in corrected.warnings
    )
    # Every version carries its champions' rows (those of the version it supersedes stop
    # counting): the same champions are titled again, on the same date, without a warning.
    same = build(source, doc, res, prepared.params, [], "")
    assert same.titles == prepared.titles
    assert not any("replaces" in w for w in same.warnings)


def test_an_error_of_the_combined_document_is_a_line_of_the_paste() -> None:
    moved = shift(InputError("bad", line=12, field="score"), 10)
    assert isinstance(moved, InputError) and (moved.line, moved.field) == (2, "score")
    above = shift(RuleError("no", rule="II.2", line=3), 10)
    assert isinstance(above, RuleError) and above.line is None and above.rule == "II.2"
