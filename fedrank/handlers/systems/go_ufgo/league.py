"""A Go club tournament (a league or a series) whose games players report, rated as a file.

A league's settings (board, minutes of main time, official: the inputs of K3 and the board
coefficients, seed 002 §4.3, §4.8) are kept in its stored version's ``params["league"]``. Each
rating re-rates the WHOLE tournament so far from the state it starts from (the IK of every
participant before the league's date), round by round with the anomaly passes over every
round played, exactly as the same games submitted as one file would be
(:func:`.history.replay`, the path of a director's correction). So the version a league's last
round writes holds the same IK lines and traces as the file of its games; the tournaments held
after the league's date are re-rated when their start changes, as after any correction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from fedrank.engines.kernel import InputError
from fedrank.handlers.systems.go_ufgo.events import Event, Seat
from fedrank.handlers.systems.go_ufgo.history import (
    History,
    key,
    replay,
    stored_events,
    tournaments,
)
from fedrank.storage.models import Discipline, Tournament
from fedrank.storage.records import NewGame, Prepared
from fedrank.storage.repos import Repos

BOARDS: Final = (9, 13, 19)
RATING_MODES: Final = ("round", "immediate")
_RP: Final = {"win1": Decimal(1), "win2": Decimal(0), "draw": Decimal("0.5")}


@dataclass(frozen=True, slots=True)
class League:
    """How a league is rated: its K3 inputs and when its games are rated."""

    board: int = 19
    time_minutes: int = 60
    official: bool = False
    rating: str = "round"
    """``round``: when a director closes the round; ``immediate``: as each game counts."""
    round: int = 1
    """The round open for games (``round`` mode)."""
    pending: tuple[tuple[int, int, int, str, int], ...] = ()
    """Counted games of the open round, not rated yet: (round, player1, player2, result,
    report id)."""

    def __post_init__(self) -> None:
        problems = []
        if self.board not in BOARDS:
            problems.append(f"size={self.board}: the board is 9, 13 or 19")
        if not 1 <= self.time_minutes <= 1000:
            problems.append(f"time={self.time_minutes}: minutes of main time, 1 to 1000")
        if self.rating not in RATING_MODES:
            problems.append(f"rating={self.rating}: round or immediate")
        if problems:
            raise InputError("; ".join(problems), line=None, field="league")

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "time_minutes": self.time_minutes,
            "official": self.official,
            "rating": self.rating,
            "round": self.round,
            "pending": [list(g) for g in self.pending],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> League:
        return cls(
            board=int(data["board"]),
            time_minutes=int(data["time_minutes"]),
            official=bool(data["official"]),
            rating=str(data.get("rating", "round")),
            round=int(data.get("round", 1)),
            pending=tuple(
                (int(r), int(a), int(b), str(res), int(rep))
                for r, a, b, res, rep in data.get("pending", [])
            ),
        )


def league_of(params: Mapping[str, Any]) -> League | None:
    """The league settings a stored version carries, None for any other tournament."""
    data = params.get("league")
    return League.from_json(data) if isinstance(data, Mapping) else None


def rated_games(params: Mapping[str, Any]) -> list[NewGame]:
    """The games the version's rating holds (none before a league's first rating)."""
    results = {v: k for k, v in _RP.items()}
    return [
        NewGame(int(r), int(a), int(b), results[Decimal(s)])
        for r, a, b, s, _ in params.get("games", [])
    ]


async def rate_league(
    repos: Repos,
    discipline: Discipline,
    tournament: Tournament,
    league: League,
    games: Sequence[NewGame],
    *,
    reason: str,
) -> Prepared:
    """The league rated with ``games`` (every round so far), and the later tournaments whose
    start it changes re-rated (``replays``). Nothing is written."""
    fids = {
        p.id: p.federation_player_id
        for p in (
            await repos.players.by_ids({g.player1_id for g in games} | _seconds(games))
        ).values()
    }
    seats: dict[int, Seat] = {}
    for g in games:
        for pid in (g.player1_id, g.player2_id):
            assert pid is not None
            seats.setdefault(
                pid, Seat(player_id=pid, line=None, place=None, name_in_file=fids[pid])
            )
    ev = Event(
        code=tournament.code,
        name=tournament.name,
        held_on=tournament.held_on,
        key=key(tournament),
        board=league.board,
        time_minutes=league.time_minutes,
        official=league.official,
        fmt="league",
        seats=seats,
        games=[
            (g.round_no, g.player1_id, int(g.player2_id or 0), _RP[g.result], None) for g in games
        ],
    )
    later = [s for s in await tournaments(repos, discipline) if key(s) > key(tournament)]
    history = History(repos, discipline, key(tournament))
    prepared = await replay(
        ev, await stored_events(repos, later), history, corrected=True, reason=reason
    )
    prepared.params["league"] = league.to_json()
    return prepared


def _seconds(games: Sequence[NewGame]) -> set[int]:
    return {g.player2_id for g in games if g.player2_id is not None}
