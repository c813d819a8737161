"""A club pairs report, a seeded FSBR federation and the submit path, for the bridge_fsbr tests.

The hand-worked club pairs event used throughout (seed 003 7.5-7.6): 8 pairs, d = 48 boards,
local, not rated (MB only). Every player holds rk 0 (kept from the earlier classification,
2.2 note 1), so each pair's q = 0 and q1 = 0.2 - 0.12 q = 0.2; kq = 1/2 sum of q1 0.95^(i-1)
for i = 1..8 = 0.1 (1 - 0.95^8) / 0.05 = 0.673159; N = N0 = 8 < 32, kq1 = 1 - 0.7 lg kq =
1.120318, kqp = 0.4 kq lg N0 kq1 = 0.272427, kd = 2.2 lg 48 - 2 = 1.698731,
t = N/8 (3 + kq - 0.5 lg N) = 3.221614, R = 1.1 (100 kqp kd)^(1/t) = 3.616851;
MB(p) = 50 kqp kd / R^(p-1): 23.139 -> 23, 6.398 -> 6, 1.769 -> 2, 0.489 -> 0.

With ``kq = 1`` given (a historical event), kq1 = 1, kqp = 0.4 lg 8 = 0.361236,
t = 4 - 0.5 lg 8 = 3.548455, R = 3.509540: MB 30.68 -> 31, 8.74 -> 9, 2.49 -> 2, 0.71 -> 1.
"""

from __future__ import annotations

import math
from datetime import date
from decimal import Decimal
from typing import Any

from fedrank.handlers.context import Services
from fedrank.handlers.systems.bridge_fsbr import DATA_KEY
from fedrank.storage.database import Database
from fedrank.storage.records import NewAward
from tests import helpers as shared
from tests.factories import NOW, make_director

PLAYERS = 40
NAME = "Кубок клуба «Аврора», пары"


def report(
    *,
    name: str = NAME,
    code: str | None = "club-2026-09",
    start: str = "2026-09-05",
    end: str = "2026-09-06",
    order: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8),
    kq: str | None = None,
    rk: dict[int, str] | None = None,
    members: dict[int, tuple[str, str]] | None = None,
    extra_players: str = "",
) -> str:
    """Eight pairs P01 = FSBR-0001 + FSBR-0002 ... P08 = FSBR-0015 + FSBR-0016, placed in
    ``order`` (the first listed is 1st), 48 boards each, the rk column empty unless ``rk``."""
    lines = [
        "# club pairs, Moscow",
        f"tournament = {name}",
        *([f"id = {code}"] if code else []),
        "form = pairs",
        "scope = local",
        f"start = {start}",
        f"end = {end}",
        "length = 48",
        "actual_length = 48",
        "rated = no",
        *([f"kq = {kq}"] if kq else []),
        "",
        "[entries]",
    ]
    lines += [f"P{pair:02d} | {place}" for place, pair in enumerate(order, start=1)]
    lines += ["", "[players]"]
    for pair in range(1, 9):
        for fid in (members or {}).get(pair, (f"FSBR-{2 * pair - 1:04d}", f"FSBR-{2 * pair:04d}")):
            number = int(fid[5:]) if fid.startswith("FSBR-") else 0
            given = (rk or {}).get(number, "")
            lines.append(f"{fid} | P{pair:02d} | Player {number:02d} | {given} | 48")
    return "\n".join(lines) + "\n" + extra_players


async def seed(db: Database, *, initial: str | None = None) -> int:
    """FSBR with its classification and players FSBR-0001 ... FSBR-0040 ("Player 01" ...),
    each with ``initial_rk`` = ``initial`` (2.2 note 1) when given; a director "boss"."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("FSBR", "Russian Bridge Federation", "Europe/Moscow")
        disc = await repos.federations.add_discipline(
            fed, "fsbr", "FSBR classification", "bridge_fsbr", "monthly"
        )
        for number in range(1, PLAYERS + 1):
            data = {DATA_KEY: {"initial_rk": initial}} if initial is not None else None
            await repos.players.add(fed.id, f"FSBR-{number:04d}", f"Player {number:02d}", data=data)
    await make_director(db, "boss", "FSBR")
    return disc.id


async def submit_and_confirm(services: Services, text: str) -> str:
    return await shared.submit_and_confirm(services, "fsbr", text)


async def version_of(db: Database, code: str) -> tuple[int, dict[str, Any], str]:
    return await shared.version_of(db, "fsbr", code)


def hand_mb(kq: float, n: int = 8, d: int = 48) -> list[int]:
    """7.6 in floats, independent of the engine (pairs, N0 = N < 32), rounded half up."""
    kq1 = 1 - 0.7 * math.log10(kq) if kq < 1 else 1.0
    kqp = 0.4 * kq * math.log10(n) * kq1
    kd = 2.2 * math.log10(d) - 2
    t = n / 8 * (3 + kq - 0.5 * math.log10(n))
    r = 1.1 * (100 * kqp * kd) ** (1 / t)
    return [math.floor(50 * kqp * kd / r**p + 0.5) for p in range(n)]


def trace(code: str, *, f2f: bool = True, championship: bool = False) -> list[dict[str, Any]]:
    return [
        {"name": "tournament", "value": code},
        {"name": "face_to_face", "value": f2f, "rule": "2.2 note 3"},
        {"name": "championship", "value": championship, "rule": "8.1"},
    ]


async def ledger(
    db: Database, code: str, day: date, lines: list[tuple[int, str, int]], **flags: bool
) -> None:
    """A tournament ending on ``day`` with ``(player number, kind, amount)`` lines."""
    async with db.transaction() as repos:
        disc = await repos.federations.discipline_by_code("fsbr")
        assert disc is not None
        ids = await repos.players.by_federation_ids(
            disc.federation_id, [f"FSBR-{n:04d}" for n, _, _ in lines]
        )
        await repos.ledger.record_tournament(
            discipline_id=disc.id,
            code=code,
            name=code,
            held_on=day,
            params={},
            entries=[],
            games=[],
            awards=[
                NewAward(ids[f"FSBR-{n:04d}"].id, kind, Decimal(amount), trace(code, **flags))
                for n, kind, amount in lines
            ],
            now=NOW,
        )
