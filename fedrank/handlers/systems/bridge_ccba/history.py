"""What the database knows at an event's start: holdings, memberships, the stored events.

Holdings feed AVGM, so an event is computed against the ledger as it stood before it, and a
correction (or a late event) replays every later event against the changed ledger. The
ledger is read once into :class:`Ledger` and changed in memory as events are recomputed, so a
replay of many events reads the database once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from fedrank.handlers.access import stored_player
from fedrank.handlers.systems.bridge_ccba.importing import (
    HELD_COLOURS,
    KIND_MP,
    KIND_OPENING,
    KIND_OPENING_YOUTH,
    KIND_YOUTH,
    PARAMS_FORMAT,
    SYSTEM_ID,
    ZERO,
    EventFile,
    Holding,
    fmt,
    prepared_event,
    read_event_file,
)
from fedrank.handlers.systems.bridge_ccba.playerdata import opening_of
from fedrank.storage.models import Discipline, Player, Tournament, TournamentVersion
from fedrank.storage.records import NewAward, Prepared
from fedrank.storage.repos import Repos

#: The key of this module's membership cache in ``repos.memo`` (player id -> memberships).
MEMBERSHIPS = "bridge_ccba.memberships"


@dataclass(frozen=True, slots=True)
class Line:
    """A ledger line as the holdings read it; ``source`` is a version id or a pending code."""

    source: int | str
    player_id: int
    day: date
    kind: str
    colour: str | None
    amount: Decimal


class Ledger:
    """The discipline's current lines, changed in memory while a correction is replayed."""

    def __init__(self, lines: Iterable[Line]) -> None:
        self.by_player: dict[int, list[Line]] = defaultdict(list)
        for line in lines:
            self.by_player[line.player_id].append(line)

    @classmethod
    async def load(cls, repos: Repos, discipline: Discipline) -> Ledger:
        awards = await repos.ledger.discipline_awards(discipline.id)
        return cls(
            Line(a.version_id, a.player_id, a.awarded_on, a.kind, a.colour, Decimal(a.amount))
            for a in awards
        )

    def drop(self, source: int | str) -> None:
        for pid, lines in self.by_player.items():
            self.by_player[pid] = [ln for ln in lines if ln.source != source]

    def add(self, lines: Iterable[Line]) -> None:
        for line in lines:
            self.by_player[line.player_id].append(line)

    def of_source(self, source: int | str) -> list[Line]:
        return [ln for lines in self.by_player.values() for ln in lines if ln.source == source]

    def holding(self, player_id: int, before: date) -> Holding:
        """The player's ``mp`` and ``ymp`` at the start of ``before``: his current lines dated
        before it (events of the same day do not see each other)."""
        mp = ymp = ZERO
        mp_history = ymp_history = False
        for ln in self.by_player.get(player_id, ()):
            if ln.day >= before:
                continue
            if ln.kind in (KIND_OPENING, KIND_MP):
                mp_history = True
                # a file's opening has no colour; the registry's has one (.playerdata)
                if (ln.kind == KIND_OPENING and not ln.colour) or ln.colour in HELD_COLOURS:
                    mp += ln.amount
            elif ln.kind in (KIND_OPENING_YOUTH, KIND_YOUTH):
                ymp_history = True
                if (ln.kind == KIND_OPENING_YOUTH and not ln.colour) or ln.colour in HELD_COLOURS:
                    ymp += ln.amount
        return Holding(mp, ymp, mp_history, ymp_history)


def signature(lines: Iterable[Line | NewAward]) -> list[tuple[int, str, str, str]]:
    """The award lines of an event, comparable whether stored or recomputed."""
    return sorted((ln.player_id, ln.kind, ln.colour or "", fmt(ln.amount)) for ln in lines)


# --- stored events ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """The current version of a stored event."""

    tournament: Tournament
    version: TournamentVersion

    @property
    def ours(self) -> bool:
        """Stored by this adapter, with the file and players a recomputation needs."""
        params = self.version.params
        return params.get("system") == SYSTEM_ID and params.get("format") == PARAMS_FORMAT

    def event_file(self) -> tuple[EventFile, dict[str, int]]:
        """The stored file and the player IDs it resolved (upper case) to players."""
        params = self.version.params
        ids = {str(fid).upper(): int(pid) for fid, pid in dict(params["players"]).items()}
        return read_event_file(str(params["text"]), given=params.get("given")), ids


async def stored_events(repos: Repos, discipline: Discipline) -> list[StoredEvent]:
    """Every event of the discipline with its current version, oldest first."""
    found = await repos.ledger.current_versions(discipline.id)
    out = [StoredEvent(tournament, version) for tournament, version in found]
    out.sort(key=lambda s: (s.version.held_on, s.tournament.code))
    return out


async def events_after(
    repos: Repos, discipline: Discipline, since: date, *, skip: str
) -> list[StoredEvent]:
    """Stored events dated after ``since`` (other than ``skip``), oldest first."""
    found = await repos.ledger.find_tournaments("", [discipline.id], limit=1_000_000)
    out = []
    for tournament in found:
        if tournament.code == skip or tournament.held_on <= since:
            continue
        version = await repos.ledger.current_version(tournament.id)
        if version is not None:
            out.append(StoredEvent(tournament, version))
    out.sort(key=lambda s: (s.version.held_on, s.tournament.code))
    return out


# --- memberships -----------------------------------------------------------------------------


async def covers(repos: Repos, player_id: int, day: date) -> bool:
    """Whether one of the player's memberships covers ``day`` (§2.9.8: else a non-member).

    Memberships are read once per unit of work (``repos.memo``), so the demo's imports in
    one transaction do not ask for the same player's memberships again and again."""
    cache: dict[int, list[tuple[date, date | None]]] = repos.memo.setdefault(MEMBERSHIPS, {})
    if player_id not in cache:
        cache[player_id] = [
            (m.starts_on, m.ends_on) for m in await repos.players.memberships(player_id)
        ]
    return any(start <= day and (end is None or end >= day) for start, end in cache[player_id])


# --- one event computed against a ledger ------------------------------------------------------


@dataclass(slots=True)
class Ctx:
    """One computation's database, ledger and the players read so far."""

    repos: Repos
    discipline: Discipline
    ledger: Ledger
    players: dict[int, Player] = field(default_factory=dict)

    async def player(self, player_id: int) -> Player:
        if player_id not in self.players:
            got = await stored_player(self.repos, player_id)
            self.players[player_id] = got
        return self.players[player_id]


async def compute(
    ctx: Ctx,
    source: int | str,
    ef: EventFile,
    ids: Mapping[str, int],
    *,
    code: str,
    reason: str,
    extra_warnings: Sequence[str] = (),
) -> tuple[Prepared, list[Line]]:
    """One event with holdings from ``ctx.ledger``; ``ids`` maps file IDs (upper) to players.
    Returns the prepared event and its award lines as ``source``'s ledger lines."""
    held_on = ef.parsed.event.event_date
    assert held_on is not None
    players = {pid: await ctx.player(pid) for pid in ids.values()}
    members = {pid for pid in players if await covers(ctx.repos, pid, held_on)}
    holdings = {pid: ctx.ledger.holding(pid, held_on) for pid in players}
    brought = {pid: o for pid, p in players.items() if (o := opening_of(p)) is not None}
    prepared = prepared_event(
        ef,
        ids,
        players=players,
        members=members,
        holdings=holdings,
        code=code,
        reason=reason,
        extra_warnings=extra_warnings,
        brought=brought,
    )
    lines = [
        Line(source, a.player_id, held_on, a.kind, a.colour, a.amount) for a in prepared.awards
    ]
    return prepared, lines


async def replay(ctx: Ctx, stored: StoredEvent, *, reason: str) -> Prepared | None:
    """A stored event recomputed against ``ctx.ledger``; None when nothing of it changes.
    When it changes, ``ctx.ledger`` holds its new lines instead of the stored ones."""
    ef, ids = stored.event_file()
    source = stored.version.id
    prepared, lines = await compute(
        ctx, source, ef, ids, code=stored.tournament.code, reason=reason
    )
    old = ctx.ledger.of_source(source)
    if signature(old) == signature(prepared.awards) and prepared.params["figures"] == dict(
        stored.version.params.get("figures", {})
    ):
        return None
    ctx.ledger.drop(source)
    ctx.ledger.add(lines)
    return prepared
