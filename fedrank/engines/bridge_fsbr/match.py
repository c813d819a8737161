"""A won team match (seed 003 7.6, 5.3): MB for the winner from the WBF victory points.

A match has no places to pay and no RC, so it does not go through the tournament's steps.
"""

from __future__ import annotations

from decimal import Decimal

from fedrank.engines.kernel import Award, InputError, RuleError, Trace

from . import formulas as F
from .model import ZERO, EntryResult, Tournament, TournamentResult
from .participants import entry_boards, participant_rank, qualified_players
from .tables import MB_MIN_BOARDS


def compute_match(t: Tournament) -> TournamentResult:
    """7.6: ``MB = 50 q1(opponent) kd (VP/5 - 2)`` for the winner; 5.3: 16 boards played."""
    if t.part_of_tournament:
        raise RuleError("no MB for a match within a qualified tournament", rule="seed 003 7.6")
    if len(t.entries) != 2:
        raise InputError("a match has exactly two entries", field="entries")
    a, b = sorted(t.entries, key=lambda e: e.place)
    if a.imps is None or b.imps is None:
        raise InputError("a match needs both teams' imps", line=a.line or None, field="imps")
    warnings: list[str] = []
    trace = Trace()
    d = t.actual_length
    trace.add("d", d, rule="7.6", note="boards of the match")
    imps_a, imps_b = a.imps, b.imps
    if imps_a < imps_b:
        a, b, imps_a, imps_b = b, a, imps_b, imps_a
    margin = imps_a - imps_b
    trace.add("IMP", margin, rule="7.6", note=f"{a.entry} {imps_a} : {imps_b} {b.entry}")
    vp = trace.add("VP", F.victory_points(margin, d), rule="RULES.md Decision VP (WBF 2013)")
    et = Trace()
    q_opp: Decimal
    if t.kq is not None:
        q1 = trace.add("q1", t.kq, rule="7.6", note="given")
        q_opp = ZERO
    else:
        counted = qualified_players(t, b, warnings) or list(b.players)
        q_opp = participant_rank(t, counted, trace)
        trace.add("q(opponent)", q_opp, rule="6.1")
        q1 = trace.add("q1", F.q1_of(q_opp), rule="7.5")
    awards: list[Award] = []
    value = ZERO
    if d < MB_MIN_BOARDS:
        warnings.append(f"no MB: {d} boards < 16 (7.2, 5.3)")
    elif margin == 0:
        warnings.append("a drawn match has no winner: no MB")
    else:
        value = F.match_mb(q1, d, vp, trace)
        trace.add("MB", value, rule="7.4")
        for p in a.players:
            boards = p.boards if p.boards is not None else entry_boards(t, a)
            if boards < MB_MIN_BOARDS:
                continue
            tr = Trace()
            tr.add("tournament", t.id)
            tr.add("face_to_face", t.face_to_face, rule="2.2 note 3")
            tr.add("championship", False, rule="8.1")
            tr.extend(trace)
            awards.append(Award(p.player, "MB", value, tr))
    results = (
        EntryResult(a.entry, 1, 1, None, True, value, "match", ZERO, ZERO, 0, et),
        EntryResult(
            b.entry,
            2,
            2,
            q_opp if t.kq is None else None,
            True,
            ZERO,
            "none",
            ZERO,
            ZERO,
            0,
            Trace(),
        ),
    )
    figures = {"VP": vp, "q1": q1, "IMP": margin, "face_to_face": t.face_to_face}
    return TournamentResult(t, figures, trace, results, tuple(awards), tuple(warnings))
