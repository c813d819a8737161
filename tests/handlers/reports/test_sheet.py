"""An Othello round filled from players' reports equals the same round entered by /round.

The WOC tournament of tests/handlers/results/test_othello.py (16 players, modified Swiss): each game
of the published pairing of round 1 is reported by one of its players (from his side, with
the discs) and confirmed by the other, or disputed and approved by the director. The
director's /round with nothing pasted then previews exactly what /round with the same results
pasted previews, and confirming it stores the round and publishes the next pairing.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from fedrank.storage.models import PendingSubmission
from tests.handlers.reports.helpers import link
from tests.handlers.results.test_othello import CODE, PLAYERS
from tests.handlers.results.test_othello import _params as versioned
from tests.handlers.results.test_othello import _start as start
from tests.handlers.results.test_othello import _token as token
from tests.helpers import user


def _result(table: int) -> tuple[int, int]:
    """The discs of a table's game (black, white): black wins, white wins, one draw."""
    if table == 3:
        return 32, 32
    return (40, 24) if table % 2 else (20, 44)


def _word(mine: int, theirs: int) -> str:
    return "win" if mine > theirs else "loss" if mine < theirs else "draw"


async def params_of(db: Database) -> dict[str, Any]:
    """The tournament's current params (the Othello state: pairing, standings, document)."""
    return (await versioned(db))[1]


async def _pending_documents(db: Database) -> list[dict[str, Any]]:
    async with db.read() as repos:
        rows = (
            await repos.session.scalars(select(PendingSubmission).order_by(PendingSubmission.id))
        ).all()
        return [dict(r.payload) for r in rows]


async def test_a_round_from_reports_equals_the_round_entered(
    services: Services, db: Database
) -> None:
    await start(services, db)
    for n, fid in enumerate(PLAYERS, start=1):
        await link(db, f"p{n}", fid)
    opened = await dispatch(services, user("boss"), f"/openreports woc {CODE}")
    assert CODE in opened.plain
    params = await params_of(db)
    pairs = params["next_round"]["pairs"]
    who = {fid: f"p{n}" for n, fid in enumerate(PLAYERS, start=1)}

    empty = await dispatch(services, user("boss"), f"/round {CODE}")
    assert empty.plain == "Paste the results of round 1 below the command, one game a line."

    pasted = []
    for report, pair in enumerate(pairs, start=1):
        table, black, white = int(pair["table"]), pair["black"], pair["white"]
        bd, wd = _result(table)
        pasted.append(f"{black} {white} {bd}-{wd}")
        # Odd tables: black reports; even: white reports, from his side.
        reporter, opponent, mine, theirs = (
            (black, white, bd, wd) if table % 2 else (white, black, wd, bd)
        )
        made = await dispatch(
            services,
            user(who[reporter]),
            f"/report {CODE} {opponent} {_word(mine, theirs)} {mine}-{theirs}",
        )
        assert made.plain.startswith("Report #"), made.plain
        if table == 2:
            status = await dispatch(services, user("boss"), f"/roundstatus {CODE}")
            assert f"reported (#{report}), waiting for the opponent" in status.plain
            incomplete = await dispatch(services, user("boss"), f"/round {CODE}")
            missing = ", ".join(str(p["table"]) for p in pairs[1:])
            assert incomplete.plain.startswith(
                f"Round 1 is not complete: no agreed result at table(s) {missing}."
            ), incomplete.plain
            await dispatch(services, user(who[opponent]), f"/gamedispute {report}")
            answer = await dispatch(services, user("boss"), f"/gameapprove {report}")
        else:
            answer = await dispatch(services, user(who[opponent]), f"/gameok {report}")
        assert answer.plain == (
            f"Report #{report} agreed: the game is in the sheet of round 1 of {CODE}; the "
            "director enters the round."
        ), answer.plain

    status = await dispatch(services, user("boss"), f"/roundstatus {CODE}")
    assert status.plain.splitlines()[0] == "Othello Open 2026: round 1, 8 of 8 results agreed"
    assert [b.action for b in status.buttons] == [f"/round {CODE}"]
    assert await params_of(db) == params  # nothing written yet: the round is the director's

    from_reports = await dispatch(services, user("boss"), f"/round {CODE}")
    entered = await dispatch(services, user("boss"), f"/round {CODE}\n" + "\n".join(pasted))
    assert from_reports.plain == entered.plain
    assert [b.label for b in from_reports.buttons] == ["Confirm", "Cancel"]
    first, second = (await _pending_documents(db))[-2:]
    assert first == second  # the same prepared version: standings, next pairing, document
    await dispatch(services, user("boss"), f"/cancel {token(entered)}")
    saved = await dispatch(services, user("boss"), f"/confirm {token(from_reports)}")
    expected = "Saved: Othello Open 2026, version 2, code open-2026."
    assert saved.plain.startswith(expected), saved.plain
    after = await params_of(db)
    assert after["rounds_played"] == 1 and after["next_round"]["round"] == 2
    # The next round's sheet starts empty: the reports of round 1 are of a stored round.
    status = await dispatch(services, user("boss"), f"/roundstatus {CODE}")
    assert status.plain.splitlines()[0] == "Othello Open 2026: round 2, 0 of 8 results agreed"


async def test_a_report_off_the_pairing_or_without_discs_is_refused(
    services: Services, db: Database
) -> None:
    await start(services, db)
    for n, fid in enumerate(PLAYERS, start=1):
        await link(db, f"p{n}", fid)
    await dispatch(services, user("boss"), f"/openreports woc {CODE}")
    pairs = (await params_of(db))["next_round"]["pairs"]
    who = {fid: f"p{n}" for n, fid in enumerate(PLAYERS, start=1)}
    a, b = pairs[0], pairs[1]
    off = await dispatch(services, user(who[a["black"]]), f"/report {CODE} {b['white']} win 40-24")
    assert off.plain.startswith("You are not paired with Player ") and "in round 1" in off.plain
    bare = await dispatch(services, user(who[a["black"]]), f"/report {CODE} {a['white']} win")
    assert bare.plain.startswith("Give the discs of the game, e.g. win 40-24.")
    await dispatch(services, user(who[a["black"]]), f"/report {CODE} {a['white']} win 40-24")
    await dispatch(services, user(who[a["white"]]), "/gameok 1")
    again = await dispatch(
        services, user(who[a["white"]]), f"/report {CODE} {a['black']} loss 24-40"
    )
    assert again.plain == "The game of this table in round 1 is already reported (#1)."
