"""A Go federation from an empty database, and the same games as chat reports or as one file.

Two Go disciplines of one federation start from the same history (a seeding tournament given
as a file to each), so a league played through ``/report`` in one and the file of its games
in the other must leave the same IK lines, to the trace.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.factories import NOW
from tests.handlers.reports.helpers import link
from tests.helpers import user

NAMES = [
    "Bondarenko Olena",
    "Kovalenko Ivan",
    "Shevchenko Taras",
    "Melnyk Oksana",
    "Tkachenko Petro",
    "Kravchenko Iryna",
    "Oliinyk Andrii",
    "Shevchuk Nadiia",
    "Polishchuk Yurii",
    "Lysenko Halyna",
    "Marchenko Dmytro",
    "Rudenko Sofiia",
]
#: Starting IKs of the seeding tournament (§3.2), all above 100 (section 4 applies).
START_IK = [2300, 2150, 1980, 1840, 1700, 1620, 1500, 1410, 1290, 1200, 1100, 1010]
LEAGUE = ("club-2026", "Kyiv Club League", date(2026, 11, 10))


def fid(n: int) -> str:
    return f"UFGO-{n:04d}"


async def federation_from_zero(db: Database, players: int = 12) -> None:
    """UFGO with two Go disciplines (``ufgo`` for reports, ``ufgo-file`` for the file), the
    players linked to console accounts ``u1``…, ``boss`` directing; each discipline seeded."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("UFGO", "Ukrainian Go Federation", "Europe/Kyiv")
        for code in ("ufgo", "ufgo-file"):
            await repos.federations.add_discipline(fed, code, "Go", "go_ufgo", "quarterly")
        for n in range(1, players + 1):
            await repos.players.add(fed.id, fid(n), NAMES[n - 1])
        boss = await repos.accounts.get_or_create(
            "console", "boss", display_name="boss", language=None, now=NOW
        )
        await repos.accounts.set_role(boss.id, fed.id, "director")
    for n in range(1, players + 1):
        await link(db, f"u{n}", fid(n))
    for code in ("ufgo", "ufgo-file"):
        await submit(db, code, seed_file(players))


def seed_file(players: int) -> str:
    """One round of the seeding tournament: every player's first IK (§3.2) and one game."""
    rows = [f"{fid(n)},{START_IK[n - 1]}," for n in range(1, players + 1)]
    games = [f"1,{fid(n)},{fid(n + 1)},1-0" for n in range(1, players, 2)]
    head = "name,Seeding Cup\ndate,2026-11-01\nboard,19\ntime_minutes,60\nofficial,no\n"
    return (
        head
        + "\nplayer,ik,held_dan\n"
        + "\n".join(rows)
        + "\n\nround,player1,player2,result\n"
        + "\n".join(games)
        + "\n"
    )


def league_file(games: list[tuple[int, int, int, str]], official: bool = True) -> str:
    """The league's games as one director's file: (round, player1, player2, Rp of player1)."""
    code, name, held = LEAGUE
    players = sorted({p for _, a, b, _ in games for p in (a, b)})
    score = {"1": "1-0", "0": "0-1", "0.5": "="}
    head = (
        f"name,{name}\ncode,{code}\ndate,{held.isoformat()}\nboard,19\ntime_minutes,60\n"
        f"official,{'yes' if official else 'no'}\n"
    )
    rows = [f"{fid(n)},," for n in players]
    lines = [f"{r},{fid(a)},{fid(b)},{score[s]}" for r, a, b, s in games]
    return (
        head
        + "\nplayer,ik,held_dan\n"
        + "\n".join(rows)
        + "\n\nround,player1,player2,result\n"
        + "\n".join(lines)
        + "\n"
    )


async def submit(db: Database, discipline_code: str, text: str) -> None:
    """A director's file, prepared by the adapter and written as a confirmed submission."""
    from fedrank.handlers.systems import all_systems

    async with db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code(discipline_code)
        assert discipline is not None
        adapter = all_systems().adapter("go_ufgo")
        prepared = await adapter.prepare(repos, discipline, text, "tournament.csv")
        await repos.ledger.write_prepared(discipline, prepared, now=NOW, account_id=None)


def round_robin(players: int, rounds: int) -> list[list[tuple[int, int]]]:
    """The circle method: ``rounds`` rounds in which nobody meets anybody twice."""
    seats = list(range(1, players + 1))
    out = []
    for _ in range(rounds):
        half = players // 2
        out.append([(seats[i], seats[players - 1 - i]) for i in range(half)])
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return out


#: What a reporter writes, and Rp of the reporter (reporter first in both forms).
RESULT_FORMS = [
    ("B+R black", "1"),
    ("W+3.5 black", "0"),
    ("win", "1"),
    ("loss", "0"),
    ("jigo", "0.5"),
    ("B+T white", "0"),
    ("W+R white", "1"),
    ("B+12.5 black", "1"),
]


def opponent_form(n: int, i: int) -> str:
    """The opponent as the reporter names him: each form the resolver accepts, in turn."""
    forms = [fid(n), f"ufgo-{n}", f"UFGO{n:04d}", " ".join(reversed(NAMES[n - 1].split()))]
    return forms[i % len(forms)]


def expected_rp(reporter: int, opponent: int, salt: int) -> str:
    """The reporter's Rp: the stronger (lower number) wins, but for a few upsets and jigos
    between neighbours (a realistic club: no result the anomaly rule cannot settle)."""
    gap = abs(reporter - opponent)
    if gap == 1 and salt % 5 == 0:
        return "0.5"
    stronger_wins = not (gap <= 2 and salt % 3 == 0)
    return "1" if (reporter < opponent) == stronger_wins else "0"


@dataclass
class Played:
    games: list[tuple[int, int, int, str]]
    replies: list[str]


async def play_league(
    services: Services, pairings: list[list[tuple[int, int]]], *, close_rounds: bool = True
) -> Played:
    """Every game reported as chat messages, confirmed by the opponent (one disputed and
    approved by the director), and each round closed by the director."""
    games: list[tuple[int, int, int, str]] = []
    replies: list[str] = []
    report_no = 0
    for r, pairs in enumerate(pairings, start=1):
        for i, (a, b) in enumerate(pairs):
            reporter, opponent = (a, b) if (r + i) % 2 else (b, a)
            rp = expected_rp(reporter, opponent, r + i)
            written = [w for w, v in RESULT_FORMS if v == rp][(r + i) % 2 if rp != "0.5" else 0]
            made = await dispatch(
                services,
                user(f"u{reporter}"),
                f"/report {LEAGUE[0]} {opponent_form(opponent, r + i)} {written}",
            )
            assert made.plain.startswith("Report #"), made.plain
            report_no += 1
            if r == 3 and i == 0:  # disputed, then the director decides
                await dispatch(services, user(f"u{opponent}"), f"/gamedispute {report_no}")
                answer = await dispatch(services, user("boss"), f"/gameapprove {report_no}")
            else:
                answer = await dispatch(services, user(f"u{opponent}"), f"/gameok {report_no}")
            replies.append(answer.plain)
            assert answer.plain.startswith("Report #"), answer.plain
            games.append((r, reporter, opponent, rp))
        if close_rounds:
            closed = await dispatch(services, user("boss"), f"/closeround ufgo {LEAGUE[0]}")
            replies.append(closed.plain)
            assert closed.plain.startswith("Round "), closed.plain
    return Played(games, replies)


async def ik_lines(db: Database, discipline_code: str) -> dict[str, tuple[Decimal, Any]]:
    """The league's (or file's) current version: each player's IK line and its trace."""
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code(discipline_code)
        assert discipline is not None
        tournament = await repos.ledger.tournament(discipline.id, LEAGUE[0])
        assert tournament is not None
        current = await repos.ledger.current_version(tournament.id)
        assert current is not None
        _, _, awards = await repos.game_reports.version_contents(current.id)
        out = {}
        for award in awards:
            player = await repos.players.get(award.player_id)
            assert player is not None
            out[player.federation_player_id] = (award.amount, award.trace)
        return out


async def totals(db: Database, discipline_code: str, players: int) -> dict[str, Decimal]:
    """Each player's IK now: the sum of his IK lines of current versions."""
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code(discipline_code)
        assert discipline is not None
        out = {}
        for n in range(1, players + 1):
            player = await repos.players.by_federation_id(discipline.federation_id, fid(n))
            assert player is not None
            found = await repos.ledger.totals(player.id, discipline.id)
            out[fid(n)] = sum((t.amount for t in found if t.kind == "IK"), Decimal(0))
        return out


async def league_params(db: Database, discipline_code: str = "ufgo") -> dict[str, Any]:
    """The params of the league's current version (its rated input and settings)."""
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code(discipline_code)
        assert discipline is not None
        tournament = await repos.ledger.tournament(discipline.id, LEAGUE[0])
        assert tournament is not None
        current = await repos.ledger.current_version(tournament.id)
        assert current is not None
        return dict(current.params)
