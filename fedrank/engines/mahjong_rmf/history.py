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

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from itertools import groupby
from typing import NamedTuple

from fedrank.engines.kernel import InputError
from fedrank.engines.mahjong_rmf.levels import (
    LEVEL_LABELS,
    RULE_NORM,
    RULE_YEAR,
    START,
    Level,
    apply_norm,
    can_expire,
    check_year,
    norm_index,
    year_end,
)
from fedrank.engines.mahjong_rmf.tournament import (
    Discipline,
    Tournament,
    TournamentResult,
    build_result,
    core,
    hundredths,
    ratio,
)


class LevelEvent(NamedTuple):
    """One change of a player's level: a norm met in a tournament (``kind="norm"``, with the
    outcome ``raised``/``plus``/``confirmed``) or a year check (``kind="year"``, outcome
    ``minus``/``demoted``). For a norm, ``NR*KT = n / d``. (A NamedTuple: a replay makes one
    per change, and tuples are cheap to build.)"""

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


class Played(NamedTuple):
    """A player's exact figures in one tournament: ``NR*KT = n / d``, ``KT = kt100 / 100``."""

    tournament: Tournament
    place: int
    place2: int
    n: int
    d: int
    kt100: int
    norm: int | None


@dataclass(frozen=True, slots=True)
class Replay:
    """Levels, level histories and results of one discipline as of ``until``."""

    discipline: Discipline
    until: date
    levels: Mapping[str, Level]
    history: Mapping[str, tuple[LevelEvent, ...]]
    played: Mapping[str, tuple[Played, ...]]
    tournaments: Mapping[str, Tournament]
    start_eu: Mapping[str, Mapping[str, int]] = field(repr=False)
    list_dates: tuple[date, ...] = field(repr=False, default=())
    #: The levels the replay started from (``initial``): a player's level before his history.
    initial: Mapping[str, Level] = field(repr=False, default_factory=dict)

    def level(self, player: str) -> Level:
        """The player's level on ``until`` (12 kyu for a player never seen)."""
        return self.levels.get(player, START)

    def tournament_result(self, tournament_id: str) -> TournamentResult:
        """The full result (with traces) of a replayed tournament, KT_EU from replayed levels."""
        t = self.tournaments[tournament_id]
        eus = self.start_eu[tournament_id]
        return build_result(t, core(t, eus), eus)

    def tournament_kt(self, tournament_id: str) -> Decimal:
        """KT of a replayed tournament, as :meth:`tournament_result` gives it, without the
        traces (a correction asks it of every later tournament to find those it changes)."""
        t = self.tournaments[tournament_id]
        return hundredths(core(t, self.start_eu[tournament_id]).kt100)


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
    """
    ts = sorted(
        (t for t in tournaments if t.discipline == discipline and t.date <= until),
        key=lambda t: (t.date, t.id),
    )
    by_id: dict[str, Tournament] = {}
    for t in ts:
        if t.id in by_id:
            raise InputError(f"tournament id '{t.id}' appears twice", field="id")
        by_id[t.id] = t
    levels: dict[str, Level] = dict(initial or {})
    starts = [t.date for t in ts[:1]] + [lv.since for lv in levels.values() if lv.since]
    first = min(starts, default=until)
    checks = sorted(
        {*_month_starts(first, until), *(d for d in list_dates if first <= d <= until), until}
    )
    history: dict[str, list[LevelEvent]] = defaultdict(list)
    played: dict[str, list[Played]] = defaultdict(list)
    start_eu: dict[str, dict[str, int]] = {}

    # due[player]: the first list date on which the player's dan level would expire, kept up to
    # date on every change, so that a tournament only looks at players actually due a check.
    due: dict[str, date] = {}

    def set_due(player: str, lvl: Level) -> None:
        if can_expire(lvl) and lvl.since is not None:
            i = bisect_left(checks, year_end(lvl.since))
            if i < len(checks):
                due[player] = checks[i]
                return
        due.pop(player, None)

    def catch_up(player: str, lvl: Level, limit: date, inclusive: bool) -> Level:
        while (c := due.get(player)) is not None and (c < limit or (inclusive and c == limit)):
            new = check_year(lvl, c)
            if new is None:  # year_end guarantees the expiry; kept for the type checker
                break
            outcome = "demoted" if new.index < lvl.index else "minus"
            history[player].append(LevelEvent(c, "year", outcome, lvl, new, RULE_YEAR))
            lvl = new
            set_due(player, lvl)
        return lvl

    for player, lvl in levels.items():
        set_due(player, lvl)

    for day, group in groupby(ts, key=lambda t: t.date):
        computed = []
        for t in group:
            eus: dict[str, int] = {}
            for e in t.entries:
                lvl = levels.get(e.player, START)
                if e.player in due and due[e.player] < day:
                    lvl = catch_up(e.player, lvl, day, False)
                    levels[e.player] = lvl
                eus[e.player] = lvl.eu
            computed.append((t, core(t, eus)))
            start_eu[t.id] = eus
        for t, c in computed:
            d, kt100 = c.d, c.kt100
            for e, place2, _shared, n in c.entries:
                norm = norm_index(n, d)
                played[e.player].append(Played(t, e.place, place2, n, d, kt100, norm))
                lvl = levels.get(e.player, START)
                if norm is None or norm < lvl.index or (norm == lvl.index and not lvl.is_dan):
                    continue
                out = apply_norm(lvl, norm, day)
                levels[e.player] = out.after
                set_due(e.player, out.after)
                history[e.player].append(
                    LevelEvent(
                        day,
                        "norm",
                        out.kind,
                        lvl,
                        out.after,
                        RULE_NORM,
                        t.id,
                        n,
                        d,
                        LEVEL_LABELS[norm],
                    )
                )
    for player in list(due):
        levels[player] = catch_up(player, levels[player], until, True)
    return Replay(
        discipline=discipline,
        until=until,
        levels=levels,
        history={p: tuple(h) for p, h in history.items()},
        played={p: tuple(v) for p, v in played.items()},
        tournaments=by_id,
        start_eu=start_eu,
        list_dates=tuple(checks),
        initial=dict(initial or {}),
    )
