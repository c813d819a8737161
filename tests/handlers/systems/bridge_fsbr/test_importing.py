"""The report to ledger lines, entries and a preview, without a database.

The club pairs report of ``helpers`` (8 pairs, 48 boards, local, not rated): with everyone at
рк 0 the engine gives MB 23, 6, 2 for places 1-3 (``helpers`` docstring). Players are plain
``Player`` objects; each one's rk at the start is handed in as the database would give it.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines import bridge_fsbr as fsbr
from fedrank.engines.kernel import Award, InputError, Trace
from fedrank.handlers.systems.bridge_fsbr.importing import (
    default_code,
    ledger_awards,
    prepared_tournament,
    rank_players,
    read_report,
    stored_report,
)
from fedrank.handlers.systems.bridge_fsbr.ledger import ledger_row
from fedrank.handlers.systems.bridge_fsbr.playerdata import DATA_KEY
from fedrank.storage.models import Player
from fedrank.storage.records import NewAward
from tests.handlers.systems.bridge_fsbr.helpers import NAME, report

RK0 = (Decimal(0), "2.2 note 1: kept from the earlier classification")
RK5 = (Decimal(5), "no coefficient published: рк 5 (2.2)")


def club(count: int = 16, *, initial: str | None = "0") -> tuple[dict[str, int], dict[int, Player]]:
    """FSBR-0001 ... as player ids 1 ..., with ``initial_rk`` (2.2 note 1) when given; the
    file IDs upper case, as the database finds them."""
    data = {DATA_KEY: {"initial_rk": initial}} if initial is not None else {}
    players = {
        n: Player(
            id=n,
            federation_id=1,
            federation_player_id=f"FSBR-{n:04d}",
            name=f"Player {n:02d}",
            data=data,
        )
        for n in range(1, count + 1)
    }
    return {p.federation_player_id.upper(): p.id for p in players.values()}, players


def test_the_code_is_the_id_or_the_end_and_the_name() -> None:
    assert read_report(report()).code == "club-2026-09"
    unnamed = read_report("\ufeff" + report(code=None))
    assert unnamed.code == default_code(NAME, date(2026, 9, 6))
    assert unnamed.code == "2026-09-06-кубок-клуба-аврора-пары"
    assert unnamed.tournament.id == unnamed.code
    assert not unnamed.text.startswith("\ufeff")
    with pytest.raises(InputError) as caught:
        read_report(report(code="x" * 65))
    assert (caught.value.line, caught.value.field) == (3, "id")


def test_a_stored_report_keeps_its_code_and_ids() -> None:
    stored, ids = stored_report(
        "club-renamed", {"text": report(), "players": {"fsbr-0001": 1, "FSBR-0002": "2"}}
    )
    assert (stored.code, stored.tournament.id) == ("club-renamed", "club-renamed")
    assert ids == {"FSBR-0001": 1, "FSBR-0002": 2}


def test_the_file_rk_is_replaced_by_the_database_and_guests_keep_theirs() -> None:
    """FSBR-0003's file says rk 3: the database's рк 0 is used. LV-77 is not in the
    database: he plays as ``guest:LV-77`` with his own rk, for 6.3."""
    text = report(rk={3: "3"}, members={8: ("FSBR-0015", "LV-77")}).replace(
        "LV-77 | P08 | Player 00 |  | 48", "LV-77 | P08 | Guest | 3 | 48 | LV"
    )
    ids, players = club(15)
    ranked = rank_players(read_report(text), ids, players, dict.fromkeys(ids.values(), RK0))
    assert ranked.warnings == [
        "line 25: FSBR-0003 has rk 3 in the file; the database's рк 0 (2.2 note 1: kept from "
        "the earlier classification) is used"
    ]
    assert ranked.notes["3"] == ["file rk 3 ignored"]
    assert ranked.ranks == {str(n): Decimal(0) for n in range(1, 16)}
    last = ranked.tournament.entries[-1].players
    assert [(p.player, p.rk) for p in last] == [("15", Decimal(0)), ("guest:LV-77", Decimal(3))]


def test_an_achievement_is_one_line_of_its_level_and_guests_get_none() -> None:
    t = read_report(report()).tournament
    trace = Trace()
    trace.add("tournament", "club-2026-09")
    result = fsbr.TournamentResult(
        t,
        {},
        Trace(),
        (),
        (
            Award("1", "MB", Decimal(23), trace),
            Award("1", "achievement", Decimal(2), trace),
            Award("guest:LV-77", "MB", Decimal(6), trace),
        ),
        (),
    )
    assert ledger_awards(result) == [
        NewAward(1, "MB", Decimal(23), trace.to_json()),
        NewAward(1, "achievement 2", Decimal(1), trace.to_json()),
    ]


def test_entries_preview_and_params() -> None:
    submitted = read_report(report())
    ids, players = club()
    ranked = rank_players(submitted, ids, players, dict.fromkeys(ids.values(), RK0))
    result = fsbr.compute_tournament(ranked.tournament)
    awards = ledger_awards(result)
    assert sorted((a.player_id, a.kind, a.amount) for a in awards) == [
        (1, "MB", 23),
        (2, "MB", 23),
        (3, "MB", 6),
        (4, "MB", 6),
        (5, "MB", 2),
        (6, "MB", 2),
    ]
    prepared = prepared_tournament(
        submitted, ids, players, ranked, result, awards, {}, reason="", extra_warnings=["stored"]
    )
    assert (prepared.code, prepared.name, prepared.held_on) == (
        "club-2026-09",
        NAME,
        date(2026, 9, 6),
    )
    head, first, *_, seventh, _ = prepared.preview
    assert head.label == f"{NAME}: pairs, local, status none"
    assert (head.before, head.after) == ("2026-09-05..2026-09-06", "kq 0.673159, N 8")
    assert (first.label, first.before, first.after, first.note) == (
        "1. Player 01 (FSBR-0001) · P01",
        "рк 0, MB 0",
        "MB 23 (+23 MB)",
        "",
    )
    assert (seventh.before, seventh.after) == ("рк 0", "no award")
    assert prepared.warnings[-1] == "stored"
    assert any("not a rated event" in w for w in prepared.warnings)
    entry = prepared.entries[0]
    assert (entry.player_id, entry.place, entry.team) == (1, Decimal(1), "P01")
    assert entry.data is not None
    assert entry.data["rk_source"] == RK0[1] and entry.data["awards"] == {"MB": "23"}
    params = prepared.params
    assert (params["system"], params["format"], params["text"]) == ("bridge_fsbr", 1, report())
    assert params["players"]["FSBR-0001"] == 1 and params["ranks"]["1"] == "0"


def test_the_preview_says_where_the_next_publication_moves() -> None:
    """Beginners (рк 5, no coefficient kept) with kq = 1 given: the winners get 31 MB
    (``helpers``), which meet "20 МБ в течение последнего года" (рк 3, one-year) at the
    publication of 2026-10-01. FSBR-0001 already held 10 MB ("10 МБ": рк 4 without this
    tournament); the preview counts them."""
    submitted = read_report(report(kq="1"))
    ids, players = club(initial=None)
    ranked = rank_players(submitted, ids, players, dict.fromkeys(ids.values(), RK5))
    result = fsbr.compute_tournament(ranked.tournament)
    awards = ledger_awards(result)
    earlier = ledger_row(date(2026, 3, 1), "MB", Decimal(10), [])
    assert earlier is not None
    prepared = prepared_tournament(
        submitted, ids, players, ranked, result, awards, {1: [earlier]}, reason=""
    )
    first, second = prepared.preview[1:3]
    assert (first.before, first.after) == ("рк 5, MB 10", "MB 41 (+31 MB)")
    assert (second.before, second.after) == ("рк 5, MB 0", "MB 31 (+31 MB)")
    with_this = "рк 3 with this tournament (20 МБ в течение последнего года)"
    assert first.note == f"publication of 2026-10-01: {with_this}, рк 4 without"
    assert second.note == f"publication of 2026-10-01: {with_this}, рк 5 without"
    assert prepared.preview[0].note == "kq given"
