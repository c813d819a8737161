"""Othello in chat: a director enters a round, sees the new standings and the next pairing,
confirms (which publishes the pairing), and everyone reads /pairing and /standings.

Every test runs on SQLite and, with FEDRANK_TEST_DATABASE_URL, on PostgreSQL.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from fedrank.engines.othello_woc import round_seed
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.wording.reply import Reply, Table
from fedrank.storage.database import Database
from fedrank.storage.models import PendingSubmission
from tests.conftest import user
from tests.factories import make_director

COUNTRIES = ("JPN", "FRA", "NED", "USA", "GBR", "ITA", "CHN", "BEL")
# Sixteen players, two a country: a modified Swiss (II.2 c), 13 rounds.
PLAYERS = {
    f"WOF-{i + 1:04d}": (f"Player {i + 1}", COUNTRIES[i // 2], "F" if i % 3 == 0 else "M")
    for i in range(16)
}
SEED = 11
CODE = "open-2026"
FILE = "\n".join(
    [
        "tournament: Othello Open 2026",
        f"code: {CODE}",
        "date: 2026-11-14",
        f"seed: {SEED}",
        "bye_points: 1",
        *(
            f"player: {fid}" + (" | A" if fid in ("WOF-0001", "WOF-0005") else "")
            for fid in PLAYERS
        ),
    ]
)


async def _start(services: Services, db: Database) -> None:
    """WOF, its players and director; the tournament stored with no round played."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("WOF", "World Othello Federation", "UTC")
        await repos.federations.add_discipline(
            fed, "woc", "World Othello Championship", "othello_woc", "on_demand"
        )
        for fid, (name, country, gender) in PLAYERS.items():
            await repos.players.add(fed.id, fid, name, country=country, gender=gender)
    await make_director(db, "boss", "WOF")
    preview = await dispatch(services, user("boss"), "/submit woc\n" + FILE)
    saved = await dispatch(services, user("boss"), f"/confirm {_token(preview)}")
    assert saved.plain == "Saved: Othello Open 2026, version 1, code open-2026."


def _token(reply: Reply) -> str:
    action = next(b.action for b in reply.buttons if b.action.startswith("/confirm "))
    return action.split()[1]


def _tables(reply: Reply) -> list[Table]:
    return [b for b in reply.blocks if isinstance(b, Table)]


async def _params(db: Database) -> tuple[int, dict[str, Any]]:
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("woc")
        assert disc is not None
        stored = await repos.ledger.tournament(disc.id, CODE)
        assert stored is not None
        version = await repos.ledger.current_version(stored.id)
        assert version is not None
        return version.version, dict(version.params)


async def _pending(db: Database) -> int:
    async with db.read() as repos:
        return int(await repos.session.scalar(select(func.count(PendingSubmission.id))) or 0)


def _black_wins(pairs: list[dict[str, Any]]) -> str:
    return "\n".join(f"{p['black'].lower()} {p['white']} 40-24" for p in pairs)


async def test_a_director_enters_a_round_previews_confirms_and_the_pairing_is_published(
    services: Services, db: Database
) -> None:
    """Round 1: black wins 40-24 on every table. Winners: 1 pt, BQ = 40 + 6 x 0 = 40 (their
    opponents scored nothing); losers: 0 pts, BQ = 24 + 6 x 1 = 30 (Appendix A, C = 6). Round
    2 then pairs winners with winners and losers with losers (II.6.2 b)."""
    await _start(services, db)
    pairing = await dispatch(services, user("reader"), f"/pairing {CODE}")
    seed1 = round_seed(SEED, 1)
    assert pairing.plain.splitlines()[0] == (
        f"Othello Open 2026: pairing of round 1 of 13 (modified-swiss, seed {seed1})"
    )
    _, params = await _params(db)
    pairs = params["next_round"]["pairs"]
    assert len(pairs) == 8 and params["next_round"]["seed"] == seed1
    first = pairs[0]
    assert (
        f"1 | Player {int(first['black'][4:])} ({first['black']}) | "
        f"Player {int(first['white'][4:])} ({first['white']})"
    ) in pairing.plain

    results = "round 1   # as played\n" + _black_wins(pairs)
    preview = await dispatch(services, user("boss"), f"/round {CODE}\n{results}")
    lines = preview.plain.splitlines()
    assert lines[0] == "Preview: Othello Open 2026 — World Othello Championship, 2026-11-14"
    for p in pairs:
        black = next(x for x in lines if x.startswith(f"Player {int(p['black'][4:])} ("))
        assert "| — | " not in black  # the stored version's standing is the "before"
        assert "| #" in black and "· 0 pts · BQ 0 | #" in black
        assert f"· 1 pt · BQ 40 | R1 won 40-24 v {p['white']}; R2 table " in black
        white = next(x for x in lines if x.startswith(f"Player {int(p['white'][4:])} ("))
        assert f"· 0 pts · BQ 30 | R1 lost 24-40 v {p['black']}; R2 table " in white
    assert "The pairing below is published when you confirm." in preview.plain
    seed2 = round_seed(SEED, 2)
    assert f"pairing of round 2 of 13 (modified-swiss, seed {seed2})" in preview.plain
    winners = {p["black"] for p in pairs}
    next_tables = _tables(preview)[-1]
    assert next_tables.headers == ("Table", "Black", "White") and len(next_tables.rows) == 8
    for _, black, white in next_tables.rows:
        assert (black[-9:-1] in winners) == (white[-9:-1] in winners)
    assert [b.label for b in preview.buttons] == ["Confirm", "Cancel"]
    # Nothing is written before the confirmation: version 1 still publishes round 1.
    version, params = await _params(db)
    assert version == 1 and params["next_round"]["round"] == 1

    saved = await dispatch(services, user("boss"), f"/confirm {_token(preview)}")
    assert saved.plain == "Saved: Othello Open 2026, version 2, code open-2026."
    version, params = await _params(db)
    assert version == 2 and params["rounds_played"] == 1
    published = await dispatch(services, user("reader"), f"/pairing {CODE}")
    assert f"pairing of round 2 of 13 (modified-swiss, seed {seed2})" in published.plain
    assert _tables(published)[0].rows == next_tables.rows
    assert "round 1 seed=" + str(seed1) in params["document"]

    standings = await dispatch(services, user("reader"), f"/standings {CODE}")
    assert standings.plain.splitlines()[0] == "Othello Open 2026: standings after round 1 of 13"
    table = _tables(standings)[0]
    assert table.headers == ("#", "Player", "Country", "Points", "BQ", "Discs", "Note")
    assert [row[3:6] for row in table.rows] == [("1", "40", "40")] * 8 + [("0", "30", "24")] * 8
    assert [row[0] for row in table.rows] == [str(i) for i in range(1, 17)]
    row = next(r for r in table.rows if r[1] == "Player 3 (WOF-0003)")
    assert row[2] == "FRA"


async def test_a_non_director_is_refused_and_nothing_is_written(
    services: Services, db: Database
) -> None:
    await _start(services, db)
    _, params = await _params(db)
    pending = await _pending(db)
    refused = await dispatch(
        services, user("stranger"), f"/round {CODE}\n" + _black_wins(params["next_round"]["pairs"])
    )
    assert "director" in refused.plain and not refused.buttons
    assert await _pending(db) == pending
    version, _ = await _params(db)
    assert version == 1


async def test_a_malformed_round_names_its_line(services: Services, db: Database) -> None:
    await _start(services, db)
    _, params = await _params(db)
    pending = await _pending(db)
    pairs = params["next_round"]["pairs"]
    good = _black_wins(pairs).splitlines()
    prefix = "Round 1 not accepted, nothing was written (lines count from the first line below"
    unknown = [*good[:2], f"{pairs[2]['black']} WOF-0099 40-24", *good[3:]]
    reply = await dispatch(services, user("boss"), f"/round {CODE}\n" + "\n".join(unknown))
    assert reply.plain.startswith(prefix)
    assert reply.plain.endswith("line 3, field 'white': unknown player 'WOF-0099'")
    score = [*good[:4], f"{pairs[4]['black']} {pairs[4]['white']} 40-2x", *good[5:]]
    reply = await dispatch(services, user("boss"), f"/round {CODE}\n" + "\n".join(score))
    assert reply.plain.endswith("line 5, field 'score': cannot read '40-2x'")
    twice = [*good, f"{pairs[0]['black']} BYE"]
    reply = await dispatch(services, user("boss"), f"/round {CODE}\n" + "\n".join(twice))
    assert f"line 9, field 'black': {pairs[0]['black']} already appears in round 1 (line 1)" in (
        reply.plain
    )
    missing = good[:-1]
    reply = await dispatch(services, user("boss"), f"/round {CODE}\n" + "\n".join(missing))
    last = pairs[-1]
    # Missing players are named in field order (the file's, here by ID).
    assert reply.plain.endswith(
        "field 'round': round 1 has no game, bye or absence for "
        + ", ".join(sorted((last["black"], last["white"])))
    )
    wrong = await dispatch(services, user("boss"), f"/round {CODE}\nround 2\n" + "\n".join(good))
    assert wrong.plain.endswith("line 1, field 'round': round 2 entered; round 1 is due")
    empty = await dispatch(services, user("boss"), f"/round {CODE}")
    assert empty.plain == "Paste the results of round 1 below the command, one game a line."
    assert await _pending(db) == pending
    version, _ = await _params(db)
    assert version == 1


async def test_a_game_off_the_pairing_is_warned_and_cancel_drops_it(
    services: Services, db: Database
) -> None:
    await _start(services, db)
    _, params = await _params(db)
    pairs = params["next_round"]["pairs"]
    a, b = pairs[0], pairs[1]
    swapped = [
        f"{a['black']} {b['white']} 40-24",
        f"{b['black']} {a['white']} 40-24",
        *_black_wins(pairs[2:]).splitlines(),
    ]
    preview = await dispatch(services, user("boss"), f"/round {CODE}\n" + "\n".join(swapped))
    assert (
        f"⚠ {a['black']} v {b['white']} (black v white) is not in the published pairing of round 1"
        in preview.plain
    )
    cancelled = await dispatch(services, user("boss"), f"/cancel {_token(preview)}")
    assert cancelled.plain == "Cancelled; nothing was written."
    again = await dispatch(services, user("boss"), f"/confirm {_token(preview)}")
    assert again.plain == "There is no submission of yours waiting under this token."
    version, _ = await _params(db)
    assert version == 1


async def test_after_the_last_round_the_ifrl_and_day_three(
    services: Services, db: Database
) -> None:
    """Four players: a double round robin of six rounds (II.2 a). WOF-0001 wins every game,
    WOF-0002 every other, WOF-0003 beats WOF-0004: 6, 4, 2, 0 points, no play-off (II.3.2),
    so the IFRL is final and the semi-finals are 1 v 4 and 2 v 3 (III).

    WOF-0001's BQ: discs 6 x 40 = 240, opponents' points per game (D3) 2 x (4 + 2 + 0) = 12,
    BQ = 240 + 6 x 12 = 312.
    """
    async with db.transaction() as repos:
        fed = await repos.federations.add("WOF", "World Othello Federation", "UTC")
        await repos.federations.add_discipline(
            fed, "woc", "World Othello Championship", "othello_woc", "on_demand"
        )
        for fid, (name, country, gender) in list(PLAYERS.items())[:4]:
            await repos.players.add(fed.id, fid, name, country=country, gender=gender)
    await make_director(db, "boss", "WOF")
    beats = {(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)}
    rounds = [
        [(1, 2), (3, 4)],
        [(1, 3), (2, 4)],
        [(1, 4), (2, 3)],
    ]

    def lines(pairs: list[tuple[int, int]]) -> list[str]:
        out = []
        for x, y in pairs:
            winner, loser = (x, y) if (x, y) in beats else (y, x)
            out.append(f"WOF-{winner:04d} WOF-{loser:04d} 40-24")
        return out

    body = [
        "tournament: Four Cup",
        f"code: {CODE}",
        "date: 2026-11-14",
        "seed: 3",
        *(f"player: WOF-{i:04d}" for i in range(1, 5)),
    ]
    for number, pairs in enumerate(rounds + rounds[:2], start=1):
        body += [f"round {number}", *lines(pairs)]
    first = await dispatch(services, user("boss"), "/submit woc\n" + "\n".join(body))
    await dispatch(services, user("boss"), f"/confirm {_token(first)}")
    last = await dispatch(services, user("boss"), f"/round {CODE}\n" + "\n".join(lines(rounds[2])))
    assert last.plain.endswith("Four Cup: all 6 rounds are played; no pairing is due.")
    assert "| #1 · 6 pts · BQ 312 · IFRL 1 (semi-finalist) |" in last.plain
    assert "published when you confirm" not in last.plain
    await dispatch(services, user("boss"), f"/confirm {_token(last)}")
    standings = await dispatch(services, user("reader"), f"/standings {CODE}")
    assert standings.plain.splitlines()[0] == (
        "Four Cup: individual final ranking list (IFRL) after 6 of 6 rounds"
    )
    assert [r[0] for r in _tables(standings)[0].rows] == ["1", "2", "3", "4"]
    none = await dispatch(services, user("reader"), f"/pairing {CODE}")
    assert none.plain == "Four Cup: all 6 rounds are played; no pairing is due."
    not_semi = await dispatch(
        services, user("boss"), f"/round {CODE}\n\nsemi: WOF-0001 WOF-0002 40-24"
    )
    assert not_semi.plain.endswith(
        "line 2: semi: WOF-0001 v WOF-0002 is not a semi-final (1v4, 2v3) (seed 004 III.2 / III.5)"
    )
    semi = await dispatch(
        services, user("boss"), f"/round {CODE}\nsemi: WOF-0001 WOF-0004 40-24\nsemi: WOF-0002"
    )
    assert semi.plain.endswith("line 2, field 'white': a game needs black and white")
    semi = await dispatch(services, user("boss"), f"/round {CODE}\nsemi: WOF-0001 WOF-0004 40-24")
    assert "⚠ the WOC final stage is not complete" in semi.plain
    saved = await dispatch(services, user("boss"), f"/confirm {_token(semi)}")
    assert saved.plain == "Saved: Four Cup, version 3, code open-2026."
    _, params = await _params(db)
    assert params["document"].rstrip().endswith("semi: WOF-0001 WOF-0004 40-24")


async def test_unknown_tournament_and_usage(services: Services, db: Database) -> None:
    await _start(services, db)
    reply = await dispatch(services, user("reader"), "/standings nowhere-2030")
    assert reply.plain == "No Othello tournament matches “nowhere-2030”."
    reply = await dispatch(services, user("reader"), "/pairing")
    assert reply.plain == "Usage: /pairing <tournament>"
    by_name = await dispatch(services, user("reader"), "/standings Othello Open")
    assert by_name.plain.startswith("Othello Open 2026: standings after round 0 of 13")


async def test_a_withdrawal_brings_in_a_bye(services: Services, db: Database) -> None:
    """II.7: a player who withdraws after round 1 leaves 15 players; the next pairing gives
    one of them the BYE (worth bye_points 1 in this file). His round-1 opponent's BQ counts
    that game as 32 + 6 x 1 = 38 (Appendix A.3 c)."""
    await _start(services, db)
    _, params = await _params(db)
    pairs = params["next_round"]["pairs"]
    leaving = pairs[0]["white"]
    results = _black_wins(pairs) + f"\nwithdraw {leaving}"
    preview = await dispatch(services, user("boss"), f"/round {CODE}\n{results}")
    winner = pairs[0]["black"]
    rows = preview.plain.splitlines()
    left = next(x for x in rows if x.startswith(f"Player {int(leaving[4:])} ("))
    assert left.endswith(f"| R1 lost 24-40 v {winner}; withdrew (II.7)")
    # Appendix A.3 c: a game against a withdrawn opponent counts 32 + C x own points = 38,
    # not 40 + 6 x 0 = 40.
    won = next(x for x in rows if x.startswith(f"Player {int(winner[4:])} ("))
    assert f"· 1 pt · BQ 38 | R1 won 40-24 v {leaving}; R2 " in won
    bye_line = next(x for x in preview.plain.splitlines() if x.startswith("Bye: "))
    await dispatch(services, user("boss"), f"/confirm {_token(preview)}")
    _, params = await _params(db)
    (bye,) = params["next_round"]["byes"]
    assert bye != leaving and bye_line == f"Bye: Player {int(bye[4:])} ({bye})"
    assert len(params["next_round"]["pairs"]) == 7
    standings = await dispatch(services, user("reader"), f"/standings {CODE}")
    row = next(r for r in _tables(standings)[0].rows if r[1].endswith(f"({leaving})"))
    assert row[6] == "withdrawn"


async def test_a_tournament_opened_for_game_reports_has_no_rounds_to_show(
    services: Services, db: Database
) -> None:
    """/openreports makes a tournament with no Othello state: /standings, /pairing and /round
    on it once raised KeyError 'rounds_played' ("something went wrong")."""
    await _start(services, db)
    pending = await _pending(db)
    opened = await dispatch(services, user("boss"), "/openreports woc club-night Club night")
    assert "club-night" in opened.plain
    refusal = (
        "Club night has no rounds: it was opened for game reports, not submitted as a "
        "tournament file. Send its file with /submit first."
    )
    for command in ("/standings club-night", "/pairing club-night", "/round club-night\nx y 1-0"):
        reply = await dispatch(services, user("boss"), command)
        assert reply.plain == refusal, command
    assert await _pending(db) == pending
