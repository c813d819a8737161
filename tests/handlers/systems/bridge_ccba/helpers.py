"""The bridge_ccba adapter's test fixtures: a federation of 16 members and one club pairs event.

Every database test runs on SQLite and, with FEDRANK_TEST_DATABASE_URL, on PostgreSQL.

The hand-worked club pairs event used throughout (8 pairs, club, red, B = 24 boards):
N = 8, red pays 50 % = 4 places, but R(4) = lg 8 - lg 8 = 0, so 3 places (RULES.md Decision):
R(1) = lg 8 - lg 2 = 0.602 -> 0.60, R(2) = lg 8 - lg 4 = 0.301 -> 0.30, R(3) = lg 8 - lg 6 =
0.125 -> 0.12. S = 24/24 = 1.00, L = 1 (club), E = 1.00 (no restriction), so V = M.
With every player holding 300: TEAM AVGM 300 for each pair, AVGM 300.00, M = 2 + 300/300 =
3.00, V = 3.00, and the places pay 0.60 x 3 = 1.80, 0.30 x 3 = 0.90, 0.12 x 3 = 0.36 red.
"""

from __future__ import annotations

from datetime import date

from fedrank.handlers.context import Services
from fedrank.storage.database import Database
from tests import helpers as shared
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
    return await shared.submit_and_confirm(services, "ccba", text)


async def version_of(db: Database, code: str) -> tuple[int, dict[str, object], str]:
    return await shared.version_of(db, "ccba", code)


def figures(params: dict[str, object]) -> tuple[str, str]:
    found = params["figures"]
    assert isinstance(found, dict)
    return found["AVGM"], found["M"]
