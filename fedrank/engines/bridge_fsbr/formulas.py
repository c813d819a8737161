"""The formulas of the FSBR classification: kq, MB, VP, RC, RO, RCM and PB.

Seed 003 (003_14fd2cba3c135a99.txt): 7.4 (rounding, shared places), 7.5 (kq), 7.6 (MB for
places and for a won match), 7.7 (EBL/WBF conversion), 8.10 (RC), 8.11 (RO, pR), 8.12 (RCM,
PB) and 8.14 with appendix 1. Symbols are the rulebook's: ``q``, ``q1``, ``q2``, ``kq``,
``kd``, ``kqp``, ``kq1``, ``N``, ``N0``, ``t``, ``R``, ``VP``, ``RC``, ``RCM``, ``pR``, ``ПБ1``.

Numbers are Decimals with 28 significant digits; the rulebook rounds MB, RO and PB to whole
numbers "0.5 – в большую сторону", which is :func:`half_up`. Only ``arctg`` goes through a
float (Decimal has no arctangent); its result is rounded up to a whole pR, where the float's
last digit cannot matter.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from fedrank.engines.kernel import RuleError, Trace, dec, half_up, round_up

from .tables import (
    DQ,
    EBL_TO_MB,
    INDIVIDUAL,
    NQ,
    PAIRS,
    RCM_UPPER_LENGTH,
    TEAMS,
    WBF_TO_MB,
    GuaranteedPB,
)

ZERO = Decimal(0)
ONE = Decimal(1)


def lg(x: Decimal | int) -> Decimal:
    """Decimal logarithm (the rulebook's ``lg``)."""
    value = dec(x)
    if value <= 0:
        raise ValueError(f"lg of a non-positive number: {value}")
    return value.log10()


# --- 7.5: the tournament's rank coefficient kq ---------------------------------------------


def q1_of(q: Decimal) -> Decimal:
    """7.5: ``q1 = 0.2 - 0.12 q`` for q <= 0, ``0.2 / 1.6^q`` for q >= 0 (both agree at 0)."""
    if q <= 0:
        return Decimal("0.2") - Decimal("0.12") * q
    return Decimal("0.2") / Decimal("1.6") ** q


_Q2_FACTOR = {TEAMS: Decimal("0.9"), PAIRS: Decimal("0.95"), INDIVIDUAL: ONE}
_KQ_COUNT = {TEAMS: 16, PAIRS: 32, INDIVIDUAL: 32}
_KQ_SHARE = {TEAMS: ONE, PAIRS: Decimal("0.5"), INDIVIDUAL: Decimal("0.25")}


def tournament_kq(form: str, ranks: Iterable[Decimal], trace: Trace) -> Decimal:
    """7.5: rank the participants by q (strongest = lowest first) and sum their q2.

    Teams: the sum of the first 16 ``q2 = q1 * 0.9^(i-1)``; pairs: half the sum of the first
    32 ``q1 * 0.95^(i-1)``; individual: a quarter of the sum of the first 32 ``q1`` (a
    missing participant counts 0).
    """
    ordered = sorted(ranks)[: _KQ_COUNT[form]]
    factor = _Q2_FACTOR[form]
    total = ZERO
    weight = ONE
    for q in ordered:
        total += q1_of(q) * weight
        weight *= factor
    kq = total * _KQ_SHARE[form]
    trace.add("sum_q2", total, rule="7.5", note=f"{len(ordered)} strongest participants")
    trace.add("kq", kq, rule="7.5")
    return kq


# --- 7.6: MB for places --------------------------------------------------------------------


def kd_tournament(d: int) -> Decimal:
    """7.6: ``kd = 2.2 lg d - 2`` for a tournament (and a match), d = actual length."""
    return Decimal("2.2") * lg(d) - 2


def kd_session(d: int) -> Decimal:
    """7.6: ``kd = lg d - 0.7`` for a session."""
    return lg(d) - Decimal("0.7")


def kq1_of(kq: Decimal) -> Decimal:
    """7.6: ``kq1 = 1 - 0.7 lg kq`` when kq < 1, else 1."""
    return ONE - Decimal("0.7") * lg(kq) if kq < 1 else ONE


@dataclass(frozen=True, slots=True)
class MBScale:
    """The MB of one tournament or session by place (7.6), before rounding."""

    kq: Decimal
    kd: Decimal
    N: int
    N0: int
    kq1: Decimal
    kqp: Decimal
    t: Decimal
    R: Decimal

    def raw(self, p: int) -> Decimal:
        """``MB(p) = 50 kqp kd / R^(p-1)`` unrounded."""
        return 50 * self.kqp * self.kd / self.R ** (p - 1)

    def for_places(self, first: int, last: int) -> Decimal:
        """7.4: rounded half-up; shared places take the rounded mean over the shared places."""
        values = [self.raw(p) for p in range(first, last + 1)]
        return half_up(sum(values, ZERO) / len(values))


def mb_scale(form: str, kq: Decimal, N: int, kd: Decimal, trace: Trace) -> MBScale:
    """7.6: kqp, kq1, t and R for a field of N participants of strength kq.

    ``N0 = N`` (pairs, individual) or ``2N`` (teams); ``kqp = 0.6 (kq + lg N0 - 1.5) kq1``
    for N0 >= 32, else ``0.4 kq lg N0 kq1``; ``t = N/8 (3 + kq - 0.5 lg N)``;
    ``R = 1.1 (100 kqp kd)^(1/t)``.
    """
    if kq <= 0:
        raise ValueError("kq must be positive")
    N0 = 2 * N if form == TEAMS else N
    kq1 = kq1_of(kq)
    if N0 >= 32:
        kqp = Decimal("0.6") * (kq + lg(N0) - Decimal("1.5")) * kq1
        branch = "N0 >= 32: kqp = 0.6 (kq + lg N0 - 1.5) kq1"
    else:
        kqp = Decimal("0.4") * kq * lg(N0) * kq1
        branch = "N0 <= 31: kqp = 0.4 kq lg N0 kq1"
    t = Decimal(N) / 8 * (3 + kq - Decimal("0.5") * lg(N))
    R = Decimal("1.1") * (100 * kqp * kd) ** (ONE / t)
    trace.add("N", N, rule="4.9")
    trace.add("N0", N0, rule="7.6", note="2N for teams" if form == TEAMS else "N")
    trace.add("kq1", kq1, rule="7.6", note="kq < 1" if kq < 1 else "kq >= 1")
    trace.add("kqp", kqp, rule="7.6", note=branch)
    trace.add("t", t, rule="7.6")
    trace.add("R", R, rule="7.6")
    return MBScale(kq, kd, N, N0, kq1, kqp, t, R)


# --- 7.6: MB for a won match and the WBF 2013 VP scale ------------------------------------

TAU = (dec(5).sqrt() - 1) / 2


def victory_points(imps: int, boards: int) -> Decimal:
    """The WBF 2013 continuous 20-point scale for the winner of a match (RULES.md Decision).

    RULES.md bridge_fsbr **Decision** (VP): ``VP = 10 + 10 (1 - tau^(3 I / X)) / (1 - tau^3)``
    for an IMP margin ``I < X``, 20 at or beyond ``X``, with ``tau = (sqrt 5 - 1) / 2`` and
    ``X = 15 sqrt(boards)``, to two decimals (half-up). A negative margin is the loser's
    side: ``20 - VP(-I)``.
    """
    if boards <= 0:
        raise ValueError("boards must be positive")
    if imps < 0:
        return 20 - victory_points(-imps, boards)
    X = 15 * dec(boards).sqrt()
    if imps >= X:
        return Decimal("20.00")
    value = 10 + 10 * (1 - TAU ** (3 * Decimal(imps) / X)) / (1 - TAU**3)
    return half_up(value, 2)


def match_mb(q1_opponent: Decimal, boards: int, vp: Decimal, trace: Trace) -> Decimal:
    """7.6: ``MB = 50 kq kd (VP/5 - 2)`` with ``kq = q1`` of the opponent, rounded half-up."""
    kd = trace.add("kd", kd_tournament(boards), rule="7.6", note="2.2 lg d - 2, d = match boards")
    raw = 50 * q1_opponent * kd * (vp / 5 - 2)
    trace.add("MB_raw", raw, rule="7.6")
    return half_up(raw)


# --- 7.7: EBL and WBF master points -------------------------------------------------------


def converted_mb(ebl_mp: Decimal | None, wbf_mp: Decimal | None) -> tuple[Decimal, str] | None:
    """7.7: MB from WBF points (1:1.5) when given, else from EBL points (1:6), rounded half-up.

    Returns (MB, source) or None when the player has neither.
    """
    if wbf_mp is not None:
        return half_up(wbf_mp * WBF_TO_MB), "WBF"
    if ebl_mp is not None:
        return half_up(ebl_mp * EBL_TO_MB), "EBL"
    return None


# --- 8.10 - 8.12: RC, RO, RCM, PB ---------------------------------------------------------


def rc_base(
    form: str, kq: Decimal, d: int, N0: Decimal, express: bool, trace: Trace
) -> tuple[Decimal, Decimal]:
    """8.10 and 8.12: (RC, RCM) before any championship bonus.

    Regular: ``RC = kq + lg(d/dq) + 0.5 lg(max(1, N0/Nq))``; RCM drops ``lg(d/dq)`` when
    ``dq <= d < 120``. Express: ``RC = (kq + 0.5 lg(max(1, N0/Nq)) - 0.5) / 2`` and RCM = RC.
    """
    dq, Nq = DQ[form], NQ[form]
    field = Decimal("0.5") * lg(max(ONE, N0 / Nq))
    trace.add("dq", dq, rule="8.10")
    trace.add("Nq", Nq, rule="8.10")
    if express:
        rc = (kq + field - Decimal("0.5")) / 2
        trace.add("RC_formula", "express", rule="8.10")
        return rc, rc
    length = lg(Decimal(d) / dq)
    rc = kq + length + field
    rcm = kq + field if dq <= d < RCM_UPPER_LENGTH else rc
    trace.add("RC_formula", "regular", rule="8.10")
    trace.add("lg(d/dq)", length, rule="8.10")
    return rc, rcm


def pr_of(form: str, N: int, rc: Decimal) -> int:
    """8.11: ``pR = min(N, 40 arctg(N (RC+1)/200))`` (pairs, individual) or
    ``min(N, 20 arctg(N (RC+1)/100))`` (teams), rounded up to a whole number."""
    if form == TEAMS:
        raw = 20 * math.atan(N * float(rc + 1) / 100)
    else:
        raw = 40 * math.atan(N * float(rc + 1) / 200)
    value = min(Decimal(N), dec(raw))
    return int(round_up(value))


def ro_raw(p: int, rc: Decimal, pR: int) -> Decimal:
    """8.11: ``RO(p) = 50 RC (1 - lg p / lg pR)``; nothing at or past pR."""
    if pR <= 1 or p >= pR:
        return ZERO
    return 50 * rc * (1 - lg(p) / lg(pR))


def ro_for_places(first: int, last: int, rc: Decimal, pR: int) -> Decimal:
    """8.11: rounded half-up; shared places take the rounded mean of RO(p) over them."""
    values = [ro_raw(p, rc, pR) for p in range(first, last + 1)]
    return half_up(sum(values, ZERO) / len(values))


def pb1_of(rcm: Decimal) -> int:
    """8.12: ПБ1 = RCM rounded half-up, when RCM >= 0.5; else no PB."""
    return int(half_up(rcm)) if rcm >= Decimal("0.5") else 0


def pb_for_place(
    first: int,
    pb1: int,
    guaranteed: GuaranteedPB | None,
    *,
    playoff: bool = False,
    scale: Sequence[int] | None = None,
) -> tuple[int, str]:
    """8.12 and 8.14: PB for a place (shared places take the best shared place, ``first``).

    From RC: ``ПБ1 - (p - 1)``, at least 0. The guaranteed PB of appendix 1 (or the scale a
    file gives explicitly) applies when larger. Returns (PB, source).
    """
    from_rc = max(0, pb1 - (first - 1))
    fixed: int | None
    if scale is not None:
        fixed = scale[first - 1] if first <= len(scale) else 0
    elif guaranteed is not None:
        fixed = guaranteed.for_place(first, playoff=playoff)
        if fixed is None:
            raise RuleError(
                f"appendix 1 gives no PB for place {first} of '{guaranteed.title}'; "
                "give the scale with 'pb_scale'",
                rule="seed 003 appendix 1",
            )
    else:
        fixed = 0
    if fixed > from_rc:
        return fixed, "appendix 1"
    return from_rc, "RC"
