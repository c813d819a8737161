"""/rating's "since the list" reads: a player's tournaments stored since a list are the
tournaments stored since it in which his entry is in the current version, read from his entries
(the plan SQLite would not pick on its own), on every player and discipline of the demo."""

from sqlalchemy import select

from fedrank.storage.database import Database
from fedrank.storage.models import Entry, Tournament
from fedrank.storage.repos import stored_since


async def test_a_players_tournaments_stored_since_a_list(demo_db: Database) -> None:
    checked = 0
    async with demo_db.read() as repos:
        session = repos.session
        entered = set(
            (
                await session.execute(
                    select(Tournament.discipline_id, Tournament.code, Entry.player_id).join(
                        Entry, Entry.version_id == Tournament.current_version_id
                    )
                )
            ).all()
        )
        players = sorted({player for _d, _c, player in entered})
        for discipline in await repos.federations.disciplines():
            snapshots = [None, await repos.lists.latest(discipline.id)]
            snapshots += list(await repos.lists.snapshots(discipline.id))[:3]
            for snapshot in snapshots:
                since = None if snapshot is None else (snapshot.list_date, snapshot.created_at)
                every = await stored_since(session, discipline.id, since)
                for player in players:
                    mine = await stored_since(session, discipline.id, since, player)
                    assert mine == [
                        row for row in every if (discipline.id, row[0], player) in entered
                    ]
                    checked += len(mine)
    assert checked > 0
