"""The monthly list's fast path: one list date's bounds computed once for every player.

Seed 003 (003_14fd2cba3c135a99.txt) 1.2 (the coefficient re-assigned on the first of every
month from the month before), 2.2 note 7 (the last year) and 8.1 (the rating R of four
twelve-month periods). :func:`~.standing.monthly_standings` asks these for each player: the
same figures, coefficient and rating as :func:`~.standing.standing` (tested against it in
``tests/engines/bridge_fsbr/test_fast.py``), without the per-player date arithmetic, the
month cache of :class:`PreparedHistory` or the full replay when last month's state is known.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from .history import (
    Figures,
    LedgerLine,
    PreparedHistory,
    add_months,
    last_year,
    month_start,
)
from .rank import RankState, _rank_step, _step, best_norm, replay_rank

#: 8.1: the best results counted in a period, and at most this many without championship status.
BEST_RESULTS = 10
MAX_NON_CHAMPIONSHIP = 7
#: 8.1: R = R0 + 0.75 R1 + 0.5 R2 + 0.25 R3.
RATING_WEIGHTS = (Decimal(1), Decimal("0.75"), Decimal("0.5"), Decimal("0.25"))
#: The weights in hundredths (R summed in integer hundredths: the same Decimal, two places).
WEIGHTS_100 = tuple(int(w * 100) for w in RATING_WEIGHTS)
_W0, _W1, _W2, _W3 = WEIGHTS_100


class ListMonth:
    """The dates one list date reads: its month, the month before, the last year (2.2 note
    7) and the five bounds of the rating's periods (8.1), computed once for a whole list."""

    __slots__ = ("bounds", "previous", "target", "year_start")

    def __init__(self, list_date: date):
        self.target = month_start(list_date)
        self.previous = add_months(self.target, -1)
        self.year_start = last_year(self.target)[0]
        self.bounds = (self.target, *(add_months(self.target, -12 * i) for i in range(1, 5)))


def best_at(lines: Sequence[LedgerLine], lo: int, hi: int) -> tuple[int, ...]:
    """8.1: the positions in ``lines[lo:hi]`` of the 10 best RO results, at most 7 without
    championship status, in the order of :func:`~.standing.best_results` (the same greedy).
    With 7 lines or fewer neither limit binds: all of them count, only ordered."""
    if hi - lo <= 1:
        return tuple(range(lo, hi))

    def order(i: int) -> tuple[int, bool, date, str]:
        ln = lines[i]
        return (-ln.amount, not ln.championship, ln.day, ln.event)

    ordered = sorted(range(lo, hi), key=order)
    if hi - lo <= MAX_NON_CHAMPIONSHIP:
        return tuple(ordered)
    taken: list[int] = []
    other = 0
    for i in ordered:
        if len(taken) == BEST_RESULTS:
            break
        if not lines[i].championship:
            if other == MAX_NON_CHAMPIONSHIP:
                continue
            other += 1
        taken.append(i)
    return tuple(taken)


#: R, its parts R0-R3 and the positions of the results counted in each, in the RO lines.
RatingColumns = tuple[Decimal, tuple[int, int, int, int], tuple[tuple[int, ...], ...]]

_NONE_COUNTED: tuple[tuple[int, ...], ...] = ((), (), (), ())


def rating_columns(prepared: PreparedHistory, month: ListMonth) -> RatingColumns:
    """8.1 for one player: R (summed in hundredths), the parts and the results counted, as
    plain numbers; :class:`~.standing.Rating` is made from them when asked."""
    days = prepared._ro_days
    b0, b1, b2, b3, b4 = month.bounds
    if not days or days[-1] < b4 or days[0] >= b0:
        return Decimal(0).scaleb(-2), (0, 0, 0, 0), _NONE_COUNTED
    lines = prepared._ro_lines
    i0 = bisect_left(days, b0)
    i1 = bisect_left(days, b1, 0, i0)
    i2 = bisect_left(days, b2, 0, i1)
    i3 = bisect_left(days, b3, 0, i2)
    i4 = bisect_left(days, b4, 0, i3)
    c0 = best_at(lines, i1, i0)
    c1 = best_at(lines, i2, i1)
    c2 = best_at(lines, i3, i2)
    c3 = best_at(lines, i4, i3)
    p0 = sum(lines[i].amount for i in c0) if c0 else 0
    p1 = sum(lines[i].amount for i in c1) if c1 else 0
    p2 = sum(lines[i].amount for i in c2) if c2 else 0
    p3 = sum(lines[i].amount for i in c3) if c3 else 0
    R = Decimal(_W0 * p0 + _W1 * p1 + _W2 * p2 + _W3 * p3).scaleb(-2)
    return R, (p0, p1, p2, p3), (c0, c1, c2, c3)


def month_state(
    prepared: PreparedHistory, month: ListMonth, previous: RankState | None
) -> tuple[RankState, Figures]:
    """The coefficient of the list's month and the figures it was assigned from.

    When ``previous`` is last month's assignment, no figure changes between it and the list
    date except on the list date itself, so :func:`replay_rank` would evaluate that month
    only: it is done here directly. Any other case is the full :func:`replay_rank`.
    """
    if previous is None or previous.list_date != month.previous:
        state = replay_rank(prepared, month.target, previous)
        return state, prepared.figures(month.target)
    f = Figures(
        *prepared.numbers_in(month.year_start, month.target),
        prepared.titles_before(month.target),
    )
    history = prepared.history
    one_year = best_norm(f, False)
    if history.rk_history or history.initial_rk is not None:
        return _step(month.target, f, previous, history, one_year), f
    return _rank_step(month.target, f, previous, None, one_year), f
