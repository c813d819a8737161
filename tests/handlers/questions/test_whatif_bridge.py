"""/whatif for the place-based bridge systems: a participant (pair or team) moved to another
place of a stored event, recomputed without writing anything.

CCBA, with the club pairs event of ``bridge_ccba.helpers`` (8 pairs, red, everyone holding 300
from before fedrank: M 3.00, places pay 0.60 x 3 = 1.80, 0.30 x 3 = 0.90, 0.12 x 3 = 0.36) on
2026-09-05, and a second one on 2026-10-03 in which P04 (CCBA-0007 + CCBA-0008) is first:
its AVGM is (16 x 300 + 2 x (1.80 + 0.90 + 0.36)) / 16 = 300.3825 -> 300.38, M = 3.00 again,
so P04 got 1.80 red there. Had P04 won in September, CCBA-0007 would hold 1.80 + 1.80 red
+ 300 opening = 303.6 instead of 301.8; the same redistribution of the same places leaves
the October AVGM (and his October award) unchanged.

FSBR, with the club pairs report of ``bridge_fsbr.helpers`` (8 pairs, 48 boards, not rated):
everyone holds rk 0 except the pair P04 (FSBR-0007 + FSBR-0008), beginners at рк 5 (no
coefficient published, 2.2). P04's q1 is 0.2 / 1.6^5 = 0.019073, sorted last; the seven
others 0.2; kq = 1/2 (0.2 (1 - 0.95^7) / 0.05 + 0.019073 x 0.95^7) = 0.609985; MB by 7.6
(``hand_mb``) 22, 6, 2, 0 for places 1-4. Stored 4th, FSBR-0007 has no MB and stays рк 5 at
the publication of 2026-10-01; first, he would have 22 MB: "20 МБ в течение последнего года"
gives рк 3 (one-year norm, 2.2).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from fedrank.engines.kernel import InputError
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems.bridge_fsbr import DATA_KEY
from fedrank.handlers.systems.places import moved_places, shared_last
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.questions.test_whatif import stored
from tests.handlers.systems.bridge_ccba import helpers as ccba_t
from tests.handlers.systems.bridge_fsbr import helpers as fsbr_t

ROOT = Path(__file__).parents[3]
SEPT = "chengdu-2026-09"
OCT = "chengdu-2026-10"


async def ccba_history(services: Services, db: Database) -> None:
    await ccba_t.seed(db)
    async with db.transaction() as repos:
        fed = await repos.federations.by_code("CCBA")
        assert fed is not None
        await repos.players.add(fed.id, "CCBA-0017", "Player 17")
    first = ccba_t.event_file(mp=ccba_t.ALL_300, code=SEPT)
    assert "version 1" in await ccba_t.submit_and_confirm(services, first)
    second = ccba_t.event_file(
        name="2026 成都俱乐部十月双人赛",
        held="2026-10-03",
        order=(4, 3, 2, 1, 5, 6, 7, 8),
        code=OCT,
    )
    assert "version 1" in await ccba_t.submit_and_confirm(services, second)


async def test_ccba_a_pair_moved_up(services: Services, db: Database) -> None:
    await ccba_history(services, db)
    _, params, _ = await ccba_t.version_of(db, OCT)
    assert ccba_t.figures(params) == ("300.38", "3.00")
    before = await stored(db)
    reply = await dispatch(services, user("u"), f"/whatif {SEPT} 1 CCBA-0007")
    assert reply.plain.splitlines() == [
        "What if Player 07 (CCBA-0007) had finished 1 in 2026 成都俱乐部九月双人赛?",
        "What | As stored | With that place | Note",
        f"place in {SEPT} | 4 | 1 | P04: the whole unit moves",
        f"award in {SEPT} | no award | 1.8 red | ",
        "total masterpoints | 301.8 (1.8 red + 300 opening) | 303.6 (3.6 red + 300 opening) | "
        "all colours and the opening holding (the list's figure)",
        "mp (what M counts) | 301.8 | 303.6 | platinum, gold, silver, red and the opening holding",
        "A simulation only: nothing was changed.",
    ]
    # His partner is in the same unit: the same award.
    partner = await dispatch(services, user("u"), f"/whatif {SEPT} 1 CCBA-0008")
    assert f"award in {SEPT} | no award | 1.8 red | " in partner.plain
    assert await stored(db) == before
    rating = await dispatch(services, user("u"), "/rating CCBA-0007")
    assert "masterpoints red 1.8, opening masterpoints 300" in rating.plain


async def test_ccba_a_pair_moved_down(services: Services, db: Database) -> None:
    """P01 last in September: no award; in October P01 was 4th (no award): 300 left."""
    await ccba_history(services, db)
    reply = await dispatch(services, user("u"), f"/whatif {SEPT} 8 CCBA-0001")
    assert f"award in {SEPT} | 1.8 red | no award | " in reply.plain
    assert "total masterpoints | 301.8 (1.8 red + 300 opening) | 300 | " in reply.plain
    # P02, stored 2nd (0.9), moved to 3rd: 0.36; P03, stored 3rd, moves up to 2nd.
    third = await dispatch(services, user("u"), f"/whatif {SEPT} 3 CCBA-0003")
    assert f"award in {SEPT} | 0.9 red | 0.36 red | " in third.plain


async def test_ccba_refusals(services: Services, db: Database) -> None:
    await ccba_history(services, db)
    before = await stored(db)
    for command, answer in [
        (f"/whatif {SEPT} 9 CCBA-0001", "place must be between 1 and 8 in chengdu-2026-09"),
        (f"/whatif {SEPT} 1 CCBA-0017", "the player did not play in chengdu-2026-09"),
    ]:
        reply = await dispatch(services, user("u"), command)
        assert reply.plain.startswith("Cannot simulate that: "), reply.plain
        assert answer in reply.plain, reply.plain
    assert await stored(db) == before


def youth_event(name: str, held: str, code: str, pairs: list[tuple[int, int]], head: str) -> str:
    lines = ["[event]", f"name = {name}", f"date = {held}", f"code = {code}", "kind = pair"]
    lines += [head, "youth = yes", "restrictions = age", "", "[entries]"]
    for place, (a, b) in enumerate(pairs, start=1):
        lines.append(f"entry Q{place:02d} place={place}")
        lines += [f"  player CCBA-{a:04d}", f"  player CCBA-{b:04d}"]
    return "\n".join(lines) + "\n"


NATIONAL_GOLD = "level = national\ncolour = gold\nboards = 240"
CLUB_RED = "level = club\ncolour = red\nboards = 24"


async def test_ccba_a_later_event_replayed_like_a_correction(
    services: Services, db: Database
) -> None:
    """Youth events (M = 2 + AVGM/50 below 100, E 0.8 for the age restriction), nobody holding
    anything before. September, national gold, 240 boards: M 2.00, S 7, L 5 (youth table):
    V = 2 x 7 x 5 x 0.8 = 56, places pay 0.60 V = 33.6, 0.30 V = 16.8, 0.12 V = 6.72 gold.
    October, club red, 24 boards, P04 (CCBA-0007 + 0008) first and P01 second, with ten
    players holding nothing: AVGM = 2 x 33.6 / 16 = 4.20, M = 2.084 -> 2.08, V = 1.664, first
    0.9984 -> 1 red. Had P04 won in September (P01 2nd): AVGM = (2 x 33.6 + 2 x 16.8) / 16 =
    6.30, M = 2.126 -> 2.13, V = 1.704, first 1.0224 -> 1.02 red; ymp 33.6 + 1.02 = 34.62.
    The correction itself, confirmed afterwards, stores exactly those figures."""
    await ccba_t.seed(db)
    async with db.transaction() as repos:
        fed = await repos.federations.by_code("CCBA")
        assert fed is not None
        for number in range(17, 29):
            player = await repos.players.add(fed.id, f"CCBA-{number:04d}", f"Player {number}")
            await repos.players.add_membership(player.id, date(2020, 1, 1), None)
    september = [(2 * i - 1, 2 * i) for i in range(1, 9)]
    first = youth_event("Youth Sept", "2026-09-05", "y-09", september, NATIONAL_GOLD)
    assert "version 1" in await ccba_t.submit_and_confirm(services, first)
    october = [(7, 8), (1, 2), *[(n, n + 1) for n in range(17, 29, 2)]]
    second = youth_event("Youth Oct", "2026-10-03", "y-10", october, CLUB_RED)
    assert "version 1" in await ccba_t.submit_and_confirm(services, second)
    _, params, _ = await ccba_t.version_of(db, "y-10")
    assert params["figures"]["AVGM"] == "4.20"
    reply = await dispatch(services, user("u"), "/whatif y-09 1 CCBA-0007")
    assert reply.plain.splitlines()[2:-1] == [
        "place in y-09 | 4 | 1 | Q04: the whole unit moves",
        "award in y-09 | no award | 33.6 gold | youth masterpoints",
        "total masterpoints | 0 | 0 | all colours and the opening holding (the list's figure)",
        "mp (what M counts) | 0 | 0 | platinum, gold, silver, red and the opening holding",
        "youth masterpoints (ymp) | 1 | 34.62 (33.6 gold + 1.02 red) | ",
        "later events recomputed |  | 1 | his award changes in y-10",
    ]
    moved = [september[3], *september[:3], *september[4:]]
    correction = youth_event("Youth Sept", "2026-09-05", "y-09", moved, NATIONAL_GOLD)
    assert "version 2" in await ccba_t.submit_and_confirm(services, correction)
    _, params, _ = await ccba_t.version_of(db, "y-10")
    assert params["figures"]["AVGM"] == "6.30"
    rating = await dispatch(services, user("u"), "/rating CCBA-0007")
    assert "youth masterpoints gold 33.6" in rating.plain, rating.plain
    assert "youth masterpoints red 1.02" in rating.plain, rating.plain


async def fsbr_history(services: Services, db: Database) -> None:
    await fsbr_t.seed(db, initial="0")
    async with db.transaction() as repos:
        fed = await repos.federations.by_code("FSBR")
        assert fed is not None
        for fid in ("FSBR-0007", "FSBR-0008"):
            player = await repos.players.by_federation_id(fed.id, fid)
            assert player is not None
            player.data = {DATA_KEY: {}}
    assert "version 1" in await fsbr_t.submit_and_confirm(services, fsbr_t.report())


async def test_fsbr_a_beginner_pair_moved_up(services: Services, db: Database) -> None:
    await fsbr_history(services, db)
    kq = 0.5 * (0.2 * (1 - 0.95**7) / 0.05 + 0.2 / 1.6**5 * 0.95**7)
    assert round(kq, 6) == 0.609985
    assert fsbr_t.hand_mb(kq)[:4] == [22, 6, 2, 0]
    _, params, _ = await fsbr_t.version_of(db, "club-2026-09")
    assert params["figures"]["kq"].startswith("0.609985")
    before = await stored(db)
    reply = await dispatch(services, user("u"), "/whatif club-2026-09 1 FSBR-0007")
    assert reply.plain.splitlines() == [
        f"What if Player 07 (FSBR-0007) had finished 1 in {fsbr_t.NAME}?",
        "What | As stored | With that place | Note",
        "place in club-2026-09 | 4 | 1 | P04: the whole pair moves",
        "MB in club-2026-09 | 0 | 22 | ",
        "rk at the publication of 2026-10-01 | рк 5 | рк 3 | 20 MB in the last year",
        "R at the publication of 2026-10-01 | 0 | 0 | 8.1",
        "A simulation only: nothing was changed.",
    ]
    assert await stored(db) == before
    # The winners moved to 4th lose their 22 MB; rk 0 is theirs from before (note 1).
    down = await dispatch(services, user("u"), "/whatif club-2026-09 4 FSBR-0002")
    assert "MB in club-2026-09 | 22 | 0 | " in down.plain
    assert "rk at the publication of 2026-10-01 | рк 0 | рк 0 | " in down.plain


async def test_fsbr_refusals(services: Services, db: Database) -> None:
    await fsbr_history(services, db)
    before = await stored(db)
    for command, answer in [
        ("/whatif club-2026-09 9 FSBR-0001", "place must be between 1 and 8 in club-2026-09"),
        ("/whatif club-2026-09 1 FSBR-0030", "the player did not play in club-2026-09"),
    ]:
        reply = await dispatch(services, user("u"), command)
        assert reply.plain.startswith("Cannot simulate that: "), reply.plain
        assert answer in reply.plain, reply.plain
    assert await stored(db) == before


def test_moved_places_keep_order_gaps_and_ties() -> None:
    """A 1, B and C sharing 2, D 4, E 6 (a gap: nobody 5th).

    D to 1: without D, E moves up to 5; then everyone from 1 on moves down: A 2, B and C 3,
    E 6. A to 4: without A, B and C share 1, D 3, E 5; from 4 on down one: E 6. A to 2 would
    split the tie 1-2 of B and C. B to 5: without B, C alone at 2, D 3, E 5; E down to 6.
    """
    places = {"A": 1, "B": 2, "C": 2, "D": 4, "E": 6}
    assert moved_places(places, "D", 1, where="t") == {"D": 1, "A": 2, "B": 3, "C": 3, "E": 6}
    assert moved_places(places, "A", 4, where="t") == {"B": 1, "C": 1, "D": 3, "A": 4, "E": 6}
    with pytest.raises(InputError, match="place 2 is inside places 1-2 shared by 2"):
        moved_places(places, "A", 2, where="t")
    with pytest.raises(InputError, match="between 1 and 5 in t"):
        moved_places(places, "A", 6, where="t")
    # B leaves the tie: C alone keeps 2; B last.
    moved = moved_places(places, "B", 5, where="t")
    assert moved == {"A": 1, "C": 2, "D": 3, "E": 6, "B": 5}
    assert shared_last({"A": 1, "B": 2, "C": 2, "D": 4}) == {"A": 1, "B": 3, "C": 3, "D": 4}


async def test_fsbr_ties(services: Services, db: Database) -> None:
    """P05 and P06 share places 5-6. P01 at 5 would split them (without P01 they share 4-5);
    P05 moved up to 1st leaves P06 alone at 6 and takes the 22 MB of the first place."""
    await fsbr_history(services, db)
    tied = fsbr_t.report().replace("P05 | 5\n", "P05 | 5-6\n").replace("P06 | 6\n", "P06 | 5-6\n")
    assert "version 2" in await fsbr_t.submit_and_confirm(services, tied)
    inside = await dispatch(services, user("u"), "/whatif club-2026-09 5 FSBR-0001")
    assert "place 5 is inside places 4-5 shared by 2 participants in club-2026-09" in (inside.plain)
    up = await dispatch(services, user("u"), "/whatif club-2026-09 1 FSBR-0009")
    assert "place in club-2026-09 | 5-6 | 1 | P05: the whole pair moves" in up.plain
    assert "MB in club-2026-09 | 0 | 22 | " in up.plain


async def test_fsbr_a_team_match_winner_moved_to_second_loses_its_mb(
    services: Services, db: Database
) -> None:
    """7.6 (seed 003): MB are for a match *won*. The club match example (Аврора 53 : 31
    Нева) with the demo's IDs; moved to second, Аврора has lost by the same 22 IMPs, so its
    players get no MB (the IMPs follow the places), and Нева moved first would win them."""
    await fsbr_t.seed(db)
    text = (ROOT / "examples" / "bridge_fsbr" / "club_match_2025.fsbr").read_text("utf-8")
    for number in range(1, 10):
        text = text.replace(f"3000{number} |", f"FSBR-{number:04d} |")
    # The seed registers these IDs under other names: the director says they are the same.
    asked = await dispatch(services, user("boss"), "/submit fsbr\n" + text)
    token = asked.buttons[-1].action.split()[-1]
    same = " ".join(f"{n}=FSBR-{n:04d}" for n in range(1, 10))
    preview = await dispatch(services, user("boss"), f"/names {token} {same}")
    confirm = next(b.action for b in preview.buttons if b.action.startswith("/confirm"))
    assert "version 1" in (await dispatch(services, user("boss"), confirm)).plain
    before = await stored(db)
    winner = await dispatch(services, user("u"), "/whatif club-match-2025-10 2 FSBR-0001")
    mb = next(line for line in winner.plain.splitlines() if line.startswith("MB in "))
    stored_mb = mb.split(" | ")[1]
    assert int(stored_mb) > 0
    assert mb == f"MB in club-match-2025-10 | {stored_mb} | 0 | "
    loser = await dispatch(services, user("u"), "/whatif club-match-2025-10 1 FSBR-0006")
    assert "MB in club-match-2025-10 | 0 | " in loser.plain
    assert "MB in club-match-2025-10 | 0 | 0" not in loser.plain
    assert await stored(db) == before
