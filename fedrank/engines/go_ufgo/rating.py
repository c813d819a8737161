"""One tournament's IK changes: prepared, rated pass after pass until settled, then traced.

Seed 002 §1.7, §4 and §5 as restated in RULES.md "go_ufgo": one pass over the rounds is
:mod:`~fedrank.engines.go_ufgo.formula` (formula (1), K3, section 5, boards, rounding), the
anomaly rule deciding whether another pass is needed is :mod:`~fedrank.engines.go_ufgo.anomaly`;
this module runs the passes (§4.6-§4.7) and builds each player's result with its trace.

RULES.md go_ufgo Decisions applied here (tested in tests/engines/go_ufgo/test_rating.py): **at
most 50 passes**, then the tournament is refused; **2000 exactly** reads the last row of table 3
(``tables``). A player with no game rated for him (§1.7) keeps the IK his last pass started at.

The names of the reference path (``prepare``, ``run_pass``, ``check_pass``, ``settle``,
``to_tenths``) and the data classes stay importable from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Final

from fedrank.engines.go_ufgo.anomaly import Checked, check_pass, pass_check
from fedrank.engines.go_ufgo.formula import (
    Event,
    PassOutcome,
    Prepared,
    from_tenths,
    prepare,
    run_pass,
    to_tenths,
)
from fedrank.engines.go_ufgo.model import (
    Game,
    PassCheck,
    PlayerResult,
    PlayerStart,
    Tournament,
    TournamentResult,
)
from fedrank.engines.go_ufgo.ranks import current_rank
from fedrank.engines.go_ufgo.tables import MAX_PASSES, SEED
from fedrank.engines.kernel import InputError, RuleError, Trace

__all__ = [
    "RULE_PASSES",
    "Checked",
    "Game",
    "PassCheck",
    "PassOutcome",
    "PlayerResult",
    "PlayerStart",
    "Prepared",
    "Tournament",
    "TournamentResult",
    "check_pass",
    "prepare",
    "rate_tournament",
    "run_pass",
    "settle",
    "to_tenths",
]

RULE_PASSES: Final = "RULES.md go_ufgo Decision: at most 50 passes"


def settle(p: Prepared, start: Sequence[int]) -> tuple[list[Checked], list[int]]:
    """Run passes until no one is anomalous; returns every pass and the last pass's starts."""
    history: list[Checked] = []
    current = list(start)
    for _ in range(MAX_PASSES):
        checked = check_pass(p, current, run_pass(p, current))
        history.append(checked)
        if not checked.anomalous:
            return history, current
        current = checked.next_start
    names = ", ".join(p.ids[i] for i in history[-1].anomalous)
    raise RuleError(
        f"still anomalous after {MAX_PASSES} passes: {names}", rule=f"{SEED} §4.7; {RULE_PASSES}"
    )


def rate_tournament(
    tournament: Tournament, starts: Mapping[str, PlayerStart] | Iterable[PlayerStart]
) -> TournamentResult:
    """Rate one tournament from each participant's state at its start, with full traces."""
    table = starts if isinstance(starts, Mapping) else {s.player: s for s in starts}
    p = prepare(tournament)
    first_line = _first_lines(tournament)
    start0 = []
    for pid in p.ids:
        st = table.get(pid)
        if st is None:
            raise InputError(
                f"unknown player {pid}: no starting IK", line=first_line.get(pid), field="player"
            )
        start0.append(to_tenths(st.ik, line=first_line.get(pid), player=pid))
    history, last_start = settle(p, start0)
    sink: list[Event] = []
    final_out = run_pass(p, last_start, sink)
    events: dict[int, list[Event]] = {}
    for ev in sink:
        events.setdefault(ev[0], []).append(ev)
    warnings = []
    results = []
    for i, pid in enumerate(p.ids):
        st = table[pid]
        checks = tuple(
            pass_check(p, k + 1, h, i) for k, h in enumerate(history) if h.outcome.k2sum[i]
        )
        before = st.ik
        rated = sum(1 for ev in events.get(i, []) if ev[5] != "tc")
        if rated:
            after = from_tenths(final_out.final[i])
        else:
            # Not rated for him (§1.7): his IK stays where the last pass started him.
            after = before if last_start[i] == start0[i] else from_tenths(last_start[i])
            warnings.append(f"{pid}: no game rated for this player in the last pass")
        trace = _player_trace(p, pid, before, checks, events.get(i, []), after)
        results.append(
            PlayerResult(
                player=pid,
                ik_before=before,
                ik_after=after,
                rank_before=current_rank(before, st.held_dan),
                rank_after=current_rank(after, st.held_dan),
                held_dan=st.held_dan,
                games_rated=rated,
                anomalous=any(c.anomalous for c in checks),
                checks=checks,
                trace=trace,
            )
        )
    return TournamentResult(tournament, len(history), tuple(results), tuple(warnings))


def _first_lines(t: Tournament) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for g in t.games:
        out.setdefault(g.player1, g.line)
        out.setdefault(g.player2, g.line)
    return out


def _player_trace(
    p: Prepared,
    pid: str,
    before: Decimal,
    checks: tuple[PassCheck, ...],
    events: list[Event],
    after: Decimal,
) -> Trace:
    """Passes first (why the last pass started where it did), then every round of it."""
    tr = Trace()
    tr.add("IK", before, rule=f"{SEED} §4.2", note="at the start of the tournament")
    for c in checks:
        where = f"pass {c.pass_no}: start IK {c.start_ik}, final IK {c.final_ik}"
        if c.rule.endswith("§5.4"):
            tr.add("bonus", c.measure, rule=f"{SEED} §5.3 table 5", note=where)
            tr.add("bonus_limit", c.limit, rule=c.rule)
        else:
            tr.add("gain", c.measure, rule=f"{SEED} §4.4", note=where)
            tr.add("RA", c.limit, rule=f"{SEED} §4.5 formula (2), §4.8")
        why = f"next pass starts at {c.next_start}" if c.anomalous else "not anomalous"
        tr.add(
            "anomalous", c.anomalous, rule=f"{SEED} §4.6-§4.7" if c.anomalous else c.rule, note=why
        )
    s = p.divisor
    for ev in events:
        _, rnd, opp, ix, iy, kind, nx = ev[:7]
        where = f"round {rnd}"
        tr.add("opponent", p.ids[opp], note=where)
        tr.add("IK_opponent", from_tenths(iy), note=where)
        if kind == "tc":
            tr.add(
                "rated",
                False,
                rule=f"{SEED} §1.7",
                note=f"{where}: IK above 2100 needs 60 minutes a game",
            )
            continue
        if kind == "f":
            k1, k2, k3, sx, dr = ev[7:]
            tr.add("R12", from_tenths(abs(ix - iy)), rule=f"{SEED} §4.2 table 2", note=where)
            tr.add("K1", Decimal(k1) / 100, rule=f"{SEED} §4.2 table 2", note=where)
            tr.add("K2", k2, rule=f"{SEED} §4.2 table 3", note=where)
            tr.add("K3", k3, rule=f"{SEED} §4.2 table 3, §4.3", note=where)
            tr.add("Rp", Decimal(sx) / 2, rule=f"{SEED} §4.2", note=where)
            tr.add("dR", Decimal(dr) / 100, rule=f"{SEED} §4.2 formula (1)", note=where)
            if s != 1:
                tr.add("board_divisor", s, rule=f"{SEED} §4.8", note=where)
        elif kind == "5.2":
            r, k3 = ev[7:]
            tr.add("r", r, rule=f"{SEED} §5.2 table 4", note=where)
            tr.add("k3", k3, rule=f"{SEED} §5.2 table 4, §4.3", note=where)
        else:
            points, extra = ev[7:]
            tr.add("points", points, rule=f"{SEED} §5.1", note=where)
            if kind == "5.3":
                tr.add("bonus", extra, rule=f"{SEED} §5.3 table 5", note=where)
        crossed = (ix < 1000) != (nx < 1000)
        note = f"{where}: crossed 100, 1 point below = 10 above" if crossed else where
        tr.add("IK", from_tenths(nx), rule=f"{SEED} §5.5" if crossed else f"{SEED} §4.9", note=note)
    tr.add("IK", after, rule=f"{SEED} §4.9", note="after the last round, to the nearest integer")
    return tr
