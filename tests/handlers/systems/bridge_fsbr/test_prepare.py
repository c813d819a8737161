"""Import through /submit and /confirm with rk from the database, refusals, corrections
with replays (the hand-worked club pairs event: ``helpers``).

Every test runs on SQLite and, with FEDRANK_TEST_DATABASE_URL, on PostgreSQL.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from fedrank.engines import bridge_fsbr as fsbr
from fedrank.engines.kernel import InputError
from fedrank.handlers.context import IncomingFile, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems.bridge_fsbr import read_report
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.systems.bridge_fsbr.helpers import (
    NAME,
    hand_mb,
    report,
    seed,
    submit_and_confirm,
    version_of,
)


async def test_file_submit_preview_confirm_rating_and_list(
    services: Services, db: Database
) -> None:
    """Everyone starts at rk 0 (kept, note 1): the module docstring's figures, MB 23 / 6 / 2.
    FSBR-0003's file says rk 3: ignored, the database's рк 0 is used."""
    await seed(db, initial="0")
    assert hand_mb(0.1 * sum(0.95**i for i in range(8)))[:4] == [23, 6, 2, 0]
    text = report(rk={3: "3"})
    attached = replace(user("boss"), attachment=IncomingFile("aurora.fsbr", text.encode()))
    preview = await dispatch(services, attached, "/submit fsbr")
    shown = preview.plain
    assert f"Preview: {NAME} — FSBR classification, 2026-09-06" in shown
    assert f"{NAME}: pairs, local, status none | 2026-09-05..2026-09-06 | kq 0.673159, N 8" in (
        shown
    )
    assert "1. Player 01 (FSBR-0001) · P01 | рк 0, MB 0 | MB 23 (+23 MB) |" in shown
    assert "2. Player 03 (FSBR-0003) · P02 | рк 0, MB 0 | MB 6 (+6 MB) | file rk 3 ignored" in shown
    assert "3. Player 06 (FSBR-0006) · P03 | рк 0, MB 0 | MB 2 (+2 MB) |" in shown
    assert "4. Player 07 (FSBR-0007) · P04 | рк 0 | no award |" in shown
    assert (
        "⚠ line 25: FSBR-0003 has rk 3 in the file; the database's рк 0 (2.2 note 1: kept from "
        "the earlier classification) is used"
    ) in shown
    assert "not a rated event" in shown
    assert await version_of(db, "club-2026-09") == (0, {}, "")  # the preview wrote nothing

    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert saved.plain == f"Saved: {NAME}, version 1, code club-2026-09."
    version, params, _ = await version_of(db, "club-2026-09")
    assert version == 1
    assert Decimal(params["figures"]["kq"]) == Decimal("0.673159137421875")
    assert params["ranks"] == {str(n): "0" for n in range(1, 17)}
    rating = (await dispatch(services, user("u1"), "/rating FSBR-0001")).plain
    assert "Points: MB 23" in rating
    why = (await dispatch(services, user("u1"), "/why club-2026-09 FSBR-0004")).plain
    assert "MB = 6" in why and "face_to_face = True" in why and "kqp = 0.272427  [7.6]" in why

    published = await dispatch(services, user("boss"), "/publish fsbr 2026-10-01")
    assert published.plain.endswith("40 players.")
    first = (await dispatch(services, user("u1"), "/rating FSBR-0001")).plain
    # No RO yet: R = 0 for everyone, who all share position 1.
    assert "Position 1 of 40 in the list of 2026-10-01" in first
    assert "Rating: 0" in first
    assert "Title: рк 0 (since 2026-10-01)" in first
    assert "Next: рк -0.5: 12 PB [12 PB, for life]; or 9 PB + an achievement of level 1" in first


async def test_pasted_report_with_a_foreign_guest(services: Services, db: Database) -> None:
    """Pasted after the command line; P08 plays with a Latvian guest who is not in the
    database (country given): he counts in q by 6.3 (0.3 RKS, RKS of Latvia = 3 in appendix 2,
    so 0.9 is better than his own 3: q = (0 + 0.9)/2 = 0.45) and gets no ledger line. The kq
    of the field: q1 = 0.2 for seven pairs and 0.2 / 1.6^0.45 = 0.161818 for P08, last of the
    eight: kq = 1/2 (0.2 (1 - 0.95^7)/0.05 + 0.161818 x 0.95^7) = 0.659847."""
    await seed(db, initial="0")
    text = report(members={8: ("FSBR-0015", "LV-77")}).replace(
        "LV-77 | P08 | Player 00 |  | 48", "LV-77 | P08 | Guest | 3 | 48 | LV"
    )
    head, _, rest = text.partition("\n")
    preview = await dispatch(services, user("boss"), f"/submit fsbr {head}\n{rest}")
    shown = preview.plain
    q1_guest = 0.2 / 1.6**0.45
    kq = 0.5 * sum((0.2 if i < 7 else q1_guest) * 0.95**i for i in range(8))
    assert f"kq {kq:.6f}" in shown and f"{kq:.6f}" == "0.659847"
    assert "8. LV-77 (LV) · P08 | guest | — | foreign guest not in the database" in shown
    assert "foreign guests not in the database (no ledger line): LV-77" in shown
    mb = hand_mb(kq)
    assert f"1. Player 01 (FSBR-0001) · P01 | рк 0, MB 0 | MB {mb[0]} (+{mb[0]} MB)" in shown
    await dispatch(services, user("boss"), preview.buttons[0].action)
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("fsbr")
        assert disc is not None
        lines = await repos.ledger.discipline_awards(disc.id)
        assert sorted(int(a.amount) for a in lines) == sorted([mb[0]] * 2 + [mb[1]] * 2 + [2, 2])


async def test_non_director_is_refused_and_nothing_written(
    services: Services, db: Database
) -> None:
    await seed(db)
    reply = await dispatch(services, user("u1"), "/submit fsbr\n" + report())
    assert reply.plain == "Only a director of FSBR may do this."
    assert not reply.buttons
    assert await version_of(db, "club-2026-09") == (0, {}, "")


async def test_unknown_player_and_bad_lines_are_named(services: Services, db: Database) -> None:
    await seed(db)
    unknown = report(members={4: ("FSBR-0007", "FSBR-0099")})
    reply = await dispatch(services, user("boss"), "/submit fsbr\n" + unknown)
    # Line 1 is the comment; [players] is line 22, P04's second player is line 30.
    assert reply.plain.startswith(
        "1 name in pasted.txt is not settled in the FSBR registry; nothing is written yet:\n"
        "1. line 30: FSBR-0099 (Player 99) — not registered; closest: Player 39 (FSBR-0039), "
        "Player 29 (FSBR-0029), Player 19 (FSBR-0019)\n"
        "(a foreign guest who is not in the database needs his country)\n"
    )
    assert not any(b.action.startswith("/confirm") for b in reply.buttons)
    no_boards = report().replace(
        "FSBR-0005 | P03 | Player 05 |  | 48", "FSBR-0005 | P03 | Player 05 |"
    )
    reply = await dispatch(services, user("boss"), "/submit fsbr\n" + no_boards)
    assert reply.plain.startswith("Not accepted, nothing was written: line 27, field 'boards'")
    with pytest.raises(InputError) as caught:
        read_report(report(code="x" * 65))
    assert (caught.value.line, caught.value.field) == (3, "id")
    async with db.read() as repos:
        assert await repos.ledger.find_tournaments("", limit=10) == []


async def test_correction_makes_version_2_and_replays_a_later_tournament(
    services: Services, db: Database
) -> None:
    """Beginners (рк 5). September, with kq = 1 given: MB 31 / 9 / 2 / 1 (module docstring).
    October is stored before the list of 2026-10-01 is published: everyone is at рк 5 there.
    Then that list is published late: FSBR-0001 and FSBR-0002 hold 31 MB, 10 for life (рк 4)
    and 20 in the last year (рк 3, a one-year norm), so рк 3 since 2026-10-01. Correcting
    September (P03 and P04 swapped) makes its version 2 and re-derives October with рк 3 for
    P01 (q = 3, q1 = 0.2 / 1.6^3): its kq and MB change, so October is replayed as version 2."""
    await seed(db)
    saved = await submit_and_confirm(services, report(kq="1"))
    assert saved == f"Saved: {NAME}, version 1, code club-2026-09."
    october = report(
        name="Кубок клуба, октябрь", code="club-2026-10", start="2026-10-10", end="2026-10-11"
    )
    await submit_and_confirm(services, october)
    version, params, _ = await version_of(db, "club-2026-10")
    assert (version, set(params["ranks"].values())) == (1, {"5"})
    await dispatch(services, user("boss"), "/publish fsbr 2026-10-01")
    rating = (await dispatch(services, user("u1"), "/rating FSBR-0001")).plain
    assert "Title: рк 3 (since 2026-10-01)" in rating

    corrected = report(kq="1", order=(1, 2, 4, 3, 5, 6, 7, 8))
    preview = await dispatch(services, user("boss"), "/submit fsbr\n" + corrected)
    shown = preview.plain
    assert "club-2026-09 is stored (version 1): this correction becomes version 2" in shown
    # Before: what each held when September ended, without September's version 1.
    assert "3. Player 07 (FSBR-0007) · P04 | рк 5, MB 0 | MB 2 (+2 MB)" in shown
    assert "4. Player 05 (FSBR-0005) · P03 | рк 5, MB 0 | MB 1 (+1 MB)" in shown
    assert "Stored tournaments re-rated because of this submission: Кубок клуба, октябрь" in shown
    confirmed = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert confirmed.plain == f"Saved: {NAME}, version 2, code club-2026-09."
    version, params, reason = await version_of(db, "club-2026-10")
    assert (version, reason) == (2, "replayed after correction of club-2026-09")
    assert params["ranks"]["1"] == "3" and params["ranks"]["3"] == "5"
    # October by the engine itself with the ranks the database now gives.
    ranked = fsbr.with_ranks(
        fsbr.parse_tournament(october),
        {f"FSBR-{n:04d}": Decimal(3) if n <= 2 else Decimal(5) for n in range(1, 17)},
    )
    result = fsbr.compute_tournament(ranked)
    assert Decimal(params["figures"]["kq"]) == result.figures["kq"]
    winners = {a.player: a.amount for a in result.awards if a.kind == "MB"}
    rating = (await dispatch(services, user("u1"), "/rating FSBR-0001")).plain
    assert f"Points: MB {31 + int(winners['FSBR-0001'])}" in rating
    rating = (await dispatch(services, user("u1"), "/rating FSBR-0007")).plain
    assert f"Points: MB {2 + int(winners.get('FSBR-0007', 0))}" in rating

    # The same correction again is identical to the stored version 2: nothing to write.
    again = await dispatch(services, user("boss"), "/submit fsbr\n" + corrected)
    assert "is identical to the stored version 2: nothing to confirm" in again.plain
    assert again.buttons == []


async def test_every_players_rk_at_the_start_is_read_in_one_query(
    services: Services, db: Database
) -> None:
    """A file of thousands of players once cost one title query per player line (a 1.7 MB
    file took 30 s before it was refused); the titles of all of them are one query."""
    from sqlalchemy import event

    await seed(db)
    statements: list[str] = []

    def seen(conn: object, cursor: object, statement: str, *args: object) -> None:
        statements.append(statement)

    engine = db.engine.sync_engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        preview = await dispatch(services, user("boss"), "/submit fsbr\n" + report())
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    assert preview.buttons, preview.plain
    titles = [s for s in statements if "FROM title" in s]
    assert len(titles) == 1, titles
