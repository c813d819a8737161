"""How replies write players and figures, shared by the use cases.

The caller's account, roles and every lookup that refuses live in :mod:`.access`; the names
re-exported below keep working for code outside the use cases that imports them from here
(the Discord roles cog).
"""

from __future__ import annotations

from decimal import Decimal

from fedrank.handlers.access import ROLE_RANK as ROLE_RANK
from fedrank.handlers.access import caller as caller
from fedrank.handlers.access import directed_federations as directed_federations
from fedrank.handlers.access import find_one_player as find_one_player
from fedrank.handlers.access import require_role as require_role
from fedrank.storage.models import Player


def player_label(player: Player) -> str:
    return label(player.name, player.federation_player_id)


def label(name: str, federation_player_id: str) -> str:
    """How a player is named in replies: the name, then the federation ID."""
    return f"{name} ({federation_player_id})"


def fmt(value: Decimal | int | None) -> str:
    """A figure as people write it: no exponent, no trailing zeros after the point."""
    if value is None:
        return "—"
    d = Decimal(value)
    text = format(d, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
