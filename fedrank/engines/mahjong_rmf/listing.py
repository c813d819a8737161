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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from fedrank.engines.kernel import Trace, whole_months_between
from fedrank.engines.mahjong_rmf.history import Played, Replay, replay
from fedrank.engines.mahjong_rmf.levels import Level
from fedrank.engines.mahjong_rmf.tables import RULE_VT, VT_ZERO_FROM, vt100
from fedrank.engines.mahjong_rmf.tournament import (
    Discipline,
    Tournament,
    fraction_decimal,
    hundredths,
    ratio,
)

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


@dataclass(frozen=True, slots=True)
class ListRow:
    """A player's line of the list: shared ``position``, ``Rating``, ``T5`` and what counted."""

    position: int
    player: str
    rating: Decimal
    level: Level
    t5: Decimal
    counted: tuple[Counted, ...]
    in_window: int

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


def _counted(p: Played, age: int, vt: int) -> Counted:
    t = p.tournament
    return Counted(
        tournament=t.id,
        name=t.name,
        date=t.date,
        age_months=age,
        vt=hundredths(vt),
        nr=ratio(500 * (2 * (p.d + 1) - p.place2), p.d),
        kt=hundredths(p.kt100),
        nrkt=ratio(p.n, p.d),
        nrktvt=ratio(p.n * vt, 100 * p.d),
    )


def list_from_replay(rp: Replay) -> RatingList:
    """API (b): the list on ``rp.until`` from a replay (levels and results up to that date)."""
    on = rp.until
    scored: list[tuple[float, Fraction, str, Level, tuple[int, int], tuple[Counted, ...], int]] = []
    # age in whole months and VT of each tournament date, worked out once a date
    weights: dict[date, tuple[int, int]] = {}
    for t in rp.tournaments.values():
        if t.date not in weights:
            age = whole_months_between(t.date, on)
            weights[t.date] = (age, vt100(age) if age < VT_ZERO_FROM else 0)
    for player, results in rp.played.items():
        window: list[tuple[float, int, str, Played, int, int]] = []
        for p in reversed(results):  # newest first; stop at the first one out of the window
            age, vt = weights[p.tournament.date]
            if age >= VT_ZERO_FROM:
                break
            # int / int is correctly rounded, so equal ratios give equal floats and distinct
            # ones (apart by at least 1 / (d1 * d2)) keep their order: the float key is exact.
            window.append(
                (-(p.n * vt / p.d), -p.tournament.date.toordinal(), p.tournament.id, p, age, vt)
            )
        if not window:
            continue
        # (-NRKTVT, -date, id) is unique (a player is ranked once a tournament), so the tuples
        # sort on those three and never compare the rest
        window.sort()
        best = window[:T5_COUNT]
        # 100 * sum NRKTVT = num / den, summed over integers and reduced once (one Fraction a
        # player, not one per term: the same exact value)
        num, den = 0, 1
        for w in best:
            p = w[3]
            num = num * p.d + p.n * w[5] * den
            den *= p.d
        level = rp.level(player)
        # Rating = EU / 4 + (100 * sum NRKTVT) * 3 / 2000
        rating = Fraction(level.eu * 500 * den + 3 * num, 2000 * den)
        t5 = (num, 500 * den)  # T5 = (100 * sum NRKTVT) / 500, divided once when listed
        counted = tuple(_counted(w[3], w[4], w[5]) for w in best)
        scored.append((-float(rating), -rating, player, level, t5, counted, len(window)))
    # float(rating) is correctly rounded hence monotonic; the exact rating settles equal floats
    scored.sort(key=lambda s: (s[0], s[1], s[2]))
    rows: list[ListRow] = []
    prev: Fraction | None = None
    position = 0
    for i, (_, neg, player, level, t5, counted, n) in enumerate(scored, 1):
        if neg != prev:
            position, prev = i, neg
        rows.append(
            ListRow(position, player, fraction_decimal(-neg), level, ratio(*t5), counted, n)
        )
    return RatingList(rp.discipline, on, tuple(rows))


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
