"""What an engine adapter gives the handlers: a prepared submission and a computed list.

A submission is prepared completely (parsed, validated, every player found, every award
computed with the state the database holds at the tournament's start) before anything is
written; the director sees its preview and only a confirmation writes it, in one transaction.

Optional methods (handlers look for them with ``getattr``; an adapter without one answers that
its system cannot do it):

- ``async whatif(repos, discipline, tournament, player_id, place) -> list[PreviewLine]``: what
  finishing ``place`` in the stored ``tournament`` would change for the player (``before`` as
  stored, ``after`` with that place); writes nothing; refuses with InputError/RuleError.
  Used by ``/whatif`` (:mod:`fedrank.handlers.whatif`); mahjong_rmf, bridge_ccba and
  bridge_fsbr have it.
- ``async rate_games(repos, discipline, tournament, entries, games) -> Prepared``: the next
  version of a tournament whose games players report, rated; used when a reported game
  counts (:mod:`fedrank.handlers.reports`); no adapter has it yet.

Optional attributes for results sent as an ``.xlsx`` workbook (:mod:`fedrank.handlers.
spreadsheet`): ``sheet_separator`` joins a row's cells into a line of the format (default
``","``, CSV-quoted; ``None``: the format cannot come from a table and workbooks are refused)
and ``sheet_extension`` is the file name's extension handed to :meth:`prepare` with the text
(default ``".txt"``).
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, Protocol

from fedrank.storage.models import Discipline
from fedrank.storage.repositories import NewAward, NewEntry, NewGame, NewListRow, Repos


@dataclass(frozen=True, slots=True)
class NewTitle:
    """A title a player holds from ``since`` on (kyu/dan, evolution level, rank coefficient)."""

    player_id: int
    title: str
    since: date
    value: Decimal | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class PreviewLine:
    """One participant in a preview: what he had before and will have after."""

    label: str
    before: str
    after: str
    note: str = ""


@dataclass(slots=True)
class Prepared:
    """A tournament ready to be written as a new version (1 if new)."""

    code: str
    name: str
    held_on: date
    params: dict[str, Any]
    entries: list[NewEntry]
    games: list[NewGame]
    awards: list[NewAward]
    titles: list[NewTitle] = field(default_factory=list)
    preview: list[PreviewLine] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # Later tournaments whose figures change because of this one (a correction replays them).
    replays: list[Prepared] = field(default_factory=list)
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        def enc(value: Any) -> Any:
            if isinstance(value, Decimal):
                return {"$d": str(value)}
            if isinstance(value, date):
                return {"$date": value.isoformat()}
            if isinstance(value, dict):
                return {k: enc(v) for k, v in value.items()}
            if isinstance(value, list | tuple):
                return [enc(v) for v in value]
            return value

        out: dict[str, Any] = enc(asdict(self))
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Prepared:
        def dec(value: Any) -> Any:
            if isinstance(value, dict):
                if set(value) == {"$d"}:
                    return Decimal(value["$d"])
                if set(value) == {"$date"}:
                    return date.fromisoformat(value["$date"])
                return {k: dec(v) for k, v in value.items()}
            if isinstance(value, list):
                return [dec(v) for v in value]
            return value

        raw = dec(data)
        return cls(
            code=raw["code"],
            name=raw["name"],
            held_on=raw["held_on"],
            params=raw["params"],
            entries=[NewEntry(**e) for e in raw["entries"]],
            games=[NewGame(**g) for g in raw["games"]],
            awards=[NewAward(**a) for a in raw["awards"]],
            titles=[NewTitle(**t) for t in raw["titles"]],
            preview=[PreviewLine(**p) for p in raw["preview"]],
            warnings=list(raw["warnings"]),
            replays=[cls.from_json(r) for r in data["replays"]],
            reason=raw["reason"],
        )


@dataclass(slots=True)
class ComputedList:
    """A list on a date, ready to be stored as a snapshot, with the titles it assigns."""

    rows: list[NewListRow]
    titles: list[NewTitle] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)


class SystemAdapter(Protocol):
    system: str

    async def prepare(
        self, repos: Repos, discipline: Discipline, text: str, filename: str
    ) -> Prepared:
        """Parse and compute a submitted file; raise InputError/RuleError, write nothing."""
        ...

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        """The discipline's list on ``list_date`` from the stored history."""
        ...

    async def load_demo(
        self, repos: Repos, discipline: Discipline, rng: random.Random, today: date
    ) -> None:
        """Create a realistic history for the demo through :meth:`prepare` and the ledger."""
        ...
