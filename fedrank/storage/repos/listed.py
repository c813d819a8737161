"""What /rating's "since the list" block reads besides the card: the tournaments stored since a
list and the player's ledger totals as that list counted them.

Each statement is built once (with bound parameters): building them per request cost more than
running them on a federation of 100,000 players.
"""

from __future__ import annotations

import functools
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Select, bindparam, func, literal_column, or_, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlalchemy.orm import aliased

from fedrank.storage.models import Award, Entry, Tournament, TournamentVersion
from fedrank.storage.records import PointTotal
from fedrank.storage.repos.base import PlainReader, rows_of


@functools.cache
def _stored_since_statement(since: bool, of_player: bool) -> Select[str, str, date]:
    """The query of :func:`stored_since`, built once per shape (binds ``discipline_id``, and
    ``list_date`` and ``created_at`` with ``since``, ``player_id`` with ``of_player``)."""
    query = select(Tournament.code, Tournament.name, TournamentVersion.held_on)
    if of_player:
        # From the player's few entries (ix_entry_player_id) to their tournaments: one row per
        # entry, as (version, player) is unique and a tournament has one current version.
        # "+ 0" keeps SQLite, which has no statistics, from starting at every tournament of
        # the discipline and probing each for his entry instead.
        query = (
            query.select_from(Entry)
            .join(TournamentVersion, TournamentVersion.id == Entry.version_id)
            .join(Tournament, Tournament.current_version_id == TournamentVersion.id)
            .where(
                Entry.player_id == bindparam("player_id"),
                Tournament.discipline_id + literal_column("0") == bindparam("discipline_id"),
            )
        )
    else:
        query = query.join(
            TournamentVersion, TournamentVersion.id == Tournament.current_version_id
        ).where(Tournament.discipline_id == bindparam("discipline_id"))
    if since:
        query = query.where(
            or_(
                TournamentVersion.created_at > bindparam("created_at"),
                TournamentVersion.held_on >= bindparam("list_date"),
            )
        )
    return query.order_by(TournamentVersion.held_on, Tournament.id)


async def stored_since(
    conn: AsyncConnection | AsyncSession | PlainReader,
    discipline_id: int,
    since: tuple[date, datetime] | None,
    player_id: int | None = None,
) -> list[tuple[str, str, date]]:
    """(code, name, date) of the discipline's tournaments whose current version was stored
    after a list of ``since`` = (its date, when it was published) or is dated on or after its
    date (every one when ``since`` is None), of the player's when ``player_id`` is given;
    oldest first. Plain columns, on a :class:`PlainReader` (/top), a connection or a session."""
    params: dict[str, Any] = {"discipline_id": discipline_id}
    if since is not None:
        params["list_date"], params["created_at"] = since
    if player_id is not None:
        params["player_id"] = player_id
    query = _stored_since_statement(since is not None, player_id is not None)
    return [(code, name, held) for code, name, held in await rows_of(conn, query, params)]


def _totals_as_listed_statement() -> Select[str, str | None, Decimal]:
    """The query of :func:`totals_as_listed` (binds ``player_id``, ``discipline_id`` and the
    list's ``list_date`` and ``created_at``)."""
    version = aliased(TournamentVersion)
    newer = aliased(TournamentVersion)
    superseded = (
        select(newer.id)
        .where(
            newer.tournament_id == version.tournament_id,
            newer.version > version.version,
            newer.created_at <= bindparam("created_at"),
        )
        .exists()
    )
    return (
        select(Award.kind, Award.colour, func.sum(Award.amount))
        .join(version, version.id == Award.version_id)
        .where(
            Award.player_id == bindparam("player_id"),
            Award.discipline_id == bindparam("discipline_id"),
            Award.awarded_on < bindparam("list_date"),
            version.created_at <= bindparam("created_at"),
            ~superseded,
        )
        .group_by(Award.kind, Award.colour)
        .order_by(Award.kind, Award.colour)
    )


_TOTALS_AS_LISTED = _totals_as_listed_statement()


async def totals_as_listed(
    conn: AsyncConnection | AsyncSession | PlainReader,
    player_id: int,
    discipline_id: int,
    since: tuple[date, datetime],
) -> list[PointTotal]:
    """The player's ledger totals as the list of ``since`` = (its date, when it was published)
    counted them: lines dated before its date, of the version of each tournament that was
    current when it was published (a version stored since, a correction or an Othello round,
    is not the list's)."""
    params: dict[str, Any] = {
        "player_id": player_id,
        "discipline_id": discipline_id,
        "list_date": since[0],
        "created_at": since[1],
    }
    rows = await rows_of(conn, _TOTALS_AS_LISTED, params)
    return [PointTotal(kind, colour, Decimal(amount)) for kind, colour, amount in rows if amount]
