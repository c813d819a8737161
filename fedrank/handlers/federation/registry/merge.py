"""``fedrank players merge FEDERATION KEEP DROP``: two records of one person become one.

Everything that names DROP (ledger lines, titles, entries and games, list rows, memberships,
links and link requests, game reports, qualification places) moves to KEEP, KEEP's empty
registry facts are filled from DROP's, and DROP is deleted, in one transaction, audited. Refused
when the two records cannot be one person's: both played one tournament (in one version of it:
a correction that put KEEP where DROP stood is one person), both stand in one published list or
one qualification, or each is linked to its own account of one platform; a refusal is audited
too (:func:`audit_refusal`). The accounts' links move in one step, :func:`merge_links`.
Figures already published are not recomputed: the next list is computed from the merged ledger.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fedrank.handlers.federation.registry.importing import federation_named
from fedrank.handlers.federation.registry.plan import FACTS
from fedrank.storage.database import Database
from fedrank.storage.repos import Repos


class MergeRefusedError(Exception):
    """The two records cannot be merged; the message says why."""


_WHY = {
    "tournaments": "both played in {items}",
    "lists": "both stand in {items} published list(s)",
    "qualifications": "both hold places in qualification {items}",
    "platforms": "each is linked to its own {items} account",
}


async def merge_players(
    repos: Repos, federation_code: str, keep: str, drop: str, *, now: datetime
) -> dict[str, int]:
    """Merge DROP into KEEP (module docstring); the rows moved by table."""
    federation = await federation_named(repos, federation_code)
    kept = await repos.players.by_federation_id(federation.id, keep)
    dropped = await repos.players.by_federation_id(federation.id, drop)
    for wanted, found in ((keep, kept), (drop, dropped)):
        if found is None:
            raise MergeRefusedError(f"{federation.code} has no player {wanted}")
    assert kept is not None and dropped is not None
    if kept.id == dropped.id:
        raise MergeRefusedError(f"{keep} and {drop} are the same player")
    conflicts = await repos.players.merge_conflicts(kept.id, dropped.id)
    conflicts["platforms"] = await repos.players.link_conflicts(kept.id, dropped.id)
    reasons = [_WHY[k].format(items=", ".join(v)) for k, v in conflicts.items() if v]
    if reasons:
        raise MergeRefusedError(
            f"{kept.federation_player_id} and {dropped.federation_player_id} are not merged: "
            + "; ".join(reasons)
        )
    filled: dict[str, Any] = {}
    for attribute in FACTS.values():
        if getattr(kept, attribute) in (None, "") and getattr(dropped, attribute) not in (None, ""):
            filled[attribute] = getattr(dropped, attribute)
    data = {**(dropped.data or {}), **(kept.data or {})}
    snapshot = {
        "dropped": {
            "id": dropped.federation_player_id,
            "name": dropped.name,
            **{a: _plain(getattr(dropped, a)) for a in FACTS.values()},
            "data": dropped.data,
        },
        "filled": {k: _plain(v) for k, v in filled.items()},
    }
    repos.session.expunge(kept)
    repos.session.expunge(dropped)
    moved = {
        **await merge_links(repos, kept.id, dropped.id),
        **await repos.players.merge_into(kept.id, dropped.id),
    }
    if filled or data != (kept.data or {}):
        await repos.players.update_registry(kept.id, {**filled, "data": data})
    await repos.audit.log(
        "player.merged",
        at=now,
        federation_id=federation.id,
        subject=kept.federation_player_id,
        details={**snapshot, "moved": moved},
    )
    return moved


async def merge_links(repos: Repos, keep_id: int, drop_id: int) -> dict[str, int]:
    """The one step of a merge that touches accounts: DROP's links, link requests and link
    codes move to KEEP (rows moved by table). :meth:`PlayerRepo.link_conflicts` refused
    first when each record has its own account on one platform."""
    return await repos.players.merge_links(keep_id, drop_id)


async def audit_refusal(
    db: Database, federation_code: str, keep: str, drop: str, reason: str, *, now: datetime
) -> None:
    """Keep a refused merge in the audit log (its own transaction: the refused one wrote
    nothing)."""
    async with db.transaction() as repos:
        federation = await repos.federations.by_code(federation_code)
        await repos.audit.log(
            "player.merge_refused",
            at=now,
            federation_id=federation.id if federation is not None else None,
            subject=f"{keep} {drop}"[:200],
            details={"reason": reason},
        )


def _plain(value: Any) -> Any:
    return value.isoformat() if hasattr(value, "isoformat") else value
