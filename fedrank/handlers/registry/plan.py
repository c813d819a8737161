"""What a registry file would change: new players, changed ones with each field before and after.

Pure (no database, no asyncio): the use case reads the registry into :class:`Existing` records
and runs :func:`plan_import` in a worker thread, so 100,000 lines never hold the event loop.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from fedrank.engines.kernel import InputError
from fedrank.handlers.registry.fileformat import Problem, RegistryFile, RegistryLine
from fedrank.storage.models import Player

#: The registry facts a file sets: its column -> the player's attribute.
FACTS = {
    "name": "name",
    "latin_name": "latin_name",
    "birth_date": "birth_date",
    "sex": "gender",
    "country": "country",
    "club": "club",
    "egd_pin": "egd_pin",
}

#: A system's check of the player facts it reads (``SystemAdapter.check_player_data``).
Checker = Callable[[Player], None]


@dataclass(slots=True)
class Existing:
    """A registered player as the plan compares him."""

    id: int
    federation_player_id: str
    facts: dict[str, Any]
    data: dict[str, Any]
    #: starts_on -> (membership id, ends_on)
    memberships: dict[date, tuple[int, date | None]] = field(default_factory=dict)


@dataclass(slots=True)
class NewPlayer:
    line: int
    federation_player_id: str
    values: dict[str, Any]
    membership: tuple[date, date | None] | None


@dataclass(slots=True)
class ChangedPlayer:
    line: int
    player_id: int
    federation_player_id: str
    #: The player's columns to set (``data`` whole).
    values: dict[str, Any]
    #: The file's column -> (before, after) in plain JSON values, for the preview and audit.
    fields: dict[str, tuple[Any, Any]]
    #: A new membership, or the end of an existing one (its id).
    add_membership: tuple[date, date | None] | None = None
    end_membership: tuple[int, date | None] | None = None


@dataclass(slots=True)
class RegistryPlan:
    """The whole change a file makes; ``problems`` non-empty means it is refused."""

    federation_id: int
    federation_code: str
    filename: str
    new: list[NewPlayer]
    changed: list[ChangedPlayer]
    unchanged: int
    problems: list[Problem]

    def summary(self) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...], int]:
        """What a confirmation must find again: the new IDs, each change, the unchanged count."""
        return (
            tuple(p.federation_player_id for p in self.new),
            tuple((c.federation_player_id, repr(sorted(c.fields.items()))) for c in self.changed),
            self.unchanged,
        )


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, date) else value


def next_numbers(code: str, taken: Iterable[str]) -> Callable[[], str]:
    """IDs ``CODE-0001``, ``CODE-0002``… continuing after the highest of ``taken``."""
    pattern = re.compile(rf"^{re.escape(code)}-(\d+)$", re.IGNORECASE)
    highest = max((int(m.group(1)) for i in taken if (m := pattern.match(i))), default=0)
    counter = iter(range(highest + 1, 10**9))

    def assign() -> str:
        return f"{code}-{next(counter):04d}"

    return assign


def _facts(line: RegistryLine, columns: Iterable[str]) -> dict[str, Any]:
    return {FACTS[c]: getattr(line, FACTS[c]) for c in columns if c in FACTS}


def _data(before: Mapping[str, Any], line: RegistryLine) -> dict[str, Any]:
    data: dict[str, Any] = {k: dict(v) if isinstance(v, dict) else v for k, v in before.items()}
    for (section, key), value in line.data.items():
        if value is None:
            if isinstance(data.get(section), dict):
                data[section].pop(key, None)
                if not data[section]:
                    del data[section]
        else:
            if not isinstance(data.get(section), dict):
                data[section] = {}
            data[section][key] = value
    return data


def _check(
    line: RegistryLine, fpid: str, data: dict[str, Any], checkers: Iterable[Checker]
) -> list[Problem]:
    probe = Player(federation_player_id=fpid, name=line.name, data=data)
    problems = []
    for check in checkers:
        try:
            check(probe)
        except InputError as exc:
            problems.append(Problem(line.line, exc.field or "", exc.message))
    return problems


def _person(name: str, born: date | None) -> tuple[str, date | None]:
    return " ".join(name.casefold().replace("ё", "е").split()), born


def _by_person(players: Iterable[Existing]) -> dict[tuple[str, date | None], str | None]:
    """Name and birth date -> the one registered player with them (None: several have)."""
    found: dict[tuple[str, date | None], str | None] = {}
    for player in players:
        key = _person(str(player.facts.get("name") or ""), player.facts.get("birth_date"))
        found[key] = None if key in found else player.federation_player_id
    return found


def _known(
    line: RegistryLine,
    existing: Mapping[str, Existing],
    pins: Mapping[str, str],
    by_person: Mapping[tuple[str, date | None], str | None],
) -> str | None:
    """The registered ID of a line without one: the holder of its EGD PIN, or the one player
    with its name and birth date (so a file without IDs imports again without duplicates)."""
    if line.egd_pin and line.egd_pin in pins:
        return existing[pins[line.egd_pin]].federation_player_id
    return by_person.get(_person(line.name, line.birth_date))


def plan_import(
    federation_id: int,
    federation_code: str,
    file: RegistryFile,
    filename: str,
    existing: Mapping[str, Existing],
    pins: Mapping[str, str],
    checkers: Iterable[Checker],
) -> RegistryPlan:
    """The change ``file`` makes to the registry ``existing`` (by upper-case ID); ``pins`` are
    the EGD PINs held, to their holder's upper-case ID."""
    checkers = list(checkers)
    problems = list(file.problems)
    assign = next_numbers(
        federation_code,
        [*(e.federation_player_id for e in existing.values()), *(ln.id or "" for ln in file.lines)],
    )
    has_data = any("." in c for c in file.columns)
    plan = RegistryPlan(federation_id, federation_code, filename, [], [], 0, problems)
    by_person = _by_person(existing.values())
    for line in file.lines:
        fpid = line.id or _known(line, existing, pins, by_person) or assign()
        found = existing.get(fpid.upper())
        holder = pins.get(line.egd_pin) if line.egd_pin else None
        if holder is not None and holder != fpid.upper():
            problems.append(
                Problem(line.line, "egd_pin", f"'{line.egd_pin}' is the PIN of player {holder}")
            )
        membership = (line.member_from, line.member_to) if line.member_from is not None else None
        if found is None:
            data = _data({}, line)
            if has_data:
                problems.extend(_check(line, fpid, data, checkers))
            values = {f: getattr(line, f) for f in FACTS.values()}
            plan.new.append(NewPlayer(line.line, fpid, {**values, "data": data}, membership))
            continue
        after = _facts(line, file.columns)
        change = ChangedPlayer(line.line, found.id, found.federation_player_id, {}, {})
        for column, attribute in FACTS.items():
            if attribute in after and after[attribute] != found.facts.get(attribute):
                change.values[attribute] = after[attribute]
                change.fields[column] = (
                    _plain(found.facts.get(attribute)),
                    _plain(after[attribute]),
                )
        if has_data:
            data = _data(found.data, line)
            if data != found.data:
                problems.extend(_check(line, found.federation_player_id, data, checkers))
                change.values["data"] = data
                for section, key in line.data:
                    old = (found.data.get(section) or {}).get(key)
                    new = (data.get(section) or {}).get(key)
                    if old != new:
                        change.fields[f"{section}.{key}"] = (old, new)
        if membership is not None:
            held = found.memberships.get(membership[0])
            if held is None:
                change.add_membership = membership
                change.fields["member_from"] = (None, _plain(membership[0]))
                if membership[1] is not None:
                    change.fields["member_to"] = (None, _plain(membership[1]))
            elif "member_to" in file.columns and held[1] != membership[1]:
                change.end_membership = (held[0], membership[1])
                change.fields["member_to"] = (_plain(held[1]), _plain(membership[1]))
        if change.fields:
            plan.changed.append(change)
        else:
            plan.unchanged += 1
    problems.sort(key=lambda p: p.line)
    return plan
