"""/whatif's replay comparison, pure: the lines compare the stored replay with the simulated one.

The hand-worked Tula tournament of :mod:`.helpers` (KT 0.50): player 16 shares places 15-16
(NR*KT 16.67, 12k); alone first he would have NR*KT 500, norm 6k, and lead the list of the day
with 0.25 * 500 + 0.75 * 500 / 5 = 200. The simulated tournament is what the handler's test
(tests/handlers/questions/test_whatif.py) runs through the database.
"""

from __future__ import annotations

from datetime import date

from fedrank.engines import mahjong_rmf as rmf
from fedrank.handlers.systems.mahjong_rmf import whatif_entries, whatif_lines

TULA = rmf.Tournament(
    id="tula",
    date=date(2026, 9, 5),
    discipline=rmf.Discipline.MCR,
    chs=6,
    entries=tuple(rmf.Entry(str(i), min(i, 15)) for i in range(1, 17)),
    chut=16,
)


def _replay(t: rmf.Tournament) -> rmf.Replay:
    return rmf.replay([t], discipline=rmf.Discipline.MCR, until=t.date)


def test_the_lines_compare_the_stored_and_the_simulated_place() -> None:
    actual = _replay(TULA)
    simulated = _replay(whatif_entries(TULA, "16", 1))
    lines = whatif_lines(actual, simulated, "tula", "16", TULA.date)
    assert [(line.label, line.before, line.after) for line in lines] == [
        ("place in tula", "15-16", "1"),
        ("NR*KT in tula", "16.67", "500"),
        ("KT of tula", "0.5", "0.5"),
        ("level after tula", "12k", "6k"),
        ("level on 2026-09-05", "12k", "6k"),
        ("list on 2026-09-05", "#15, 2.5", "#1, 200"),
    ]
    assert lines[1].note == "NR 1000, norm 6k"


def test_a_player_who_did_not_play_is_added() -> None:
    actual = _replay(TULA)
    simulated = _replay(whatif_entries(TULA, "17", 17))
    lines = whatif_lines(actual, simulated, "tula", "17", TULA.date)
    assert (lines[0].before, lines[0].after) == ("—", "17")
    assert (lines[1].before, lines[3].before) == ("—", "12k")
    assert simulated.tournament_result("tula").chut == 17
