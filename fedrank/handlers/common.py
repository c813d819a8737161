"""How replies write players and figures, shared by the use cases.

The caller's account, roles and every lookup that refuses live in :mod:`.access`.
"""

from __future__ import annotations

from decimal import Decimal

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
