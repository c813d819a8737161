"""An FSBR table with names only, as federations publish them (issue 33): matched against the
registry and settled through /names like every other system, from an empty database.

The hand-worked club pairs event of ``helpers`` with its ID column left empty and every
player's rk 0 given in the file (a new player keeps it, 2.2 note 1): MB 23 / 6 / 2 / 0.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from fedrank.engines.kernel import InputError
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems.bridge_fsbr import read_report
from fedrank.handlers.systems.players import Names
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import make_director
from tests.handlers.systems.bridge_fsbr.helpers import report
from tests.helpers import submit_and_confirm

EVERY_RK_ZERO = {n: "0" for n in range(1, 17)}


def names_only(code: str) -> str:
    """The club pairs report with its player ID cells empty: `` | P01 | Player 01 | 0 | 48``."""
    return re.sub(r"^FSBR-\d{4} \|", " |", report(code=code, rk=EVERY_RK_ZERO), flags=re.M)


async def empty_federation(db: Database) -> None:
    """FSBR with two disciplines of its classification, no player, a director "boss"."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("FSBR", "Russian Bridge Federation", "Europe/Moscow")
        for code in ("fsbr", "fsbr-ids"):
            await repos.federations.add_discipline(
                fed, code, "FSBR classification", "bridge_fsbr", "monthly"
            )
    await make_director(db, "boss", "FSBR")


async def awards_of(db: Database, discipline: str) -> list[tuple[str, str, Decimal]]:
    """(federation ID, kind, amount) of every ledger line of the discipline, sorted."""
    async with db.read() as repos:
        found = await repos.federations.discipline_by_code(discipline)
        assert found is not None
        lines = await repos.ledger.discipline_awards(found.id)
        players = await repos.players.by_ids(a.player_id for a in lines)
        return sorted(
            (players[a.player_id].federation_player_id, a.kind, Decimal(a.amount)) for a in lines
        )


def test_a_line_without_id_is_named_by_its_name_and_one_without_both_is_refused() -> None:
    parsed = read_report(names_only("club-names"))
    first = parsed.tournament.entries[0].players[0]
    assert (first.player, first.name, first.named_only) == ("Player 01", "Player 01", True)
    with pytest.raises(InputError) as caught:
        read_report(names_only("club-names").replace(" | P01 | Player 01 |", " | P01 |  |"))
    assert caught.value.field == "player"
    assert "player id and name missing" in str(caught.value)


async def test_a_names_only_table_is_settled_by_names_and_awards_as_with_ids(
    services: Services, db: Database
) -> None:
    await empty_federation(db)
    boss = user("boss")
    listed = await dispatch(services, boss, "/submit fsbr\n" + names_only("club-names"))
    lines = listed.plain.splitlines()
    assert lines[0] == (
        "16 names in pasted.txt are not settled in the FSBR registry; nothing is written yet:"
    )
    # [players] is line 22 (line 1 is the comment): the first player is line 23.
    assert lines[1] == "1. line 23: Player 01 — not registered"
    assert "player id missing" not in listed.plain
    new = next(b.action for b in listed.buttons if b.action.endswith(" new"))
    preview = await dispatch(services, boss, new)
    assert "1. Player 01 (FSBR-0001) · P01 | рк 0, MB 0 | MB 23 (+23 MB) |" in preview.plain, (
        preview.plain
    )
    assert "New players, registered when you confirm (16)" in preview.plain
    async with db.read() as repos:
        assert await repos.players.count() == 0  # the preview wrote nothing
    saved = await dispatch(services, boss, preview.buttons[0].action)
    assert saved.plain.startswith("Saved: ")
    by_names = await awards_of(db, "fsbr")
    assert [a for a in by_names if a[0] == "FSBR-0001"] == [("FSBR-0001", "MB", Decimal(23))]

    # The same table with the IDs the players were registered under gives the same awards.
    async with db.read() as repos:
        fed = await repos.federations.by_code("FSBR")
        assert fed is not None
        ids = {name: fpid for _, fpid, name, _ in await repos.players.names(fed.id)}
    with_ids = report(code="club-ids", rk=EVERY_RK_ZERO)
    for number in range(1, 17):
        with_ids = with_ids.replace(f"FSBR-{number:04d} |", f"{ids[f'Player {number:02d}']} |")
    assert (await submit_and_confirm(services, "fsbr-ids", with_ids)).startswith("Saved: ")
    assert await awards_of(db, "fsbr-ids") == by_names
    assert sorted(int(a[2]) for a in by_names) == [2, 2, 6, 6, 23, 23]

    # Once registered, the names-only table is matched with no question.
    again = await dispatch(services, boss, "/submit fsbr\n" + names_only("club-again"))
    assert "not settled" not in again.plain
    assert "1. Player 01 (FSBR-0001) · P01 |" in again.plain


async def test_register_new_takes_every_unknown_name_without_a_question(
    services: Services, db: Database
) -> None:
    """What ``fedrank import fsbr FILE --register-new`` asks of the adapter (Names with
    ``register_new``): the 16 names become new players with the file's rk kept, no question."""
    await empty_federation(db)
    adapter = services.systems.adapter("bridge_fsbr")
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("fsbr")
        assert discipline is not None
        names = Names(register_new=True)
        await adapter.prepare(repos, discipline, names_only("club-names"), "club.fsbr", names)
        assert await repos.players.count() == 0
    assert [p.name for p in names.new_players][:2] == ["Player 01", "Player 02"]
    assert len(names.new_players) == 16
    assert names.new_players[0].data == {"bridge_fsbr": {"initial_rk": 0.0}}


async def test_a_names_only_table_is_corrected_by_its_names(
    services: Services, db: Database
) -> None:
    """A second submission of the same code, the first two pairs swapped: its names are found
    (no question), version 2 moves the 23 MB from P01's players to P02's."""
    await empty_federation(db)
    boss = user("boss")
    listed = await dispatch(services, boss, "/submit fsbr\n" + names_only("club-names"))
    new = next(b.action for b in listed.buttons if b.action.endswith(" new"))
    await dispatch(services, boss, (await dispatch(services, boss, new)).buttons[0].action)
    swapped = names_only("club-names").replace("P01 | 1\nP02 | 2", "P01 | 2\nP02 | 1")
    assert swapped != names_only("club-names")
    saved = await submit_and_confirm(services, "fsbr", swapped)
    assert saved.endswith("version 2, code club-names."), saved
    mb = {fpid: amount for fpid, kind, amount in await awards_of(db, "fsbr") if kind == "MB"}
    assert (mb["FSBR-0001"], mb["FSBR-0003"]) == (Decimal(6), Decimal(23))
    async with db.read() as repos:
        assert await repos.players.count() == 16
