"""A player's standing on a list date: rank coefficient (2.2), rating R (8.1), what is next.

Seed 003 (003_14fd2cba3c135a99.txt): 1.2 (the rank coefficient is re-assigned on the first
of every month), 2.1-2.2 with notes 1, 2, 3 and 7, and 8.1 (the rating R with the best 10
results of each year, at most 7 from events without championship status). The history of a
player is a :class:`PlayerHistory` (:mod:`.history`), the coefficient comes from
:mod:`.rank`; this module adds the rating and puts the standing together. The names of
those two modules are importable from here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from fedrank.engines.kernel import Trace

from .history import (
    AchievementRecord,
    BroughtRk,
    Figures,
    LedgerLine,
    PlayerHistory,
    PreparedHistory,
    add_months,
    last_year,
    month_start,
)
from .monthly import (
    BEST_RESULTS,
    MAX_NON_CHAMPIONSHIP,
    RATING_WEIGHTS,
    WEIGHTS_100,
    ListMonth,
    RatingColumns,
    month_state,
    rating_columns,
)
from .rank import (
    RK5_TEXT,
    STEP_DOWN_TEXT,
    NormNeed,
    RankState,
    best_norm,
    missing_for,
    next_needs,
    norm_met,
    rank_step,
    replay_rank,
)

__all__ = [
    "BEST_RESULTS",
    "MAX_NON_CHAMPIONSHIP",
    "RATING_WEIGHTS",
    "RK5_TEXT",
    "STEP_DOWN_TEXT",
    "AchievementRecord",
    "BroughtRk",
    "Figures",
    "LedgerLine",
    "NormNeed",
    "PlayerHistory",
    "PreparedHistory",
    "RankState",
    "Rating",
    "Standing",
    "add_months",
    "best_norm",
    "best_results",
    "last_year",
    "missing_for",
    "month_start",
    "monthly_standings",
    "next_needs",
    "norm_met",
    "rank_step",
    "rating",
    "replay_rank",
    "standing",
]


@dataclass(frozen=True, slots=True)
class Rating:
    """8.1: ``R = R0 + 0.75 R1 + 0.5 R2 + 0.25 R3`` and the results counted in each Ri."""

    R: Decimal
    parts: tuple[int, int, int, int]
    counted: tuple[tuple[LedgerLine, ...], ...]


#: :class:`Standing`'s fields in the order its two constructors give them.
_FIELDS = (
    "player",
    "list_date",
    "state",
    "figures",
    "_rating",
    "_needs",
    "_columns",
    "_ro_lines",
)


class Standing:
    """A player on a list date: his coefficient, rating and what he needs next.

    A monthly list's standings (:func:`monthly_standings`) keep the rating as plain numbers
    (R, its parts and the positions of the results counted) and what is missing not at all:
    :attr:`rating` and :attr:`next_needs` are made when first asked, from those numbers and
    from the figures and the coefficient. Read-only, compared by what it says, as the
    dataclass it was.
    """

    __slots__ = (
        "_columns",
        "_needs",
        "_rating",
        "_ro_lines",
        "figures",
        "list_date",
        "player",
        "state",
    )
    player: str
    list_date: date
    state: RankState
    figures: Figures
    """The figures the norms read on the list date (2.2)."""
    _columns: RatingColumns | None
    _rating: Rating | None
    _needs: tuple[NormNeed, ...] | None
    _ro_lines: Sequence[LedgerLine]

    def __init__(
        self,
        player: str,
        list_date: date,
        state: RankState,
        figures: Figures,
        rating: Rating,
        next_needs: tuple[NormNeed, ...],
    ):
        self._fill(player, list_date, state, figures, rating, next_needs, None, ())

    @classmethod
    def of_columns(
        cls,
        player: str,
        list_date: date,
        state: RankState,
        figures: Figures,
        columns: RatingColumns,
        ro_lines: Sequence[LedgerLine],
    ) -> Standing:
        """A standing whose rating is kept as plain numbers (R, its parts and the positions
        of the results counted in ``ro_lines``) and whose needs are found when asked."""
        self = cls.__new__(cls)
        self._fill(player, list_date, state, figures, None, None, columns, ro_lines)
        return self

    def _fill(self, *values: object) -> None:
        """Set every field, in :data:`_FIELDS` order (the class is frozen)."""
        for name, value in zip(_FIELDS, values, strict=True):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field '{name}' of a Standing")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field '{name}' of a Standing")

    def _fields(self) -> tuple[object, ...]:
        return (
            self.player,
            self.list_date,
            self.state,
            self.figures,
            self.rating,
            self.next_needs,
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Standing)
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        names = ("player", "list_date", "state", "figures", "rating", "next_needs")
        inner = ", ".join(f"{n}={v!r}" for n, v in zip(names, self._fields(), strict=True))
        return f"Standing({inner})"

    @property
    def rating(self) -> Rating:
        """The rating R of 8.1 with its parts and the results counted."""
        r = self._rating
        if r is None:
            assert self._columns is not None
            R, parts, counted_at = self._columns
            line = self._ro_lines.__getitem__
            counted = tuple([tuple(map(line, at)) for at in counted_at])
            r = Rating(R, parts, counted)
            object.__setattr__(self, "_rating", r)
        return r

    @property
    def next_needs(self) -> tuple[NormNeed, ...]:
        """For each norm of the next coefficient up, what is still missing."""
        needs = self._needs
        if needs is None:
            needs = next_needs(self.state, self.figures)
            object.__setattr__(self, "_needs", needs)
        return needs

    @property
    def trace(self) -> Trace:
        """Why: the figures of 2.2, the coefficient and the rating's parts. Built when asked
        (``/why``, the site, :meth:`to_json``), not for each of a monthly list's players."""
        f, state, r = self.figures, self.state, self.rating
        trace = Trace()
        start, end = last_year(self.list_date)
        trace.add("last_year", f"{start.isoformat()}..{end.isoformat()}", rule="2.2 note 7")
        trace.add("MB", f.mb, rule="2.2", note=f"face to face {f.mb_f2f}")
        trace.add("MB_last_year", f.mb_year, rule="2.2", note=f"face to face {f.mb_year_f2f}")
        trace.add("RO_last_year", f.ro_year, rule="2.2")
        trace.add("PB", f.pb, rule="2.2", note=f"last year {f.pb_year}")
        trace.add("achievement", f.achievement, rule="2.1", note=f"last year {f.achievement_year}")
        trace.add("rk", state.rk, rule="2.2", note=state.norm)
        trace.add("lifetime_rk", state.lifetime_rk, rule="2.2 notes 1-2")
        for i, part in enumerate(r.parts):
            trace.add(f"R{i}", part, rule="8.1", note=f"{len(r.counted[i])} results")
        trace.add("R", r.R, rule="8.1")
        return trace

    @property
    def rk(self) -> Decimal:
        return self.state.rk

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "list_date": self.list_date,
            "rk": self.state.rk,
            "lifetime_rk": self.state.lifetime_rk,
            "temporary": self.state.temporary,
            "norm": self.state.norm,
            "R": self.rating.R,
            "R_parts": list(self.rating.parts),
            "figures": self.figures.to_json(),
            "next": [n.to_json() for n in self.next_needs],
            "trace": self.trace.to_json(),
        }


# --- rating (8.1) ------------------------------------------------------------------------


def best_results(lines: Iterable[LedgerLine]) -> tuple[LedgerLine, ...]:
    """8.1: the 10 best RO results of a period, at most 7 without championship status.

    Greedy by amount is optimal: the constraint (10 in all, 7 of one kind) is a matroid.
    Equal amounts keep championship results first, then earlier dates.
    """
    ordered = sorted(lines, key=lambda ln: (-ln.amount, not ln.championship, ln.day, ln.event))
    taken: list[LedgerLine] = []
    other = 0
    for ln in ordered:
        if len(taken) == BEST_RESULTS:
            break
        if not ln.championship:
            if other == MAX_NON_CHAMPIONSHIP:
                continue
            other += 1
        taken.append(ln)
    return tuple(taken)


def rating(prepared: PreparedHistory, list_date: date) -> Rating:
    """8.1: ``R = R0 + 0.75 R1 + 0.5 R2 + 0.25 R3``; period i is the i-th twelve months back
    from the first of the list's month."""
    end = month_start(list_date)
    bounds = [end, *(add_months(end, -12 * i) for i in range(1, 5))]
    counted = tuple(best_results(prepared.ro_lines(bounds[i + 1], bounds[i])) for i in range(4))
    parts = [sum(ln.amount for ln in chosen) for chosen in counted]
    # sum(w * p) over RATING_WEIGHTS in integer hundredths: the same Decimal, two places
    R = Decimal(sum(w * p for w, p in zip(WEIGHTS_100, parts, strict=True))).scaleb(-2)
    return Rating(R, (parts[0], parts[1], parts[2], parts[3]), tuple(counted))


# --- the standing -------------------------------------------------------------------------


def standing(
    history: PlayerHistory | PreparedHistory,
    list_date: date,
    previous: RankState | None = None,
) -> Standing:
    """The player's standing on a list date: coefficient, rating R and what he needs next."""
    prepared = history if isinstance(history, PreparedHistory) else PreparedHistory(history)
    state = replay_rank(prepared, list_date, previous)
    f = prepared.figures(list_date)
    r = rating(prepared, list_date)
    return Standing(
        prepared.history.player, month_start(list_date), state, f, r, next_needs(state, f)
    )


def monthly_standings(
    histories: Iterable[PlayerHistory | PreparedHistory],
    list_date: date,
    previous: Mapping[str, RankState] | None = None,
) -> list[Standing]:
    """The standing of every player on one list date (the monthly list of 1.2).

    The same standings as :func:`standing` for each (tested), by :mod:`.monthly`: the list
    date's bounds computed once, last month's state carried one month on directly.
    """
    prev = previous or {}
    month = ListMonth(list_date)
    target = month.target
    of_columns = Standing.of_columns
    out = []
    for h in histories:
        prepared = h if isinstance(h, PreparedHistory) else PreparedHistory(h)
        player = prepared.history.player
        state, f = month_state(prepared, month, prev.get(player))
        rated = rating_columns(prepared, month)
        out.append(of_columns(player, target, state, f, rated, prepared._ro_lines))
    return out
