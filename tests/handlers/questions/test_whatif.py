"""/whatif: a place simulated in a stored tournament by the adapter that can; nothing written.

Hand-worked with the 16-player Tula sheet of ``mahjong_rmf.helpers`` (all 12 kyu before it,
CHUT 16, CHS 6, so KT = 0.5 and NR*KT = 500 * (16 - p) / 15 at place p): RMF-0016 shares
places 15-16 (NR*KT 16.67, no level change). Had he finished 1st alone: NR*KT 500, norm 6k;
on the list of the tournament's day (VT 1) his rating would be 0.25 * EU(6k) 500 +
0.75 * 500 / 5 = 200, first, instead of 0.75 * 16.67 / 5 = 2.5, shared 15th.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import func, select

from fedrank.engines import mahjong_rmf as rmf
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems.mahjong_rmf import whatif_entries
from fedrank.storage.database import Database
from fedrank.storage.models import AuditLog, TournamentVersion
from tests.conftest import user
from tests.factories import NOW
from tests.handlers.systems.mahjong_rmf.helpers import seed, sheet, submit_and_confirm

TULA = "tula-autumn-2026"


async def stored(db: Database) -> dict[str, Any]:
    async with db.read() as repos:
        return {
            "versions": await repos.session.scalar(select(func.count(TournamentVersion.id))),
            "audit": await repos.session.scalar(select(func.count(AuditLog.id))),
        }


async def setup(services: Services, db: Database) -> None:
    await seed(db)
    assert "version 1" in await submit_and_confirm(services, sheet())
    async with db.transaction() as repos:
        fed = await repos.federations.by_code("RMF")
        assert fed is not None
        await repos.players.add(fed.id, "RMF-0017", "Player 17")
        other = await repos.federations.add("UGF", "Ukrainian Go Federation")
        go = await repos.federations.add_discipline(other, "ugf-go", "Go", "go_ufgo", "monthly")
        await repos.players.add(other.id, "UGF-1", "Taras Go")
        await repos.ledger.record_tournament(
            discipline_id=go.id,
            code="kyiv-cup",
            name="Kyiv Cup",
            held_on=date(2026, 10, 1),
            params={},
            entries=[],
            games=[],
            awards=[],
            now=NOW,
        )


async def test_a_better_place_for_a_player_who_played(services: Services, db: Database) -> None:
    await setup(services, db)
    before = await stored(db)
    reply = await dispatch(services, user("u"), f"/whatif {TULA} 1 RMF-0016")
    assert reply.plain.splitlines() == [
        "What if Player 16 (RMF-0016) had finished 1 in Tula Autumn Cup 2026?",
        "What | As stored | With that place | Note",
        f"place in {TULA} | 15-16 | 1 | ",
        f"NR*KT in {TULA} | 16.67 | 500 | NR 1000, norm 6k",
        f"KT of {TULA} | 0.5 | 0.5 | ",
        f"level after {TULA} | 12k | 6k | ",
        "level on 2026-09-05 | 12k | 6k | ",
        "list on 2026-09-05 | #15, 2.5 | #1, 200 | position, rating",
        "A simulation only: nothing was changed.",
    ]
    assert await stored(db) == before


async def test_the_linked_player_by_default(services: Services, db: Database) -> None:
    await setup(services, db)
    async with db.transaction() as repos:
        account = await repos.accounts.get_or_create(
            "console", "u16", display_name="u16", language=None, now=NOW
        )
        found = await repos.players.find("RMF-0016")
        await repos.accounts.link(account, found[0].id)
    mine = await dispatch(services, user("u16"), f"/whatif {TULA} 2")
    # Place 2 alone: NR = 1000 * 14 / 15 = 933.33, NR*KT 466.67, norm 7k.
    assert f"NR*KT in {TULA} | 16.67 | 466.67 | NR 933.33, norm 7k" in mine.plain
    by_name = await dispatch(services, user("u16"), "/whatif Tula 2 Player 16")
    assert by_name.plain == mine.plain


async def test_a_player_who_did_not_play(services: Services, db: Database) -> None:
    """RMF-0017 added last: the declared CHUT grows to 17 and his NR is 1000 * 0 / 16 = 0."""
    await setup(services, db)
    last = await dispatch(services, user("u"), f"/whatif {TULA} 17 RMF-0017")
    assert f"place in {TULA} | — | 17 | " in last.plain
    assert f"NR*KT in {TULA} | — | 0 | NR 0" in last.plain
    assert f"level after {TULA} | 12k | 12k | " in last.plain
    assert "list on 2026-09-05 | — | " in last.plain
    # Place 16 would split the pair sharing places 15-16: the engine names the group.
    inside = await dispatch(services, user("u"), f"/whatif {TULA} 16 RMF-0017")
    assert inside.plain.startswith("Cannot simulate that: ")
    assert "inside places 15-16 shared by 2 players" in inside.plain


async def test_refusals(services: Services, db: Database) -> None:
    await setup(services, db)
    before = await stored(db)
    for who, command, answer in [
        ("u", "/whatif", "Usage: /whatif <tournament> <place> [player]"),
        ("u", f"/whatif {TULA} first RMF-0001", "Usage"),
        ("u", f"/whatif {TULA} 0 RMF-0001", "Usage"),
        ("u", "/whatif nowhere 1 RMF-0001", "No stored tournament matches “nowhere”"),
        ("u", f"/whatif {TULA} 1", "link your account"),
        ("u", f"/whatif {TULA} 1 UGF-1", "Taras Go (UGF-1) is not a player of the federation"),
        ("u", f"/whatif {TULA} 18 RMF-0001", "place must be between 1 and 16"),
        ("u", f"/whatif {TULA} 18 RMF-0017", "place must be between 1 and 17"),
        ("u", "/whatif kyiv-cup 1 UGF-1", "The go_ufgo system cannot simulate places"),
        ("u", "/whatif Cup 1 UGF-1", "Several tournaments match “Cup”"),
    ]:
        reply = await dispatch(services, user(who), command)
        assert answer in reply.plain, (command, reply.plain)
    assert await stored(db) == before


def test_whatif_entries_keep_order_and_ties() -> None:
    """A 1, B and C sharing 2-3, D 4. D at 2: A 1, D 2, B and C 3-4. A at 3: B and C 1-2,
    A 3, D 4. A newcomer at 5 with a declared CHUT of 4: CHUT 5."""
    t = rmf.Tournament(
        id="t",
        date=date(2026, 1, 10),
        discipline=rmf.Discipline.MCR,
        chs=6,
        entries=(rmf.Entry("A", 1), rmf.Entry("B", 2), rmf.Entry("C", 2), rmf.Entry("D", 4)),
        chut=4,
    )

    def places(x: rmf.Tournament) -> dict[str, int]:
        return {e.player: e.place for e in x.entries}

    assert places(whatif_entries(t, "D", 2)) == {"A": 1, "D": 2, "B": 3, "C": 3}
    assert places(whatif_entries(t, "A", 3)) == {"B": 1, "C": 1, "A": 3, "D": 4}
    added = whatif_entries(t, "E", 5)
    assert places(added) == {"A": 1, "B": 2, "C": 2, "D": 4, "E": 5}
    assert (added.chut, whatif_entries(t, "A", 3).chut) == (5, 4)
