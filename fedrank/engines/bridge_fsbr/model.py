"""The tournament as the rules see it: players, participants, sessions, and what they get.

Seed 003 sections 1, 3 and 4 name what a report carries; :func:`with_ranks` fills each
player's rank coefficient at the start, which the handler takes from the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from typing import Any

from fedrank.engines.kernel import Award, Trace

from .tables import CHAMPIONSHIP_STATUSES, STATUS_NONE

ZERO = Decimal(0)


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """A player of a participant: his rank coefficient ``rk`` at the start and boards played.

    ``boards is None`` means unknown (6.2: in foreign events the listed roster counts).
    ``country`` is empty for Russian players; ``ebl_mp``/``wbf_mp`` are the EBL/WBF master
    points he received in the event (7.7). ``named_only``: the report gave his name and no
    federation ID (as federations publish tables), so ``player`` is that name, his key in
    this report, and the registry is searched by name.
    """

    player: str
    name: str = ""
    rk: Decimal | None = None
    boards: int | None = None
    country: str = ""
    ebl_mp: Decimal | None = None
    wbf_mp: Decimal | None = None
    line: int = 0
    named_only: bool = False


@dataclass(frozen=True, slots=True)
class Entry:
    """A participant (team, pair or player) and its place, maybe shared (to ``place_last``).

    ``boards``: boards it actually played (4.5); ``length``: the tournament's length for it
    (4.2); ``critical``: the length up to its critical stage (4.7), ``critical_mp`` when EBL
    or WBF points were awarded for reaching that stage; ``imps``: its score in a match.
    Unset figures default to the tournament's.
    """

    entry: str
    place: int
    players: tuple[PlayerEntry, ...]
    place_last: int = 0
    boards: int | None = None
    length: int | None = None
    critical: int | None = None
    critical_mp: bool = False
    imps: int | None = None
    line: int = 0

    @property
    def last(self) -> int:
        return self.place_last or self.place


@dataclass(frozen=True, slots=True)
class Session:
    """A session of a pairs or individual event (7.1): its boards and the places in it."""

    name: str
    boards: int
    places: tuple[tuple[str, int, int], ...]  # (entry, first place, last place)
    line: int = 0


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament as the rules see it (sections 1, 3, 4, 8).

    ``length`` is 4.3, ``actual_length`` (d) is 4.6. ``status`` is the special status of
    1.10/2.1; ``event`` the appendix-1 key; ``rated`` whether 8.2, 8.3 and 8.6-8.9 hold
    (the file's word); ``express`` forces an express event (3.3), otherwise the length
    decides (8.4). ``country_category`` is the host's RKS for a foreign event (8.10),
    ``club_country`` the country of a club event abroad (6.3).
    """

    id: str
    name: str
    form: str
    scope: str
    start: date
    end: date
    length: int
    actual_length: int
    entries: tuple[Entry, ...]
    status: str = STATUS_NONE
    event: str = ""
    express: bool | None = None
    face_to_face: bool = True
    rated: bool = True
    country_category: int | None = None
    club_country: str = ""
    kq: Decimal | None = None
    N0: Decimal | None = None
    playoff: bool = False
    pb_scale: tuple[int, ...] | None = None
    disqualified: int = 0
    part_of_tournament: bool = False
    ew_min_share: Decimal | None = None
    sessions: tuple[Session, ...] = ()
    line_of: Mapping[str, int] = field(default_factory=dict)

    @property
    def championship(self) -> bool:
        """8.1: the event has the status of a European, World, Russian or regional championship."""
        return self.status in CHAMPIONSHIP_STATUSES


@dataclass(frozen=True, slots=True)
class EntryResult:
    """What one participant gets (before the players' own qualification of 5.2)."""

    entry: str
    place: int
    place_last: int
    q: Decimal | None
    listed: bool
    MB: Decimal
    MB_source: str
    RO: Decimal
    PB: Decimal
    achievement: int
    trace: Trace


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """The computed tournament: its figures with their trace, each participant, the awards."""

    tournament: Tournament
    figures: dict[str, Any]
    trace: Trace
    entries: tuple[EntryResult, ...]
    awards: tuple[Award, ...]
    warnings: tuple[str, ...]


def with_ranks(tournament: Tournament, ranks: Mapping[str, Decimal]) -> Tournament:
    """The tournament with each player's rk at the start taken from ``ranks`` (by player id)."""
    entries = tuple(
        replace(
            e,
            players=tuple(
                replace(p, rk=ranks[p.player]) if p.player in ranks else p for p in e.players
            ),
        )
        for e in tournament.entries
    )
    return replace(tournament, entries=entries)
