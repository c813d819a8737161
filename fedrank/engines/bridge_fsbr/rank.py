"""The rank coefficient of 2.2 assigned month after month (seed 003 1.2, 2.2 notes 1-3).

:func:`rank_step` re-assigns the coefficient for one month from the previous month's
:class:`RankState`; :func:`replay_rank` walks the months from the start of the history (only
the months where a figure changes, because the assignment is stable while nothing changes);
:func:`next_needs` says, for each norm of the next coefficient, what is still missing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from itertools import pairwise
from typing import Any

from fedrank.engines.kernel import RuleError

from .history import BroughtRk, Figures, PlayerHistory, PreparedHistory, add_months, month_start
from .tables import NORMS, RK_INDEX, RK_LEVELS, Norm

RK5_TEXT = "рк 5: знание правил и участие в спортивных соревнованиях"
STEP_DOWN_TEXT = "2.2 note 2: one-year norm not confirmed, one step down for life"


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


def _open_to(families: tuple[_Family, ...]) -> dict[tuple[int, int], tuple[_Family, ...]]:
    """For each (achievement, achievement in the year) of a player without titles, the
    families he may meet, in the same order (the first of equal coefficients is kept)."""
    return {
        (ach, ach_year): tuple(
            fam for fam in families if not fam[2] and fam[0] <= ach and fam[1] <= ach_year
        )
        for ach in range(6)
        for ach_year in range(6)
    }


_LIFETIME_OPEN = _open_to(_LIFETIME_FAMILIES)
_ONE_YEAR_OPEN = _open_to(_ONE_YEAR_FAMILIES)


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
    families = None
    if not f.titles:
        # the families open to the player's achievements, looked up, not tested one by one
        families = (_LIFETIME_OPEN if lifetime else _ONE_YEAR_OPEN).get(
            (f.achievement, f.achievement_year)
        )
    if families is None:
        families = _LIFETIME_FAMILIES if lifetime else _ONE_YEAR_FAMILIES
    for ach, ach_year, title, family in families:
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
    history = prepared.history
    state = previous
    if previous is not None and previous.list_date > target:
        raise RuleError("the previous state is after the list date", rule="seed 003 1.2")
    if state is None and history.rk_history:
        state = _brought_state(history, target)
    after = state.list_date if state is not None else date.min
    known_floor = RK_INDEX[state.lifetime_rk] if state is not None else -1
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
        state = _step(month, f, state, history, one_year)
        known_floor = RK_INDEX[state.lifetime_rk]
    if state is None or state.list_date != target:
        f = prepared.figures(target)
        state = _step(target, f, state, history, best_norm(f, False))
    return state


# --- coefficients brought from the earlier classification ---------------------------------

KEPT_TEXT = "2.2 note 1: kept from the earlier classification"


def _kept_floor(history: PlayerHistory, month: date) -> Decimal | None:
    """The best lifetime coefficient the earlier classification gave by ``month``:
    ``initial_rk`` and the lifetime lines of ``rk_history`` dated in or before it."""
    kept = [b.rk for b in history.rk_history if b.lifetime and month_start(b.day) <= month]
    if history.initial_rk is not None:
        kept.append(history.initial_rk)
    return max(kept, key=_rk_index) if kept else None


def _held_one_year(history: PlayerHistory, month: date) -> BroughtRk | None:
    """The earlier classification's last assignment by ``month`` when it rests on a one-year
    norm and its year is not over: fedrank does not know the results it was met with, so it
    stands for that year; after it, the norms of fedrank's ledger (with the points brought
    in) confirm it, or 2.2 note 2 steps it down."""
    last = None
    for brought in history.rk_history:
        if month_start(brought.day) <= month:
            last = brought
    if last is None or last.lifetime or month >= add_months(month_start(last.day), 12):
        return None
    return last


def _brought_state(history: PlayerHistory, target: date) -> RankState | None:
    """The earlier classification's last assignment in or before ``target``'s month, as the
    assignment of its month: where fedrank's monthly re-assignment (1.2) goes on from."""
    lines = [b for b in history.rk_history if month_start(b.day) <= target]
    if not lines:
        return None
    last = lines[-1]
    month = month_start(last.day)
    floor = _kept_floor(history, month)
    floor_rk = floor if floor is not None else RK_LEVELS[0]
    on = f"{KEPT_TEXT}, {last.day.isoformat()}"
    if last.lifetime or _rk_index(last.rk) <= _rk_index(floor_rk):
        best = max(last.rk, floor_rk, key=_rk_index)
        return RankState(month, best, best, False, f"{on}, lifetime", f"{on}, lifetime")
    return RankState(month, last.rk, floor_rk, True, f"{on}, one-year", KEPT_TEXT)


def _step(
    month: date,
    f: Figures,
    previous: RankState | None,
    history: PlayerHistory,
    one_year: Norm | None,
) -> RankState:
    """:func:`_rank_step` with what the earlier classification gave: its lifetime lines as
    the floor of note 1, and a one-year coefficient it assigned held for its year."""
    held = _held_one_year(history, month)
    if held is not None and previous is not None and previous.rk == held.rk:
        previous = RankState(
            previous.list_date,
            previous.rk,
            previous.lifetime_rk,
            False,  # within its year: nothing to step down from yet (note 2)
            previous.norm,
            previous.lifetime_norm,
        )
    state = _rank_step(month, f, previous, _kept_floor(history, month), one_year)
    if held is not None and _rk_index(held.rk) > RK_INDEX[state.rk]:
        note = f"{KEPT_TEXT}, {held.day.isoformat()}, one-year, for its year"
        return RankState(month, held.rk, state.lifetime_rk, True, note, state.lifetime_norm)
    return state


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


#: The norms of each coefficient, in the table's order.
_NORMS_OF: dict[Decimal, tuple[Norm, ...]] = {
    rk: tuple(n for n in NORMS if n.rk == rk) for rk in RK_LEVELS
}


def next_needs(state: RankState, f: Figures) -> tuple[NormNeed, ...]:
    """For each norm of the next coefficient up, what is missing (nothing for rk -5)."""
    idx = RK_INDEX[state.rk]
    if idx + 1 >= len(RK_LEVELS):
        return ()
    target = RK_LEVELS[idx + 1]
    return tuple(NormNeed(n.rk, n.text, n.lifetime, missing_for(n, f)) for n in _NORMS_OF[target])
