"""Migration 0007 (account links) up and down on each backend, moving the links with it."""

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from fedrank.storage.database import downgrade, migrate
from tests.conftest import Backend

ACCOUNT = (
    "INSERT INTO account (id, platform, platform_user_id, display_name, player_id, created_at)"
    " VALUES"
)
LINK = (
    "INSERT INTO account_link (account_id, player_id, federation_id, platform, created_at) VALUES"
)
AT = "'2026-11-01 00:00:00+00'"


async def _rows(backend: Backend, query: str) -> list[tuple[object, ...]]:
    database = backend.database()
    try:
        async with database.engine.connect() as conn:
            return [tuple(row) for row in (await conn.execute(text(query))).all()]
    finally:
        await database.close()


async def test_links_move_to_account_link_and_back(backend: Backend) -> None:
    database = backend.database()
    try:
        await migrate(database.engine, "0005")
        async with database.engine.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO federation (id, code, name, timezone, reports_need_approval)"
                    " VALUES (1, 'RMF', 'M', 'UTC', false), (2, 'UGF', 'G', 'UTC', false)"
                )
            )
            await conn.execute(
                text(
                    "INSERT INTO player (id, federation_id, federation_player_id, name, data)"
                    " VALUES (1, 1, 'R1', 'A', '{}'), (2, 1, 'R2', 'B', '{}'),"
                    " (3, 2, 'G3', 'C', '{}')"
                )
            )
            # Accounts 2 and 3 both hold player 2 on one platform (the old race): the earlier
            # keeps him; account 4 holds him on another platform, which is allowed.
            await conn.execute(
                text(
                    f"{ACCOUNT} (1, 'console', 'a', 'a', 1, {AT}),"
                    f" (2, 'console', 'b', 'b', 2, {AT}), (3, 'console', 'c', 'c', 2, {AT}),"
                    f" (4, 'telegram', '4', 'd', 2, {AT}), (5, 'console', 'e', 'e', NULL, {AT})"
                )
            )
        await migrate(database.engine, "0007")
    finally:
        await database.close()
    links = await _rows(
        backend,
        "SELECT account_id, player_id, federation_id, platform FROM account_link ORDER BY id",
    )
    assert sorted(links) == [  # type: ignore[type-var]
        (1, 1, 1, "console"),
        (2, 2, 1, "console"),
        (4, 2, 1, "telegram"),
    ]
    database = backend.database()
    try:
        # One person in two federations; never two accounts of a platform for one player.
        async with database.engine.begin() as conn:
            await conn.execute(text(f"{LINK} (1, 3, 2, 'console', {AT})"))
        with pytest.raises(IntegrityError):
            async with database.engine.begin() as conn:
                await conn.execute(text(f"{LINK} (5, 1, 1, 'console', {AT})"))
        with pytest.raises(IntegrityError):  # one player per federation for an account
            async with database.engine.begin() as conn:
                await conn.execute(text(f"{LINK} (1, 2, 1, 'console', {AT})"))
        await downgrade(database.engine, "0005")
    finally:
        await database.close()
    # Down again, each account keeps its first link.
    held = await _rows(backend, "SELECT id, player_id FROM account ORDER BY id")
    assert held == [(1, 1), (2, 2), (3, None), (4, 2), (5, None)]
