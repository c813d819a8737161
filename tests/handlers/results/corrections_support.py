"""What the correction tests share: a discipline's whole state, and a file stored as a director.

``state`` is every figure a player sees: his ledger totals, his title in force with its since-date
and value, his title history, and the discipline's list computed on a date after every stored
result. Two states compare equal exactly when a correction left nothing behind.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Any

from sqlalchemy import select

from fedrank.handlers.context import IncomingFile, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems import all_systems
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from fedrank.storage.models import Player
from tests.helpers import user

LATE = date(2027, 6, 1)
"""A list date after every demo result: the list computed there holds every stored figure."""


async def state(db: Database, discipline_code: str, on: date = LATE) -> dict[str, Any]:
    """Every player's figures, title, since-date and title history, and the list on ``on``."""
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code(discipline_code)
        assert discipline is not None
        ids = (
            await repos.session.scalars(
                select(Player.id).where(Player.federation_id == discipline.federation_id)
            )
        ).all()
        players: dict[int, Any] = {}
        for pid in ids:
            title = await repos.ledger.current_title(pid, discipline.id)
            players[pid] = (
                [
                    (t.kind, t.colour, t.amount)
                    for t in await repos.ledger.totals(pid, discipline.id)
                ],
                None if title is None else (title.title, title.since, title.value),
                [
                    (t.title, t.since, t.value)
                    for t in await repos.ledger.title_history(pid, discipline.id)
                ],
            )
        adapter = all_systems().adapter(discipline.system)
        computed = await adapter.compute_list(repos, discipline, on)
        rows = [(r.player_id, r.position, r.rating, r.title) for r in computed.rows]
    return {"players": players, "list": rows}


def diff(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What differs between two states, one line a player (empty when equal)."""
    out = [
        f"player {pid}: {before['players'][pid]} -> {after['players'].get(pid)}"
        for pid in before["players"]
        if before["players"][pid] != after["players"].get(pid)
    ]
    if before["list"] != after["list"]:
        out.append("the list differs")
    return out


async def source(db: Database, discipline_code: str, code: str) -> tuple[str, str]:
    """(file name, text) of the file a stored tournament came from (its latest version with one)."""
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code(discipline_code)
        assert discipline is not None
        tournament = await repos.ledger.tournament(discipline.id, code)
        assert tournament is not None
        for version in await repos.ledger.versions(tournament.id):
            if version.source_text:
                return version.source_name, version.source_text
    raise AssertionError(f"{code} has no stored file")


async def submit_file(
    services: Services, discipline_code: str, filename: str, text: str, who: str = "boss"
) -> Reply:
    """``who`` sends ``/submit <discipline>`` with the file attached; the preview (or refusal)."""
    ctx = replace(user(who), attachment=IncomingFile(filename, text.encode("utf-8")))
    return await dispatch(services, ctx, f"/submit {discipline_code}")


async def store_file(
    services: Services, discipline_code: str, filename: str, text: str
) -> tuple[Reply, str]:
    """The director "boss" submits the file and confirms: (preview, confirmation's answer)."""
    preview = await submit_file(services, discipline_code, filename, text)
    assert preview.buttons, preview.plain
    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    return preview, saved.plain
