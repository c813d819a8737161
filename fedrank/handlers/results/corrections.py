"""What a submission is to the stored ledger: new, a correction, or identical to what is stored.

A submission whose results (after parsing: entries, games, award lines, name and date) are
those of the tournament's stored current version writes nothing: the director is told it is
identical to that version instead of being offered a "correction" that changes nothing. A
correction's preview says so, with the version it supersedes and the stored tournaments it
re-rates, the same way for every system.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from fedrank.handlers.systems.base import is_withdrawn
from fedrank.handlers.wording.i18n import t
from fedrank.storage.models import Award, Discipline, Entry, Game
from fedrank.storage.records import NewAward, NewEntry, NewGame, Prepared
from fedrank.storage.repos import Repos


async def stored_version(repos: Repos, discipline: Discipline, code: str) -> int:
    """The current version of the tournament ``code`` (0 if it is not stored yet)."""
    tournament = await repos.ledger.tournament(discipline.id, code)
    if tournament is None:
        return 0
    current = await repos.ledger.current_version(tournament.id)
    return current.version if current else 0


def _entries(rows: Iterable[Entry | NewEntry]) -> Counter[tuple[Any, ...]]:
    return Counter(
        (e.player_id, None if e.place is None else Decimal(e.place), e.team) for e in rows
    )


def _games(rows: Iterable[Game | NewGame]) -> Counter[tuple[Any, ...]]:
    return Counter(
        (g.round_no, g.player1_id, g.player2_id, g.result, g.score1, g.score2) for g in rows
    )


def _awards(rows: Iterable[Award | NewAward]) -> Counter[tuple[Any, ...]]:
    return Counter((a.player_id, a.kind, a.colour or "", Decimal(a.amount)) for a in rows)


async def identical_version(repos: Repos, discipline: Discipline, prepared: Prepared) -> int | None:
    """The stored current version ``prepared`` would repeat exactly (same name, date,
    entries, games and award lines, and nothing to replay); None when it changes something."""
    tournament = await repos.ledger.tournament(discipline.id, prepared.code)
    if tournament is None or prepared.replays:
        return None
    current = await repos.ledger.current_version(tournament.id)
    if current is None or is_withdrawn(current.params):
        return None
    if (tournament.name, current.held_on) != (prepared.name, prepared.held_on):
        return None
    entries, games, awards = await repos.ledger.version_rows(current.id)
    same = (
        _entries(entries) == _entries(prepared.entries)
        and _games(games) == _games(prepared.games)
        and _awards(awards) == _awards(prepared.awards)
    )
    return current.version if same else None


def correction_lines(language: str, prepared: Prepared, stored: int) -> list[str]:
    """What a preview says of a submission's place in the ledger: for a correction, the
    version it supersedes and whether it re-rates other stored tournaments; for any
    submission, the stored tournaments it re-rates."""
    lines = []
    if stored:
        lines.append(
            t(
                language,
                "corrections.is_correction",
                code=prepared.code,
                version=stored,
                next=stored + 1,
            )
        )
    if prepared.replays:
        names = ", ".join(f"{r.name} ({r.held_on.isoformat()}, {r.code})" for r in prepared.replays)
        lines.append(t(language, "submit.replays", names=names))
    elif stored:
        lines.append(t(language, "corrections.no_replays"))
    return lines
