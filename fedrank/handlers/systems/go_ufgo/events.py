"""A tournament as the go_ufgo adapter rates it: from a submission or a stored version's params.

A stored version keeps the rated input (board, minutes, official, every participant with his
file line and place, every game by player id) and each participant's IK before and after, so a
later tournament is re-rated without re-reading its source text, and one whose start has not
changed is recognised and left as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, Final

from fedrank.engines.go_ufgo import PlayerResult, TournamentResult
from fedrank.engines.kernel import RuleError
from fedrank.storage.models import Tournament as StoredTournament

SYSTEM: Final = "go_ufgo"
KIND: Final = "IK"
SEED: Final = "seed 002"
LAST: Final = 1 << 62
"""Tournament id of a tournament not stored yet: after every stored one of its date."""

Key = tuple[date, int]
"""A tournament's place in the history: (date, tournament id)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A participant: his line and place in the file, and what the file said about him."""

    player_id: int
    line: int | None
    place: int | None
    name_in_file: str
    given_ik: Decimal | None = None
    given_dan: int | None = None
    #: Where ``given_ik`` comes from when the registry holds a §3.2 starting IK (its note);
    #: None: from the file's ``ik=``.
    given_by: str | None = None
    #: The file's ``ik=`` where the registry's starting IK holds instead of it.
    file_ik: Decimal | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "player_id": self.player_id,
            "line": self.line,
            "place": self.place,
            "name": self.name_in_file,
            "given_ik": None if self.given_ik is None else format(self.given_ik, "f"),
            "given_dan": self.given_dan,
            "given_by": self.given_by,
            "file_ik": None if self.file_ik is None else format(self.file_ik, "f"),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        given = data.get("given_ik")
        filed = data.get("file_ik")
        return cls(
            player_id=int(data["player_id"]),
            line=data.get("line"),
            place=data.get("place"),
            name_in_file=str(data.get("name", "")),
            given_ik=None if given is None else Decimal(given),
            given_dan=data.get("given_dan"),
            given_by=data.get("given_by"),
            file_ik=None if filed is None else Decimal(filed),
        )


@dataclass(slots=True)
class Event:
    """A tournament to rate: the new submission or a stored one being replayed."""

    code: str
    name: str
    held_on: date
    key: Key
    board: int
    time_minutes: int
    official: bool
    fmt: str
    seats: dict[int, Seat]
    games: list[tuple[int, int, int, Decimal, int | None]]
    """(round, player1 id, player2 id, Rp of player1, line)."""
    warnings: list[str] = field(default_factory=list)
    stored: dict[str, Any] | None = None
    """The params of the stored current version (None for the submission)."""
    facts: dict[str, list[str]] = field(default_factory=dict)
    """Official, board and minutes as rated: key -> [value, source] (file, submission or
    default), which the preview says and the version keeps."""

    def participants(self) -> list[int]:
        seen: dict[int, None] = {}
        for _, a, b, _, _ in self.games:
            seen.setdefault(a)
            seen.setdefault(b)
        return list(seen)

    def params(self, result: Rated) -> dict[str, Any]:
        """The version's params: the rated input and each IK before and after, for replays."""
        return {
            "system": SYSTEM,
            "format": self.fmt,
            "board": self.board,
            "time_minutes": self.time_minutes,
            "official": self.official,
            **({"facts": self.facts} if self.facts else {}),
            "seats": [s.to_json() for s in self.seats.values()],
            "games": [[r, a, b, format(s, "f"), line] for r, a, b, s, line in self.games],
            "ik_before": {str(p): format(v, "f") for p, v in result.before.items()},
            "ik_after": {str(p): format(v, "f") for p, v in result.after.items()},
            "new": sorted(result.new),
            "passes": result.engine.passes,
            "anomalous": sorted(result.anomalous),
            # A league's settings and waiting games survive a replay of its version.
            **(
                {"league": self.stored["league"]} if self.stored and "league" in self.stored else {}
            ),
        }

    @classmethod
    def from_params(cls, stored: StoredTournament, params: dict[str, Any]) -> Event:
        """A stored tournament to re-rate, from the params its current version kept."""
        if params.get("system") != SYSTEM:
            raise RuleError(
                f"tournament {stored.code} has no stored games of go_ufgo to re-rate",
                rule="fedrank go_ufgo: a replay needs the games kept in the version's params",
            )
        seats = [Seat.from_json(s) for s in params["seats"]]
        return cls(
            code=stored.code,
            name=stored.name,
            held_on=stored.held_on,
            key=(stored.held_on, stored.id),
            board=int(params["board"]),
            time_minutes=int(params["time_minutes"]),
            official=bool(params["official"]),
            fmt=str(params.get("format", "")),
            seats={s.player_id: s for s in seats},
            games=[(int(r), int(a), int(b), Decimal(s), ln) for r, a, b, s, ln in params["games"]],
            stored=params,
            facts={str(k): [str(v[0]), str(v[1])] for k, v in params.get("facts", {}).items()},
        )


@dataclass(slots=True)
class Rated:
    """An event rated from a state: IK before/after per player and the engine's result."""

    engine: TournamentResult
    before: dict[int, Decimal]
    after: dict[int, Decimal]
    held: dict[int, int | None]
    new: set[int]
    anomalous: set[int]
    results: dict[int, PlayerResult]
    notes: dict[int, list[str]]
    warnings: list[str]


def unchanged(ev: Event, state: Mapping[int, Decimal | None]) -> bool:
    """Whether a stored event starts from exactly the state it was rated from."""
    assert ev.stored is not None
    before = ev.stored.get("ik_before", {})
    new = {int(p) for p in ev.stored.get("new", [])}
    for pid in ev.participants():
        now = state[pid]
        if (now is None) != (pid in new):
            return False
        if now is not None and Decimal(before.get(str(pid), "-1")) != now:
            return False
    return True


def stored_after(ev: Event) -> dict[int, Decimal]:
    """The IK after the stored version of ``ev``, per participant (an unchanged replay)."""
    assert ev.stored is not None
    return {pid: Decimal(ev.stored["ik_after"][str(pid)]) for pid in ev.participants()}
