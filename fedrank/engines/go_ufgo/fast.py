"""The replay's fast path: one tournament rated from a state's IKs, without traces.

:func:`rate_from_state` first tries :func:`~fedrank.engines.go_ufgo.packed.rate_packed` (the
common case: every player above 160 throughout, section 4 only, one integer per player); what
that hands back is rated by this module's own loop below, and what this one hands back by the
reference path.

Seed 002 §1.7, §4 and §5, as the reference path implements them (``formula``, ``anomaly``,
``rating``), with the same RULES.md go_ufgo Decisions: **jigo** is Rp = 0.5 (50 hundredths) and
a jigo under section 5 is handed back for the reference to refuse; **IK to 0.1, R12 row by lower
bound** and **2000 exactly reads the last row of table 3** come with the arrays of ``tables``
(built row by lower bound); **at most 50 passes**: a 51st is handed back for the reference to
refuse; **crossing 100** under formula (1) is left to the reference's own
``formula._tenths_formula``, called here; under section 5 the statements of ``formula._side5``
and ``_tenths_points`` (§5.1-§5.3, §5.5) are written out in the loops. The engine decisions of
the reference (K3 cap, RA, gain, time control) are applied by the same statements.
``rating.prepare`` / ``run_pass`` / ``settle`` are the reference: they build traces and check
every game before rating any. This module computes the same integers for the common case,
faster, and hands anything else back: :func:`rate_from_state` returns ``None`` and the caller
runs the reference path, which then gives the result or raises the error the rules or the input
call for. Handed back: a board or time control that is not rated, a game the reference refuses
(round below 1, result other than 1 / 0 / 0.5, a player twice in a round or against himself),
rounds not in ascending order, a player the state does not know, a jigo under section 5, a
tournament that needs more than ``MAX_PASSES`` passes, and a value outside the tables.

Why it is faster, with the same arithmetic (``tests/engines/go_ufgo/test_fast.py`` compares
both paths on random tournaments):

* the first pass reads the games while it indexes the players, so a tournament that needs one
  pass (most do) is read once; the games are turned into an index list only for a second pass;
* IK stays in tenths and indexes the tables directly (``TENTHS_K2``, ``K1_BY_DIFF``); the two
  sides of a game share ``Rp - K1`` (the weaker's K1 is 1 minus the stronger's, table 2);
* the running IK of §4.9 is ``IK + (dR + 5 s) // (10 s)`` in tenths, which is the reference's
  half-up rounding of ``IK + dR / s`` as long as the result stays at 100 or more; at 100 or
  below the reference's function (with the §5.5 conversion) is called;
* the K3 cap of §4.3 is kept as the room left, and the anomaly check (formula (2)) looks only
  at the players whose IK went up or who won a §5.3 bonus: a C-level filter finds them;
* a section 5 game costs no function call: tables 4 and 5 are read by whole points from lists
  built once per board (``_section5_tables``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from functools import cache
from itertools import compress, repeat
from operator import ge, gt
from typing import Final

from fedrank.engines.go_ufgo.formula import Prepared, _tenths_formula
from fedrank.engines.go_ufgo.model import Tournament
from fedrank.engines.go_ufgo.packed import HandBackError, rate_packed
from fedrank.engines.go_ufgo.tables import (
    BELOW_100_LOSS,
    BELOW_100_WIN,
    BOARD_DIVISOR,
    BONUS_ANOMALY,
    FAST_K2,
    K1_BY_DIFF,
    K3_CAP_BOUND,
    K3_CAP_HIGH,
    K3_CAP_LOW,
    MAX_PASSES,
    TABLE4,
    TABLE4_ROW,
    TABLE5,
    TABLE5_ROW,
    TENTHS_K2,
    TENTHS_K3,
    TIME_HIGH_IK,
    TIME_MINUTES,
    TIME_MINUTES_HIGH,
)

_RP: Final = {Decimal(1): 100, Decimal(0): 0, Decimal("0.5"): 50}
"""Rp in hundredths, the unit of K1 (the same keys as ``formula._SCORES``)."""
_NO_LIMIT: Final = 1 << 62
_NOTHING: Final = object()
_CAP_BOUND: Final = K3_CAP_BOUND * 10

FastResult = tuple[list[str], list[int], int, set[int]]
"""(players in order of first appearance, IK after in tenths, passes, anomalous indices)."""


class _HandBackError(Exception):
    """The tournament needs the reference path."""


def rate_from_state(t: Tournament, ik: Mapping[str, int]) -> FastResult | None:
    """Rate ``t`` from the IKs (tenths) of ``ik``; ``None`` hands it to the reference path."""
    s = BOARD_DIVISOR.get(t.board)
    if s is None or t.time_minutes < TIME_MINUTES:
        return None
    try:
        return rate_packed(t, ik, s)
    except (HandBackError, IndexError, KeyError):
        pass  # the packed path handed it back (or met what it does not cover): use ours
    try:
        return _rate(t, ik, s)
    except (_HandBackError, IndexError, KeyError):
        return None


@cache
def _section5_tables(board: int, official: bool) -> tuple[list[tuple[int, int, int]], list[int]]:
    """By whole points of IK: table 4's (r win, r loss, k3) with k3 only in official
    tournaments (§4.3), and table 5's bonus (0 below its first row): the look-ups of
    ``formula._table4_row`` and ``formula._table5_bonus`` for one board."""
    t4 = [TABLE4[row][1][board] for row in TABLE4_ROW]
    if not official:
        t4 = [(r_win, r_loss, 0) for r_win, r_loss, _ in t4]
    t5 = [TABLE5[row][1][board] if row >= 0 else 0 for row in TABLE5_ROW]
    return t4, t5


def _rate(t: Tournament, ik: Mapping[str, int], s: int) -> FastResult:
    high = TIME_HIGH_IK * 10 if t.time_minutes < TIME_MINUTES_HIGH else _NO_LIMIT
    official = t.official
    h = 5 * s
    q = 10 * s
    k1t = K1_BY_DIFF
    k2t = TENTHS_K2
    k3t = TENTHS_K3
    rp = _RP
    k2p = FAST_K2
    win = 10 * BELOW_100_WIN[t.board]  # §5.1 in tenths
    loss = 10 * BELOW_100_LOSS
    t4, t5 = _section5_tables(t.board, official)
    games = t.games
    m = 2 * len(games)  # room for every player; cut to the number of players after pass 1
    index: dict[str, int] = {}
    cur = [0] * m
    k2sum = [0] * m
    room = [0] * m
    busy = [0] * m
    extra = [0] * m
    bonus = [0] * m
    acc = (k2sum, extra, bonus)
    section5: Prepared | None = None
    get = index.get
    if games and games[0].round < 1:
        raise _HandBackError  # rounds ascend from the first game's: this checks them all
    last = 0
    n = 0
    won: object = _NOTHING  # the last result objects found to be 1 and 0 (Decimals are
    lost: object = _NOTHING  # immutable, so the same object is the same result)
    # Pass 1 straight from the games: index the players, check the games, rate. A KeyError
    # (a result other than 1 / 0 / 0.5, a player the state does not know) hands back.
    for g in games:
        rnd = g.round
        if rnd != last:
            if rnd < last:
                raise _HandBackError
            last = rnd
        score = g.score1
        if score is won:  # Decimal's == costs more than the whole look-up by identity
            ha = 100
        elif score is lost:
            ha = 0
        else:
            ha = rp[score]
            if ha == 100:
                won = score
            elif ha == 0:
                lost = score
        p = g.player1
        a = get(p)
        if a is None:
            a = index[p] = n
            n += 1
            cur[a] = v = ik[p]
            room[a] = K3_CAP_LOW if v < _CAP_BOUND else K3_CAP_HIGH
            busy[a] = rnd
        elif busy[a] == rnd:
            raise _HandBackError
        else:
            busy[a] = rnd
        p = g.player2
        b = get(p)
        if b is None:
            b = index[p] = n
            n += 1
            cur[b] = v = ik[p]
            room[b] = K3_CAP_LOW if v < _CAP_BOUND else K3_CAP_HIGH
            busy[b] = rnd
        elif busy[b] == rnd:  # also a player against himself
            raise _HandBackError
        else:
            busy[b] = rnd
        # -- the game: the same statements as in _repass below
        ia = cur[a]
        ib = cur[b]
        if ia >= 1000 and ib >= 1000:
            e = ha - k1t[ia - ib]  # Rp - K1 of a, in hundredths; b's is -e
            if ia <= high:
                k2 = k2t[ia]
                k2sum[a] += k2
                dr = k2 * e
                if official:
                    k3 = k3t[ia]
                    if k3:
                        left = room[a]
                        if k3 > left:
                            k3 = left
                        room[a] = left - k3
                        dr += 100 * k3
                na = ia + (dr + h) // q
                cur[a] = na if na > 1000 else _tenths_formula(ia * q + dr, s)
            if ib <= high:
                k2 = k2t[ib]
                k2sum[b] += k2
                dr = -k2 * e
                if official:
                    k3 = k3t[ib]
                    if k3:
                        left = room[b]
                        if k3 > left:
                            k3 = left
                        room[b] = left - k3
                        dr += 100 * k3
                nb = ib + (dr + h) // q
                cur[b] = nb if nb > 1000 else _tenths_formula(ib * q + dr, s)
        elif ha == 50:
            raise _HandBackError  # a jigo under section 5: the reference refuses it
        elif ia < 1000 and ib < 1000:
            # §5.1, both below 100 (formula._side5 without its other cases): whole points,
            # 100 crossed by §5.5; K2 counted as a rated game, no bonus.
            k2sum[a] += k2p[ia // 10]
            k2sum[b] += k2p[ib // 10]
            na, nb = (ia + win, ib + loss) if ha else (ia + loss, ib + win)
            cur[a] = na if na < 1000 else 10 * na - 9000
            cur[b] = nb if nb < 1000 else 10 * nb - 9000
        else:
            # One player below 100 (lo), one at 100 or more (hi): formula._side5's other
            # cases. lo: §5.1 points and table 5's bonus for a win (§5.3); hi: table 4 (§5.2),
            # its k3 counted for RA as formula._side5 does; 100 crossed by §5.5 either way.
            if section5 is None:
                section5 = Prepared([], [], t.board, s, official, high != _NO_LIMIT)
            if ia < 1000:
                lo, hi, ilo, ihi, lo_won = a, b, ia, ib, ha == 100
            else:
                lo, hi, ilo, ihi, lo_won = b, a, ib, ia, ha == 0
            k2sum[lo] += k2p[ilo // 10]
            if lo_won:
                won = t5[ihi // 10]
                bonus[lo] += won
                nlo = ilo + win + 10 * won
            else:
                nlo = ilo + loss
            cur[lo] = nlo if nlo < 1000 else 10 * nlo - 9000
            if ihi <= high:
                k2sum[hi] += k2p[ihi // 10]
                r_win, r_loss, k3 = t4[ihi // 10]
                extra[hi] += s * k3
                nhi = ihi + 10 * ((r_loss if lo_won else r_win) + k3)
                cur[hi] = nhi if nhi >= 1000 else 1000 + (2 * nhi - 1990) // 20

    ids = list(index)
    start = list(map(ik.__getitem__, ids))
    players = range(n)
    for column in (cur, k2sum, room, extra, bonus):
        del column[n:]
    threshold = BONUS_ANOMALY[t.board]
    anomalous: set[int] = set()
    indexed: list[tuple[int, int, int, int]] | None = None
    for passes in range(1, MAX_PASSES + 1):
        # The anomaly check of rating.check_pass (§4.4-§4.7, §5.4) on this pass.
        # The cheap bound: a running IK not above the start rounds to a gain of at most 0.5,
        # below the smallest RA (0.45 * K2 10 / 3 = 1.5), so only the players who went up, and
        # under §5.4 those with a bonus, need the check (a C-level filter picks them).
        candidates: Iterable[int] = compress(players, map(gt, cur, start))
        if section5 is not None:
            candidates = {*candidates, *compress(players, map(ge, bonus, repeat(threshold)))}
        nxt: list[int] | None = None
        for i in candidates:
            c = cur[i]
            t0 = start[i]
            if t0 < 1000:
                if bonus[i] < threshold:  # a bonus means a game rated for him
                    continue
                final = max(1000, (c + 5) // 10 * 10)
            else:
                if c <= t0 or not k2sum[i]:  # no game rated for him: not judged
                    continue
                final = (c + 5) // 10 * 10
                gain = final - t0
                k3sum = (K3_CAP_LOW if t0 < _CAP_BOUND else K3_CAP_HIGH) - room[i]
                if gain <= 0 or gain * q <= 45 * k2sum[i] + 100 * k3sum + 100 * extra[i]:
                    continue
            if nxt is None:
                nxt = list(start)
            nxt[i] = final
            anomalous.add(i)
        if nxt is None:
            values = [
                (c + 5) // 10 * 10 if k else t0 for c, k, t0 in zip(cur, k2sum, start, strict=True)
            ]
            return ids, values, passes, anomalous
        if passes == MAX_PASSES:
            break
        if indexed is None:
            indexed = [(index[g.player1], index[g.player2], rp[g.score1], g.round) for g in games]
        if section5 is None:
            section5 = Prepared([], [], t.board, s, official, high != _NO_LIMIT)
        start = nxt
        cur = list(nxt)
        n = len(cur)
        k2sum[:] = [0] * n
        room = [K3_CAP_LOW if v < _CAP_BOUND else K3_CAP_HIGH for v in nxt]
        extra[:] = [0] * n
        bonus[:] = [0] * n
        _repass(indexed, cur, k2sum, room, acc, section5, s, high)
    raise _HandBackError  # more than MAX_PASSES: the reference refuses it (RULES.md Decision)


def _repass(
    games: list[tuple[int, int, int, int]],
    cur: list[int],
    k2sum: list[int],
    room: list[int],
    acc: tuple[list[int], list[int], list[int]],
    section5: Prepared,
    s: int,
    high: int,
) -> None:
    """Another pass over the indexed games from new starts (the statements of pass 1)."""
    official = section5.official
    h = 5 * s
    q = 10 * s
    k1t = K1_BY_DIFF
    k2t = TENTHS_K2
    k3t = TENTHS_K3
    k2p = FAST_K2
    win = 10 * BELOW_100_WIN[section5.board]
    loss = 10 * BELOW_100_LOSS
    t4, t5 = _section5_tables(section5.board, official)
    k2sum, extra, bonus = acc
    for a, b, ha, _rnd in games:
        ia = cur[a]
        ib = cur[b]
        if ia >= 1000 and ib >= 1000:
            e = ha - k1t[ia - ib]
            if ia <= high:
                k2 = k2t[ia]
                k2sum[a] += k2
                dr = k2 * e
                if official:
                    k3 = k3t[ia]
                    if k3:
                        left = room[a]
                        if k3 > left:
                            k3 = left
                        room[a] = left - k3
                        dr += 100 * k3
                na = ia + (dr + h) // q
                cur[a] = na if na > 1000 else _tenths_formula(ia * q + dr, s)
            if ib <= high:
                k2 = k2t[ib]
                k2sum[b] += k2
                dr = -k2 * e
                if official:
                    k3 = k3t[ib]
                    if k3:
                        left = room[b]
                        if k3 > left:
                            k3 = left
                        room[b] = left - k3
                        dr += 100 * k3
                nb = ib + (dr + h) // q
                cur[b] = nb if nb > 1000 else _tenths_formula(ib * q + dr, s)
        elif ha == 50:
            raise _HandBackError
        elif ia < 1000 and ib < 1000:
            k2sum[a] += k2p[ia // 10]
            k2sum[b] += k2p[ib // 10]
            na, nb = (ia + win, ib + loss) if ha else (ia + loss, ib + win)
            cur[a] = na if na < 1000 else 10 * na - 9000
            cur[b] = nb if nb < 1000 else 10 * nb - 9000
        else:  # the statements of _rate's first pass
            if ia < 1000:
                lo, hi, ilo, ihi, lo_won = a, b, ia, ib, ha == 100
            else:
                lo, hi, ilo, ihi, lo_won = b, a, ib, ia, ha == 0
            k2sum[lo] += k2p[ilo // 10]
            if lo_won:
                won = t5[ihi // 10]
                bonus[lo] += won
                nlo = ilo + win + 10 * won
            else:
                nlo = ilo + loss
            cur[lo] = nlo if nlo < 1000 else 10 * nlo - 9000
            if ihi <= high:
                k2sum[hi] += k2p[ihi // 10]
                r_win, r_loss, k3 = t4[ihi // 10]
                extra[hi] += s * k3
                nhi = ihi + 10 * ((r_loss if lo_won else r_win) + k3)
                cur[hi] = nhi if nhi >= 1000 else 1000 + (2 * nhi - 1990) // 20
