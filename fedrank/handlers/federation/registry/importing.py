"""``fedrank players import``: a registry file planned against the database, then written.

:func:`prepare_import` reads the file in a worker thread (:func:`asyncio.to_thread`), reads the
registry in chunks of plain rows, and plans the change in a worker thread too; nothing is
written and every problem is raised at once (:class:`RegistryFileError`). :func:`write_import`
writes the plan in the caller's transaction in chunks of :data:`CHUNK` rows, yielding to the
event loop between them, so the bots keep answering while an operator imports: each chunk is
one statement whose rows SQLAlchemy prepares in a few milliseconds, and the database works on
it off the loop (aiosqlite's thread, asyncpg's socket).

The cyclic garbage collector is the other thing that could hold the loop: a full pass walks
every object it tracks, and a plan of 100,000 players made of small objects would make each
pass take a quarter of a second, whichever thread triggers it. So nothing an import keeps is
tracked: the file's lines, the registry read and the new players are exact tuples of plain
values (:data:`fedrank.handlers.federation.registry.fileformat.Row`, ``<system>.<field>`` values as
JSON
text), which the collector stops tracking as soon as it sees them; the objects a line is
compared with are made from its row and let go at once. The collector itself is left as it is:
an import never switches it off or freezes what the rest of the process holds. Freeing the
100,000 rows is done in a worker thread a thousand at a time (:func:`let_go`), so the
deallocation is cut in short steps as well.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from fedrank.handlers.federation.registry.fileformat import (
    Problem,
    RegistryFileError,
    Row,
    parse_registry,
)
from fedrank.handlers.federation.registry.plan import (
    ATTRIBUTES,
    Checker,
    NewPlayer,
    RegistryPlan,
    data_text,
    plan_import,
)
from fedrank.handlers.systems import NoAdapterError, SystemRegistry
from fedrank.storage.models import Federation, Player
from fedrank.storage.repos import Repos

#: Rows per statement: about 10 ms of the loop's time each (bench/registry_import.py).
CHUNK: Final = 500


class UnknownFederationError(LookupError):
    """No federation has this code."""

    def __init__(self, code: str, known: Sequence[str]) -> None:
        super().__init__(f"unknown federation '{code}'; federations: {', '.join(known) or 'none'}")


@dataclass(frozen=True, slots=True)
class ImportResult:
    added: int
    updated: int
    unchanged: int


async def federation_named(repos: Repos, code: str) -> Federation:
    found = await repos.federations.by_code(code)
    if found is None:
        raise UnknownFederationError(code, [f.code for f in await repos.federations.all()])
    return found


async def federation_checkers(
    repos: Repos, systems: SystemRegistry, federation_id: int
) -> dict[str, Checker]:
    """Each system the federation runs (with an adapter): its check of player data."""
    checkers: dict[str, Checker] = {}
    for discipline in await repos.federations.disciplines(federation_id):
        try:
            checkers[discipline.system] = systems.adapter(discipline.system).check_player_data
        except NoAdapterError:
            continue
    return checkers


async def read_registry(repos: Repos, federation_id: int) -> tuple[dict[str, Row], dict[str, str]]:
    """The registry by upper-case ID (each player as :meth:`Existing.row`), and the EGD PINs
    held (to the holder's upper-case ID). Read in chunks of plain rows, on the loop."""
    periods: dict[int, tuple[Any, ...]] = {}
    async for rows in repos.players.registry_memberships(federation_id):
        for row in rows:
            held = periods.get(row["player_id"], ())
            periods[row["player_id"]] = (*held, row["starts_on"], row["id"], row["ends_on"])
    existing: dict[str, Row] = {}
    pins: dict[str, str] = {}
    async for rows in repos.players.registry_rows(federation_id):
        for row in rows:
            fpid = row["federation_player_id"]
            existing[fpid.upper()] = (
                row["id"],
                fpid,
                data_text(row["data"]),
                *[row[attribute] for attribute in ATTRIBUTES],
                *periods.get(row["id"], ()),
            )
            if row["egd_pin"]:
                pins[row["egd_pin"]] = fpid.upper()
    return existing, pins


async def prepare_import(
    repos: Repos, systems: SystemRegistry, federation_code: str, filename: str, content: bytes
) -> RegistryPlan:
    """The plan of a registry file; RegistryFileError with every problem, nothing written."""
    federation = await federation_named(repos, federation_code)
    checkers = await federation_checkers(repos, systems, federation.id)
    keys = {
        f"{system}.{key}" for system in checkers for key in systems.adapter(system).player_data_keys
    }
    file = await asyncio.to_thread(parse_registry, filename, content, set(checkers), keys)
    existing, pins = await read_registry(repos, federation.id)
    plan = await asyncio.to_thread(
        plan_import,
        federation.id,
        federation.code,
        file,
        filename,
        existing,
        pins,
        checkers.values(),
    )
    named = [systems.adapter(system).players_named_in_data for system in checkers]
    if named and not plan.problems and any("." in column for column in file.columns):
        registered = {*existing, *(str(row[1]).upper() for row in plan.new)}
        plan.problems.extend(_unregistered(plan, named, registered))
        plan.problems.sort(key=lambda p: p.line)
    garbage = [file.rows, existing, pins]
    del file, existing, pins
    await asyncio.to_thread(let_go, garbage)
    if plan.problems:
        raise RegistryFileError(filename, plan.problems)
    return plan


def _unregistered(
    plan: RegistryPlan,
    named: Sequence[Callable[[Player], dict[str, list[str]]]],
    registered: set[str],
) -> list[Problem]:
    """A federation ID the new or changed data names (a recommending member) that is neither
    registered nor a line of the file."""
    players = [
        (row[0], str(row[1]), json.loads(row[2]) if row[2] != "{}" else {}) for row in plan.new
    ]
    players += [
        (c.line, c.federation_player_id, c.values["data"])
        for c in plan.changed
        if "data" in c.values
    ]
    problems = []
    for line, fpid, data in players:
        probe = Player(federation_player_id=fpid, name="", data=data)
        for names in named:
            for column, ids in names(probe).items():
                for missing in (i for i in ids if i.upper() not in registered):
                    problems.append(
                        Problem(
                            line, column, f"'{missing}' is no player of the registry or the file"
                        )
                    )
    return problems


def preview_lines(plan: RegistryPlan, *, shown: int = 20) -> list[str]:
    """The preview: counts, then the first new and changed players with what changes."""
    lines = [
        f"{plan.filename} → {plan.federation_code}: {len(plan.new)} new, "
        f"{len(plan.changed)} changed, {plan.unchanged} unchanged"
    ]
    for player in map(NewPlayer.of, plan.new[:shown]):
        lines.append(
            f"  + {player.federation_player_id} {player.values['name']} (line {player.line})"
        )
    if len(plan.new) > shown:
        lines.append(f"  + … and {len(plan.new) - shown} more new")
    for change in plan.changed[:shown]:
        fields = "; ".join(f"{k}: {b!r} → {a!r}" for k, (b, a) in change.fields.items())
        lines.append(f"  ~ {change.federation_player_id} (line {change.line}): {fields}")
    if len(plan.changed) > shown:
        lines.append(f"  ~ … and {len(plan.changed) - shown} more changed")
    return lines


async def write_import(
    repos: Repos, plan: RegistryPlan, *, now: datetime, account_id: int | None = None
) -> ImportResult:
    """Write a plan in the caller's transaction, chunk by chunk; each changed player audited
    with his fields before and after, and the import itself audited with its counts. The plan
    is spent: its players are let go once written."""
    if plan.problems:
        raise RegistryFileError(plan.filename, plan.problems)
    result = await _write(repos, plan, now=now, account_id=account_id)
    await asyncio.to_thread(_release, plan)
    return result


def _release(plan: RegistryPlan) -> None:
    """Let go of a written plan's players (called in a worker thread: module docstring)."""
    let_go([plan.new, plan.changed])


def let_go(containers: list[Any]) -> None:
    """Empty each list or dict a thousand items at a time, then the outer list: freeing is C
    code that keeps the interpreter lock until it is done, so a worker thread frees in small
    steps to let the event loop's thread have the lock between them."""
    for container in containers:
        if isinstance(container, dict):
            while container:
                for _ in range(min(1_000, len(container))):
                    container.popitem()
        else:
            while container:
                del container[-1_000:]
    containers.clear()


async def _write(
    repos: Repos, plan: RegistryPlan, *, now: datetime, account_id: int | None
) -> ImportResult:
    memberships: list[dict[str, Any]] = []
    for start in range(0, len(plan.new), CHUNK):
        chunk = [NewPlayer.of(row) for row in plan.new[start : start + CHUNK]]
        rows = [
            {
                "federation_id": plan.federation_id,
                "federation_player_id": p.federation_player_id,
                **p.values,
            }
            for p in chunk
        ]
        ids = await repos.players.add_many(plan.federation_id, rows)
        for player in chunk:
            if player.values.get("data"):
                # standings brought from another system (a §3.2 starting IK, levels…): audited
                await repos.audit.log(
                    "player.registry_data",
                    at=now,
                    account_id=account_id,
                    federation_id=plan.federation_id,
                    subject=player.federation_player_id,
                    details={
                        "file": plan.filename,
                        "line": player.line,
                        "data": player.values["data"],
                    },
                )
            if player.membership is not None:
                starts_on, ends_on = player.membership
                memberships.append(
                    {
                        "player_id": ids[player.federation_player_id],
                        "starts_on": starts_on,
                        "ends_on": ends_on,
                    }
                )
        await asyncio.sleep(0)
    for start in range(0, len(memberships), CHUNK):
        await repos.players.add_memberships(memberships[start : start + CHUNK])
        await asyncio.sleep(0)
    for count, change in enumerate(plan.changed, start=1):
        if change.values:
            await repos.players.update_registry(change.player_id, change.values)
        if change.add_membership is not None:
            starts_on, ends_on = change.add_membership
            await repos.players.add_membership(change.player_id, starts_on, ends_on)
        if change.end_membership is not None:
            await repos.players.end_membership(*change.end_membership)
        await repos.audit.log(
            "player.registry_changed",
            at=now,
            account_id=account_id,
            federation_id=plan.federation_id,
            subject=change.federation_player_id,
            details={
                "file": plan.filename,
                "line": change.line,
                "before": {k: b for k, (b, _) in change.fields.items()},
                "after": {k: a for k, (_, a) in change.fields.items()},
            },
        )
        if count % CHUNK == 0:
            await asyncio.sleep(0)
    await asyncio.to_thread(let_go, [memberships])
    await repos.audit.log(
        "player.registry_imported",
        at=now,
        account_id=account_id,
        federation_id=plan.federation_id,
        subject=plan.filename,
        details={"added": len(plan.new), "updated": len(plan.changed), "unchanged": plan.unchanged},
    )
    return ImportResult(len(plan.new), len(plan.changed), plan.unchanged)


__all__ = [
    "CHUNK",
    "ImportResult",
    "Problem",
    "RegistryFileError",
    "UnknownFederationError",
    "federation_named",
    "prepare_import",
    "preview_lines",
    "write_import",
]
