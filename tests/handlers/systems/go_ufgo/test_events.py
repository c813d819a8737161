"""A rated tournament kept in a version's params and read back for a replay, without a database."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines.kernel import RuleError
from fedrank.handlers.systems.go_ufgo.events import Event, Seat, stored_after, unchanged
from fedrank.handlers.systems.go_ufgo.importing import rate
from fedrank.storage.models import Tournament as StoredTournament

D = Decimal
ON = date(2026, 10, 10)


def _event() -> Event:
    seats = {
        1: Seat(1, 5, 1, "Olena", given_ik=D("2000.5")),
        2: Seat(2, 6, 2, "Taras"),
        3: Seat(3, 7, 3, "Andrii", given_dan=5),
    }
    return Event(
        code="club-a",
        name="Club A",
        held_on=ON,
        key=(ON, 1 << 62),
        board=19,
        time_minutes=60,
        official=True,
        fmt="egf-h",
        seats=seats,
        games=[(1, 1, 2, D(1), 5)],
    )


def test_a_seat_survives_its_json() -> None:
    for seat in _event().seats.values():
        assert Seat.from_json(seat.to_json()) == seat


def test_params_keep_what_a_replay_needs() -> None:
    ev = _event()
    rated = rate(ev, {1: None, 2: D(1900)}, {1: None, 2: None}, {1: "UFGO-0001", 2: "UFGO-0002"})
    params = ev.params(rated)
    assert params["system"] == "go_ufgo" and params["games"] == [[1, 1, 2, "1", 5]]
    assert params["ik_before"] == {"1": "2000.5", "2": "1900"}
    assert params["new"] == [1] and params["passes"] == rated.engine.passes
    stored = StoredTournament(id=7, code="club-a", name="Club A", held_on=ON)
    again = Event.from_params(stored, params)
    assert again.key == (ON, 7) and again.stored is params
    assert (again.seats, again.games, again.fmt) == (ev.seats, ev.games, ev.fmt)
    # It starts from the state it was rated from: left as it is, its IK after as stored.
    assert unchanged(again, {1: None, 2: D(1900)})
    assert stored_after(again) == {pid: rated.after[pid] for pid in (1, 2)}
    # Any other start (another IK, or history where there was none) re-rates it.
    assert not unchanged(again, {1: None, 2: D(1901)})
    assert not unchanged(again, {1: D("2000.5"), 2: D(1900)})


def test_a_tournament_this_engine_did_not_rate_cannot_be_replayed() -> None:
    stored = StoredTournament(id=8, code="league", name="League", held_on=ON)
    with pytest.raises(RuleError) as err:
        Event.from_params(stored, {})
    assert err.value.message == "tournament league has no stored games of go_ufgo to re-rate"
