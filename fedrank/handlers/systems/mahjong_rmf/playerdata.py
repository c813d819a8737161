"""The levels a federation brings from its previous system (``Player.data["mahjong_rmf"]``).

RULES.md mahjong_rmf, "Decision (levels brought in)": each player's level comes with the date it
was awarded or last confirmed and his dan marks, and stands as if earned on that date (the year
of a dan level runs from it). It is kept per discipline as ``{"levels": {"mcr": ["D2+",
"2025-06-01"], "sichuan": ["3k"]}}``, the shape a sheet's first level leaves too
(:func:`fedrank.handlers.systems.mahjong_rmf.history.starting_level`); the same JSON is a
registry file's ``mahjong_rmf.levels`` cell and ``/playerdata``'s value. A value the replay
could not read is refused here, naming the player and the key, rather than read as 12 kyu.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Final

from fedrank.engines import mahjong_rmf as rmf
from fedrank.engines.kernel import InputError
from fedrank.handlers.systems.mahjong_rmf.history import LEVELS_KEY
from fedrank.handlers.systems.mahjong_rmf.importing import SYSTEM_ID
from fedrank.storage.models import Player

#: The keys ``/playerdata`` and a registry file's ``mahjong_rmf.<key>`` columns take.
PLAYER_DATA_KEYS: Final = (LEVELS_KEY,)
_KINDS: Final = tuple(kind.value for kind in rmf.Discipline)


def _bad(player: Player, why: str) -> InputError:
    return InputError(
        f"player {player.federation_player_id}: {SYSTEM_ID}.{LEVELS_KEY} {why}",
        field=f"{SYSTEM_ID}.{LEVELS_KEY}",
    )


def brought_level(player: Player, kind: str, held: Any) -> rmf.Level:
    """One discipline's brought level: ``[level]`` for a kyu (kept for life), ``[level, date]``
    for a dan, the date it was awarded or last confirmed (its year runs from it)."""
    if not isinstance(held, list) or not 1 <= len(held) <= 2:
        raise _bad(player, f"for {kind} must be [level] or [level, YYYY-MM-DD], not {held!r}")
    try:
        level = rmf.parse_level(str(held[0]))
    except ValueError as exc:
        raise _bad(player, f"for {kind}: {exc}") from None
    if len(held) == 1:
        if level.is_dan:
            raise _bad(
                player,
                f"for {kind}: a dan level needs the date it was awarded or last confirmed "
                f'(["{level.label}", "YYYY-MM-DD"]): its year runs from it',
            )
        return level
    if not level.is_dan:
        raise _bad(player, f"for {kind}: {level.label} is kept for life and takes no date")
    try:
        since = date.fromisoformat(str(held[1]))
    except ValueError:
        raise _bad(player, f"for {kind}: {held[1]!r} is not a date (YYYY-MM-DD)") from None
    return rmf.Level(level.index, level.marks, since)


def check_player_data(player: Player) -> None:
    """Refuse a ``mahjong_rmf`` section the replay could not read (raises InputError)."""
    section = (player.data or {}).get(SYSTEM_ID)
    if section is None:
        return
    if not isinstance(section, dict):
        raise InputError(
            f"player {player.federation_player_id}: {SYSTEM_ID} must be an object",
            field=SYSTEM_ID,
        )
    levels = section.get(LEVELS_KEY)
    if levels is None:
        return
    if not isinstance(levels, dict):
        raise _bad(player, 'must be an object by discipline: {"mcr": ["D2+", "2025-06-01"]}')
    for kind, held in levels.items():
        if kind not in _KINDS:
            raise _bad(player, f"names '{kind}', not a discipline ({', '.join(_KINDS)})")
        brought_level(player, kind, held)
