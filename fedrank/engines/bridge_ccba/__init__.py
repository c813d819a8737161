"""Chinese Contract Bridge Association masterpoints (system id ``bridge_ccba``).

Implements seed 001_e2a11ae4c0f84bab (大师分公式, the CCBA masterpoint formula), §1 (the
basic formula A = R x V, V = M x S x L x E) and every procedure of §2, as restated in
RULES.md "bridge_ccba". Modules: :mod:`.tables` (the seed's figures), :mod:`.formulas`
(§1), :mod:`.procedures` (§2, one function per procedure), :mod:`.event` (one event end to
end, the API for storage and handlers) with the steps it strings together (:mod:`.field`,
:mod:`.place`, :mod:`.stage`, :mod:`.win`, :mod:`.cap`, :mod:`.consolation`; the cap's
search pays a formula event's fields in integer cents, :mod:`.search` and :mod:`.cents`), and
:mod:`.parsing` (the event file, the one reader of the format).
"""

from __future__ import annotations

from typing import Any

from fedrank.engines.bridge_ccba.event import (
    Component,
    EntryResult,
    EventResult,
    compute_event,
    player_totals,
    totals_by_colour,
)
from fedrank.engines.bridge_ccba.model import (
    ConsolationSpec,
    DivisionSpec,
    Entry,
    EventSpec,
    Member,
    StageSpec,
)
from fedrank.engines.bridge_ccba.parsing import ParsedEvent, PlayerLine, parse_event
from fedrank.engines.kernel import InputError, to_jsonable

SYSTEM_ID = "bridge_ccba"
EXTENSIONS = (".ccba", ".txt", "")

__all__ = [
    "SYSTEM_ID",
    "Component",
    "ConsolationSpec",
    "DivisionSpec",
    "Entry",
    "EntryResult",
    "EventResult",
    "EventSpec",
    "Member",
    "ParsedEvent",
    "PlayerLine",
    "StageSpec",
    "calc_document",
    "compute_event",
    "parse_event",
    "player_totals",
    "result_to_json",
    "totals_by_colour",
]


def result_to_json(result: EventResult) -> dict[str, Any]:
    """The JSON-ready form ``fedrank calc bridge_ccba`` prints."""
    ev = result.event
    tournament = {
        "name": ev.name,
        "date": ev.event_date,
        "level": ev.level,
        "kind": ev.kind,
        "colour": ev.colour,
        "format": ev.format,
        "youth": ev.youth,
        "online": ev.online,
        "boards": ev.boards,
        "coefficients": result.coefficients,
    }
    # The players of one unit share one trace object per colour: serialise it once.
    traces: dict[int, Any] = {}
    awards: list[dict[str, Any]] = []
    for award in result.awards:
        key = id(award.trace)
        if key not in traces:
            traces[key] = award.trace.to_json()
        awards.append(
            {
                "player": award.player,
                "kind": award.kind,
                "amount": to_jsonable(award.amount),
                "colour": award.colour,
                "trace": traces[key],
            }
        )
    out: dict[str, Any] = {
        "system": SYSTEM_ID,
        "tournament": to_jsonable(tournament),
        "entries": to_jsonable(list(result.entries)),
        "awards": awards,
        "totals": to_jsonable(player_totals(result.awards)),
        "warnings": list(result.warnings),
    }
    return out


def calc_document(text: str, *, filename: str = "") -> dict[str, Any]:
    """Parse one CCBA event file (``.ccba``; any name whose text starts with ``[event]``
    after comments) and return its awards with their traces, JSON-ready."""
    lowered = filename.lower()
    dotted = lowered.rsplit("/", 1)[-1]
    extension = "." + dotted.rsplit(".", 1)[-1] if "." in dotted else ""
    if extension not in EXTENSIONS:
        raise InputError(
            f"bridge_ccba reads .ccba event files, not {extension or 'this file'}",
            line=1,
            field="file",
        )
    parsed = parse_event(text)
    return result_to_json(compute_event(parsed.event, parsed.entries))
