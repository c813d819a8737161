"""A qualification window's stored state: the engine's state as JSON, the event a row
describes, and the list frozen on the qualification date.

The engine (:mod:`fedrank.engines.mahjong_rmf.qualification`) keeps the whole state in a
:class:`~fedrank.engines.mahjong_rmf.qualification.Qualification`; the row keeps it as JSON in
``data["state"]`` (with the event's options beside it: ``presidium``, ``tie_order``,
``override``), so every step starts from exactly what the previous one left.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from fedrank.engines import mahjong_rmf as rmf
from fedrank.engines.mahjong_rmf.qualification import (
    Candidate,
    Qualification,
    QualificationEvent,
    Skipped,
    Slot,
    SlotStatus,
)
from fedrank.handlers.access import stored, stored_discipline, stored_federation
from fedrank.handlers.systems import SystemRegistry
from fedrank.storage.models import Discipline, Federation
from fedrank.storage.models import Qualification as QualificationRow
from fedrank.storage.repos import Repos

#: The system whose rulebook has qualification windows (RMF seed 000 section 3).
SYSTEM = "mahjong_rmf"


def iso(value: date | None) -> str | None:
    """A date as stored in the JSON state (None stays None)."""
    return value.isoformat() if value is not None else None


def _date(value: str | None) -> date | None:
    return date.fromisoformat(value) if value else None


def state_to_json(q: Qualification) -> dict[str, Any]:
    return {
        "on": q.on.isoformat(),
        "unfilled": q.unfilled,
        "candidates": [[c.player, c.position, str(c.rating)] for c in q.candidates],
        "skipped": [[s.player, s.position, s.reason, s.rule] for s in q.skipped],
        "slots": [
            {
                "player": s.player,
                "basis": s.basis,
                "status": s.status.value,
                "offered_on": s.offered_on.isoformat(),
                "inform_by": s.inform_by.isoformat(),
                "informed_on": iso(s.informed_on),
                "consent_by": iso(s.consent_by),
                "closed_on": iso(s.closed_on),
                "replaces": s.replaces,
            }
            for s in q.slots
        ],
    }


def state_from_json(event: QualificationEvent, data: dict[str, Any]) -> Qualification:
    slots = [
        Slot(
            s["player"],
            s["basis"],
            SlotStatus(s["status"]),
            date.fromisoformat(s["offered_on"]),
            date.fromisoformat(s["inform_by"]),
            _date(s["informed_on"]),
            _date(s["consent_by"]),
            _date(s["closed_on"]),
            s["replaces"],
        )
        for s in data["slots"]
    ]
    return Qualification(
        event,
        date.fromisoformat(data["on"]),
        tuple(Candidate(p, pos, Decimal(r)) for p, pos, r in data["candidates"]),
        tuple(Skipped(p, pos, reason, rule) for p, pos, reason, rule in data["skipped"]),
        tuple(slots),
        int(data["unfilled"]),
    )


def event_of(row: QualificationRow, discipline: Discipline) -> QualificationEvent:
    from fedrank.handlers.systems.mahjong_rmf import engine_discipline

    data = row.data
    return QualificationEvent(
        id=str(row.id),
        discipline=engine_discipline(discipline),
        starts=row.event_date,
        quota=row.quota,
        presidium_places=tuple(str(p) for p in data.get("presidium", [])),
        qualification_date=_date(data.get("override")),
        tie_order=tuple(str(p) for p in data.get("tie_order", [])),
        name=row.name,
    )


def slot_of(q: Qualification, player: str) -> Slot:
    """The player's latest slot; the engine names only players it gave one."""
    return stored(q.slot(player), "QualificationSlot", f"{q.event.id}/{player}")


async def window_of(
    repos: Repos, row: QualificationRow, language: str = "en"
) -> tuple[Discipline, Federation]:
    """The discipline and federation a qualification window belongs to."""
    discipline = await stored_discipline(repos, row.discipline_id, language)
    return discipline, await stored_federation(repos, discipline.federation_id, language)


# --- the list on the qualification date -------------------------------------------------------


async def rating_list_on(
    repos: Repos, systems: SystemRegistry, discipline: Discipline, on: date
) -> rmf.RatingList:
    """The discipline's list on ``on`` as its system's qualification rules freeze it."""
    return await systems.adapter(discipline.system).qualification_list(repos, discipline, on)


async def memberships(repos: Repos, federation_id: int) -> list[rmf.Membership]:
    """Who was a member when (3.2: only members qualify)."""
    return [
        rmf.Membership(str(m.player_id), m.starts_on, m.ends_on)
        for m in await repos.qualifications.memberships(federation_id)
    ]
