"""The masterpoint list of a date, and on 1 January the annual base coefficient (§1.3.5).

Seed 001 has no ranks by masterpoints, so a list is the players' totals with shared positions
and, per row, what the next event's M would count; the engine has no function for the annual
average, so it is computed here from the ledger and the memberships.

A member whose registry brings an opening holding (``bridge_ccba.opening``) is on every list
dated after its ``on`` date, before his first event in fedrank: the holding enters the ledger
with that event, colour by colour and with the same amounts, so his figure does not move
when it does (docs/guide/operators.md, "Moving from another system").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal
from typing import Any, Final

from fedrank.engines.bridge_ccba.formulas import m_coefficient
from fedrank.engines.kernel import InputError, half_up
from fedrank.handlers.access import stored_player
from fedrank.handlers.systems.bridge_ccba.history import covers, stored_events
from fedrank.handlers.systems.bridge_ccba.importing import (
    HELD_COLOURS,
    KIND_OPENING,
    KIND_OPENING_YOUTH,
    KIND_YOUTH,
    SYSTEM_ID,
    ZERO,
    amounts,
    fmt,
    in_order,
)
from fedrank.handlers.systems.bridge_ccba.playerdata import opening_of
from fedrank.storage.models import Discipline, Player
from fedrank.storage.records import ComputedList, NewListRow
from fedrank.storage.repos import Repos

#: The latest events a row lists with their awards (what /history shows).
COUNTED_EVENTS: Final = 5
RULE_ANNUAL: Final = "seed 001 §1.3.5"


def next_text(
    colours: Mapping[str, Decimal], opening: Decimal, held: Decimal, held_youth: Decimal
) -> str:
    """What ``/rating`` shows as "Next": seed 001 has no ranks, so the holding M counts."""
    parts = [f"{fmt(a)} {c}" for c, a in colours.items() if c in HELD_COLOURS]
    if opening:
        parts.append(f"{fmt(opening)} opening")
    text = f"no ranks by masterpoints in seed 001; the next event's M counts {fmt(held)}"
    if parts and (len(parts) > 1 or opening):
        text += f" ({' + '.join(parts)})"
    if "blue" in colours:
        text += f", blue {fmt(colours['blue'])} not counted"
    if held_youth:
        text += f"; youth events count the higher of it and youth {fmt(held_youth)}"
    return text


def _counted(events: Sequence[tuple[date, str, str, dict[str, Decimal]]]) -> list[dict[str, str]]:
    return [
        {"date": day.isoformat(), "event": name, "code": code, "masterpoints": amounts(by)}
        for day, code, name, by in events
    ]


async def compute_list(repos: Repos, discipline: Discipline, list_date: date) -> ComputedList:
    """The masterpoint list at the start of ``list_date``: the lines dated before it."""
    stored = await stored_events(repos, discipline)
    names = {s.version.id: (s.tournament.code, s.tournament.name) for s in stored}
    mp: dict[int, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    youth: dict[int, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    opening: dict[int, Decimal] = defaultdict(Decimal)
    opening_youth: dict[int, Decimal] = defaultdict(Decimal)
    events: dict[int, dict[tuple[date, int], dict[str, Decimal]]] = defaultdict(dict)
    brought: dict[int, dict[str, dict[str, Decimal]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(Decimal))
    )
    unheld: dict[int, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    for award in await repos.ledger.discipline_awards(discipline.id):
        if award.awarded_on >= list_date:
            continue
        pid, amount = award.player_id, Decimal(award.amount)
        if award.kind in (KIND_OPENING, KIND_OPENING_YOUTH):
            # the registry's opening has a colour (.playerdata), a file's has none
            if award.kind == KIND_OPENING:
                opening[pid] += amount
            else:
                opening_youth[pid] += amount
            if award.colour:
                brought[pid][award.kind][award.colour] += amount
                if award.colour not in HELD_COLOURS:
                    unheld[pid][award.kind] += amount
            continue
        colour = award.colour or ""
        (youth if award.kind == KIND_YOUTH else mp)[pid][colour] += amount
        label = colour if award.kind != KIND_YOUTH else f"youth {colour}"
        line = events[pid].setdefault((award.awarded_on, award.version_id), {})
        line[label] = line.get(label, ZERO) + amount
    in_ledger = set(mp) | set(youth) | set(opening) | set(opening_youth)
    people: dict[int, Player] = {}
    for member in await repos.players.of_federation(discipline.federation_id):
        if member.id in in_ledger or not member.data:
            continue
        try:
            registry = opening_of(member)
        except InputError:
            registry = None  # checked when it was stored; a later change of the rules refuses it
        if registry is None or registry.on >= list_date:
            continue
        people[member.id] = member
        for kind, by_colour, total in (
            (KIND_OPENING, registry.mp, opening),
            (KIND_OPENING_YOUTH, registry.ymp, opening_youth),
        ):
            for colour, amount in by_colour.items():
                total[member.id] += amount
                brought[member.id][kind][colour] += amount
                if colour not in HELD_COLOURS:
                    unheld[member.id][kind] += amount
    players = sorted(in_ledger | set(people))
    for pid in players:
        if pid not in people:
            people[pid] = await stored_player(repos, pid)
    totals = {pid: sum(mp[pid].values(), ZERO) + opening[pid] for pid in players}
    order = sorted(players, key=lambda pid: (-totals[pid], people[pid].federation_player_id))
    rows: list[NewListRow] = []
    position = 0
    for index, pid in enumerate(order):
        if index == 0 or totals[pid] != totals[order[index - 1]]:
            position = index + 1
        colours = in_order(mp[pid])
        youth_colours = in_order(youth[pid])
        held = (
            sum((a for c, a in colours.items() if c in HELD_COLOURS), ZERO)
            + opening[pid]
            - unheld[pid][KIND_OPENING]
        )
        held_youth = (
            sum((a for c, a in youth_colours.items() if c in HELD_COLOURS), ZERO)
            + opening_youth[pid]
            - unheld[pid][KIND_OPENING_YOUTH]
        )
        latest = sorted(events[pid].items(), key=lambda kv: kv[0], reverse=True)
        counted = [
            (day, *names.get(version, (str(version), str(version))), by)
            for (day, version), by in latest[:COUNTED_EVENTS]
        ]
        rows.append(
            NewListRow(
                pid,
                position,
                totals[pid],
                None,
                {
                    "next": next_text(colours, opening[pid], held, held_youth),
                    "by_colour": {c: fmt(a) for c, a in colours.items()},
                    "opening": fmt(opening[pid]),
                    "opening_by_colour": {
                        c: fmt(a) for c, a in in_order(brought[pid][KIND_OPENING]).items()
                    },
                    "mp": fmt(held),
                    "youth": {c: fmt(a) for c, a in youth_colours.items()},
                    "opening_youth": fmt(opening_youth[pid]),
                    "ymp": fmt(held_youth),
                    "events": len(events[pid]),
                    "counted": _counted(counted),
                },
            )
        )
    data: dict[str, Any] = {
        "system": SYSTEM_ID,
        "players": len(rows),
        "events": sum(1 for s in stored if s.version.held_on < list_date),
    }
    if (list_date.month, list_date.day) == (1, 1):
        data["annual_base"] = await annual_base(repos, list_date, rows)
    return ComputedList(rows=rows, data=data)


async def annual_base(repos: Repos, list_date: date, rows: Sequence[NewListRow]) -> dict[str, Any]:
    """§1.3.5 for the year before ``list_date``: the mean holding (platinum, gold, silver, red)
    of the members with masterpoints at the year's end, two decimals half up (§2.9.5), and the
    M the masterpoint table gives for it (what an event's ``annual_base`` takes)."""
    year_end = date(list_date.year - 1, 12, 31)
    held: list[Decimal] = []
    for row in rows:
        amount = Decimal(str((row.data or {}).get("mp", "0")))
        if amount > 0 and await covers(repos, row.player_id, year_end):
            held.append(amount)
    out: dict[str, Any] = {"year": year_end.year, "members_with_masterpoints": len(held)}
    if held:
        average = half_up(sum(held, ZERO) / len(held), 2)
        out["average"] = str(average)
        out["M"] = str(m_coefficient(average, youth=False))
    out["rule"] = RULE_ANNUAL
    return out
