"""The rating list of a discipline on any date (seed 000_b2439bb06382b403, section 2 and
Appendix 1 "Вес турнира (ВТ)", "Основная формула расчёта рейтинга"; RULES.md mahjong_rmf).

- ``VT`` from the tournament's age at the list date in whole months (the kernel's
  ``whole_months_between``), from the seed's table.
- ``NRKTVT = NR * KT * VT``.
- RULES.md Decision "T5": ``T5`` is the mean of the player's five best NRKTVT over the last
  three years, missing slots counted as 0 (one tournament counts a fifth).
- ``Rating = 0.25 * EU + 0.75 * T5`` with EU the level held on the list date (marks ignored).

Engine decisions where RULES.md is silent (each tested in ``tests/engines/mahjong_rmf``):

- A tournament dated on the list date counts (age 0). A player is on the list when he has at
  least one tournament of weight VT > 0 (seed 2.2: results of the last three years).
- Ratings are exact rationals; equal ratings share a position (1, 2, 2, 4), listed by player id.
  Decimals shown are one correctly rounded division at 28 significant digits.
- Among equal NRKTVT the more recent tournament is shown as counted (the value is the same).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from itertools import compress, islice
from operator import eq, itemgetter

from fedrank.engines.kernel import Trace, whole_months_between
from fedrank.engines.mahjong_rmf.history import Replay, replay
from fedrank.engines.mahjong_rmf.levels import KYU_STATES, Level, LevelState, level_of
from fedrank.engines.mahjong_rmf.tables import LEVEL_VALUES, RULE_VT, VT_ZERO_FROM, vt100
from fedrank.engines.mahjong_rmf.tournament import (
    CONTEXT,
    Discipline,
    Tournament,
    hundredths,
    ratio,
)

#: A new player's level (12 kyu) as a plain row.
START_STATE = KYU_STATES[0]

RULE_T5 = "RULES.md mahjong_rmf Decision 'T5'"
RULE_RATING = "seed 000 Appendix 1 'Основная формула расчёта рейтинга'"
#: How many best tournaments make T5.
T5_COUNT = 5


@dataclass(frozen=True, slots=True)
class Counted:
    """One of a player's (at most five) counted tournaments, with its weight VT."""

    tournament: str
    name: str
    date: date
    age_months: int
    vt: Decimal
    nr: Decimal
    kt: Decimal
    nrkt: Decimal
    nrktvt: Decimal

    def to_json(self) -> dict[str, object]:
        return {
            "tournament": self.tournament,
            "name": self.name,
            "date": self.date.isoformat(),
            "age_months": self.age_months,
            "VT": format(self.vt, "f"),
            "NR": format(self.nr, "f"),
            "KT": format(self.kt, "f"),
            "NRKT": format(self.nrkt, "f"),
            "NRKTVT": format(self.nrktvt, "f"),
        }


#: A counted tournament as the list keeps it: ``(-NRKTVT, -date ordinal, tournament id, name,
#: date, age_months, vt100, place2, d, kt100, n)``, a tuple of plain values (untracked by the
#: garbage collector) that is also the list's sort key for the player's results (best first,
#: then the more recent), from which :attr:`ListRow.counted` makes the :class:`Counted` when
#: asked; ``-NRKTVT`` is the correctly rounded float of ``-n * vt100 / d / 100``.
CountedRow = tuple[float, int, str, str, date, int, int, int, int, int, int]


def _counted(row: CountedRow) -> Counted:
    _, _, tournament, name, day, age, vt, place2, d, kt100, n = row
    return Counted(
        tournament=tournament,
        name=name,
        date=day,
        age_months=age,
        vt=hundredths(vt),
        nr=ratio(500 * (2 * (d + 1) - place2), d),
        kt=hundredths(kt100),
        nrkt=ratio(n, d),
        nrktvt=ratio(n * vt, 100 * d),
    )


@dataclass(frozen=True, slots=True)
class ListRow:
    """A player's line of the list: shared ``position``, ``Rating``, ``T5`` and what counted
    (``counted_rows``, plain rows; :attr:`counted` makes them :class:`Counted`)."""

    position: int
    player: str
    rating: Decimal
    level: Level
    t5: Decimal
    counted_rows: tuple[CountedRow, ...]
    in_window: int

    @property
    def counted(self) -> tuple[Counted, ...]:
        """The (at most five) counted tournaments, best first."""
        return tuple(map(_counted, self.counted_rows))

    def trace(self) -> Trace:
        """Why this rating: EU, each counted NRKTVT with its VT, T5 and Rating."""
        tr = Trace()
        tr.add("EU", self.level.eu, rule=RULE_RATING, note=f"level {self.level.label}")
        for i, c in enumerate(self.counted, 1):
            tr.add(
                f"NRKTVT_{i}",
                c.nrktvt,
                rule=RULE_VT,
                note=f"{c.tournament} ({c.date}): NR {c.nr} * KT {c.kt} * VT {c.vt}, "
                f"{c.age_months} whole months old",
            )
        missing = T5_COUNT - len(self.counted)
        note = "mean of the five best NRKTVT"
        if missing:
            note += f", {missing} missing counted as 0"
        tr.add("T5", self.t5, rule=RULE_T5, note=note)
        tr.add("Rating", self.rating, rule=RULE_RATING, note="0.25 * EU + 0.75 * T5")
        return tr

    def to_json(self) -> dict[str, object]:
        return {
            "position": self.position,
            "player": self.player,
            "rating": format(self.rating, "f"),
            "level": self.level.to_json(),
            "T5": format(self.t5, "f"),
            "counted": [c.to_json() for c in self.counted],
            "tournaments_in_window": self.in_window,
            "trace": self.trace().to_json(),
        }


@dataclass(frozen=True, slots=True)
class RatingList:
    """The list of one discipline on one date, best first."""

    discipline: Discipline
    on: date
    rows: tuple[ListRow, ...]

    def row(self, player: str) -> ListRow | None:
        for r in self.rows:
            if r.player == player:
                return r
        return None

    def top(self, n: int) -> tuple[ListRow, ...]:
        """The rows at positions 1..n (a shared position at the edge is kept whole)."""
        return tuple(r for r in self.rows if r.position <= n)

    def to_json(self) -> dict[str, object]:
        return {
            "discipline": self.discipline.value,
            "date": self.on.isoformat(),
            "rows": [r.to_json() for r in self.rows],
        }


def list_from_replay(rp: Replay) -> RatingList:
    """API (b): the list on ``rp.until`` from a replay (levels and results up to that date).

    Exact integers throughout: ``100 * sum NRKTVT = num / den``, ``Rating = a / b``; rows are
    ordered by the correctly rounded float of the rating, and by the exact rating only where
    floats are equal (``tests/engines/mahjong_rmf/test_fast.py`` compares every figure with the
    rulebook's Decimal arithmetic on generated lists).
    """
    on = rp.until
    tournaments = rp.tournaments
    # every result of the window (VT > 0), player by player, as a CountedRow (its first
    # three fields are the sort key: the best five are kept as they are)
    windows: dict[str, list[CountedRow]] = {}
    ages: dict[date, int] = {}
    for tid, (players, place2, ns, d, kt100) in rp.results.items():
        t = tournaments[tid]
        day, name = t.date, t.name
        if day not in ages:
            ages[day] = whole_months_between(day, on)
        age = ages[day]
        if age >= VT_ZERO_FROM:
            continue
        vt, neg_day = vt100(age), -day.toordinal()
        for p, q, n in zip(players, place2, ns, strict=True):
            # int / int is correctly rounded, so equal ratios give equal floats and distinct
            # ones (apart by at least 1 / (d1 * d2)) keep their order: the float key is exact.
            w = (-(n * vt / d), neg_day, tid, name, day, age, vt, q, d, kt100, n)
            if p in windows:
                windows[p].append(w)
            else:
                windows[p] = [w]
    scored: list[_Scored] = []
    states = rp.level_states
    for player, window in windows.items():
        # (-NRKTVT, -date, id) is unique (a player is ranked once a tournament), so the tuples
        # sort on those three and never compare the rest
        window.sort()
        best = window[:T5_COUNT] if len(window) > T5_COUNT else window
        # 100 * sum NRKTVT = num / den, summed over integers
        num, den = 0, 1
        for w in best:
            d = w[8]
            num = num * d + w[10] * w[6] * den
            den *= d
        state = states.get(player, START_STATE)
        # Rating = EU / 4 + (100 * sum NRKTVT) * 3 / 2000 = a / b
        a, b = LEVEL_VALUES[state[0]] * 500 * den + 3 * num, 2000 * den
        rows = tuple(best)
        scored.append((-(a / b), player, a, b, rows, num, len(window), state))
    # a / b is correctly rounded hence monotonic: (-float, player) orders all but equal floats,
    # which the exact rating orders (then the player); (-float, player) is unique, so the
    # tuples sort on those two and never compare the rest
    scored.sort()
    keys = list(map(itemgetter(0), scored))
    for x in dict.fromkeys(compress(keys, map(eq, keys, islice(keys, 1, None)))):
        i, j = bisect_left(keys, x), bisect_right(keys, x)
        scored[i:j] = sorted(scored[i:j], key=_exact_key)
    out: list[ListRow] = []
    # players on the same level since the same day share one Level (a few thousand levels)
    made: dict[LevelState, Level] = {}
    position, prev_a, prev_b = 0, -1, 1
    # .tournament.ratio without its call: the context divides the integers exactly as given
    divide = CONTEXT.divide
    prev_key = 1.0  # no -rating is positive
    for i, (key, player, a, b, rows, num, n, state) in enumerate(scored, 1):
        # distinct floats are distinct ratings; equal floats are compared exactly
        if key != prev_key or a * prev_b != prev_a * b:
            position, prev_key, prev_a, prev_b = i, key, a, b
        level = made.get(state)
        if level is None:
            level = made[state] = level_of(state)
        t5 = divide(num, b // 4)  # T5 = (100 * sum NRKTVT) / 500, b = 2000 * den
        out.append(ListRow(position, player, divide(a, b), level, t5, rows, n))
    return RatingList(rp.discipline, on, tuple(out))


_Scored = tuple[float, str, int, int, tuple[CountedRow, ...], int, int, LevelState]


def _exact_key(s: _Scored) -> tuple[Fraction, str]:
    return -Fraction(s[2], s[3]), s[1]


def rating_list(
    tournaments: Iterable[Tournament],
    *,
    discipline: Discipline,
    on: date,
    initial: Mapping[str, Level] | None = None,
    list_dates: Iterable[date] = (),
) -> RatingList:
    """API (b): replay the discipline's history up to ``on`` and return the list of that date."""
    rp = replay(
        tournaments, discipline=discipline, until=on, initial=initial, list_dates=list_dates
    )
    return list_from_replay(rp)
