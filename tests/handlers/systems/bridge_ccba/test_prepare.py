"""A director's event file through /submit and /confirm: the preview, the players found, the
ledger's holdings over the file's, refusals that name the line, the engine's examples, youth.
The figures are those of :mod:`tests.handlers.systems.bridge_ccba.helpers`."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from fedrank.engines import bridge_ccba as ccba
from fedrank.engines.kernel import InputError
from fedrank.handlers.context import IncomingFile, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems.bridge_ccba import read_event_file
from fedrank.handlers.systems.bridge_ccba.importing import absent_lines
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import make_director
from tests.handlers.systems.bridge_ccba.helpers import (
    ALL_300,
    NAME,
    PLAYERS,
    event_file,
    figures,
    seed,
    submit_and_confirm,
    version_of,
)


async def test_file_submit_preview_confirm_rating_and_list(
    services: Services, db: Database
) -> None:
    """Everyone brings 300 from before fedrank (no history: the file's mp= is the opening
    holding). The module docstring's figures: M 3.00, 1.80 / 0.90 / 0.36 red."""
    await seed(db)
    text = event_file(mp=ALL_300, code="chengdu-2026-09")
    attached = replace(user("boss"), attachment=IncomingFile("sept.ccba", text.encode()))
    preview = await dispatch(services, attached, "/submit ccba")
    shown = preview.plain
    assert f"Preview: {NAME} — CCBA masterpoints, 2026-09-05" in shown
    assert f"{NAME}: N 8 |  | M 3.00 | AVGM 300.00, S 1.00, L 1, E 1" in shown
    opening = "opening mp from the file (no history in the database)"
    assert f"1. Player 01 (CCBA-0001) · P01 | mp 300 | mp 301.8 | +1.8 red (place); {opening}" in (
        shown
    )
    assert f"2. Player 04 (CCBA-0004) · P02 | mp 300 | mp 300.9 | +0.9 red (place); {opening}" in (
        shown
    )
    assert "3. Player 06 (CCBA-0006) · P03 | mp 300 | mp 300.36 | +0.36 red (place)" in shown
    assert f"4. Player 07 (CCBA-0007) · P04 | mp 300 | mp 300 | no award; {opening}" in shown
    assert await version_of(db, "chengdu-2026-09") == (0, {}, "")  # the preview wrote nothing

    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert saved.plain == f"Saved: {NAME}, version 1, code chengdu-2026-09."
    version, params, _ = await version_of(db, "chengdu-2026-09")
    assert (version, figures(params)) == (1, ("300.00", "3.00"))
    assert params["players"] == {f"CCBA-{n:04d}": n for n in range(1, PLAYERS + 1)}
    rating = (await dispatch(services, user("u1"), "/rating CCBA-0001")).plain
    assert "Points: masterpoints red 1.8, opening masterpoints 300" in rating
    why = (await dispatch(services, user("u1"), "/why chengdu-2026-09 CCBA-0003")).plain
    assert "masterpoints (red) = 0.9" in why
    assert "R = 0.30" in why and "V = 3.00" in why and "M = 3.00" in why

    published = await dispatch(services, user("boss"), "/publish ccba 2026-10-01")
    assert published.plain.endswith("16 players.")
    first = (await dispatch(services, user("u1"), "/rating CCBA-0001")).plain
    assert "Position 1 of 16 in the list of 2026-10-01" in first
    assert "Masterpoints: 301.8" in first
    assert (
        "Next: no ranks by masterpoints in seed 001; the next event's M counts 301.8 "
        "(1.8 red + 300 opening)"
    ) in first
    top = (await dispatch(services, user("u1"), "/top ccba 16")).plain
    # Equal totals share a position: 301.80 x2, 300.90 x2, 300.36 x2, 300 x10.
    assert "1 | Player 02 (CCBA-0002) | 301.8 | " in top
    assert "3 | Player 03 (CCBA-0003) | 300.9 | " in top
    assert "5 | Player 06 (CCBA-0006) | 300.36 | " in top
    assert "7 | Player 16 (CCBA-0016) | 300 | " in top


async def test_pasted_file_uses_the_ledger_not_the_file(services: Services, db: Database) -> None:
    """After the first event, a second one (the order reversed) reads holdings from the ledger:
    pairs hold 301.80, 300.90, 300.36 and 300 x5, so AVGM = 2403.06 / 8 = 300.3825 -> 300.38
    and M = 2 + 300.38/300 = 3.0013 -> 3.00: the same 1.80 / 0.90 / 0.36. The file's mp=300
    for CCBA-0001 (who holds 301.80) is ignored with a warning."""
    await seed(db)
    await submit_and_confirm(services, event_file(mp=ALL_300, code="chengdu-2026-09"))
    second = event_file(
        name="2026 十月双人赛", held="2026-10-10", order=(8, 7, 6, 5, 4, 3, 2, 1), mp={1: "300"}
    )
    preview = await dispatch(services, user("boss"), "/submit ccba " + second)
    shown = preview.plain
    assert "2026 十月双人赛: N 8 |  | M 3.00 | AVGM 300.38, S 1.00, L 1, E 1" in shown
    assert "1. Player 15 (CCBA-0015) · P08 | mp 300 | mp 301.8 | +1.8 red (place)" in shown
    assert "8. Player 01 (CCBA-0001) · P01 | mp 301.8 | mp 301.8 | no award; file holding ig" in (
        shown
    )
    # The pasted text starts on the command line (its comment is line 1): P01 is the 8th
    # entry, on line 32, and CCBA-0001 on line 33.
    assert (
        "⚠ line 33: CCBA-0001 has mp=300 (database 301.8) in the file; the database's holding "
        "is used"
    ) in shown
    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert saved.plain == "Saved: 2026 十月双人赛, version 1, code 2026-10-10-ccba-2026."
    rating = (await dispatch(services, user("u1"), "/rating CCBA-0015")).plain
    assert "Points: masterpoints red 1.8, opening masterpoints 300" in rating


async def test_non_director_is_refused_and_nothing_written(
    services: Services, db: Database
) -> None:
    await seed(db)
    text = event_file(mp=ALL_300, code="chengdu-2026-09")
    reply = await dispatch(services, user("u1"), "/submit ccba\n" + text)
    assert reply.plain == "Only a director of CCBA may do this."
    assert not reply.buttons
    assert await version_of(db, "chengdu-2026-09") == (0, {}, "")


async def test_unknown_player_twice_listed_and_missing_date_name_the_line(
    services: Services, db: Database
) -> None:
    await seed(db)
    unknown = event_file(pairs={4: ("CCBA-0007", "CCBA-0099")})
    reply = await dispatch(services, user("boss"), "/submit ccba\n" + unknown)
    # Line 1 is the comment, line 11 the first entry (3 lines each): P04's second player is
    # on line 22.
    assert reply.plain.startswith(
        "1 name in pasted.txt is not settled in the CCBA registry; nothing is written yet:\n"
        "1. line 22: CCBA-0099 — not registered\n"
        "(a guest who is not in the database is written member=no)\n"
    )
    assert not any(b.action.startswith("/confirm") for b in reply.buttons)
    twice = event_file(pairs={4: ("CCBA-0007", "CCBA-0001")})
    reply = await dispatch(services, user("boss"), "/submit ccba\n" + twice)
    assert reply.plain == (
        "Not accepted, nothing was written: line 22, field 'player': CCBA-0001 is listed "
        "twice (first on line 12)"
    )
    undated = event_file().replace("date = 2026-09-05\n", "")
    reply = await dispatch(services, user("boss"), "/submit ccba\n" + undated)
    assert reply.plain == (
        "Not accepted, nothing was written: line 2, field 'date': the import needs the "
        "event's date (YYYY-MM-DD)"
    )
    malformed = event_file(mp={5: "abc"})
    reply = await dispatch(services, user("boss"), "/submit ccba\n" + malformed)
    assert reply.plain == (
        "Not accepted, nothing was written: line 18, field 'mp', player CCBA-0005: "
        "expected a number, got 'abc'"
    )
    with pytest.raises(InputError) as caught:
        read_event_file(event_file(), "results.xlsx")
    assert (caught.value.line, caught.value.field) == (1, "file")
    async with db.read() as repos:
        assert await repos.ledger.find_tournaments("", limit=10) == []


EXAMPLES = Path(__file__).parents[4] / "examples" / "bridge_ccba"


@pytest.mark.parametrize(
    "example", ["chengdu_club_online_pairs_2026_03.ccba", "sichuan_team_championship_2026.ccba"]
)
async def test_the_engine_examples_import_with_the_engines_figures(
    services: Services, db: Database, example: str
) -> None:
    """The engine's example files (grading, a stage, win masterpoints, a knock-out, ties, an
    online event, absent and withdrawn units) imported into a database that knows every player
    except the member=no guests, none with history: the file's holdings become the openings
    (but an absent entry's, which bring nothing), so
    every stored line equals ``fedrank calc``'s award for that player and colour."""
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    parsed = read_event_file(text, example)
    guests = {p.player for p in parsed.players if p.member == "no"}
    async with db.transaction() as repos:
        fed = await repos.federations.add("CCBA", "Chinese Contract Bridge Association")
        disc = await repos.federations.add_discipline(
            fed, "ccba", "CCBA masterpoints", "bridge_ccba", "yearly"
        )
        for line in parsed.players:
            if line.player not in guests:
                player = await repos.players.add(fed.id, line.player, f"Player {line.player}")
                await repos.players.add_membership(player.id, date(2020, 1, 1), None)
    await make_director(db, "boss", "CCBA")
    attached = replace(user("boss"), attachment=IncomingFile(example, text.encode()))
    preview = await dispatch(services, attached, "/submit ccba")
    assert preview.buttons, preview.plain
    expected = ccba.calc_document(text, filename=example)
    for warning in expected["warnings"]:
        assert f"⚠ {warning}" in preview.plain
    await dispatch(services, user("boss"), preview.buttons[0].action)
    want = sorted(
        (a["player"], a["colour"], Decimal(a["amount"]))
        for a in expected["awards"]
        if a["player"] not in guests
    )
    async with db.read() as repos:
        found = await repos.players.by_federation_ids(fed.id, [p.player for p in parsed.players])
        ids = {p.id: p.federation_player_id for p in found.values()}
        got = sorted(
            (ids[a.player_id], a.colour, Decimal(a.amount))
            for a in await repos.ledger.discipline_awards(disc.id)
            if a.kind == "masterpoints"
        )
        assert got == want and got
        openings = {
            ids[a.player_id]: Decimal(a.amount)
            for a in await repos.ledger.discipline_awards(disc.id)
            if a.kind == "opening masterpoints"
        }
        # An entry marked absent brings no opening holding (issue 33).
        absent = absent_lines(parsed)
        assert openings == {p.player: p.mp for p in parsed.players if p.mp and p.line not in absent}


async def test_youth_events_feed_the_youth_holding(services: Services, db: Database) -> None:
    """A youth club pairs event (youth = yes, restrictions = age), everyone bringing ymp=50:
    AVGM 50.00, youth M = 2 + 50/50 = 3.00, S 1.00, youth L (club) 1, E 0.80 (one restriction),
    V = 2.40; places pay 0.60 x 2.4 = 1.44, 0.30 x 2.4 = 0.72, 0.12 x 2.4 = 0.288 -> 0.29
    youth masterpoints. They feed ``ymp`` only: the next (ordinary) event reads mp 0 for all,
    AVGM 0.00, M 2.00."""
    await seed(db)
    youth = event_file(code="youth").replace("boards = 24", "boards = 24\nyouth = yes")
    youth = youth.replace("colour = red", "colour = red\nrestrictions = age")
    for number in range(1, PLAYERS + 1):
        youth = youth.replace(f"player CCBA-{number:04d}\n", f"player CCBA-{number:04d} ymp=50\n")
    preview = await dispatch(services, user("boss"), "/submit ccba\n" + youth)
    shown = preview.plain
    assert "M 3.00 | AVGM 50.00, S 1.00, L 1, E 0.8" in shown
    assert (
        "1. Player 01 (CCBA-0001) · P01 | ymp 50 | ymp 51.44 | +1.44 red (place); opening ymp "
        "from the file"
    ) in shown
    assert "3. Player 05 (CCBA-0005) · P03 | ymp 50 | ymp 50.29 | +0.29 red (place)" in shown
    await dispatch(services, user("boss"), preview.buttons[0].action)
    rating = (await dispatch(services, user("u1"), "/rating CCBA-0002")).plain
    assert "Points: opening youth 50, youth masterpoints red 1.44" in rating
    ordinary = event_file(held="2026-10-10", code="oct")
    preview = await dispatch(services, user("boss"), "/submit ccba\n" + ordinary)
    assert "M 2.00 | AVGM 0.00" in preview.plain
    assert "1. Player 01 (CCBA-0001) · P01 | mp 0 | mp 1.2 | +1.2 red (place)" in preview.plain
    await dispatch(services, user("boss"), preview.buttons[0].action)
    published = await dispatch(services, user("boss"), "/publish ccba 2026-11-01")
    assert published.plain.endswith("16 players.")
    rating = (await dispatch(services, user("u1"), "/rating CCBA-0001")).plain
    assert "Masterpoints: 1.2" in rating
    assert (
        "Next: no ranks by masterpoints in seed 001; the next event's M counts 1.2; youth "
        "events count the higher of it and youth 51.44"
    ) in rating
