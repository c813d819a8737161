"""Migration 0005 (the player registry) up and down on each backend, keeping the players."""

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from fedrank.storage.database import downgrade, migrate
from tests.conftest import Backend

PLAYER = "INSERT INTO player (id, federation_id, federation_player_id, name, data) VALUES"


async def _player_columns(backend: Backend) -> set[str]:
    database = backend.database()
    try:
        async with database.engine.connect() as conn:
            return await conn.run_sync(
                lambda c: {col["name"] for col in inspect(c).get_columns("player")}
            )
    finally:
        await database.close()


async def test_registry_columns_up_and_down(backend: Backend) -> None:
    database = backend.database()
    try:
        await migrate(database.engine, "0004")
        async with database.engine.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO federation (id, code, name, timezone, reports_need_approval)"
                    " VALUES (1, 'UFGO', 'Go', 'UTC', false)"
                )
            )
            await conn.execute(
                text(f"{PLAYER} (1, 1, 'UFGO-1', 'A', '{{}}'), (2, 1, 'UFGO-2', 'B', '{{}}')")
            )
        assert "egd_pin" not in await _player_columns(backend)
        await migrate(database.engine, "0005")
        assert {"latin_name", "club", "egd_pin"} <= await _player_columns(backend)
        async with database.engine.begin() as conn:
            await conn.execute(text("UPDATE player SET egd_pin = '123', club = 'X' WHERE id = 1"))
            # Unset PINs are many; a set one is one player's in the federation.
            await conn.execute(text(f"{PLAYER} (3, 1, 'UFGO-3', 'C', '{{}}')"))
        with pytest.raises(IntegrityError):
            async with database.engine.begin() as conn:
                await conn.execute(text("UPDATE player SET egd_pin = '123' WHERE id = 2"))
        await downgrade(database.engine, "0004")
        assert not {"latin_name", "club", "egd_pin"} & await _player_columns(backend)
        async with database.engine.connect() as conn:
            names = (
                (await conn.execute(text("SELECT name FROM player ORDER BY id"))).scalars().all()
            )
        assert names == ["A", "B", "C"]
    finally:
        await database.close()


async def test_the_upper_case_id_index_survives_both_ways(backend: Backend) -> None:
    database = backend.database()
    try:
        for revision in ("0005", "0004", "0005"):
            if revision == "0004":
                await downgrade(database.engine, revision)
            else:
                await migrate(database.engine, revision)
            async with database.engine.connect() as conn:
                if backend.name == "sqlite":
                    query = "SELECT name FROM sqlite_master WHERE type = 'index'"
                else:
                    query = (
                        "SELECT indexname FROM pg_indexes WHERE tablename = 'player'"
                        " AND schemaname = current_schema()"
                    )
                indexes = set((await conn.execute(text(query))).scalars())
            assert "ix_player_fpid_upper" in indexes, revision
            assert ("ix_player_egd_pin" in indexes) == (revision == "0005")
    finally:
        await database.close()
