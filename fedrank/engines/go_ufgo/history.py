"""A federation's whole history replayed: every player's IK and rank after every tournament.

Seed 002 §1.4 (IK is recomputed after each tournament), §1.5 (a list is published each
quarter: 4-7 dan are given and lowered only then, §2.5-§2.7) and DESIGN.md ("a correction is
a new version of a tournament, and the affected history is replayed"). A corrected tournament
is fed in place of the old one and everything after it is re-rated by the same call.

Engine decisions (docs/engines/go_ufgo.md): tournaments are taken in date order (stable for
equal dates, so the given order breaks ties); the list published on a date D reflects the
tournaments dated before D, so a tournament dated D is rated after that publication.

The state keeps IK in tenths of a point as integers and rates each tournament with
:func:`~fedrank.engines.go_ufgo.fast.rate_from_state` (the passes of
:func:`~fedrank.engines.go_ufgo.rating.rate_tournament` without traces, the same integers: the
packed path of :mod:`~fedrank.engines.go_ufgo.packed` where it applies, ``fast``'s loop
otherwise); what that hands back (an error to raise, rounds out of order) goes through the
reference passes of ``rating.settle``. The traces of one tournament are what
``rate_tournament`` gives for it from the snapshot's starting IKs, on demand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from itertools import chain, compress, repeat
from typing import Any, Final

from fedrank.engines.go_ufgo.fast import rate_from_state
from fedrank.engines.go_ufgo.ranks import (
    DAN_NORMS,
    FLOATING_TOP,
    LOWERING_MARGIN,
    HeldDanChange,
    ListEntry,
    ListPlayer,
    Rank,
    RatingList,
    current_rank,
    next_publication,
    publication_step,
    publish_list,
)
from fedrank.engines.go_ufgo.rating import Prepared, Tournament, prepare, settle, to_tenths
from fedrank.engines.go_ufgo.tables import FAST_GRADE
from fedrank.engines.kernel import InputError

_RANKS: Final = [Rank(1), *(Rank(g) for g in range(1, 38))]
"""Rank objects by grade (index 0 unused), shared so a replay does not build millions."""
_DAN4_TENTHS: Final = DAN_NORMS[4] * 10
_FLOATING: Final = [_RANKS[min(g, FLOATING_TOP)] for g in FAST_GRADE]
"""The rank by table 1 up to 3 dan (§2.4), by whole points of IK."""
_FLOATING_BY_TENTHS: Final = list(chain.from_iterable(map(repeat, _FLOATING, repeat(10))))
"""The same by tenths of a point (the state's unit)."""


class _Decimals(dict[int, Decimal]):
    """IK in tenths -> Decimal, shared: a replay meets a few thousand distinct values."""

    def __missing__(self, tenths: int) -> Decimal:
        value = self[tenths] = Decimal(tenths) / 10
        return value


_DECIMALS: Final = _Decimals()
_TENTHS: dict[Decimal, int] = {}
"""Starting IKs already checked by ``to_tenths`` (equal Decimals, equal tenths)."""


def _start_tenths(ik: Decimal, player: str) -> int:
    if type(ik) is Decimal and ik.is_finite():
        t = _TENTHS.get(ik)
        if t is not None:
            return t
    t = to_tenths(ik, player=player)
    _TENTHS[ik] = t
    return t


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player's starting point in the history: IK, a held 4-7 dan, date of birth (§2.7)."""

    player: str
    ik: Decimal
    held_dan: int | None = None
    birth: date | None = None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The participants of one tournament right after it: IK and rank.

    The replay records each participant's IK in tenths and the dans held on the tournament's
    date; ``ik`` and ``rank`` are built from them when first read (a replay of a whole history
    reads few of its snapshots' dicts, and building them all cost as much as rating).
    """

    tournament: Tournament
    passes: int
    anomalous: tuple[str, ...]
    ids: Sequence[str]
    tenths: Sequence[int]
    """Each of ``ids``' IK after the tournament, in tenths of a point."""
    held: tuple[tuple[str, int], ...] = ()
    """The participants holding a 4-7 dan on the tournament's date, with the dan."""
    _cache: list[dict[str, Any]] = field(default_factory=list, compare=False, repr=False)

    @property
    def ik(self) -> dict[str, Decimal]:
        return self._dicts()[0]

    @property
    def rank(self) -> dict[str, Rank]:
        return self._dicts()[1]

    def _dicts(self) -> list[dict[str, Any]]:
        if not self._cache:
            ids, values = self.ids, self.tenths
            after = dict(zip(ids, map(_DECIMALS.__getitem__, values), strict=True))
            rank = dict(zip(ids, map(_FLOATING_BY_TENTHS.__getitem__, values), strict=True))
            for pid, dan in self.held:
                rank[pid] = _RANKS[30 + dan]
            self._cache[:] = [after, rank]
        return self._cache

    def to_json(self) -> dict[str, Any]:
        return {
            "tournament": self.tournament.to_json(),
            "passes": self.passes,
            "anomalous": list(self.anomalous),
            "players": {
                p: {"IK": format(v, "f"), "rank": self.rank[p].label} for p, v in self.ik.items()
            },
        }


@dataclass(slots=True)
class RatingState:
    """Every player's current IK, held dan and date of birth, advanced tournament by tournament."""

    _ik: dict[str, int] = field(default_factory=dict)
    _held: dict[str, int] = field(default_factory=dict)
    _birth: dict[str, date] = field(default_factory=dict)
    _candidates: set[str] = field(default_factory=set)
    """The players the next list must look at (§2.5-§2.7): those whose IK was set at 2400 or
    more, or who hold a dan, since the last list, and those with an entry on the last list
    (lowered once more, kept over 60). Anyone else would keep what he holds."""
    last_date: date | None = None
    publications: list[RatingList] = field(default_factory=list)
    _next_list: tuple[date | None, date | None] = (None, None)
    """(last date, the first publication after it), so a replay does not recompute it."""

    @classmethod
    def start(cls, players: Iterable[PlayerState]) -> RatingState:
        state = cls()
        ik = state._ik
        cands = state._candidates
        births = state._birth
        checked = _TENTHS.get
        for p in players:
            name = p.player
            v = p.ik
            if p.held_dan is not None or name in ik or type(v) is not Decimal:
                state.add_player(p)  # the checks and the held dan
                continue
            try:
                t = checked(v)  # the _start_tenths cache, without a call per player
            except TypeError:  # a signalling NaN cannot be hashed: to_tenths refuses it
                t = None
            if t is None:
                t = _start_tenths(v, name)
            ik[name] = t
            birth = p.birth
            if birth is not None:
                births[name] = birth
            if t >= _DAN4_TENTHS:
                cands.add(name)
        return state

    def add_player(self, p: PlayerState) -> None:
        if p.player in self._ik:
            raise InputError(f"player {p.player} is given twice", field="player")
        t = _start_tenths(p.ik, p.player)
        self._ik[p.player] = t
        if p.held_dan is not None:
            if p.held_dan not in DAN_NORMS:
                raise InputError(f"held dan of {p.player} must be 4..7", field="held_dan")
            self._held[p.player] = p.held_dan
            self._candidates.add(p.player)
        if p.birth is not None:
            self._birth[p.player] = p.birth
        if t >= _DAN4_TENTHS:
            self._candidates.add(p.player)

    def ik(self, player: str) -> Decimal:
        return Decimal(self._ik[player]) / 10

    def held_dan(self, player: str) -> int | None:
        return self._held.get(player)

    def rank(self, player: str) -> Rank:
        return current_rank(self.ik(player), self._held.get(player))

    def players(self) -> list[str]:
        return list(self._ik)

    def apply(self, t: Tournament, *, publish: bool = True) -> Snapshot:
        """Rate one more tournament onto the state (lists due before its date first)."""
        self._check_order(t)
        if publish:
            self.publish_due(t.on)
        fast = rate_from_state(t, self._ik)
        if fast is not None:
            return self._record(t, *fast)
        return self._apply_reference(t)

    def _replay(self, history: list[Tournament], publish: bool) -> list[Snapshot]:
        """:meth:`apply` for each of ``history`` (in date order, so each comes after the last):
        the lists are looked for only once a tournament reaches the next list's date."""
        out = []
        ik = self._ik
        record = self._record
        due = date.min
        for t in history:
            if publish and t.on >= due:
                self.publish_due(t.on)
                last = self.last_date
                # The next list comes after the last date, which only grows: until a
                # tournament reaches it, publish_due would publish nothing.
                due = date.min if last is None else next_publication(last)
            fast = rate_from_state(t, ik)
            out.append(record(t, *fast) if fast is not None else self._apply_reference(t))
        return out

    def _apply_reference(self, t: Tournament) -> Snapshot:
        """The passes of :func:`~fedrank.engines.go_ufgo.rating.settle`, without traces: the
        reference path, for what :func:`~fedrank.engines.go_ufgo.fast.rate_from_state` hands
        back (it raises the errors)."""
        p = prepare(t)
        history, last_start = settle(p, self._starts(t, p))
        out = history[-1].outcome
        values = [f if g else s for f, g, s in zip(out.final, out.k2sum, last_start, strict=True)]
        anomalous = {i for h in history for i in h.anomalous}
        return self._record(t, p.ids, values, len(history), anomalous)

    def _check_order(self, t: Tournament) -> None:
        if self.last_date is not None and t.on < self.last_date:
            raise InputError(
                f"tournament {t.name or t.id} on {t.on} is before {self.last_date}; "
                "replay the history from there instead",
                field="date",
            )

    def _starts(self, t: Tournament, p: Prepared) -> list[int]:
        ik = self._ik
        start = []
        for pid in p.ids:
            v = ik.get(pid)
            if v is None:
                line = next((g.line for g in t.games if pid in (g.player1, g.player2)), None)
                raise InputError(
                    f"unknown player {pid} in {t.name or t.id} ({t.on})", line=line, field="player"
                )
            start.append(v)
        return start

    def _record(
        self,
        t: Tournament,
        ids: list[str],
        values: Sequence[int],
        passes: int,
        anomalous: set[int],
    ) -> Snapshot:
        """Write a tournament's IKs (tenths) into the state and snapshot its participants."""
        # One value per player by construction: strict=True would check it per tournament.
        self._ik.update(zip(ids, values, strict=False))
        cands = self._candidates
        held = self._held
        dans: tuple[tuple[str, int], ...] = ()
        if held:
            on = held.keys() & ids
            if on:
                if len(on) == 1:  # the common case: no pass over every participant
                    (pid,) = on
                    dans = ((pid, held[pid]),)
                else:
                    dans = tuple((pid, held[pid]) for pid in ids if pid in on)
                cands.update(on)
        if values and max(values) >= _DAN4_TENTHS:
            cands.update(compress(ids, map(_DAN4_TENTHS.__le__, values)))
        if self.last_date is None or t.on > self.last_date:
            self.last_date = t.on
        names = tuple(sorted(ids[i] for i in anomalous)) if anomalous else ()
        return Snapshot(t, passes, names, ids, values, dans)

    def publish_due(self, up_to: date) -> list[RatingList]:
        """Publish every quarterly list dated after the last tournament and not after ``up_to``."""
        out: list[RatingList] = []
        if self.last_date is None:
            return out
        last, q = self._next_list
        if last != self.last_date or q is None:
            q = next_publication(self.last_date)
            self._next_list = (self.last_date, q)
        if up_to < q:
            return out
        while q <= up_to:
            out.append(self._publish_candidates(q))
            q = next_publication(q)
        return out

    def _publish_candidates(self, on: date) -> RatingList:
        """A publication's changes to held dans: the players given, lowered or kept over 60.

        Only players at 2400 or more, or holding a dan, can be touched (§2.5-§2.7); the entries
        list those whose held dan changes or is kept only by §2.7.
        """
        entries = []
        held_map = self._held
        looked_at = self._candidates
        self._candidates = again = set()
        for pid in sorted(looked_at):
            t = self._ik[pid]
            held = held_map.get(pid)
            if held is not None:
                norm = DAN_NORMS[held] * 10
                if (norm - LOWERING_MARGIN * 10) < t and (held == 7 or t < norm + 1000):
                    continue  # kept, not promoted
            elif t < _DAN4_TENTHS:
                continue
            ik = _DECIMALS[t]
            change: HeldDanChange = publication_step(ik, held, on, self._birth.get(pid))
            if change.held_dan_after is None:
                held_map.pop(pid, None)
            else:
                held_map[pid] = change.held_dan_after
            if change.held_dan_after == held and change.action == "kept":
                continue
            again.add(pid)
            after = change.held_dan_after
            entries.append(
                ListEntry(
                    player=pid,
                    ik=ik,
                    rank_before=_FLOATING[t // 10] if held is None else _RANKS[30 + held],
                    rank_after=_FLOATING[t // 10] if after is None else _RANKS[30 + after],
                    held_dan_after=change.held_dan_after,
                    action=change.action,
                    trace=change.trace,
                )
            )
        entries.sort(key=lambda e: (-e.ik, e.player))
        published = RatingList(on, tuple(entries))
        self.publications.append(published)
        self.last_date = max(self.last_date or on, on)
        return published

    def rating_list(self, on: date) -> RatingList:
        """The full list of ``on`` for every player (§1.5), applying §2.5-§2.7 to held dans."""
        players = [
            ListPlayer(pid, Decimal(t) / 10, self._held.get(pid), self._birth.get(pid))
            for pid, t in self._ik.items()
        ]
        published = publish_list(on, players)
        for e in published.entries:
            if e.held_dan_after is None:
                self._held.pop(e.player, None)
            else:
                self._held[e.player] = e.held_dan_after
        self._candidates = {p for p, t in self._ik.items() if t >= _DAN4_TENTHS}
        self._candidates.update(self._held)
        self.publications.append(published)
        self.last_date = max(self.last_date or on, on)
        return published


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """Every tournament's snapshot in date order, the lists published between, the end state."""

    snapshots: tuple[Snapshot, ...]
    publications: tuple[RatingList, ...]
    state: RatingState

    def ik_after(self, player: str) -> list[tuple[date, Decimal]]:
        """A player's IK after each of his tournaments."""
        return [(s.tournament.on, s.ik[player]) for s in self.snapshots if player in s.ik]


def replay(
    history: Sequence[Tournament],
    players: Iterable[PlayerState],
    *,
    publish: bool = True,
    until: date | None = None,
) -> ReplayResult:
    """Replay a whole history from each player's starting IK (tournaments sorted by date)."""
    state = RatingState.start(players)
    snapshots = state._replay(sorted(history, key=lambda t: t.on), publish)
    if publish and until is not None:
        state.publish_due(until)
    return ReplayResult(tuple(snapshots), tuple(state.publications), state)
