"""The largest unit total of a formula event at a factor k240, for its search (seed 001 §2.9.7).

The search tries some eleven factors; at each only V (and the win figure W) moves. A
:class:`TopPlan` is made once per event by running the place (§2.1, §2.3) and stage (§2.2)
procedures with :attr:`.EventState.plans` recording each ranked field instead of paying it
(the same checks, warnings and M on the way), and the units paid for rounds won (§2.4);
:meth:`TopPlan.top` then pays every field at the scaled V in integers (:mod:`.cents`) and
adds each unit's components as :func:`.event._main_components` does: the best of a graded
unit's fields (§2.3), its stages, its win masterpoints, or the higher of place and win
(§2.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from fedrank.engines.bridge_ccba.cents import Cents, FieldPlan, cents
from fedrank.engines.bridge_ccba.field import EventState
from fedrank.engines.bridge_ccba.place import place_awards
from fedrank.engines.bridge_ccba.procedures import scaled_value, win_per_round, win_total
from fedrank.engines.bridge_ccba.stage import stage_awards
from fedrank.engines.bridge_ccba.tables import DRAW_SHARE
from fedrank.engines.bridge_ccba.win import by_win_table, win_players

_ONE = Decimal(1)


@dataclass(frozen=True, slots=True)
class TopPlan:
    """A formula event's fields and win rounds, less k240. ``groups`` pays the place
    masterpoints first, then each awarding stage; a unit keeps the best of a group's fields.
    Totals are counted in units of 10^-``places`` (two decimals, more if a table's W has)."""

    m: Decimal
    l: Decimal
    e: Decimal
    boards: int
    higher_of: bool
    groups: list[list[FieldPlan]]
    rounds: list[tuple[str, int, int]]  # (unit, wins, draws), W from M L E B at k
    fixed_wins: dict[str, int]  # W from the event's table, already counted
    places: int

    @classmethod
    def build(cls, state: EventState) -> TopPlan:
        ev = state.event
        assert ev.format == "formula", "the other formats' search asks :func:`_main_top`"
        state.plans = []
        try:
            place_awards(state, _ONE, traced=False)
            place_count = len(state.plans)
            stage_awards(state, _ONE, traced=False)
            recorded = state.plans
        finally:
            state.plans = None
        groups: list[list[FieldPlan]] = []
        for index, (group, plan) in enumerate(recorded):
            fresh = index == place_count or not groups or group != recorded[index - 1][0]
            if fresh:
                groups.append([])
            groups[-1].append(plan)
        if place_count == 0:
            groups.insert(0, [])  # a field below the minimum pays no place masterpoints
        players = win_players(state)
        higher_of = ev.colour == "platinum"
        fixed: dict[str, Decimal] = {}
        rounds: list[tuple[str, int, int]] = []
        if players and by_win_table(ev):
            assert ev.table_win is not None
            win, draw = ev.table_win, ev.table_win * DRAW_SHARE
            fixed = {u.entry_id: win_total(u.wins, u.draws, win, draw) for u in players}
        else:
            rounds = [(u.entry_id, u.wins, u.draws) for u in players]
        places = max([2, *(_decimals(a) for a in fixed.values())])
        scale = 10**places
        fixed_wins = {u: int(a * scale) for u, a in fixed.items()}
        return cls(
            state.m_all,
            state.l,
            state.e,
            ev.win_boards or 0,
            higher_of,
            groups,
            rounds,
            fixed_wins,
            places,
        )

    def top(self, k: Decimal) -> Decimal:
        """The largest unit total at ``k``: what :func:`.event._main_top` gives."""
        per_cent = 10 ** (self.places - 2)
        paid: list[dict[str, Cents]] = []
        for fields in self.groups:
            best: dict[str, Cents] = {}
            for plan in fields:
                amounts = plan.amounts(cents(scaled_value(plan.v, k)))
                if not best:
                    best = amounts
                    continue
                for unit, amount in amounts.items():
                    if amount > best.get(unit, -1):
                        best[unit] = amount
            if per_cent != 1:
                best = {unit: amount * per_cent for unit, amount in best.items()}
            paid.append(best)
        place, *stages = paid
        totals = dict(place)
        if self.fixed_wins or self.rounds:
            wins = self.fixed_wins
            if self.rounds:
                w, d = win_per_round(self.m, self.l, self.e, self.boards, scale=k)
                win, draw = cents(w) * per_cent, cents(d) * per_cent
                wins = {unit: won * win + drawn * draw for unit, won, drawn in self.rounds}
            for unit, amount in wins.items():
                if unit not in totals:
                    totals[unit] = amount
                elif self.higher_of:
                    totals[unit] = max(totals[unit], amount)
                else:
                    totals[unit] += amount
        for stage in stages:
            for unit, amount in stage.items():
                totals[unit] = totals.get(unit, 0) + amount
        top = max(totals.values(), default=0)
        return Decimal(max(top, 0)).scaleb(-self.places)


def _decimals(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int), "a win figure is finite"
    return -exponent
