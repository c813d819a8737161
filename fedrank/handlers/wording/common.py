"""How replies write players and figures, shared by the use cases.

The caller's account, roles and every lookup that refuses live in :mod:`.access`.
"""

from __future__ import annotations

from decimal import Decimal

from fedrank.storage.models import Player

#: The largest ID a row can have: SQLite and PostgreSQL keep 64-bit signed integers.
MAX_ROW_ID = 2**63 - 1


def is_number(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also takes ``²`` and ``١``, which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def row_id(text: str) -> int | None:
    """A row's ID as a user typed it (``12`` or ``#12``): None unless it is a number a database
    column can hold (a larger one would overflow the driver instead of finding nothing)."""
    text = text.strip().lstrip("#")
    if not is_number(text) or len(text) > len(str(MAX_ROW_ID)):
        return None
    value = int(text)
    return value if value <= MAX_ROW_ID else None


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
