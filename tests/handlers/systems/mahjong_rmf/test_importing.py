"""Reading a sheet and turning a replayed tournament into ledger lines: pure, no database.

The tournament is the hand-worked one of :mod:`.helpers` (16 players, all 12 kyu, CHUT 16,
CHS 6: KT 0.50), with engine player ids "1" ... "16".
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines import mahjong_rmf as rmf
from fedrank.engines.kernel import InputError, RuleError
from fedrank.handlers.systems.mahjong_rmf import parse_import
from fedrank.handlers.systems.mahjong_rmf.importing import (
    KIND,
    engine_discipline,
    kind_or_none,
    level_at_start,
    norm_event,
    outcome_note,
    place_label,
    rate,
    tournament_from_params,
    tournament_params,
)
from fedrank.storage.models import Discipline, Player
from tests.handlers.systems.mahjong_rmf.helpers import sheet

TULA = rmf.Tournament(
    id="tula",
    date=date(2026, 9, 5),
    discipline=rmf.Discipline.MCR,
    chs=6,
    entries=tuple(rmf.Entry(str(i), min(i, 15), line=10 + i) for i in range(1, 17)),
    chut=16,
    name="Tula Autumn Cup",
)
PLAYERS = {
    i: Player(id=i, federation_player_id=f"RMF-{i:04d}", name=f"Player {i:02d}")
    for i in range(1, 17)
}


def _replay() -> rmf.Replay:
    return rmf.replay([TULA], discipline=rmf.Discipline.MCR, until=TULA.date)


def test_parse_import_checks_the_two_column_table() -> None:
    parsed = parse_import(sheet())
    assert not parsed.levels_given
    assert parsed.sheet.tournament.entries[0] == rmf.Entry("RMF-0001", 1)
    bad = sheet().replace("3; RMF-0003", "3; RMF-0003; 2k")
    with pytest.raises(InputError) as caught:
        parse_import(bad)
    assert (caught.value.line, caught.value.field) == (13, "players")


def test_parse_import_keeps_a_level_column() -> None:
    parsed = parse_import(sheet(levels={1: "D2"}))
    assert parsed.levels_given
    assert parsed.sheet.levels["RMF-0001"].label == "D2"
    assert parsed.sheet.levels["RMF-0002"].label == "12k"


def test_the_discipline_comes_from_the_code_or_the_name() -> None:
    assert engine_discipline(Discipline(code="rmf-mcr", name="x")) is rmf.Discipline.MCR
    assert engine_discipline(Discipline(code="a", name="Sports mahjong")) is rmf.Discipline.MCR
    assert engine_discipline(Discipline(code="rmf-sichuan", name="")) is rmf.Discipline.SICHUAN
    go = Discipline(code="ugf-go", name="Go")
    with pytest.raises(RuleError, match="neither sports"):
        engine_discipline(go)
    assert kind_or_none(go) is None


def test_params_keep_the_engine_input_for_a_replay() -> None:
    params = tournament_params(TULA, _replay().tournament_result("tula"))
    assert (params["KT"], params["KT_CHUT"], params["CHUT"]) == ("0.50", "-0.10", 16)
    assert params["entries"][-2:] == [[15, 15], [16, 15]]
    again = tournament_from_params("tula", "Tula Autumn Cup", TULA.date, params, TULA.discipline)
    assert again is not None
    assert [(e.player, e.place) for e in again.entries] == [
        (e.player, e.place) for e in TULA.entries
    ]
    assert (again.chs, again.chut, again.kt_w, again.name) == (6, 16, False, "Tula Autumn Cup")
    # Another system's version, an older format or the other discipline is not ours to replay.
    for other in ({}, {**params, "format": 0}):
        assert tournament_from_params("x", "", TULA.date, other, TULA.discipline) is None
    assert tournament_from_params("x", "", TULA.date, params, rmf.Discipline.SICHUAN) is None


def test_rate_gives_entries_awards_preview_and_level_changes() -> None:
    rp = _replay()
    prepared, changes = rate(
        rp,
        TULA,
        PLAYERS,
        reason="why",
        file_levels={"1": rmf.parse_level("D2"), "2": rmf.parse_level("12k")},
        extra_warnings=["stored"],
    )
    assert (prepared.code, prepared.name, prepared.held_on, prepared.reason) == (
        "tula",
        "Tula Autumn Cup",
        TULA.date,
        "why",
    )
    assert prepared.titles == [] and prepared.games == [] and prepared.replays == []
    assert prepared.preview[0].after == "0.5"
    first = prepared.preview[1]
    assert (first.label, first.before, first.after) == ("1. Player 01 (RMF-0001)", "12k", "6k")
    assert first.note == (
        "NR*KT 500 (NR 1000), norm 6k; level raised (kyu levels are for life); the file says D2"
    )
    assert prepared.preview[-1].label == "15-16. Player 16 (RMF-0016)"
    # Only the level that differs from the database's is reported, after the engine's own.
    assert prepared.warnings[-2:] == [
        "line 11: RMF-0001 has level D2 in the file but 12k in the database; "
        "the database's level is used",
        "stored",
    ]
    award = prepared.awards[1]
    assert (award.player_id, award.kind, award.amount) == (2, KIND, Decimal("466.67"))
    entry = prepared.entries[15]
    assert entry.place == Decimal(15) and entry.data is not None
    assert (entry.data["shared"], entry.data["place_mean"]) == (2, "15.5")
    assert [(c.player_id, c.before.label, c.after.label, c.why) for c in changes[:2]] == [
        (1, "12k", "6k", "norm 6k met in tula"),
        (2, "12k", "7k", "norm 7k met in tula"),
    ]
    assert changes[-1].why == "level held at tula"


def test_levels_read_from_the_replay() -> None:
    rp = _replay()
    assert level_at_start(rp, "1", TULA.date).label == "12k"
    assert level_at_start(rp, "1", date(2026, 9, 6)).label == "6k"
    event = norm_event(rp, "1", "tula")
    assert event is not None and outcome_note(event) == "level raised (kyu levels are for life)"
    assert norm_event(rp, "16", "tula") is None and outcome_note(None) == ""
    results = rp.tournament_result("tula").results
    assert [place_label(r) for r in results[-3:]] == ["14", "15-16", "15-16"]


def test_a_wrong_column_count_names_the_line() -> None:
    bad = sheet().replace("5; RMF-0005", "5")
    with pytest.raises(InputError) as caught:
        parse_import(bad)
    assert (caught.value.line, caught.value.field) == (15, "players")
