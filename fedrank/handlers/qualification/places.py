"""What the engine's state says about one place, and the one change the engine does not make:
a director restoring a place declined by mistake.

The engine (:mod:`fedrank.engines.mahjong_rmf.qualification`) passes a declined place down at
once (3.6). A stray tap should not cost a player his place, so a director may undo it while the
player who got the place has not answered yet: that player's offer is withdrawn (he is at the
head of the reserve again, as if never asked), and the declined slot gets back the state it had.
Once the next player answered, the place is his and cannot be restored.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from fedrank.engines.mahjong_rmf.qualification import (
    Qualification,
    Slot,
    SlotStatus,
    record_answer,
)


class CannotRestoreError(Exception):
    """The place cannot be restored; ``reason`` is a message key (``qual.restore_*``)."""

    def __init__(self, reason: str, player: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.player = player


def successor(q: Qualification, player: str) -> Slot | None:
    """The slot offered when ``player``'s latest place passed down (None: nobody was left)."""
    latest = q.slot(player)
    if latest is None:
        return None
    index = q.slots.index(latest)
    return next((s for s in q.slots[index + 1 :] if s.replaces == player), None)


def next_if_declined(q: Qualification, player: str, on: date) -> str | None:
    """Who would get ``player``'s place if he declined on ``on`` (None: it would stay unfilled)."""
    step = record_answer(q, player, consent=False, on=on)
    after = successor(step.qualification, player)
    return after.player if after is not None else None


def restore(
    q: Qualification, player: str, status: SlotStatus, closed_on: date | None
) -> tuple[Qualification, Slot | None]:
    """``player``'s declined place given back with ``status`` (and its ``closed_on``); the
    withdrawn offer of the player who got it, if one did."""
    latest = q.slot(player)
    if latest is None or latest.status is not SlotStatus.DECLINED:
        raise CannotRestoreError("qual.restore_not_declined")
    after = successor(q, player)
    slots = list(q.slots)
    unfilled = q.unfilled
    if after is None:
        unfilled = max(unfilled - 1, 0)
    elif after.status is not SlotStatus.INVITED:
        raise CannotRestoreError("qual.restore_answered", after.player)
    else:
        slots.remove(after)
    back = replace(latest, status=status, closed_on=closed_on)
    slots[slots.index(latest)] = back
    return replace(q, slots=tuple(slots), unfilled=unfilled), after
