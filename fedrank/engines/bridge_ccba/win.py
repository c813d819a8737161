"""Win masterpoints (seed 001 §2.4): 0.005 M L E B per round won, half per draw.

Team events only; M is the unit's own field's (the event, its group, its division), and
platinum and table events take the figure from their table instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from fedrank.engines.bridge_ccba.field import EventState, Parts
from fedrank.engines.bridge_ccba.formulas import rule
from fedrank.engines.bridge_ccba.model import Entry, EventSpec
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
    players = win_players(state)
    by_table = by_win_table(ev)
    cache: dict[Decimal, tuple[Decimal, Decimal, Trace]] = {}
    for unit in players:
        if by_table:
            assert ev.table_win is not None
            win, draw = ev.table_win, ev.table_win * DRAW_SHARE
            trace = Trace()
            trace.add("W", win, rule=rule("2.4"), note="from the event's table")
            trace.add("W_draw", draw, rule=rule("2.4"), note="50 % of W")
        else:
            assert ev.win_boards is not None
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


def by_win_table(event: EventSpec) -> bool:
    """§2.4: platinum and table events take W from their table, not from M L E B."""
    return event.format == "table" or event.colour == "platinum"


def win_players(state: EventState) -> list[Entry]:
    """The units paid for rounds won or drawn, once the event is known to give their W:
    a team event (§2.4) with its table's W or its boards per round."""
    ev = state.event
    players = [u for u in state.counted if (u.wins or u.draws) and u.entry_id in state.awardable]
    if not players:
        return players
    if ev.kind != "team":
        raise RuleError(
            "win masterpoints are for team events only", rule=rule("2.4"), line=players[0].line
        )
    if by_win_table(ev):
        if ev.table_win is None:
            raise RuleError(
                "platinum and table events take win masterpoints from their table; give table_win",
                rule=rule("2.4"),
            )
    elif ev.win_boards is None:
        raise InputError("win rounds given but no win_boards", field="win_boards")
    return players
