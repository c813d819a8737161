"""/rating after a tournament stored since the last list, in each of the five systems.

The demo's lists are those of 2026-11-01. A tournament stored after them (a copy of the
discipline's latest file, dated 2026-11-15; an Othello round entered) changes the ledger, not
the list: the card shows the list's figures as the list has them, each "Next" beside the figure
it was computed from, and a separate block "Since the list of 2026-11-01" with the live figures
and what the next list would show, computed from the same figures.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from fedrank.bot.discord.render import render
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.questions.since import next_list_date
from fedrank.storage.database import Database
from fedrank.storage.models import Award, Discipline, Player, Tournament, TournamentVersion
from tests.handlers.questions.since_support import NEW_DAY, latest_source, store_copy
from tests.helpers import make_director, submit_and_confirm, user


async def _moved_player(db: Database, discipline: str, code: str) -> str:
    """The federation ID of a player whose figures the new tournament changed most."""
    async with db.read() as repos:
        rows = await repos.session.execute(
            select(Player.federation_player_id, Award.amount)
            .join(Award, Award.player_id == Player.id)
            .join(TournamentVersion, TournamentVersion.id == Award.version_id)
            .join(Tournament, Tournament.id == TournamentVersion.tournament_id)
            .join(Discipline, Discipline.id == Tournament.discipline_id)
            .where(Tournament.code == code, Discipline.code == discipline)
        )
        moved = sorted(rows.all(), key=lambda r: (-abs(Decimal(r[1])), r[0]))
    assert moved and moved[0][1] != 0
    return str(moved[0][0])


def _blocks(text: str, discipline_name: str) -> tuple[list[str], list[str]]:
    """(the list's lines, the live lines) of one discipline of a /rating card."""
    lines = text.splitlines()
    start = lines.index(discipline_name) + 1
    official: list[str] = []
    live: list[str] = []
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        if line.startswith("    ") or line.startswith("  Since the list of "):
            live.append(line.strip())
        else:
            official.append(line.strip())
    return official, live


def _value(lines: list[str], prefix: str) -> str:
    found = [line[len(prefix) :] for line in lines if line.startswith(prefix)]
    assert len(found) == 1, (prefix, lines)
    return found[0]


def _live_rating(live: list[str]) -> str:
    match = re.search(r"rating (\S+)$", live[1])
    assert match, live
    return match.group(1)


async def test_ufgo_card_after_a_stored_tournament(
    demo_services: Services, demo_db: Database
) -> None:
    """IK: the list's rating, IK and "N more" agree; the live block's too."""
    code = await store_copy(demo_services, demo_db, "ufgo", "UFGO")
    fid = await _moved_player(demo_db, "ufgo", code)
    reply = await dispatch(demo_services, user("u"), f"/rating {fid}")
    text = reply.plain
    # Discord: the list and what was stored since are two fields of the embed
    (message,) = render(reply, language="en", embed=True).messages
    assert message.embed is not None
    fields = [(f.name, f.value) for f in message.embed.fields]
    assert fields[0][0] == "UFGO rating"
    assert fields[1][0].startswith("Since the list of 2026-11-01: ")
    assert "Next:" in fields[0][1] and "Next:" in fields[1][1]
    official, live = _blocks(text, "UFGO rating")
    assert official[0].endswith("in the list of 2026-11-01")
    rating = _value(official, "Rating: ")
    assert _value(official, "Points: ") == f"IK {rating}"
    assert live[0].startswith("Since the list of 2026-11-01: ")
    assert live[1].startswith("The list of 2027-01-01 would show, from what is stored now: ")
    now = _live_rating(live)
    assert now != rating
    assert _value(live, "Points: ") == f"IK {now}"
    for lines, ik in ((official, rating), (live, now)):
        nxt = _value(lines, "Next: ")
        match = re.search(r"IK (\d+)(?: or more)? \((\d+) more", nxt)
        assert match, nxt
        assert int(match.group(1)) - int(match.group(2)) == int(ik), (nxt, ik)

    # Asked again, the block is reads of plain columns only (the card brought the list and
    # the calendar; the next list is kept): no ORM session is opened, and the answer is the same.
    sessions = 0
    read = demo_db.read

    def counted() -> Any:
        nonlocal sessions
        sessions += 1
        return read()

    demo_db.read = counted  # type: ignore[method-assign]
    try:
        assert (await dispatch(demo_services, user("u"), f"/rating {fid}")).plain == text
    finally:
        demo_db.read = read  # type: ignore[method-assign]
    assert sessions == 0

    # The next list computed for the block is kept per ledger state: a tournament stored
    # later is in the next answer.
    _, source, _ = await latest_source(demo_db, "ufgo")
    again = source.replace(code, "newer-ufgo").replace(NEW_DAY, "2026-11-16")
    assert "version 1" in await submit_and_confirm(demo_services, "ufgo", again)
    text = (await dispatch(demo_services, user("u"), f"/rating {fid}")).plain
    _, later = _blocks(text, "UFGO rating")
    assert "(2026-11-15), " in later[0]
    assert "(2026-11-16)" in later[0]
    assert _value(later, "Points: ") == f"IK {_live_rating(later)}" != f"IK {now}"


async def test_ccba_card_after_a_stored_tournament(
    demo_services: Services, demo_db: Database
) -> None:
    """Masterpoints: every colour in Points is the one the Next line counts, in both blocks."""
    code = await store_copy(demo_services, demo_db, "ccba", "CCBA")
    fid = await _moved_player(demo_db, "ccba", code)
    text = (await dispatch(demo_services, user("u"), f"/rating {fid}")).plain
    official, live = _blocks(text, "CCBA masterpoints")
    assert live and live[0].startswith("Since the list of 2026-11-01: ")
    assert live[0].endswith(f" ({NEW_DAY})")
    for lines in (official, live):
        points = dict(
            re.findall(
                r"masterpoints (gold|silver|red|platinum) ([\d.]+)", _value(lines, "Points: ")
            )
        )
        nxt = _value(lines, "Next: ")
        for colour, amount in points.items():
            assert f"{amount} {colour}" in nxt, (colour, amount, nxt)
    assert _value(official, "Points: ") != _value(live, "Points: ")
    assert f"M counts {_value(official, 'Masterpoints: ')}" in _value(official, "Next: ")
    assert f"M counts {_live_rating(live)}" in _value(live, "Next: ")


async def test_rmf_card_after_a_stored_tournament(
    demo_services: Services, demo_db: Database
) -> None:
    """The list's NRKT lines are those dated before it; the new ones are in the live block,
    with the rating the list of 2026-12-01 would give."""
    code = await store_copy(demo_services, demo_db, "rmf-mcr", "RMF")
    fid = await _moved_player(demo_db, "rmf-mcr", code)
    text = (await dispatch(demo_services, user("u"), f"/rating {fid}")).plain
    official, live = _blocks(text, "Sports mahjong (MCR)")
    assert live[1].startswith("The list of 2026-12-01 would show, from what is stored now: ")
    listed = Decimal(_value(official, "Points: ").removeprefix("NRKT "))
    now = Decimal(_value(live, "Points: ").removeprefix("NRKT "))
    assert now > listed
    assert _live_rating(live) != _value(official, "Rating: ")
    assert _value(live, "Next: ")


async def test_fsbr_card_after_a_stored_tournament(
    demo_services: Services, demo_db: Database
) -> None:
    """MB: what the next norm still needs plus what is held is the norm, in each block."""
    code = await store_copy(demo_services, demo_db, "fsbr", "FSBR")
    fid = await _moved_player(demo_db, "fsbr", code)
    text = (await dispatch(demo_services, user("u"), f"/rating {fid}")).plain
    official, live = _blocks(text, "FSBR classification")
    assert live[1].startswith("The list of 2026-12-01 would show, from what is stored now: ")
    mb = [re.search(r"MB (\d+)", _value(lines, "Points: ")) for lines in (official, live)]
    assert mb[0] and mb[1] and int(mb[1].group(1)) > int(mb[0].group(1))
    for lines, held in zip((official, live), mb, strict=True):
        assert held is not None
        nxt = _value(lines, "Next: ")
        for need, norm in re.findall(r"(\d+) MB \(\d+ of them face to face\) \[(\d+) МБ, for", nxt):
            assert int(need) + int(held.group(1)) == int(norm), (nxt, held.group(1))


async def test_othello_card_after_a_confirmed_round(
    demo_services: Services, demo_db: Database
) -> None:
    """The list of 2026-11-01 was published after round 4; round 5 confirmed since: the list's
    block says "after round 4" beside its points, the live one "after round 5" beside the
    points after round 5."""
    await make_director(demo_db, "boss", "WOF")
    pairing = (await dispatch(demo_services, user("boss"), "/pairing woc-2026-demo")).plain
    games = re.findall(r"^\d+\s+.*?\((WOF-\d+)\)\s+.*?\((WOF-\d+)\)\s*$", pairing, re.M)
    assert len(games) == 16, pairing
    # a round stored after the list was published (its snapshot's time is the demo's load)
    demo_services.clock = lambda: datetime_after_demo()
    text = "round 5\n" + "\n".join(f"{black} {white} 40-24" for black, white in games)
    preview = await dispatch(demo_services, user("boss"), "/round woc-2026-demo\n" + text)
    assert preview.buttons, preview.plain
    await dispatch(demo_services, user("boss"), preview.buttons[0].action)
    black = games[0][0]
    card = (await dispatch(demo_services, user("u"), f"/rating {black}")).plain
    official, live = _blocks(card, "World Othello Championship")
    assert _value(official, "Next: ").startswith("after round 4 of 13")
    assert _value(official, "Points: ") == f"points {_value(official, 'Tournament points: ')}"
    assert live[0].startswith("Since the list of 2026-11-01: ")
    assert _value(live, "Next: ").startswith("after round 5 of 13")
    now = _live_rating(live)
    assert _value(live, "Points: ") == f"points {now}"
    assert Decimal(now) == Decimal(_value(official, "Tournament points: ")) + 1


def datetime_after_demo() -> datetime:
    """A time after the demo was loaded (its lists are stamped with the real time)."""
    return datetime.now(UTC) + timedelta(days=1)


def test_next_list_date_by_calendar() -> None:
    assert next_list_date("monthly", date(2026, 11, 21)) == date(2026, 12, 1)
    assert next_list_date("monthly", date(2026, 12, 1)) == date(2027, 1, 1)
    assert next_list_date("quarterly", date(2026, 11, 21)) == date(2027, 1, 1)
    assert next_list_date("quarterly", date(2026, 3, 31)) == date(2026, 4, 1)
    assert next_list_date("yearly", date(2026, 1, 1)) == date(2027, 1, 1)
    assert next_list_date("on_demand", date(2026, 11, 21)) == date(2026, 11, 22)
