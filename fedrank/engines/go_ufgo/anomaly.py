"""Who is anomalous after a pass, and where the next pass starts him (§4.4-§4.7, §5.4).

Seed 002 §4.4-§4.7 (a gain above RA, formula (2) ``RA = 0.45 * sum K2(Ri) + sum K3``, recomputes
the tournament from the player's result) and §5.4 (a player below 100 whose table 5 bonus reaches
the board's threshold restarts at 100), as restated in RULES.md "go_ufgo".

Engine decisions (docs/engines/go_ufgo.md): RA runs over every game rated for the player, a
table 4 game adds its k3 as printed (table 4 is already per board) and 0.45 K2 divided by the
board divisor; the gain compared with RA is the final (rounded) IK minus the pass's starting IK,
and the next pass starts an anomalous player at that rounded final IK; the §5.4 rule judges a
player whose pass started below 100, the §4.4 rule one who started at 100 or more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from fedrank.engines.go_ufgo.formula import PassOutcome, Prepared, from_tenths
from fedrank.engines.go_ufgo.model import PassCheck
from fedrank.engines.go_ufgo.tables import BONUS_ANOMALY, SEED
from fedrank.engines.kernel import half_up


@dataclass(slots=True)
class Checked:
    """One pass: the starts it ran from, its outcome, who was anomalous and the next starts."""

    start: list[int]
    outcome: PassOutcome
    anomalous: list[int]
    next_start: list[int]


def check_pass(p: Prepared, start: Sequence[int], out: PassOutcome) -> Checked:
    """Who is anomalous after a pass, and each player's start for the next one."""
    s = p.divisor
    threshold = BONUS_ANOMALY[p.board]
    nxt = list(start)
    anomalous = []
    final = out.final
    k2sum = out.k2sum
    for i, t0 in enumerate(start):
        if not k2sum[i]:
            continue
        if t0 < 1000:
            if out.bonus[i] >= threshold:
                anomalous.append(i)
                nxt[i] = max(1000, final[i])
            continue
        gain = final[i] - t0
        if gain > 0 and gain * 10 * s > out.ra_units(i):  # RA >= 0: a loss is never anomalous
            anomalous.append(i)
            nxt[i] = final[i]
    return Checked(list(start), out, anomalous, nxt)


def pass_check(p: Prepared, pass_no: int, h: Checked, i: int) -> PassCheck:
    """Player ``i``'s check in one pass, as the result and the trace show it."""
    start = h.start[i]
    final = h.outcome.final[i]
    anomalous = i in h.anomalous
    nxt = from_tenths(h.next_start[i]) if anomalous else None
    if start < 1000:
        return PassCheck(
            pass_no=pass_no,
            start_ik=from_tenths(start),
            final_ik=from_tenths(final),
            rule=f"{SEED} §5.4",
            measure=Decimal(h.outcome.bonus[i]),
            limit=Decimal(BONUS_ANOMALY[p.board]),
            anomalous=anomalous,
            next_start=nxt,
        )
    return PassCheck(
        pass_no=pass_no,
        start_ik=from_tenths(start),
        final_ik=from_tenths(final),
        rule=f"{SEED} §4.4-§4.5",
        measure=from_tenths(final - start),
        limit=half_up(Decimal(h.outcome.ra_units(i)) / (100 * p.divisor), 2),
        anomalous=anomalous,
        next_start=nxt,
    )
