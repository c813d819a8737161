"""What the go_ufgo adapter's database tests share: UFGO with ten players, files, submissions."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from decimal import Decimal
from pathlib import Path

from fedrank.engines.go_ufgo import PlayerStart, parse_document, rate_tournament
from fedrank.handlers.context import IncomingFile, RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from fedrank.storage.models import Player
from fedrank.storage.repos import Repos
from tests.conftest import user
from tests.factories import make_director

EXAMPLE = Path(__file__).parents[4] / "examples" / "go_ufgo" / "kharkiv_autumn_cup_2026.h9"

PLAYERS = {
    "UFGO-0001": ("Olena Bondarenko", date(1995, 3, 2)),
    "UFGO-0002": ("Taras Kovalenko", date(1988, 7, 9)),
    "UFGO-0003": ("Andrii Shevchenko", date(2001, 1, 15)),
    "UFGO-0004": ("Iryna Melnyk", date(1979, 11, 30)),
    "UFGO-0005": ("Oleh Tkachenko", date(1990, 5, 5)),
    "UFGO-0006": ("Yurii Kravchenko", date(1950, 2, 20)),
    "UFGO-0007": ("Mariia Oliinyk", date(2008, 6, 1)),
    "UFGO-0008": ("Bohdan Lysenko", date(2010, 9, 12)),
    "UFGO-0009": ("Dmytro Savchenko", date(2012, 4, 4)),
    "UFGO-0010": ("Sofiia Rudenko", date(2013, 8, 8)),
}


async def seed(db: Database) -> int:
    """UFGO with its rating discipline, ten players and a director "boss"; the discipline id."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("UFGO", "Ukrainian Go Federation", "Europe/Kyiv")
        disc = await repos.federations.add_discipline(
            fed, "ufgo", "UFGO rating", "go_ufgo", "quarterly"
        )
        for fid, (name, birth) in PLAYERS.items():
            await repos.players.add(fed.id, fid, name, birth_date=birth)
        discipline_id = disc.id
    await make_director(db, "boss", "UFGO")
    return discipline_id


def example_with_ids() -> str:
    """The engine's example h-file with each player's federation ID (``id=``) on his line."""
    out = []
    for raw in EXAMPLE.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\s+(\d+) ", raw)
        out.append(raw.replace("ik=", f"id=UFGO-{int(m.group(1)):04d} ik=") if m else raw)
    return "\n".join(out) + "\n"


def with_file(ctx: RequestContext, name: str, text: str) -> RequestContext:
    return replace(ctx, attachment=IncomingFile(name, text.encode("utf-8")))


def confirm_token(reply: Reply) -> str:
    action = next(b.action for b in reply.buttons if b.action.startswith("/confirm "))
    return action.split()[1]


def preview_row(reply: Reply, label: str) -> str:
    return next(line for line in reply.plain.splitlines() if line.startswith(label))


async def ufgo_players(repos: Repos) -> dict[str, Player]:
    fed = await repos.federations.by_code("UFGO")
    assert fed is not None
    found = await repos.players.by_federation_ids(fed.id, list(PLAYERS))
    return {p.federation_player_id: p for p in found.values()}


def games_csv(code: str, on: str, games: list[tuple[str, str, str]], iks: dict[str, int]) -> str:
    """A CSV tournament of ``games`` (official, 60 minutes, 19x19) with the players' ``ik``."""
    lines = [f"name,{code}", f"code,{code}", f"date,{on}", "time_minutes,60", "official,yes"]
    lines += ["board,19", "", "player,ik"]
    names = sorted({p for a, b, _ in games for p in (a, b)})
    lines += [f"{p},{iks.get(p, '')}" for p in names]
    lines += ["", "round,player1,player2,result"]
    lines += [f"{i},{a},{b},{r}" for i, (a, b, r) in enumerate(games, start=1)]
    return "\n".join(lines) + "\n"


def chain(texts: list[str], start: dict[str, int]) -> dict[str, Decimal]:
    """Each player's IK after rating the files one after the other with the engine alone."""
    ik = {p: Decimal(v) for p, v in start.items()}
    for text in texts:
        tournament = parse_document(text, filename="x.csv").tournament
        starts = [PlayerStart(p, ik[p]) for p in tournament.players()]
        for r in rate_tournament(tournament, starts).players:
            ik[r.player] = r.ik_after
    return ik


async def submit(services: Services, text: str) -> Reply:
    """Submit a pasted table as the director and confirm it; the preview."""
    preview = await dispatch(services, user("boss"), "/submit ufgo\n" + text)
    saved = await dispatch(services, user("boss"), f"/confirm {confirm_token(preview)}")
    assert saved.plain.startswith("Saved:"), saved.plain
    return preview
