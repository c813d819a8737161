"""How FSBR awards and titles are stored, and how a stored line becomes the engine's row again.

The standing is rebuilt from the ledger alone: the first steps of each award's trace carry
what the standing needs besides the amount (the tournament, face to face, championship), and
an achievement is one line of kind ``achievement <level>`` with amount 1, so ``/rating``'s
totals by kind stay meaningful (docs/engines/bridge_fsbr.md, "What is stored").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import date
from decimal import Decimal
from typing import Any, Final, TypeAlias

from fedrank.engines import bridge_fsbr as fsbr
from fedrank.handlers.systems.bridge_fsbr.playerdata import player_data
from fedrank.handlers.wording.common import fmt
from fedrank.storage.models import Award, Player

SYSTEM_ID: Final = "bridge_fsbr"
#: The version of what a tournament version stores in ``params``.
PARAMS_FORMAT: Final = 1
POINT_KINDS: Final = ("MB", "RO", "PB")
ACHIEVEMENT: Final = "achievement"

#: One stored line as the standing reads it.
Row: TypeAlias = fsbr.LedgerLine | fsbr.AchievementRecord


def title_of(rk: Decimal) -> str:
    """The title row of a rank coefficient: ``рк 2``, ``рк -0.5``."""
    return f"рк {fmt(rk)}"


def month_start(day: date) -> date:
    return day.replace(day=1)


def next_month(day: date) -> date:
    """The first of the month after ``day``'s month."""
    return date(day.year + day.month // 12, day.month % 12 + 1, 1)


def achievement_kind(level: int) -> str:
    """The ledger kind of an achievement of ``level`` (one line, amount 1)."""
    return f"{ACHIEVEMENT} {level}"


def achievement_level(kind: str) -> int | None:
    """The level of an achievement line's kind (``achievement 2`` -> 2), else None."""
    word, _, level = kind.partition(" ")
    if word != ACHIEVEMENT or not level.isdigit():
        return None
    return int(level)


def _flags(trace: Sequence[Any]) -> tuple[str, bool, bool]:
    """(tournament, face_to_face, championship) from the first steps of an engine trace."""
    tournament, face_to_face, championship = "", True, False
    for step in trace[:6]:
        if not isinstance(step, dict):
            continue
        name, value = step.get("name"), step.get("value")
        if name == "tournament":
            tournament = str(value)
        elif name == "face_to_face":
            face_to_face = bool(value)
        elif name == "championship":
            championship = bool(value)
    return tournament, face_to_face, championship


def ledger_line(award: Award) -> Row | None:
    """A stored award as the engine's ledger row (None for a kind the standing does not read)."""
    return ledger_row(award.awarded_on, award.kind, Decimal(award.amount), award.trace)


def ledger_row(day: date, kind: str, amount: Decimal, trace: Sequence[Any]) -> Row | None:
    """A ledger line (stored or about to be) as the engine's row."""
    event, face_to_face, championship = _flags(trace)
    if kind in POINT_KINDS:
        return fsbr.LedgerLine(day, kind, int(amount), face_to_face, championship, event)
    level = achievement_level(kind)
    if level is not None:
        return fsbr.AchievementRecord(day, level, event)
    return None


def ledger_rows_by_player(result: fsbr.TournamentResult) -> defaultdict[str, list[Row]]:
    """The engine's rows of a computed tournament, by the engine's player key."""
    rows: defaultdict[str, list[Row]] = defaultdict(list)
    for player_key, row in fsbr.ledger_rows(result):
        rows[player_key].append(row)
    return rows


def history_of(player: Player, rows: Iterable[Row]) -> fsbr.PlayerHistory:
    """The engine's history of a player from his ledger rows and his player data."""
    data = player_data(player)
    lines = []
    achievements = []
    for day, kind, amount in data.points:  # earned before fedrank (playerdata.py)
        lines.append(fsbr.LedgerLine(day, kind, amount, event="before fedrank"))
    for row in rows:
        if isinstance(row, fsbr.LedgerLine):
            lines.append(row)
        else:
            achievements.append(row)
    return fsbr.PlayerHistory(
        str(player.id),
        tuple(lines),
        tuple(achievements),
        data.ebl_points,
        data.titles,
        data.initial_rk,
        tuple(fsbr.BroughtRk(day, rk, lifetime) for day, rk, lifetime in data.rk_history),
    )
