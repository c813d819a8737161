"""One round appended to the stored tournament (the ``/round`` path, called directly): the
pasted lines keep their numbers, the round is recorded with its pairing's seed, and games off
the published pairing are warned about. The chat flow is in
tests/handlers/results/test_othello.py."""

from __future__ import annotations

from typing import Any

import pytest

from fedrank.engines.kernel import InputError
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems.othello_woc import prepare_round
from fedrank.storage.database import Database
from fedrank.storage.records import Prepared
from tests.conftest import user
from tests.handlers.systems.othello_woc.helpers import FOUR, four, seed, token


async def _round_two(
    services: Services, db: Database, text: str
) -> tuple[Prepared, dict[str, Any]]:
    discipline_id = await seed(db, FOUR)
    preview = await dispatch(services, user("boss"), "/submit woc\n" + four())
    await dispatch(services, user("boss"), f"/confirm {token(preview)}")
    async with db.read() as repos:
        disc = await repos.federations.discipline(discipline_id)
        assert disc is not None
        stored = await repos.ledger.tournament(discipline_id, "club-evening")
        assert stored is not None
        version = await repos.ledger.current_version(stored.id)
        assert version is not None
        pairing = dict(version.params["next_round"])
        games = [f"{p['black']} {p['white']}" for p in pairing["pairs"]]
        lines = text.format(games[0].lower(), games[1])
        return await prepare_round(repos, disc, stored, lines), pairing


async def test_a_round_is_appended_with_its_seed(services: Services, db: Database) -> None:
    """A round robin's pairing has no seed (II.2 a: Berger tables); IDs in any case."""
    prepared, pairing = await _round_two(services, db, "round 2\n{0} 40-24  # first\n{1} 33-31")
    assert prepared.reason == "round 2 entered" and prepared.warnings == []
    assert pairing["seed"] is None
    first = pairing["pairs"][0]
    assert (
        f"\nround 2\n\n{first['black']} {first['white']} 40-24 # first\n"
        in (prepared.params["document"])
    )
    assert prepared.params["rounds_played"] == 2
    assert {g.round_no for g in prepared.games} == {1, 2}


async def test_a_game_off_the_pairing_is_warned(services: Services, db: Database) -> None:
    prepared, pairing = await _round_two(
        services, db, "WOF-0001 WOF-0004 40-24\nWOF-0002 WOF-0003 33-31"
    )
    published = {(p["black"], p["white"]) for p in pairing["pairs"]}
    if ("WOF-0001", "WOF-0004") not in published:
        assert (
            "WOF-0001 v WOF-0004 (black v white) is not in the published pairing of round 2"
            in prepared.warnings
        )
    assert len(prepared.warnings) == sum(
        1 for game in (("WOF-0001", "WOF-0004"), ("WOF-0002", "WOF-0003")) if game not in published
    )


async def test_the_wrong_round_and_a_bad_line_name_the_pasted_line(
    services: Services, db: Database
) -> None:
    with pytest.raises(InputError) as caught:
        await _round_two(services, db, "\nround 3\n{0} 40-24\n{1} 33-31")
    assert (caught.value.line, caught.value.field) == (2, "round")
    assert caught.value.message == "round 3 entered; round 2 is due"


async def test_an_engine_error_is_a_line_of_the_paste(services: Services, db: Database) -> None:
    with pytest.raises(InputError) as caught:
        await _round_two(services, db, "{0} 40-24\n{1} 40\n")
    assert (caught.value.line, caught.value.field) == (2, "score")
