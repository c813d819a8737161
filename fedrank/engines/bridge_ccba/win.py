"""Win masterpoints (seed 001 §2.4): 0.005 M L E B per round won, half per draw.

Team events only; M is the unit's own field's (the event, its group, its division), and
platinum and table events take the figure from their table instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from fedrank.engines.bridge_ccba.field import EventState, Parts
from fedrank.engines.bridge_ccba.formulas import rule
from fedrank.engines.bridge_ccba.procedures import win_per_round, win_total
from fedrank.engines.bridge_ccba.tables import DRAW_SHARE
from fedrank.engines.kernel import InputError, RuleError, Trace, TraceStep

_R24 = rule("2.4")


def win_awards(
    state: EventState, home_m: Mapping[str, Decimal], k: Decimal
) -> dict[str, tuple[Decimal, Parts]]:
    """§2.4: 0.005 M L E B per round won, half per draw, in team events only; platinum
    and table events take W from their table."""
    ev = state.event
    out: dict[str, tuple[Decimal, Parts]] = {}
    players = [u for u in state.counted if (u.wins or u.draws) and u.entry_id in state.awardable]
    if not players:
        return out
    if ev.kind != "team":
        raise RuleError(
            "win masterpoints are for team events only", rule=rule("2.4"), line=players[0].line
        )
    by_table = ev.format == "table" or ev.colour == "platinum"
    cache: dict[Decimal, tuple[Decimal, Decimal, Trace]] = {}
    for unit in players:
        if by_table:
            if ev.table_win is None:
                raise RuleError(
                    "platinum and table events take win masterpoints from their table; "
                    "give table_win",
                    rule=rule("2.4"),
                )
            win, draw = ev.table_win, ev.table_win * DRAW_SHARE
            trace = Trace()
            trace.add("W", win, rule=rule("2.4"), note="from the event's table")
            trace.add("W_draw", draw, rule=rule("2.4"), note="50 % of W")
        else:
            if ev.win_boards is None:
                raise InputError("win rounds given but no win_boards", field="win_boards")
            m = home_m[unit.entry_id]
            if m not in cache:
                t = Trace()
                t.add("M", m, rule=rule("2.4"))
                t.add("L", state.l, rule=rule("1.3.3"))
                t.add("E", state.e, rule=rule("1.3.4"))
                t.add("B", ev.win_boards, rule=rule("2.4"), note="boards per round")
                w, d = win_per_round(m, state.l, state.e, ev.win_boards, scale=k, trace=t)
                cache[m] = (w, d, t)
            win, draw, trace = cache[m]
        total = win_total(unit.wins, unit.draws, win, draw)
        counts = TraceStep("A_win", total, _R24, f"{unit.wins} wins, {unit.draws} draws")
        out[unit.entry_id] = (total, (trace.steps, (counts,)))
    return out
