"""The replayable level history of a discipline: tournaments in date order, each one's KT_EU
from the levels its players hold at its start, each norm met applied to the levels, and the
one-year check on every list date (seed 000_b2439bb06382b403, Appendix 1 "Эволюционный уровень
(ЭУ)"; RULES.md mahjong_rmf "Evolution level (EU) and the dan marks", Decisions "norm above
2000" and "one-year confirmation"; seed 2.3 for the list dates).

Engine decisions where RULES.md is silent (each tested in ``tests/engines/mahjong_rmf``):

- List dates for the year check: the first day of every month (seed 2.3), every extra published
  list date passed in (lists "on demand"), and the date the replay is asked for.
- Order within a day: the tournaments of a day are applied before that day's year check, and all
  tournaments starting the same day take their KT_EU from the levels held at the start of that
  day (a tournament is known by one date, its start).
- Each discipline keeps its own levels: a norm in sports mahjong says nothing about Sichuan.
- A player with no history starts at 12 kyu (EU 0); ``initial`` seeds levels known from before
  the recorded tournaments.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from itertools import groupby, repeat
from operator import attrgetter
from typing import Any, NamedTuple, TypeVar

from fedrank.engines.kernel import InputError
from fedrank.engines.mahjong_rmf.levels import (
    KYU_STATES,
    RULE_NORM,
    RULE_YEAR,
    START,
    Level,
    LevelState,
    level_of,
    state_can_expire,
    state_of,
    year_end,
)
from fedrank.engines.mahjong_rmf.tables import DAN1, LEVEL_VALUES, TOP
from fedrank.engines.mahjong_rmf.tournament import (
    Discipline,
    Tournament,
    TournamentResult,
    build_result,
    core,
    hundredths,
    kt_eu100_of,
    ratio,
    refuse_negative_kt,
    shape,
)

_LABELS = tuple(Level(i).label for i in range(len(LEVEL_VALUES)))


class LevelEvent(NamedTuple):
    """One change of a player's level: a norm met in a tournament (``kind="norm"``, with the
    outcome ``raised``/``plus``/``confirmed``) or a year check (``kind="year"``, outcome
    ``minus``/``demoted``). For a norm, ``NR*KT = n / d``. Made when asked
    (:attr:`Replay.history`): the replay keeps each change as a plain row."""

    on: date
    kind: str
    outcome: str
    before: Level
    after: Level
    rule: str
    tournament: str | None = None
    n: int = 0
    d: int = 1
    norm: str | None = None

    @property
    def nrkt(self) -> Decimal | None:
        return ratio(self.n, self.d) if self.tournament is not None else None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "date": self.on.isoformat(),
            "kind": self.kind,
            "outcome": self.outcome,
            "before": self.before.label,
            "after": self.after.label,
            "rule": self.rule,
        }
        if self.tournament is not None:
            out["tournament"] = self.tournament
            out["NRKT"] = format(ratio(self.n, self.d), "f")
            out["norm"] = self.norm
        return out


#: A level event as the replay keeps it: ``(player, on, kind, outcome, before, after,
#: tournament, n, d, norm)`` with the levels as :data:`LevelState` rows (``tournament``,
#: ``norm`` None and ``n / d = 0 / 1`` for a year check).
EventRow = tuple[str, date, str, str, LevelState, LevelState, str | None, int, int, str | None]

#: A tournament's results as the replay keeps them, entry by entry in columns: ``(players,
#: place2, n, d, kt100)`` with ``place2`` twice the mean place, ``NR*KT = n / d`` (``d = CHUT -
#: 1``) and ``KT = kt100 / 100`` (tuples of plain values: the garbage collector stops tracking
#: them, where an object a result would be walked at every full collection).
Results = tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], int, int]

#: A player's exact figures in one tournament, as a plain row: ``(tournament id, date, place,
#: place2, n, d, kt100, norm)``, ``norm`` the index of the norm met (:attr:`Replay.played`).
Played = tuple[str, date, int, int, int, int, int, int]

V = TypeVar("V")


class _Made(Mapping[str, V]):
    """A read-only mapping whose values are made from plain rows when asked (a replay's
    histories and levels: tens of thousands of objects that only a trace or a list needs)."""

    __slots__ = ("_make", "_rows")

    def __init__(self, rows: Mapping[str, Any], make: Callable[[Any], V]) -> None:
        self._rows = rows
        self._make = make

    def __getitem__(self, key: str) -> V:
        return self._make(self._rows[key])

    def __contains__(self, key: object) -> bool:
        return key in self._rows

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)


def _event(row: EventRow) -> LevelEvent:
    _, on, kind, outcome, before, after, tournament, n, d, norm = row
    rule = RULE_NORM if tournament is not None else RULE_YEAR
    return LevelEvent(
        on, kind, outcome, level_of(before), level_of(after), rule, tournament, n, d, norm
    )


def _events(rows: tuple[EventRow, ...]) -> tuple[LevelEvent, ...]:
    return tuple(map(_event, rows))


@dataclass(frozen=True, slots=True)
class Replay:
    """Levels, level histories and results of one discipline as of ``until``.

    The replay keeps plain rows: ``level_states`` (each player's level on ``until``),
    ``events`` (every level change in order), ``results`` (each tournament's figures in
    columns). :attr:`levels`, :attr:`history` and :attr:`played` give them by player, made
    when asked."""

    discipline: Discipline
    until: date
    level_states: Mapping[str, LevelState]
    events: tuple[EventRow, ...]
    results: Mapping[str, Results]
    tournaments: Mapping[str, Tournament]
    start_eu: Mapping[str, Mapping[str, int]] = field(repr=False)
    list_dates: tuple[date, ...] = field(repr=False, default=())
    #: The levels the replay started from (``initial``): a player's level before his history.
    initial: Mapping[str, Level] = field(repr=False, default_factory=dict)
    _by_player: dict[str, Mapping[str, Any]] = field(
        repr=False, compare=False, default_factory=dict
    )

    @property
    def levels(self) -> Mapping[str, Level]:
        """Each player's level on ``until``."""
        return _Made(self.level_states, level_of)

    @property
    def history(self) -> Mapping[str, tuple[LevelEvent, ...]]:
        """Each player's level events, oldest first (grouped once, made when asked)."""
        if "history" not in self._by_player:
            grouped: dict[str, list[EventRow]] = {}
            for row in self.events:
                grouped.setdefault(row[0], []).append(row)
            self._by_player["history"] = {p: tuple(rows) for p, rows in grouped.items()}
        return _Made(self._by_player["history"], _events)

    @property
    def played(self) -> Mapping[str, tuple[Played, ...]]:
        """Each player's results in date order, as :data:`Played` rows (grouped once)."""
        if "played" not in self._by_player:
            grouped: dict[str, list[Played]] = {}
            for tid, (players, place2, ns, d, kt100) in self.results.items():
                t = self.tournaments[tid]
                for e, p, q, n in zip(t.entries, players, place2, ns, strict=True):
                    norm = bisect_right(LEVEL_VALUES, n // d) - 1
                    grouped.setdefault(p, []).append((tid, t.date, e.place, q, n, d, kt100, norm))
            self._by_player["played"] = {p: tuple(rows) for p, rows in grouped.items()}
        return self._by_player["played"]

    def level(self, player: str) -> Level:
        """The player's level on ``until`` (12 kyu for a player never seen)."""
        state = self.level_states.get(player)
        return START if state is None else level_of(state)

    def tournament_result(self, tournament_id: str) -> TournamentResult:
        """The full result (with traces) of a replayed tournament, KT_EU from replayed levels."""
        t = self.tournaments[tournament_id]
        eus = self.start_eu[tournament_id]
        return build_result(t, core(t, eus), eus)

    def tournament_kt(self, tournament_id: str) -> Decimal:
        """KT of a replayed tournament, as :meth:`tournament_result` gives it, without the
        traces (a correction asks it of every later tournament to find those it changes)."""
        return hundredths(self.results[tournament_id][4])


def _start_eus(row: tuple[tuple[str, ...], tuple[int, ...]]) -> dict[str, int]:
    players, eus = row
    return dict(zip(players, eus, strict=True))


#: The norm met by ``NR*KT`` whose whole part is ``w``, at ``w // 50`` (every level value is a
#: multiple of 50): ``bisect_right(LEVEL_VALUES, w) - 1``, 12 dan from 7500 up.
_NORM_BY_50 = tuple(
    bisect_right(LEVEL_VALUES, 50 * i) - 1 for i in range(LEVEL_VALUES[-1] // 50 + 1)
)
_NORMS_BY_50 = len(_NORM_BY_50)


def _month_starts(first: date, last: date) -> list[date]:
    out = []
    y, m = first.year, first.month
    d = date(y, m, 1)
    while d <= last:
        if d >= first:
            out.append(d)
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
        d = date(y, m, 1)
    return out


_DATE = attrgetter("date")
_DATE_ID = attrgetter("date", "id")

_PLAYER = attrgetter("player")


def replay(
    tournaments: Iterable[Tournament],
    *,
    discipline: Discipline,
    until: date,
    initial: Mapping[str, Level] | None = None,
    list_dates: Iterable[date] = (),
) -> Replay:
    """API (b, c): replay a discipline's tournaments up to ``until`` (inclusive).

    Tournaments of the other discipline or after ``until`` are ignored. ``list_dates`` are the
    extra published list dates (besides the first day of each month and ``until``).

    Every level, change and result is a plain row here (see :class:`Replay`), and the figures
    are those of :func:`.tournament.core`, :func:`.levels.apply_norm` and
    :func:`.levels.check_year` (``tests/engines/mahjong_rmf/test_fast.py`` replays generated
    histories both ways).
    """
    ts = sorted(
        (t for t in tournaments if t.discipline == discipline and t.date <= until),
        key=_DATE_ID,
    )
    by_id: dict[str, Tournament] = {}
    for t in ts:
        if t.id in by_id:
            raise InputError(f"tournament id '{t.id}' appears twice", field="id")
        by_id[t.id] = t
    start = dict(initial or {})
    states: dict[str, LevelState] = {p: state_of(lv) for p, lv in start.items()}
    eu: dict[str, int] = {p: lv.eu for p, lv in start.items()}
    starts = [t.date for t in ts[:1]] + [lv.since for lv in start.values() if lv.since]
    first = min(starts, default=until)
    checks = sorted(
        {*_month_starts(first, until), *(d for d in list_dates if first <= d <= until), until}
    )
    events: list[EventRow] = []
    results: dict[str, Results] = {}
    start_eu: dict[str, tuple[tuple[str, ...], tuple[int, ...]]] = {}

    # due[player]: the list date on which the player's dan level expires (RULES.md Decision
    # "one-year confirmation"), kept up to date on every change; waiting[c]: the players whose
    # level may expire on list date c (checked against due when c comes: a later norm moves
    # it). The list date a level dated ``since`` expires on is worked out once a date.
    due: dict[str, date] = {}
    waiting: dict[date, list[str]] = {}
    expiry: dict[date, date | None] = {}

    def expires(since: date) -> date | None:
        if since not in expiry:
            i = bisect_left(checks, year_end(since))
            expiry[since] = checks[i] if i < len(checks) else None
        return expiry[since]

    def set_due(player: str, state: LevelState) -> None:
        since = state[2]
        c = expires(since) if since is not None and state_can_expire(state) else None
        if c is None:
            due.pop(player, None)
        else:
            due[player] = c
            waiting.setdefault(c, []).append(player)

    next_check = 0  # checks[:next_check] are done
    due_get = due.get

    def year_checks(limit: date, inclusive: bool) -> None:
        """The year checks of every list date before ``limit`` (or on it), in date order:
        :func:`.levels.year_state` and ``set_due`` written out (a year check restarts the
        year on ``c``, so every player marked on ``c`` waits for the same later list date)."""
        nonlocal next_check
        while next_check < len(checks) and (
            (c := checks[next_check]) < limit or (inclusive and c == limit)
        ):
            later = expires(c)
            later_waiting = waiting.setdefault(later, []) if later is not None else []
            for player in waiting.pop(c, ()):
                if due_get(player) != c:
                    continue
                state = states[player]
                index, marks, _ = state
                if marks <= -1:
                    new, outcome = (index - 1, 0, c), "demoted"
                    index -= 1
                else:
                    new, outcome = (index, marks - 1, c), "minus"
                    marks -= 1
                events.append((player, c, "year", outcome, state, new, None, 0, 1, None))
                states[player] = new
                eu[player] = LEVEL_VALUES[index]
                if later is not None and (index > DAN1 or marks > 0):
                    due[player] = later
                    later_waiting.append(player)
                else:
                    due.pop(player, None)
            next_check += 1

    for player, state in states.items():
        set_due(player, state)

    new_player = KYU_STATES[0]
    eu_get, states_get = eu.get, states.get
    for day, group in groupby(ts, key=_DATE):
        # the levels at the start of the day: the year checks of the list dates before it
        year_checks(day, False)
        computed = []
        for t in group:
            # .tournament.core without the levels' checks (every EU here is a level value)
            chut, _, kt_chut100, kt_chs_w100, place2 = shape(t)
            players = tuple(map(_PLAYER, t.entries))
            eus = tuple(map(eu_get, players, repeat(0)))
            kt100 = kt_chs_w100 + kt_chut100 + kt_eu100_of(sum(eus), len(players))
            refuse_negative_kt(t, kt100)
            computed.append((t.id, players, place2, chut - 1, kt100))
            start_eu[t.id] = (players, eus)
        day_due = expires(day)
        day_waiting = waiting.setdefault(day_due, []) if day_due is not None else []
        for tid, players, place2, d, kt100 in computed:
            k, top = 5 * kt100, 2 * (d + 1)
            ns = tuple([k * (top - q) for q in place2])
            results[tid] = (players, place2, ns, d, kt100)
            # the norm met (.levels.norm_index) is norm_by_50[n // (50 d)]: n >= 0, as KT >= 0
            # and place2 <= 2 CHUT, and a level value L is met when L <= n // d, i.e. L / 50
            # <= n // (50 d); the table reaches the tournament's best n (12 dan above 7500)
            d50 = 50 * d
            best = k * (top - min(place2)) // d50
            norm_by_50 = _NORM_BY_50
            if best >= _NORMS_BY_50:
                norm_by_50 += (TOP,) * (best + 1 - _NORMS_BY_50)
            for p, n in zip(players, ns, strict=True):
                norm = norm_by_50[n // d50]
                state = states_get(p, new_player)
                index = state[0]
                if norm < index:
                    continue
                # .levels.norm_state written out, and state_can_expire of the new level
                if index < DAN1:
                    if norm == index:
                        continue
                    if norm < DAN1:
                        new, outcome = KYU_STATES[norm], "raised"
                        expirable = False
                    elif norm == DAN1:
                        new, outcome = (DAN1, 0, day), "raised"
                        expirable = False
                    else:  # lifted to 1 dan first, then one '+' per dan index above it
                        marks = norm - DAN1
                        up = min(marks // 2, TOP - DAN1)
                        new, outcome = (DAN1 + up, min(marks - 2 * up, 1), day), "plus"
                        expirable = True  # above 1 dan, or 1 dan+
                elif norm == index:
                    marks = state[1]
                    new, outcome = (index, marks, day), "confirmed"
                    expirable = index > DAN1 or marks > 0
                else:
                    marks = state[1] + norm - index
                    up = min(marks // 2, TOP - index)
                    new, outcome = (index + up, min(marks - 2 * up, 1), day), "plus"
                    expirable = True  # marks >= 0 after a '+', and only 1 dan has none below
                states[p] = new
                eu[p] = LEVEL_VALUES[new[0]]
                if expirable and day_due is not None:
                    due[p] = day_due
                    day_waiting.append(p)
                else:
                    due.pop(p, None)
                events.append((p, day, "norm", outcome, state, new, tid, n, d, _LABELS[norm]))
    year_checks(until, True)
    return Replay(
        discipline=discipline,
        until=until,
        level_states=states,
        events=tuple(events),
        results=results,
        tournaments=by_id,
        start_eu=_Made(start_eu, _start_eus),
        list_dates=tuple(checks),
        initial=start,
    )
