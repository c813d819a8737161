"""What a registry file would change: new players, changed ones with each field before and after.

Pure (no database, no asyncio): the use case reads the registry into :class:`Existing` records
and runs :func:`plan_import` in a worker thread, so 100,000 lines never hold the event loop.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from fedrank.engines.kernel import InputError
from fedrank.handlers.federation.registry.fileformat import Problem, RegistryFile, RegistryLine, Row
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


#: The attributes of :data:`FACTS`, in the order a row keeps them.
ATTRIBUTES = tuple(FACTS.values())
_NAME, _BORN = ATTRIBUTES.index("name"), ATTRIBUTES.index("birth_date")


def data_text(data: Mapping[str, Any] | None) -> str:
    """A player's data as the JSON text a row keeps (most players have none: no encoding)."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True) if data else "{}"


def _data_of(text: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(text) if text != "{}" else {}
    return loaded


@dataclass(slots=True)
class Existing:
    """A registered player as the plan compares him.

    A whole registry is kept as rows (:meth:`row`, an exact tuple of plain values, the data as
    JSON text), which the cyclic collector stops tracking; :meth:`of` makes the object back
    for the one player a line is compared with."""

    id: int
    federation_player_id: str
    facts: dict[str, Any]
    data: dict[str, Any]
    #: starts_on -> (membership id, ends_on)
    memberships: dict[date, tuple[int, date | None]] = field(default_factory=dict)

    def row(self) -> Row:
        """(id, ID, data as JSON text, each fact of :data:`ATTRIBUTES`, then each membership's
        start, id and end): one flat tuple
        (:data:`fedrank.handlers.federation.registry.fileformat.Row`)."""
        periods = [x for start, (mid, end) in self.memberships.items() for x in (start, mid, end)]
        facts = [self.facts.get(a) for a in ATTRIBUTES]
        return (self.id, self.federation_player_id, data_text(self.data), *facts, *periods)

    @classmethod
    def of(cls, row: Row) -> Existing:
        player_id, fpid, data = row[:3]
        facts = row[3 : 3 + len(ATTRIBUTES)]
        periods = row[3 + len(ATTRIBUTES) :]
        return cls(
            player_id,
            fpid,
            dict(zip(ATTRIBUTES, facts, strict=True)),
            _data_of(data),
            {periods[i]: (periods[i + 1], periods[i + 2]) for i in range(0, len(periods), 3)},
        )


@dataclass(slots=True)
class NewPlayer:
    """A player the file adds; kept in the plan as a row (:meth:`row`, :meth:`of`)."""

    line: int
    federation_player_id: str
    values: dict[str, Any]
    membership: tuple[date, date | None] | None

    def row(self) -> Row:
        """(line, ID, data as JSON text, membership start and end, each fact): flat."""
        start, end = self.membership or (None, None)
        facts = [self.values.get(a) for a in ATTRIBUTES]
        data = data_text(self.values.get("data") or {})
        return (self.line, self.federation_player_id, data, start, end, *facts)

    @classmethod
    def of(cls, row: Row) -> NewPlayer:
        line, fpid, data, start, end = row[:5]
        values = {**dict(zip(ATTRIBUTES, row[5:], strict=True)), "data": _data_of(data)}
        return cls(line, fpid, values, (start, end) if start is not None else None)


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
    #: The new players as rows (:meth:`NewPlayer.of` reads one).
    new: list[Row]
    changed: list[ChangedPlayer]
    unchanged: int
    problems: list[Problem]

    def summary(self) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...], int]:
        """What a confirmation must find again: the new IDs, each change, the unchanged count."""
        return (
            tuple(row[1] for row in self.new),
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


def _by_person(players: Iterable[Row]) -> dict[tuple[str, date | None], str | None]:
    """Name and birth date -> the one registered player with them (None: several have)."""
    found: dict[tuple[str, date | None], str | None] = {}
    for row in players:
        key = _person(str(row[3 + _NAME] or ""), row[3 + _BORN])
        found[key] = None if key in found else row[1]
    return found


def _known(
    line: RegistryLine,
    existing: Mapping[str, Row],
    pins: Mapping[str, str],
    by_person: Mapping[tuple[str, date | None], str | None],
) -> str | None:
    """The registered ID of a line without one: the holder of its EGD PIN, or the one player
    with its name and birth date (so a file without IDs imports again without duplicates)."""
    if line.egd_pin and line.egd_pin in pins:
        return str(existing[pins[line.egd_pin]][1])
    return by_person.get(_person(line.name, line.birth_date))


def plan_import(
    federation_id: int,
    federation_code: str,
    file: RegistryFile,
    filename: str,
    existing: Mapping[str, Row],
    pins: Mapping[str, str],
    checkers: Iterable[Checker],
) -> RegistryPlan:
    """The change ``file`` makes to the registry ``existing`` (by upper-case ID, each player
    as :meth:`Existing.row`); ``pins`` are the EGD PINs held, to their holder's upper-case ID.
    Each line is read back from its row, compared and let go: the plan keeps rows too."""
    checkers = list(checkers)
    problems = list(file.problems)
    assign = next_numbers(
        federation_code,
        [*(str(e[1]) for e in existing.values()), *(str(r[1] or "") for r in file.rows)],
    )
    has_data = any("." in c for c in file.columns)
    plan = RegistryPlan(federation_id, federation_code, filename, [], [], 0, problems)
    by_person = _by_person(existing.values())
    for row in file.rows:
        line = RegistryLine.of(row)
        fpid = line.id or _known(line, existing, pins, by_person) or assign()
        held = existing.get(fpid.upper())
        found = Existing.of(held) if held is not None else None
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
            plan.new.append(NewPlayer(line.line, fpid, {**values, "data": data}, membership).row())
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
            period = found.memberships.get(membership[0])
            if period is None:
                change.add_membership = membership
                change.fields["member_from"] = (None, _plain(membership[0]))
                if membership[1] is not None:
                    change.fields["member_to"] = (None, _plain(membership[1]))
            elif "member_to" in file.columns and period[1] != membership[1]:
                change.end_membership = (period[0], membership[1])
                change.fields["member_to"] = (_plain(period[1]), _plain(membership[1]))
        if change.fields:
            plan.changed.append(change)
        else:
            plan.unchanged += 1
    problems.sort(key=lambda p: p.line)
    return plan
