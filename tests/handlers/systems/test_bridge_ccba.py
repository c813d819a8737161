"""The bridge_ccba adapter: import through /submit and /confirm, holdings from the ledger,
non-members and guests, corrections with replays, the masterpoint list and the demo.

Every test runs on SQLite and, with FEDRANK_TEST_DATABASE_URL, on PostgreSQL.

The hand-worked club pairs event used throughout (8 pairs, club, red, B = 24 boards):
N = 8, red pays 50 % = 4 places, but R(4) = lg 8 - lg 8 = 0, so 3 places (RULES.md Decision):
R(1) = lg 8 - lg 2 = 0.602 -> 0.60, R(2) = lg 8 - lg 4 = 0.301 -> 0.30, R(3) = lg 8 - lg 6 =
0.125 -> 0.12. S = 24/24 = 1.00, L = 1 (club), E = 1.00 (no restriction), so V = M.
With every player holding 300: TEAM AVGM 300 for each pair, AVGM 300.00, M = 2 + 300/300 =
3.00, V = 3.00, and the places pay 0.60 x 3 = 1.80, 0.30 x 3 = 0.90, 0.12 x 3 = 0.36 red.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from fedrank import demo
from fedrank.engines import bridge_ccba as ccba
from fedrank.engines.kernel import Award, InputError, Trace
from fedrank.handlers.context import IncomingFile, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems import all_systems
from fedrank.handlers.systems.bridge_ccba import ADAPTER, fmt, read_event_file
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import make_director

PLAYERS = 16
NAME = "2026 成都俱乐部九月双人赛"


def event_file(
    *,
    name: str = NAME,
    held: str = "2026-09-05",
    order: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8),
    mp: dict[int, str] | None = None,
    code: str | None = None,
    pairs: dict[int, tuple[str, str]] | None = None,
) -> str:
    """Eight pairs P01 = CCBA-0001 + CCBA-0002 ... P08 = CCBA-0015 + CCBA-0016, placed in
    ``order`` (the first is 1st); ``mp`` gives file holdings by player number."""
    lines = ["# club pairs, Chengdu", "[event]", f"name = {name}", f"date = {held}"]
    if code is not None:
        lines.append(f"code = {code}")
    lines += ["level = club", "kind = pair", "colour = red", "boards = 24", "", "[entries]"]
    for place, pair in enumerate(order, start=1):
        lines.append(f"entry P{pair:02d} place={place}")
        members = (pairs or {}).get(pair) or (
            f"CCBA-{2 * pair - 1:04d}",
            f"CCBA-{2 * pair:04d}",
        )
        for member in members:
            extra = ""
            if member.startswith("CCBA-") and mp and int(member[5:]) in mp:
                extra = f" mp={mp[int(member[5:])]}"
            lines.append(f"  player {member}{extra}")
    return "\n".join(lines) + "\n"


ALL_300 = {n: "300" for n in range(1, PLAYERS + 1)}


async def seed(db: Database, *, ended: dict[int, date] | None = None) -> int:
    """CCBA with its masterpoint discipline and players CCBA-0001 ... CCBA-0016, members since
    2020 (``ended`` ends some memberships); a director "boss". Returns the discipline id."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("CCBA", "Chinese Contract Bridge Association")
        disc = await repos.federations.add_discipline(
            fed, "ccba", "CCBA masterpoints", "bridge_ccba", "yearly"
        )
        for number in range(1, PLAYERS + 1):
            player = await repos.players.add(fed.id, f"CCBA-{number:04d}", f"Player {number:02d}")
            until = (ended or {}).get(number)
            await repos.players.add_membership(player.id, date(2020, 1, 1), until)
    await make_director(db, "boss", "CCBA")
    return disc.id


async def submit_and_confirm(services: Services, text: str) -> str:
    preview = await dispatch(services, user("boss"), "/submit ccba\n" + text)
    assert preview.buttons, preview.plain
    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    return saved.plain


async def version_of(db: Database, code: str) -> tuple[int, dict[str, object], str]:
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("ccba")
        assert discipline is not None
        tournament = await repos.ledger.tournament(discipline.id, code)
        if tournament is None:
            return 0, {}, ""
        current = await repos.ledger.current_version(tournament.id)
        assert current is not None
        return current.version, dict(current.params), current.reason


def figures(params: dict[str, object]) -> tuple[str, str]:
    found = params["figures"]
    assert isinstance(found, dict)
    return found["AVGM"], found["M"]


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
    assert saved.plain == f"Saved: {NAME}, version 1."
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
    assert "Rating: 301.8" in first
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
    assert saved.plain == "Saved: 2026 十月双人赛, version 1."
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
    assert reply.plain == (
        "Not accepted, nothing was written: line 22, field 'player': unknown player ID "
        "'CCBA-0099' in CCBA (a guest who is not in the database is written member=no)"
    )
    assert not reply.buttons
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
        "Not accepted, nothing was written: line 18, field 'mp': expected a number, got 'abc'"
    )
    with pytest.raises(InputError) as caught:
        read_event_file(event_file(), "results.xlsx")
    assert (caught.value.line, caught.value.field) == (1, "file")
    async with db.read() as repos:
        assert await repos.ledger.find_tournaments("", limit=10) == []


async def test_non_members_and_guests_hold_zero(services: Services, db: Database) -> None:
    """CCBA-0016's membership ended on 2025-12-31 (a non-member, his file mp=300 not counted)
    and P08 plays with a guest GUEST-0099 (member=no, not in the database). TEAM AVGM of P07
    (CCBA-0013 + CCBA-0016) and P08 (CCBA-0015 + guest) = (300 + 0) / 2 = 150, so AVGM =
    (6 x 300 + 2 x 150) / 8 = 262.50, M = 2 + 262.5/300 = 2.875 -> 2.88 = V; P08 wins:
    0.60 x 2.88 = 1.728 -> 1.73, P07 2nd: 0.30 x 2.88 = 0.864 -> 0.86, 3rd 0.3456 -> 0.35."""
    await seed(db, ended={16: date(2025, 12, 31)})
    text = event_file(
        code="guests",
        order=(8, 7, 1, 2, 3, 4, 5, 6),
        mp=ALL_300,
        pairs={
            7: ("CCBA-0013", "CCBA-0016"),
            8: ("CCBA-0015", "GUEST-0099 member=no"),
        },
    )
    text = text.replace("player CCBA-0014 mp=300\n", "").replace(
        "  player CCBA-0015 mp=300\n  player GUEST", "  player CCBA-0015 mp=300\n  player GUEST"
    )
    preview = await dispatch(services, user("boss"), "/submit ccba\n" + text)
    shown = preview.plain
    assert "N 8 |  | M 2.88 | AVGM 262.50" in shown
    assert "1. GUEST-0099 · P08 | guest | — | non-member not in the database: holds 0, no ledg" in (
        shown
    )
    assert "1. Player 15 (CCBA-0015) · P08 | mp 300 | mp 301.73 | +1.73 red (place)" in shown
    assert (
        "2. Player 16 (CCBA-0016) · P07 | mp 0 | mp 0.86 | +0.86 red (place); non-member on "
        "2026-09-05: holds 0 (seed 001 §2.9.8)"
    ) in shown
    assert "CCBA-0016 is not a member on 2026-09-05; the holding in the file is not counted" in (
        shown
    )
    assert "guests not in the database (non-members, no ledger line): GUEST-0099" in shown
    await dispatch(services, user("boss"), preview.buttons[0].action)
    rating = (await dispatch(services, user("u1"), "/rating CCBA-0016")).plain
    # He receives his unit's line (the engine's Decision 6) but brought no opening holding.
    assert "Points: masterpoints red 0.86" in rating
    assert "opening" not in rating
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("ccba")
        assert disc is not None
        tournament = await repos.ledger.tournament(disc.id, "guests")
        assert tournament is not None
        awards = [
            a
            for a in await repos.ledger.discipline_awards(disc.id)
            if a.kind == "masterpoints" and a.colour == "red"
        ]
        # 2 + 2 + 2 lines for three paid pairs, less the guest's: 5.
        assert sorted(a.amount for a in awards) == [Decimal("0.35")] * 2 + [Decimal("0.86")] * 2 + [
            Decimal("1.73")
        ]


async def test_correction_makes_version_2_and_replays_the_later_event(
    services: Services, db: Database
) -> None:
    """The September event is corrected: P08 (CCBA-0015, CCBA-0016) brought 1500 each, not
    300. Club events cap a TEAM AVGM at 1000 (§1.3.1), so AVGM = (7 x 300 + 1000) / 8 =
    387.50 and M = 2 + 387.5/300 = 3.2917 -> 3.29: 0.60 x 3.29 = 1.974 -> 1.97, 0.30 x 3.29 =
    0.987 -> 0.99, 0.12 x 3.29 = 0.3948 -> 0.39.
    The October event (P08 first) then reads 301.97, 300.99, 300.39, 300 x4 and 1500 (capped
    1000): AVGM = 3103.35 / 8 = 387.91875 -> 387.92, M = 2 + 387.92/300 = 3.2931 -> 3.29, so it
    pays 1.97 / 0.99 / 0.39 instead of 1.80 / 0.90 / 0.36 and is replayed as version 2."""
    await seed(db)
    await submit_and_confirm(services, event_file(mp=ALL_300, code="chengdu-2026-09"))
    october = event_file(
        name="2026 十月双人赛", held="2026-10-10", order=(8, 7, 6, 5, 4, 3, 2, 1), code="oct"
    )
    await submit_and_confirm(services, october)
    assert figures((await version_of(db, "oct"))[1]) == ("300.38", "3.00")

    corrected = event_file(mp={**ALL_300, 15: "1500", 16: "1500"}, code="chengdu-2026-09")
    preview = await dispatch(services, user("boss"), "/submit ccba\n" + corrected)
    shown = preview.plain
    assert "M 3.29 | AVGM 387.50" in shown
    assert "1. Player 01 (CCBA-0001) · P01 | mp 300 | mp 301.97 | +1.97 red (place)" in shown
    assert "chengdu-2026-09 is stored (version 1): this correction becomes version 2" in shown
    assert "Stored tournaments re-rated because of this submission: 2026 十月双人赛" in shown
    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert saved.plain == f"Saved: {NAME}, version 2."

    version, params, reason = await version_of(db, "oct")
    assert (version, figures(params), reason) == (
        2,
        ("387.92", "3.29"),
        "replayed after correction of chengdu-2026-09",
    )
    rating = (await dispatch(services, user("u1"), "/rating CCBA-0015")).plain
    assert "Points: masterpoints red 1.97, opening masterpoints 1500" in rating
    rating = (await dispatch(services, user("u1"), "/rating CCBA-0001")).plain
    assert "Points: masterpoints red 1.97, opening masterpoints 300" in rating

    # The same correction again changes nothing later: no replay, version 3 of itself only.
    again = await dispatch(services, user("boss"), "/submit ccba\n" + corrected)
    assert "re-rated" not in again.plain
    assert "this correction becomes version 3" in again.plain


async def test_a_late_event_replays_later_ones(services: Services, db: Database) -> None:
    """A new event dated before a stored one replays the later ones ("submission"). October
    is stored first, everyone bringing 300 in its file (openings, M 3.00). Then August comes,
    with P08 bringing 1500: its openings and awards are the corrected September's above
    (AVGM 387.50, M 3.29, 1.97 / 0.99 / 0.39). October now sees that history: its file's
    mp=300 are ignored, its own openings go, and AVGM = 387.92, M = 3.29 as in the correction
    test, so October becomes version 2."""
    await seed(db)
    october = event_file(
        name="2026 十月双人赛",
        held="2026-10-10",
        order=(8, 7, 6, 5, 4, 3, 2, 1),
        code="oct",
        mp=ALL_300,
    )
    await submit_and_confirm(services, october)
    august = event_file(held="2026-08-08", code="aug", mp={**ALL_300, 15: "1500", 16: "1500"})
    preview = await dispatch(services, user("boss"), "/submit ccba\n" + august)
    assert "re-rated because of this submission: 2026 十月双人赛" in preview.plain
    await dispatch(services, user("boss"), preview.buttons[0].action)
    version, params, reason = await version_of(db, "oct")
    assert (version, figures(params), reason) == (
        2,
        ("387.92", "3.29"),
        "replayed after submission of aug",
    )
    # October's own file gave mp=300; now the August lines are his history: ignored, and the
    # openings of October's version 1 are gone with it.
    rating = (await dispatch(services, user("u1"), "/rating CCBA-0015")).plain
    assert "Points: masterpoints red 1.97, opening masterpoints 1500" in rating


async def test_compute_list_by_hand_and_the_annual_base_coefficient(
    services: Services, db: Database
) -> None:
    """After the September event: totals 301.80 x2, 300.90 x2, 300.36 x2, 300 x10 (sum
    4806.12). The list of 2026-09-05 counts nothing of that day; the list of 2027-01-01 is the
    annual base moment (§1.3.5): 16 members with masterpoints, mean 4806.12 / 16 = 300.3825 ->
    300.38, M = 2 + 300.38/300 = 3.0013 -> 3.00. CCBA-0016's membership ends on 2026-12-31:
    at the end of 2027 he is left out, (4806.12 - 300) / 15 = 300.408 -> 300.41, M 3.00."""
    disc_id = await seed(db, ended={16: date(2026, 12, 31)})
    await submit_and_confirm(services, event_file(mp=ALL_300, code="chengdu-2026-09"))
    assert all_systems().adapter("bridge_ccba") is ADAPTER
    async with db.read() as repos:
        disc = await repos.federations.discipline(disc_id)
        assert disc is not None
        same_day = await ADAPTER.compute_list(repos, disc, date(2026, 9, 5))
        assert same_day.rows == [] and same_day.data["events"] == 0
        listed = await ADAPTER.compute_list(repos, disc, date(2027, 1, 1))
        rows = {r.player_id: r for r in listed.rows}
        assert [r.position for r in listed.rows] == [1, 1, 3, 3, 5, 5] + [7] * 10
        # The engine's own totals of the stored lines agree with each row.
        for player_id, row in rows.items():
            lines = [
                a for a in await repos.ledger.discipline_awards(disc.id) if a.player_id == player_id
            ]
            by_colour = ccba.totals_by_colour(
                [Award(str(a.player_id), a.kind, a.amount, Trace([]), a.colour) for a in lines]
            )
            assert row.data is not None
            assert row.data["by_colour"] == {c: fmt(v) for c, v in by_colour.items()}
        first = rows[1].data
        assert first is not None
        assert (rows[1].rating, first["mp"], first["opening"]) == (
            Decimal("301.80"),
            "301.8",
            "300",
        )
        assert first["counted"] == [
            {
                "date": "2026-09-05",
                "event": NAME,
                "code": "chengdu-2026-09",
                "masterpoints": "1.8 red",
            }
        ]
        assert listed.titles == []
        # CCBA-0016 is a member on 2026-12-31 (his membership ends that day).
        assert listed.data["annual_base"] == {
            "year": 2026,
            "members_with_masterpoints": 16,
            "average": "300.38",
            "M": "3.00",
            "rule": "seed 001 §1.3.5",
        }
        # At the end of 2027 he is no longer a member: left out of the average.
        later = await ADAPTER.compute_list(repos, disc, date(2028, 1, 1))
        assert later.data["annual_base"] == {
            "year": 2027,
            "members_with_masterpoints": 15,
            "average": "300.41",
            "M": "3.00",
            "rule": "seed 001 §1.3.5",
        }
        assert "annual_base" not in (await ADAPTER.compute_list(repos, disc, date(2027, 2, 1))).data


@pytest.mark.slow
async def test_the_demo_history_gives_a_list(
    services: Services, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    message = await demo.load_demo(db, all_systems(), only={"bridge_ccba"})
    assert "results and lists for ccba" in message
    top = (await dispatch(services, user("u1"), "/top ccba 5")).plain
    assert "CCBA masterpoints: list of 2026-11-01 (top 5 of 80)" in top
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("ccba")
        assert disc is not None
        snapshots = await repos.lists.snapshots(disc.id)
        assert [s.list_date for s in snapshots] == [
            date(2025, 1, 1),
            date(2026, 1, 1),
            date(2026, 11, 1),
        ]
        base = snapshots[1].data["annual_base"]
        assert base["year"] == 2025 and Decimal(base["average"]) > 0
        assert Decimal(base["M"]) == (2 + Decimal(base["average"]) / 300).quantize(Decimal("0.01"))
        rows = await repos.lists.top(snapshots[-1].id, 200)
        assert len(rows) == 80
        for row, player in rows:
            totals = await repos.ledger.totals(player.id, disc.id)
            total = sum(
                (t.amount for t in totals if t.kind in ("masterpoints", "opening masterpoints")),
                Decimal(0),
            )
            assert total == row.rating
        colours = {c for row, _ in rows if row.data for c in row.data["by_colour"]}
        assert {"gold", "silver", "red"} <= colours
        name = rows[0][1].federation_player_id
        best = rows[0][0].rating
    rating = (await dispatch(services, user("u1"), f"/rating {name}")).plain
    assert "Position 1 of 80" in rating
    assert f"Rating: {best.normalize():f}" in rating or f"Rating: {best:f}" in rating
    assert "Points: masterpoints " in rating
    assert "Next: no ranks by masterpoints in seed 001" in rating


EXAMPLES = Path(__file__).parents[3] / "examples" / "bridge_ccba"


@pytest.mark.parametrize(
    "example", ["chengdu_club_online_pairs_2026_03.ccba", "sichuan_team_championship_2026.ccba"]
)
async def test_the_engine_examples_import_with_the_engines_figures(
    services: Services, db: Database, example: str
) -> None:
    """The engine's example files (grading, a stage, win masterpoints, a knock-out, ties, an
    online event, absent and withdrawn units) imported into a database that knows every player
    except the member=no guests, none with history: the file's holdings become the openings, so
    every stored line equals ``fedrank calc``'s award for that player and colour."""
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    parsed = read_event_file(text, example)
    guests = {p.fid for p in parsed.players if p.member_word == "no"}
    async with db.transaction() as repos:
        fed = await repos.federations.add("CCBA", "Chinese Contract Bridge Association")
        disc = await repos.federations.add_discipline(
            fed, "ccba", "CCBA masterpoints", "bridge_ccba", "yearly"
        )
        for line in parsed.players:
            if line.fid not in guests:
                player = await repos.players.add(fed.id, line.fid, f"Player {line.fid}")
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
        found = await repos.players.by_federation_ids(fed.id, [p.fid for p in parsed.players])
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
        assert openings == {p.fid: p.mp for p in parsed.players if p.mp}


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
    assert "Rating: 1.2" in rating
    assert (
        "Next: no ranks by masterpoints in seed 001; the next event's M counts 1.2; youth "
        "events count the higher of it and youth 51.44"
    ) in rating
