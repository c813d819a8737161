"""What one tournament's rating takes and gives: games, the tournament, starts and results.

Frozen dataclasses shared by the reference passes (``formula``, ``anomaly``, ``rating``), the
replay's fast path and the parsers; ``to_json`` gives what ``fedrank calc go_ufgo`` prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from fedrank.engines.go_ufgo.ranks import Rank
from fedrank.engines.kernel import Award, Trace, to_jsonable


@dataclass(frozen=True, slots=True)
class Game:
    """One game actually played (§4.1): ``score1`` is Rp of ``player1`` (1, 0 or 0.5 jigo)."""

    round: int
    player1: str
    player2: str
    score1: Decimal
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament as the rulebook needs it: date, board, minutes per player, official (§4.3)."""

    name: str
    on: date
    games: tuple[Game, ...]
    board: int = 19
    time_minutes: int = 60
    official: bool = False
    id: str = ""

    def players(self) -> list[str]:
        """Participants in order of first appearance."""
        seen: dict[str, None] = {}
        for g in self.games:
            seen.setdefault(g.player1)
            seen.setdefault(g.player2)
        return list(seen)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "date": self.on.isoformat(),
            "board": self.board,
            "time_minutes": self.time_minutes,
            "official": self.official,
            "rounds": len({g.round for g in self.games}),
            "games": len(self.games),
        }


@dataclass(frozen=True, slots=True)
class PlayerStart:
    """A participant's state at the start of the tournament (from the database or the file)."""

    player: str
    ik: Decimal
    held_dan: int | None = None


@dataclass(frozen=True, slots=True)
class PassCheck:
    """The anomaly check of one player in one pass (§4.4-§4.7 or §5.4)."""

    pass_no: int
    start_ik: Decimal
    final_ik: Decimal
    rule: str
    measure: Decimal
    """The gain (§4.4) or the bonus points (§5.4) of the pass."""
    limit: Decimal
    """RA after the board divisor (§4.5, §4.8), or the §5.4 bonus threshold."""
    anomalous: bool
    next_start: Decimal | None

    def to_json(self) -> dict[str, Any]:
        return {
            "pass": self.pass_no,
            "start_IK": to_jsonable(self.start_ik),
            "final_IK": to_jsonable(self.final_ik),
            "rule": self.rule,
            "measure": to_jsonable(self.measure),
            "limit": to_jsonable(self.limit),
            "anomalous": self.anomalous,
            "next_start_IK": to_jsonable(self.next_start),
        }


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One participant's outcome: IK before -> after, rank change, anomaly passes, trace."""

    player: str
    ik_before: Decimal
    ik_after: Decimal
    rank_before: Rank
    rank_after: Rank
    held_dan: int | None
    games_rated: int
    anomalous: bool
    checks: tuple[PassCheck, ...]
    trace: Trace

    @property
    def change(self) -> Decimal:
        return self.ik_after - self.ik_before

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "IK_before": to_jsonable(self.ik_before),
            "IK_after": to_jsonable(self.ik_after),
            "change": to_jsonable(self.change),
            "rank_before": self.rank_before.label,
            "rank_after": self.rank_after.label,
            "rank_changed": self.rank_before != self.rank_after,
            "games_rated": self.games_rated,
            "anomalous": self.anomalous,
            "passes": [c.to_json() for c in self.checks],
            "trace": self.trace.to_json(),
        }


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """The rated tournament: what the director's preview shows and storage writes."""

    tournament: Tournament
    passes: int
    players: tuple[PlayerResult, ...]
    warnings: tuple[str, ...] = ()

    def by_player(self) -> dict[str, PlayerResult]:
        return {p.player: p for p in self.players}

    def awards(self) -> list[Award]:
        """One ledger line per participant: kind ``IK``, the change, and its trace."""
        return [Award(p.player, "IK", p.change, p.trace) for p in self.players]

    @property
    def anomalies(self) -> list[str]:
        return [p.player for p in self.players if p.anomalous]

    def to_json(self) -> dict[str, Any]:
        return {
            "tournament": self.tournament.to_json(),
            "passes": self.passes,
            "anomalies": self.anomalies,
            "players": [p.to_json() for p in self.players],
            "warnings": list(self.warnings),
        }
