"""A Go club league played through chat reports is rated exactly as its file (issue 22).

The key test: 12 players, 30 games reported over five rounds, as chat messages (Go results as
players write them, the opponent named by any ID form or his name), confirmed by the opponent
or approved by a director, each round closed by the director: the league's last version holds
the same IK lines, to the trace, as the same games submitted as one tournament file.
"""

from __future__ import annotations

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.handlers.reports.league_support import (
    LEAGUE,
    federation_from_zero,
    ik_lines,
    league_file,
    league_params,
    play_league,
    round_robin,
    submit,
    totals,
)
from tests.helpers import user

OPEN = f"/league ufgo {LEAGUE[0]} size=19 time=60 official=yes date=2026-11-10 {LEAGUE[1]}"


async def test_a_reported_league_is_rated_as_its_file(services: Services, db: Database) -> None:
    await federation_from_zero(db)
    opened = await dispatch(services, user("boss"), OPEN)
    assert opened.plain.startswith(
        "League club-2026 (Kyiv Club League, ufgo) opened on 2026-11-10: board 19×19, "
        "60 min main time, official."
    ), opened.plain
    pairings = round_robin(12, 5)
    played = await play_league(services, pairings)
    assert len(played.games) == 30
    closed = [r for r in played.replies if r.startswith("Round ")]
    assert [c.split(":")[0] for c in closed] == [
        f"Round {n} of club-2026 closed" for n in range(1, 6)
    ]
    assert "Round 5 of club-2026 closed: 6 games rated" in closed[-1]
    assert all(
        "rated when the director closes the round" in r
        for r in played.replies
        if r.startswith("Report #")
    )

    # /why shows the league's IK line of the player, step by step; /rating his IK now.
    why = await dispatch(services, user("u1"), "/why club-2026")
    assert "Kyiv Club League" in why.plain and "IK_start" in why.plain, why.plain
    rating = await dispatch(services, user("u1"), "/rating UFGO-0001")
    assert "Kyiv Club League (2026-11-10)" in rating.plain, rating.plain

    await submit(db, "ufgo-file", league_file(played.games))
    league, file = await ik_lines(db, "ufgo"), await ik_lines(db, "ufgo-file")
    assert len(league) == 12
    assert league == file  # the same IK line, to every step of its trace
    assert await totals(db, "ufgo", 12) == await totals(db, "ufgo-file", 12)
    params = await league_params(db)
    assert (params["board"], params["time_minutes"], params["official"]) == (19, 60, True)
    assert params["league"]["round"] == 6 and params["league"]["pending"] == []
    assert len(params["games"]) == 30
    # Someone's IK moved, and /why shows the league's line.
    assert any(amount != 0 for amount, _ in league.values())
