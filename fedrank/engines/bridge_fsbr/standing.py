"""A player's standing on a list date: rank coefficient (2.2), rating R (8.1), what is next.

Seed 003 (003_14fd2cba3c135a99.txt): 1.2 (the rank coefficient is re-assigned on the first
of every month), 2.1-2.2 with notes 1, 2, 3 and 7 (norms, the unconfirmed one-year norm,
two thirds face to face, "the last year"), and 8.1 (the rating R with the best 10 results
of each year, at most 7 from events without championship status).

The history of a player is a :class:`PlayerHistory` (his ledger lines of MB, RO and PB, his
achievements, EBL points and WBF/EBL titles). :func:`rank_step` re-assigns the coefficient
for one month from the previous month's :class:`RankState`; :func:`replay_rank` walks the
months from the start of the history (only the months where a figure changes, because the
assignment is stable while nothing changes); :func:`standing` puts it all together.

Norms are counted in whole points: MB, RO and PB are whole numbers after the rounding of 7.4,
8.11 and 8.12, so the engine keeps them as ``int``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from itertools import pairwise
from typing import Any

from fedrank.engines.kernel import InputError, RuleError, Trace

from .tables import NORMS, RK_INDEX, RK_LEVELS, TITLES, Norm

MB, RO, PB = "MB", "RO", "PB"
_NO_TITLES: frozenset[str] = frozenset()
RK5_TEXT = "рк 5: знание правил и участие в спортивных соревнованиях"
STEP_DOWN_TEXT = "2.2 note 2: one-year norm not confirmed, one step down for life"
RATING_WEIGHTS = (Decimal(1), Decimal("0.75"), Decimal("0.5"), Decimal("0.25"))
BEST_RESULTS = 10
MAX_NON_CHAMPIONSHIP = 7


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """One stored award: ``kind`` MB, RO or PB, dated by the tournament's end (1.11)."""

    day: date
    kind: str
    amount: int
    face_to_face: bool = True
    championship: bool = False
    event: str = ""


@dataclass(frozen=True, slots=True)
class AchievementRecord:
    """An achievement of level 1-5 (2.1) fixed on ``day``."""

    day: date
    level: int
    event: str = ""


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    """Everything 2.2 and 8.1 read about one player.

    ``ebl_points``: (date, points) increments of EBL points; ``titles``: (date, title) of
    WBF/EBL norms met (``tables.TITLES``); ``initial_rk``: a lifetime coefficient kept from
    an earlier classification (2.2 note 1).
    """

    player: str
    lines: tuple[LedgerLine, ...] = ()
    achievements: tuple[AchievementRecord, ...] = ()
    ebl_points: tuple[tuple[date, int], ...] = ()
    titles: tuple[tuple[date, str], ...] = ()
    initial_rk: Decimal | None = None


@dataclass(frozen=True, slots=True)
class RankState:
    """The coefficient assigned on ``list_date`` and how: ``lifetime_rk`` is the floor that
    holds for life (lifetime norms, note 1, and steps down of note 2); ``temporary`` when the
    coefficient rests on a one-year norm only."""

    list_date: date
    rk: Decimal
    lifetime_rk: Decimal
    temporary: bool
    norm: str
    lifetime_norm: str
    stepped_down: bool = False


@dataclass(frozen=True, slots=True)
class Figures:
    """The figures the norms read on one list date (whole points)."""

    mb: int = 0
    mb_f2f: int = 0
    mb_year: int = 0
    mb_year_f2f: int = 0
    ro_year: int = 0
    pb: int = 0
    pb_year: int = 0
    achievement: int = 0
    achievement_year: int = 0
    ebl_points: int = 0
    titles: frozenset[str] = frozenset()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: getattr(self, k) for k in self.__slots__ if k != "titles"}
        out["titles"] = sorted(self.titles)
        return out


@dataclass(frozen=True, slots=True)
class NormNeed:
    """What is missing for one norm of the next coefficient (the smallest set)."""

    rk: Decimal
    norm: str
    lifetime: bool
    missing: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "rk": self.rk,
            "norm": self.norm,
            "lifetime": self.lifetime,
            "missing": dict(self.missing),
        }


@dataclass(frozen=True, slots=True)
class Rating:
    """8.1: ``R = R0 + 0.75 R1 + 0.5 R2 + 0.25 R3`` and the results counted in each Ri."""

    R: Decimal
    parts: tuple[int, int, int, int]
    counted: tuple[tuple[LedgerLine, ...], ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """A player on a list date: his coefficient, rating and what he needs next."""

    player: str
    list_date: date
    state: RankState
    figures: Figures
    rating: Rating
    next_needs: tuple[NormNeed, ...]
    trace: Trace = field(default_factory=Trace)

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


# --- dates --------------------------------------------------------------------------------


def month_start(day: date) -> date:
    return day.replace(day=1)


def add_months(day: date, months: int) -> date:
    """The first of the month ``months`` after (or before) ``day``'s month."""
    index = day.year * 12 + day.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


def last_year(list_date: date) -> tuple[date, date]:
    """2.2 note 7: the 12 months ending on the last day of the month before the list date,
    as a half-open range [start, end)."""
    end = list_date.replace(day=1)
    return end.replace(year=end.year - 1), end


# --- the ledger, prepared for many list dates --------------------------------------------


class PreparedHistory:
    """A player's history sorted with prefix sums, so any list date costs a few bisections."""

    __slots__ = (
        "_ach",
        "_changes",
        "_ebl",
        "_mb_days",
        "_mb_f2f",
        "_mb_sum",
        "_pb_days",
        "_pb_sum",
        "_ro_days",
        "_ro_lines",
        "_ro_sum",
        "_titles",
        "history",
    )

    def __init__(self, history: PlayerHistory):
        self.history = history
        mb = sorted((ln for ln in history.lines if ln.kind == MB), key=lambda ln: ln.day)
        ro = sorted((ln for ln in history.lines if ln.kind == RO), key=lambda ln: ln.day)
        pb = sorted((ln for ln in history.lines if ln.kind == PB), key=lambda ln: ln.day)
        for ln in history.lines:
            if ln.kind not in (MB, RO, PB):
                raise InputError(f"unknown ledger kind '{ln.kind}'", field="kind")
        self._mb_days = [ln.day for ln in mb]
        self._mb_sum = _prefix(ln.amount for ln in mb)
        self._mb_f2f = _prefix(ln.amount if ln.face_to_face else 0 for ln in mb)
        self._ro_days = [ln.day for ln in ro]
        self._ro_sum = _prefix(ln.amount for ln in ro)
        self._ro_lines = ro
        self._pb_days = [ln.day for ln in pb]
        self._pb_sum = _prefix(ln.amount for ln in pb)
        self._ach = sorted((a.day, a.level) for a in history.achievements)
        for _, level in self._ach:
            if not 1 <= level <= 5:
                raise InputError(f"achievement level {level} is not 1-5", field="level")
        self._ebl = sorted(history.ebl_points)
        self._titles = sorted(history.titles)
        for _, title in self._titles:
            if title not in TITLES:
                raise InputError(f"unknown title '{title}'", field="title")
        self._changes: list[date] | None = None

    def change_months(self, after: date, until: date) -> list[date]:
        """List dates in (after, until] on which some figure changes: the month after each
        dated item, and twelve months later when it leaves "the last year"."""
        if self._changes is None:
            months: set[date] = set()
            for day in {
                *self._mb_days,
                *self._ro_days,
                *self._pb_days,
                *(d for d, _ in self._ach),
                *(d for d, _ in self._ebl),
                *(d for d, _ in self._titles),
            }:
                first = add_months(day, 1)
                months.add(first)
                months.add(add_months(first, 12))
            self._changes = sorted(months)
        changes = self._changes
        return changes[bisect_right(changes, after) : bisect_right(changes, month_start(until))]

    def figures(self, list_date: date) -> Figures:
        """The figures counted for a list date: everything dated before its month's first."""
        start, end = last_year(list_date)
        i_end = bisect_left(self._mb_days, end)
        i_start = bisect_left(self._mb_days, start)
        r_end = bisect_left(self._ro_days, end)
        r_start = bisect_left(self._ro_days, start)
        p_end = bisect_left(self._pb_days, end)
        p_start = bisect_left(self._pb_days, start)
        ach = ach_year = 0
        for day, level in self._ach:
            if day >= end:
                break
            ach = max(ach, level)
            if day >= start:
                ach_year = max(ach_year, level)
        ebl = sum(points for day, points in self._ebl if day < end) if self._ebl else 0
        titles = (
            frozenset(t for day, t in self._titles if day < end) if self._titles else _NO_TITLES
        )
        mb_sum, mb_f2f = self._mb_sum, self._mb_f2f
        return Figures(
            mb_sum[i_end],
            mb_f2f[i_end],
            mb_sum[i_end] - mb_sum[i_start],
            mb_f2f[i_end] - mb_f2f[i_start],
            self._ro_sum[r_end] - self._ro_sum[r_start],
            self._pb_sum[p_end],
            self._pb_sum[p_end] - self._pb_sum[p_start],
            ach,
            ach_year,
            ebl,
            titles,
        )

    def ro_lines(self, start: date, end: date) -> Sequence[LedgerLine]:
        return self._ro_lines[bisect_left(self._ro_days, start) : bisect_left(self._ro_days, end)]


def _prefix(values: Iterable[int]) -> list[int]:
    out = [0]
    for v in values:
        out.append(out[-1] + v)
    return out


# --- norms --------------------------------------------------------------------------------


def _mb_ok(have: int, have_f2f: int, required: int) -> bool:
    """Note 3: at least two thirds of the required MB from face-to-face events."""
    return have >= required and 3 * have_f2f >= 2 * required


def norm_met(n: Norm, f: Figures) -> bool:
    """Whether the figures meet every requirement of one norm of 2.2.

    "Достижение уровня k" is met by an achievement of level k or higher (engine decision:
    a higher achievement contains the lower ones).
    """
    return (
        (not n.mb or _mb_ok(f.mb, f.mb_f2f, n.mb))
        and (not n.mb_year or _mb_ok(f.mb_year, f.mb_year_f2f, n.mb_year))
        and f.ro_year >= n.ro_year
        and f.pb >= n.pb
        and f.pb_year >= n.pb_year
        and f.achievement >= n.achievement
        and f.achievement_year >= n.achievement_year
        and f.ebl_points >= n.ebl_points
        and (not n.title or n.title in f.titles)
    )


def _family(n: Norm) -> tuple[object, ...]:
    """Norms differing only in the size of their numbers form a family (e.g. 10, 100, 300,
    1000, 2000, 3000 MB): within it a norm not met means no stronger one is met."""
    numbers = ("mb", "mb_year", "ro_year", "pb", "pb_year", "ebl_points")
    return (
        n.lifetime,
        tuple(bool(getattr(n, k)) for k in numbers),
        n.achievement,
        n.achievement_year,
        n.title,
    )


_NUMBERS = ("mb", "mb_year", "ro_year", "pb", "pb_year", "ebl_points")
_Compiled = tuple[int, int, int, int, int, int, int, int, int, Norm]
_Family = tuple[int, int, str, tuple[_Compiled, ...]]


def _families(lifetime: bool) -> tuple[_Family, ...]:
    """Families of norms as (achievement, achievement_year, title, compiled norms by index).

    A compiled norm is (index, MB, 2 MB, MB in the year, 2 MB in the year, RO in the year,
    PB, PB in the year, EBL points, the norm): the doubled MB are compared with three times
    the face-to-face MB (note 3) in whole numbers.
    """
    groups: dict[tuple[object, ...], list[Norm]] = {}
    for n in NORMS:
        if n.lifetime == lifetime:
            groups.setdefault(_family(n), []).append(n)
    out = []
    for group in groups.values():
        group.sort(key=lambda n: n.index)
        for weaker, stronger in pairwise(group):
            assert all(getattr(weaker, k) <= getattr(stronger, k) for k in _NUMBERS)
        head = group[0]
        compiled = tuple(
            (
                n.index,
                n.mb,
                2 * n.mb,
                n.mb_year,
                2 * n.mb_year,
                n.ro_year,
                n.pb,
                n.pb_year,
                n.ebl_points,
                n,
            )
            for n in group
        )
        out.append((head.achievement, head.achievement_year, head.title, compiled))
    return tuple(out)


_LIFETIME_FAMILIES = _families(True)
_ONE_YEAR_FAMILIES = _families(False)


def best_norm(f: Figures, lifetime: bool) -> Norm | None:
    """The strongest norm met among the lifetime (or the one-year) norms.

    Each family is scanned from its weakest norm and stops at the first one not met (the
    same test as :func:`norm_met`, unrolled); a family whose achievement or title the player
    lacks is skipped at once.
    """
    mb, mb_f2f3, mb_year, mb_year_f2f3 = f.mb, 3 * f.mb_f2f, f.mb_year, 3 * f.mb_year_f2f
    ro_year, pb, pb_year, ebl = f.ro_year, f.pb, f.pb_year, f.ebl_points
    best: Norm | None = None
    best_index = -1
    for ach, ach_year, title, family in _LIFETIME_FAMILIES if lifetime else _ONE_YEAR_FAMILIES:
        if (
            ach > f.achievement
            or ach_year > f.achievement_year
            or (title and title not in f.titles)
        ):
            continue
        for index, n_mb, n_mb2, n_mby, n_mby2, n_ro, n_pb, n_pby, n_ebl, norm in family:
            if (
                mb < n_mb
                or mb_f2f3 < n_mb2
                or mb_year < n_mby
                or mb_year_f2f3 < n_mby2
                or ro_year < n_ro
                or pb < n_pb
                or pb_year < n_pby
                or ebl < n_ebl
            ):
                break
            if index > best_index:
                best, best_index = norm, index
    return best


def rank_step(
    list_date: date, f: Figures, previous: RankState | None, initial_rk: Decimal | None = None
) -> RankState:
    """1.2 and 2.2: the coefficient of one month from the figures and the previous month.

    The floor for life is the best of the lifetime norms met, the kept coefficient of note 1
    and earlier steps down. A one-year norm may lift the player above it. 2.2 note 2: if the
    previous coefficient rested on a one-year norm and the norms no longer give it, the player
    gets the coefficient one step below it (one place in the list of 2.2), and that one is his
    for life.
    """
    return _rank_step(list_date, f, previous, initial_rk, best_norm(f, False))


def _rank_step(
    list_date: date,
    f: Figures,
    previous: RankState | None,
    initial_rk: Decimal | None,
    one_year: Norm | None,
) -> RankState:
    lifetime = best_norm(f, True)
    floor, why = (lifetime.index, lifetime.text) if lifetime else (0, RK5_TEXT)
    if initial_rk is not None and _rk_index(initial_rk) > floor:
        floor, why = _rk_index(initial_rk), "2.2 note 1: kept from the earlier classification"
    if previous is not None and RK_INDEX[previous.lifetime_rk] > floor:
        floor, why = RK_INDEX[previous.lifetime_rk], previous.lifetime_norm
    temp = one_year.index if one_year else -1
    stepped = False
    if previous is not None and previous.temporary:
        held = RK_INDEX[previous.rk]
        if max(floor, temp) < held and held - 1 > floor:
            floor, why, stepped = held - 1, STEP_DOWN_TEXT, True
    if one_year is not None and temp > floor:
        return RankState(
            list_date, RK_LEVELS[temp], RK_LEVELS[floor], True, one_year.text, why, stepped
        )
    return RankState(list_date, RK_LEVELS[floor], RK_LEVELS[floor], False, why, why, stepped)


def _rk_index(rk: Decimal) -> int:
    if rk not in RK_INDEX:
        raise RuleError(f"rk {rk} is not a coefficient of 2.2", rule="seed 003 2.2")
    return RK_INDEX[rk]


def replay_rank(
    prepared: PreparedHistory, list_date: date, previous: RankState | None = None
) -> RankState:
    """The coefficient on ``list_date`` by re-assigning it month after month (1.2).

    From ``previous`` (the last stored assignment) when given, else from the start of the
    history. Only months where a figure changes are evaluated, plus the list date itself:
    with unchanged figures the assignment of the month before is confirmed unchanged.
    """
    target = month_start(list_date)
    state = previous
    initial = prepared.history.initial_rk
    after = previous.list_date if previous is not None else date.min
    known_floor = RK_INDEX[previous.lifetime_rk] if previous is not None else -1
    if previous is not None and previous.list_date > target:
        raise RuleError("the previous state is after the list date", rule="seed 003 1.2")
    for month in prepared.change_months(after, target):
        if month == target:
            continue
        f = prepared.figures(month)
        one_year = best_norm(f, False)
        if (state is None or not state.temporary) and (
            one_year is None or one_year.index <= known_floor
        ):
            # Nothing temporary is held, and no one-year norm lifts the player above the
            # lifetime floor: this month's coefficient is that floor, which only grows, so
            # the next evaluation recovers it exactly.
            continue
        state = _rank_step(month, f, state, initial, one_year)
        known_floor = RK_INDEX[state.lifetime_rk]
    if state is None or state.list_date != target:
        state = rank_step(target, prepared.figures(target), state, initial)
    return state


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
    parts: list[int] = []
    counted: list[tuple[LedgerLine, ...]] = []
    for i in range(4):
        chosen = best_results(
            prepared.ro_lines(add_months(end, -12 * (i + 1)), add_months(end, -12 * i))
        )
        counted.append(chosen)
        parts.append(sum(ln.amount for ln in chosen))
    R = sum((w * p for w, p in zip(RATING_WEIGHTS, parts, strict=True)), Decimal(0))
    return Rating(R, (parts[0], parts[1], parts[2], parts[3]), tuple(counted))


# --- what is still needed ----------------------------------------------------------------


def _ceil_two_thirds(x: int) -> int:
    return -(-2 * x // 3)


def missing_for(n: Norm, f: Figures) -> dict[str, int]:
    """The smallest set of points and achievements still missing for one norm.

    MB earned from now on count both in the total and in the last year, so the MB needed is
    the larger shortfall; ``MB_face_to_face`` is how many of them must come from
    face-to-face events (note 3).
    """
    out: dict[str, int] = {}
    mb_need = f2f_need = 0
    if n.mb:
        mb_need = max(mb_need, n.mb - f.mb)
        f2f_need = max(f2f_need, _ceil_two_thirds(n.mb) - f.mb_f2f)
    if n.mb_year:
        mb_need = max(mb_need, n.mb_year - f.mb_year)
        f2f_need = max(f2f_need, _ceil_two_thirds(n.mb_year) - f.mb_year_f2f)
    mb_need = max(mb_need, f2f_need)
    if mb_need > 0:
        out["MB"] = mb_need
    if f2f_need > 0:
        out["MB_face_to_face"] = f2f_need
    if n.ro_year > f.ro_year:
        out["RO_last_year"] = n.ro_year - f.ro_year
    pb_need = max(n.pb - f.pb, n.pb_year - f.pb_year)
    if pb_need > 0:
        out["PB"] = pb_need
    if n.achievement > f.achievement:
        out["achievement_level"] = n.achievement
    if n.achievement_year > f.achievement_year:
        out["achievement_level_in_a_year"] = n.achievement_year
    if n.ebl_points > f.ebl_points:
        out["EBL_points"] = n.ebl_points - f.ebl_points
    if n.title and n.title not in f.titles:
        out["title:" + n.title] = 1
    return out


def next_needs(state: RankState, f: Figures) -> tuple[NormNeed, ...]:
    """For each norm of the next coefficient up, what is missing (nothing for rk -5)."""
    idx = RK_INDEX[state.rk]
    if idx + 1 >= len(RK_LEVELS):
        return ()
    target = RK_LEVELS[idx + 1]
    return tuple(
        NormNeed(n.rk, n.text, n.lifetime, missing_for(n, f)) for n in NORMS if n.rk == target
    )


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
    trace = Trace()
    start, end = last_year(list_date)
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
    return Standing(
        prepared.history.player, month_start(list_date), state, f, r, next_needs(state, f), trace
    )


def monthly_standings(
    histories: Iterable[PlayerHistory | PreparedHistory],
    list_date: date,
    previous: Mapping[str, RankState] | None = None,
) -> list[Standing]:
    """The standing of every player on one list date (the monthly list of 1.2)."""
    prev = previous or {}
    out = []
    for h in histories:
        player = h.history.player if isinstance(h, PreparedHistory) else h.player
        out.append(standing(h, list_date, prev.get(player)))
    return out
