"""A prepared submission survives its round trip through the pending row's JSON, new players
(with their starting data and membership date) included, and the explicit converters write
exactly what the generic ``asdict`` encoding wrote (a pending row written before them reads
back the same): on generated records (hypothesis) and on every system's prepared file."""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.handlers.systems import all_systems
from fedrank.storage.database import Database
from fedrank.storage.records import (
    NewAward,
    NewEntry,
    NewGame,
    NewPlayer,
    NewTitle,
    Prepared,
    PreviewLine,
)
from tests.handlers.results.corrections_support import source
from tests.handlers.systems.othello_woc.helpers import EXAMPLE, seed


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


# --- the pending row's JSON: the same as the generic encoding it replaces, and back ------------


def legacy_to_json(prepared: Prepared) -> dict[str, Any]:
    """What ``Prepared.to_json`` wrote before its explicit converters: ``asdict`` + tags."""

    def enc(value: Any) -> Any:
        if isinstance(value, Decimal):
            return {"$d": str(value)}
        if isinstance(value, date):
            return {"$date": value.isoformat()}
        if isinstance(value, dict):
            return {k: enc(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [enc(v) for v in value]
        return value

    out: dict[str, Any] = enc(asdict(prepared))
    return out


def check(prepared: Prepared) -> None:
    """The explicit converters write exactly the generic encoding and read it back."""
    written = prepared.to_json()
    assert written == legacy_to_json(prepared)
    assert json.loads(json.dumps(written)) == written  # plain JSON
    assert Prepared.from_json(json.loads(json.dumps(written))) == prepared


def test_the_round_trip_above_writes_the_generic_encoding() -> None:
    check(
        Prepared(
            "c",
            "Cup",
            date(2026, 3, 14),
            {"x": Decimal("1.5"), "on": date(2026, 1, 2), "t": [1, "a"]},
            [NewEntry(-1, Decimal(1), "team", {"d": [Decimal("0.25"), None, True, 1.5]})],
            [NewGame(1, 1, None, "bye"), NewGame(2, 1, 2, "win", 3, 1)],
            [NewAward(1, "IK", Decimal("-2.5"), [{"name": "IK", "value": "1"}], "red")],
            titles=[NewTitle(1, "1 dan", date(2026, 3, 14), Decimal(2100), "why")],
            preview=[PreviewLine("A", "1", "2", "note")],
            warnings=["w"],
            reason="r",
        )
    )


DECIMALS = st.decimals(allow_nan=False, allow_infinity=False, places=3)
DATES = st.dates(date(1990, 1, 1), date(2040, 1, 1))
KEYS = st.text("abcdefgh_", min_size=1, max_size=6)
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.text(max_size=8), DECIMALS, DATES
)
FREE = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3)
)
IDS = st.integers(-5, 10**6)


def prepared_records(depth: int) -> st.SearchStrategy[Prepared]:
    return st.builds(
        Prepared,
        code=st.text(max_size=10),
        name=st.text(max_size=10),
        held_on=DATES,
        params=st.dictionaries(KEYS, FREE, max_size=4),
        entries=st.lists(
            st.builds(
                NewEntry,
                IDS,
                st.none() | DECIMALS,
                st.none() | st.text(max_size=5),
                st.none() | st.dictionaries(KEYS, FREE, max_size=3),
            ),
            max_size=4,
        ),
        games=st.lists(
            st.builds(
                NewGame,
                st.integers(1, 20),
                IDS,
                st.none() | IDS,
                st.sampled_from(["win", "loss", "draw", "bye"]),
                st.none() | st.integers(0, 300),
                st.none() | st.integers(0, 300),
            ),
            max_size=4,
        ),
        awards=st.lists(
            st.builds(
                NewAward,
                IDS,
                st.text(max_size=4),
                DECIMALS,
                st.lists(FREE, max_size=3),
                st.none() | st.text(max_size=4),
            ),
            max_size=4,
        ),
        titles=st.lists(
            st.builds(NewTitle, IDS, st.text(max_size=6), DATES, st.none() | DECIMALS),
            max_size=3,
        ),
        preview=st.lists(st.builds(PreviewLine, st.text(), st.text(), st.text()), max_size=3),
        warnings=st.lists(st.text(max_size=6), max_size=2),
        replays=st.lists(prepared_records(depth - 1), max_size=2) if depth else st.just([]),
        reason=st.text(max_size=6),
        new_players=st.lists(
            st.builds(
                NewPlayer,
                ref=st.integers(-50, -1),
                key=st.text(max_size=6),
                federation_player_id=st.text(max_size=6),
                name=st.text(max_size=6),
                line=st.integers(1, 500),
                country=st.none() | st.text(max_size=2),
                data=st.dictionaries(KEYS, FREE, max_size=2),
                member_from=st.none() | DATES,
            ),
            max_size=2,
        ),
    )


@settings(max_examples=200, deadline=None)
@given(prepared_records(1))
def test_any_prepared_round_trips_as_the_generic_encoding(prepared: Prepared) -> None:
    check(prepared)


# Each system's first demo tournament as its director's file prepares it (a correction of it:
# later tournaments re-rated where the system replays), and Othello's complete example.
DEMO = [
    ("ufgo", "demo-2024-11-03-1"),
    ("rmf-mcr", "mcr-2024-11-13-00"),
    ("ccba", "ccba-2024-12-09-01"),
    ("fsbr", "fsbr-2024-12-03-01"),
]


async def _prepare(db: Database, discipline_code: str, filename: str, text: str) -> Prepared:
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code(discipline_code)
        assert discipline is not None
        adapter = all_systems().adapter(discipline.system)
        return await adapter.prepare(repos, discipline, text, filename)


@pytest.mark.parametrize(("discipline", "code"), DEMO, ids=[d for d, _ in DEMO])
async def test_every_systems_prepared_round_trips(
    demo_db: Database, discipline: str, code: str
) -> None:
    filename, text = await source(demo_db, discipline, code)
    check(await _prepare(demo_db, discipline, filename, text))


async def test_an_othello_prepared_round_trips(db: Database) -> None:
    await seed(db)
    text = "date: 2026-08-01\n" + EXAMPLE.read_text(encoding="utf-8")
    check(await _prepare(db, "woc", EXAMPLE.name, text))
