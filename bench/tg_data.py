"""The data set of bench/tg_bot.py: a Go federation with players, tournaments, games, awards,
titles, a published list of every player and linked Telegram accounts."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import func, insert, select

from fedrank.storage.database import Database
from fedrank.storage.models import (
    Account,
    AccountLink,
    Award,
    Entry,
    Game,
    ListRow,
    ListSnapshot,
    Player,
    Title,
    Tournament,
    TournamentVersion,
)

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
PLAYERS_PER_TOURNAMENT = 40
CHUNK = 20_000


def pid(number: int) -> str:
    return f"UFGO-{number:06d}"


async def build(db: Database, players: int, games: int, linked: int, seed: int = 1) -> None:
    """A Go federation: players, tournaments with games, awards, titles, a list, accounts."""
    rng = random.Random(seed)
    await db.migrate()
    async with db.transaction() as repos:
        fed = await repos.federations.add("UFGO", "Ukrainian Go Federation", "Europe/Kyiv")
        disc = await repos.federations.add_discipline(fed, "ufgo", "Go", "go_ufgo", "monthly")
        fed_id, disc_id = fed.id, disc.id
    session_of = db.transaction
    async with session_of() as repos:
        s = repos.session
        for start in range(1, players + 1, CHUNK):
            await s.execute(
                insert(Player),
                [
                    {
                        "id": n,
                        "federation_id": fed_id,
                        "federation_player_id": pid(n),
                        "name": f"Player {n:06d}",
                        "data": {},
                    }
                    for n in range(start, min(start + CHUNK, players + 1))
                ],
            )
    per_tournament = max(1, PLAYERS_PER_TOURNAMENT * 5)  # five rounds of 20 boards
    tournaments = max(1, games // per_tournament)
    ratings = {n: Decimal(rng.randint(100, 2700)) for n in range(1, players + 1)}
    game_id = award_id = entry_id = 0
    for first in range(0, tournaments, 500):
        async with session_of() as repos:
            s = repos.session
            t_rows: list[dict[str, Any]] = []
            v_rows: list[dict[str, Any]] = []
            e_rows: list[dict[str, Any]] = []
            g_rows: list[dict[str, Any]] = []
            a_rows: list[dict[str, Any]] = []
            for t in range(first, min(first + 500, tournaments)):
                held = date.fromordinal(date(2024, 12, 1).toordinal() + t % 700)
                t_rows.append(
                    {
                        "id": t + 1,
                        "discipline_id": disc_id,
                        "code": f"t{t + 1}",
                        "name": f"Cup {t + 1}",
                        "held_on": held,
                        "current_version_id": t + 1,
                    }
                )
                v_rows.append(
                    {
                        "id": t + 1,
                        "tournament_id": t + 1,
                        "version": 1,
                        "held_on": held,
                        "params": {},
                        "created_at": NOW,
                    }
                )
                field = rng.sample(range(1, players + 1), min(PLAYERS_PER_TOURNAMENT, players))
                for place, player in enumerate(field, start=1):
                    entry_id += 1
                    award_id += 1
                    e_rows.append(
                        {
                            "id": entry_id,
                            "version_id": t + 1,
                            "player_id": player,
                            "place": Decimal(place),
                            "data": {},
                        }
                    )
                    a_rows.append(
                        {
                            "id": award_id,
                            "version_id": t + 1,
                            "discipline_id": disc_id,
                            "player_id": player,
                            "kind": "rating",
                            "amount": Decimal(rng.randint(-30, 30)),
                            "awarded_on": held,
                            "trace": [{"name": "dR", "value": "1"}],
                        }
                    )
                for n in range(per_tournament):
                    game_id += 1
                    round_no, board = divmod(n, max(1, len(field) // 2))
                    g_rows.append(
                        {
                            "id": game_id,
                            "version_id": t + 1,
                            "round_no": round_no + 1,
                            "player1_id": field[(2 * board) % len(field)],
                            "player2_id": field[(2 * board + 1) % len(field)],
                            "result": "win1" if rng.random() < 0.5 else "win2",
                            "data": {},
                        }
                    )
            await s.execute(insert(Tournament), t_rows)
            await s.execute(insert(TournamentVersion), v_rows)
            await s.execute(insert(Entry), e_rows)
            for i in range(0, len(g_rows), CHUNK):
                await s.execute(insert(Game), g_rows[i : i + CHUNK])
            await s.execute(insert(Award), a_rows)
    ranked = sorted(ratings, key=lambda n: -ratings[n])
    async with session_of() as repos:
        s = repos.session
        snapshot = ListSnapshot(
            discipline_id=disc_id,
            list_date=date(2026, 11, 1),
            created_at=NOW,
            data={"size": len(ranked)},  # as ListRepo.add_snapshot keeps it
        )
        s.add(snapshot)
        await s.flush()
        for i in range(0, len(ranked), CHUNK):
            await s.execute(
                insert(ListRow),
                [
                    {
                        "snapshot_id": snapshot.id,
                        "player_id": n,
                        "position": i + k + 1,
                        "rating": ratings[n],
                        "title": f"{max(1, 30 - int(ratings[n]) // 100)} kyu",
                        "data": {"next": "12 more rating points for the next kyu"},
                    }
                    for k, n in enumerate(ranked[i : i + CHUNK])
                ],
            )
            await s.execute(
                insert(Title),
                [
                    {
                        "player_id": n,
                        "discipline_id": disc_id,
                        "title": f"{max(1, 30 - int(ratings[n]) // 100)} kyu",
                        "since": date(2025, 6, 1),
                        "data": {},
                    }
                    for n in ranked[i : i + CHUNK]
                ],
            )
        if linked <= 0:
            print(f"  built: {players} players, {tournaments} tournaments, {game_id} games")
            return
        await s.execute(
            insert(Account),
            [
                {
                    "platform": "telegram",
                    "platform_user_id": str(10_000_000 + n),
                    "display_name": f"Player {n}",
                    "created_at": NOW,
                }
                for n in range(1, min(linked, players) + 1)
            ],
        )
    await link_accounts(db)
    print(
        f"  built: {players} players, {tournaments} tournaments, {game_id} games, "
        f"{award_id} awards",
        flush=True,
    )


async def link_accounts(db: Database) -> int:
    """Link every bench account (Telegram user 10,000,000 + n) to player n, unless linked
    already (a data set built before the links were made); how many links were added."""
    async with db.transaction() as repos:
        s = repos.session
        if await s.scalar(select(func.count(AccountLink.id))):
            return 0
        accounts = (await s.execute(select(Account.id, Account.platform_user_id))).all()
        federation_id = await s.scalar(select(Player.federation_id).limit(1))
        rows = [
            {
                "account_id": account_id,
                "player_id": int(user) - 10_000_000,
                "federation_id": federation_id,
                "platform": "telegram",
                "created_at": NOW,
            }
            for account_id, user in accounts
        ]
        if rows:
            await s.execute(insert(AccountLink), rows)
        return len(rows)
