"""Opening masterpoints a member brings from the previous system (``Player.data["bridge_ccba"]``).

``{"opening": {"on": "2025-12-31", "mp": {"gold": 40, "red": 120.5}, "ymp": {"red": 5}}}``: the
masterpoints (``mp``) and youth masterpoints (``ymp``) he held by colour on the date ``on``. The
same JSON is a registry file's ``bridge_ccba.opening`` cell and ``/playerdata``'s value. They
enter the ledger as opening lines, colour by colour, with the first event that names him
(a file's ``mp=`` that disagrees is a warning: the registry holds); his holding in an event's
M factor counts the colours of §1.3.1 (platinum, gold, silver, red), as his awards do.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from fedrank.engines.bridge_ccba.tables import COLOURS
from fedrank.engines.kernel import InputError
from fedrank.handlers.systems.bridge_ccba.importing import HELD_COLOURS, SYSTEM_ID, ZERO
from fedrank.storage.models import Player

OPENING_KEY: Final = "opening"
PLAYER_DATA_KEYS: Final = (OPENING_KEY,)
_CENT: Final = Decimal("0.01")


@dataclass(frozen=True, slots=True)
class Opening:
    """A member's holding on ``on``, by colour (the seed's order), before fedrank."""

    on: date
    mp: dict[str, Decimal]
    ymp: dict[str, Decimal]

    @property
    def held_mp(self) -> Decimal:
        return sum((a for c, a in self.mp.items() if c in HELD_COLOURS), ZERO)

    @property
    def held_ymp(self) -> Decimal:
        return sum((a for c, a in self.ymp.items() if c in HELD_COLOURS), ZERO)


def _bad(player: Player, why: str) -> InputError:
    return InputError(
        f"player {player.federation_player_id}: {SYSTEM_ID}.{OPENING_KEY} {why}",
        field=f"{SYSTEM_ID}.{OPENING_KEY}",
    )


def _colours(player: Player, word: str, raw: Any) -> dict[str, Decimal]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise _bad(player, f"'{word}' must be an object by colour: {{\"gold\": 40}}")
    out: dict[str, Decimal] = {}
    for colour, value in raw.items():
        if colour not in COLOURS:
            raise _bad(player, f"'{word}' names '{colour}', not a colour ({', '.join(COLOURS)})")
        try:
            amount = Decimal(str(value)) if not isinstance(value, bool) else None
        except InvalidOperation:
            amount = None
        if (
            amount is None
            or not amount.is_finite()
            or amount < 0
            or amount != amount.quantize(_CENT)
        ):
            raise _bad(player, f"'{word}' {colour} {value!r}: masterpoints to 0.01, not below 0")
        if amount:
            out[colour] = amount
    return {c: out[c] for c in COLOURS if c in out}


def opening_of(player: Player) -> Opening | None:
    """The player's opening holding, checked (InputError naming the key); None if none."""
    section = (player.data or {}).get(SYSTEM_ID)
    if section is None:
        return None
    if not isinstance(section, dict):
        raise InputError(
            f"player {player.federation_player_id}: {SYSTEM_ID} must be an object",
            field=SYSTEM_ID,
        )
    raw = section.get(OPENING_KEY)
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise _bad(player, 'must be an object: {"on": "YYYY-MM-DD", "mp": {"gold": 40}}')
    unknown = sorted(set(raw) - {"on", "mp", "ymp"})
    if unknown:
        raise _bad(player, f"has unknown field(s) {', '.join(unknown)}")
    try:
        on = date.fromisoformat(str(raw.get("on")))
    except ValueError:
        held = raw.get("on")
        raise _bad(
            player, f"needs 'on', the date of the holding (YYYY-MM-DD), not {held!r}"
        ) from None
    mp, ymp = _colours(player, "mp", raw.get("mp")), _colours(player, "ymp", raw.get("ymp"))
    if not mp and not ymp:
        raise _bad(player, "holds no masterpoints: give 'mp' or 'ymp' by colour")
    return Opening(on, mp, ymp)


def check_player_data(player: Player) -> None:
    """Refuse a ``bridge_ccba`` section the events could not read (raises InputError)."""
    opening_of(player)
