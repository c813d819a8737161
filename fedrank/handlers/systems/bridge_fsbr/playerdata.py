"""The player facts 2.2 reads that no tournament gives (``Player.data["bridge_fsbr"]``).

EBL points, WBF/EBL titles, a coefficient kept from an earlier classification, that
classification's dated assignments (``rk_history``: ``[["2023-01-01", -2, "lifetime"],
["2025-11-01", -3, "one-year"]]``, oldest first) and the MB, RO
and PB a player earned before fedrank (``points``: ``[["2025-06-30", "MB", 120], …]``, each a
dated ledger line of a face-to-face event that is no championship) are set by a director's
``/playerdata`` or the registry's ``bridge_fsbr.<key>`` columns; a malformed value is refused
with an InputError naming the player and the key, so a publication never guesses
(docs/engines/bridge_fsbr.md, "Player data").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from fedrank.engines.bridge_fsbr.tables import RK_INDEX, RK_LEVELS
from fedrank.engines.kernel import InputError
from fedrank.storage.models import Player

#: The kinds of points a player may bring from before fedrank.
POINT_KINDS: Final = ("MB", "RO", "PB")
#: The key of the FSBR player data in ``Player.data``.
DATA_KEY: Final = "bridge_fsbr"
#: 2.2: "рк 5 – знание правил и участие в спортивных соревнованиях", everyone's start.
BEGINNER_RK: Final = Decimal(5)
#: 2.2's coefficients as an error message names them.
RK_TEXT: Final = ", ".join(f"{rk:f}" for rk in RK_LEVELS)


@dataclass(frozen=True, slots=True)
class FsbrPlayerData:
    """What 2.2 reads about a player besides the ledger."""

    ebl_points: tuple[tuple[date, int], ...] = ()
    titles: tuple[tuple[date, str], ...] = ()
    initial_rk: Decimal | None = None
    #: (date, MB/RO/PB, amount) earned before fedrank.
    points: tuple[tuple[date, str, int], ...] = ()
    #: The earlier classification's assignments: (date, rk, on a lifetime norm), oldest first.
    rk_history: tuple[tuple[date, Decimal, bool], ...] = ()


def _bad(player: Player, key: str, why: str) -> InputError:
    return InputError(
        f"player {player.federation_player_id}: {DATA_KEY}.{key} {why}",
        field=f"{DATA_KEY}.{key}",
    )


def _dated(player: Player, key: str, raw: Any) -> list[tuple[date, Any]]:
    if not isinstance(raw, list):
        raise _bad(player, key, "must be a list of [date, value] pairs")
    out = []
    for item in raw:
        if not isinstance(item, list | tuple) or len(item) != 2:
            raise _bad(player, key, f"has {item!r}, not a [date, value] pair")
        try:
            day = date.fromisoformat(str(item[0]))
        except ValueError:
            raise _bad(player, key, f"has a bad date {item[0]!r} (YYYY-MM-DD)") from None
        out.append((day, item[1]))
    return out


def is_rk(value: Decimal) -> bool:
    """A coefficient of 2.2's list: 5, 4, 3, 2, 1, then down by 0.5 from 0.5 to -5 (no 1.5,
    2.5, 3.5 or 4.5, which the list does not have and a publication could not place)."""
    return value in RK_INDEX


def player_data(player: Player) -> FsbrPlayerData:
    """The player's FSBR data, checked; empty when he has none."""
    raw = (player.data or {}).get(DATA_KEY)
    if raw is None:
        return FsbrPlayerData()
    if not isinstance(raw, dict):
        raise _bad(player, "", "must be an object")
    points = []
    for day, value in _dated(player, "ebl_points", raw.get("ebl_points", [])):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise _bad(player, "ebl_points", f"has {value!r}, not a whole number of points")
        points.append((day, value))
    titles = []
    for day, value in _dated(player, "titles", raw.get("titles", [])):
        if not isinstance(value, str):
            raise _bad(player, "titles", f"has {value!r}, not a title name")
        titles.append((day, value))
    initial: Decimal | None = None
    if raw.get("initial_rk") is not None:
        try:
            initial = Decimal(str(raw["initial_rk"]))
        except InvalidOperation:
            initial = None
        if initial is None or not initial.is_finite() or not is_rk(initial):
            raise _bad(
                player,
                "initial_rk",
                f"{raw['initial_rk']!r} is not a coefficient of 2.2 ({RK_TEXT})",
            )
    carried = []
    for item in _triples(player, raw):
        ((day, kind),) = _dated(player, "points", [item[:2]])
        amount = item[2]
        if kind not in POINT_KINDS:
            raise _bad(player, "points", f"has {kind!r}, not MB, RO or PB")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise _bad(player, "points", f"has {amount!r}, not a whole number of {kind}")
        carried.append((day, str(kind), amount))
    return FsbrPlayerData(
        tuple(points), tuple(titles), initial, tuple(carried), _rk_history(player, raw)
    )


#: The bases of an assignment in 2.2: a lifetime norm or a one-year norm.
BASES: Final = {"lifetime": True, "one-year": False}


def _rk_history(player: Player, raw: dict[str, Any]) -> tuple[tuple[date, Decimal, bool], ...]:
    """``rk_history`` checked: [date, rk, lifetime|one-year] lines, dates rising."""
    items = raw.get("rk_history", [])
    key = "rk_history"
    if not isinstance(items, list):
        raise _bad(player, key, "must be a list of [date, rk, lifetime|one-year]")
    out: list[tuple[date, Decimal, bool]] = []
    for item in items:
        if not isinstance(item, list) or len(item) != 3:
            raise _bad(player, key, f"has {item!r}, not a [date, rk, lifetime|one-year] line")
        ((day, value),) = _dated(player, key, [item[:2]])
        try:
            rk = Decimal(str(value)) if not isinstance(value, bool) else None
        except InvalidOperation:
            rk = None
        if rk is None or not rk.is_finite() or not is_rk(rk):
            raise _bad(player, key, f"has {value!r}, not a coefficient of 2.2 ({RK_TEXT})")
        if item[2] not in BASES:
            raise _bad(player, key, f"has {item[2]!r}: the basis is 'lifetime' or 'one-year'")
        if out and day <= out[-1][0]:
            raise _bad(
                player,
                key,
                f"has {day.isoformat()} after {out[-1][0].isoformat()}: "
                "the lines go oldest first, one a date",
            )
        out.append((day, rk, BASES[item[2]]))
    return tuple(out)


def _triples(player: Player, raw: dict[str, Any]) -> list[list[Any]]:
    """``points`` as [date, kind, amount] lists (each checked for its shape)."""
    items = raw.get("points", [])
    if not isinstance(items, list):
        raise _bad(player, "points", "must be a list of [date, MB|RO|PB, amount]")
    for item in items:
        if not isinstance(item, list) or len(item) != 3:
            raise _bad(player, "points", f"has {item!r}, not a [date, MB|RO|PB, amount] triple")
    return items


def check_player_data(player: Player) -> None:
    """Refuse player data this system could not read (raises InputError)."""
    player_data(player)
