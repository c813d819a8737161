"""The replay's packed path: a section-4 tournament rated with one integer per player.

Seed 002 §4 (formula (1), the K3 cap of §4.3, the anomaly check of §4.4-§4.7), §1.7 (time
control), §4.8 (boards) and §4.9 (running IK to 0.1), for the tournaments where every game of
every pass is a formula (1) game that cannot reach 100: every player's running IK stays at
160.1 or more (``FLOOR`` tenths). One game changes IK by at most 60 points (K2 of table 3 at
most 60 times Rp - K1 at least -1, K3 never below 0), so from 160.1 the running IK stays above
100 and neither section 5 nor the crossing of §5.5 can apply. Anything else -- a player below
``FLOOR`` or above ``REACH`` at any point, a game the reference refuses, rounds out of order, a
player the state does not know, more than ``MAX_PASSES`` passes -- raises :class:`HandBackError`
(or the ``IndexError`` / ``KeyError`` of a look-up outside the tables), and
:func:`~fedrank.engines.go_ufgo.fast.rate_from_state` rates the tournament by its own path.

The arithmetic is ``fast``'s (tests/engines/go_ufgo/test_packed.py compares the three paths):
the running IK of §4.9 after a game is ``IK + (K2 (Rp - K1) + 100 K3 + 5 s) // (10 s)`` in
tenths (Rp and K1 in hundredths, s the board divisor), the reference's half-up rounding. What
is new is the bookkeeping:

* a player's state is one integer: running IK in tenths (bits 0-19), ``100 s RA`` of formula
  (2) so far (``45 K2 + 100 K3`` summed over his rated games, bits 20-45; zero means no game
  rated) and the K3 applied so far (bits 46 up), counted from ``100 - cap`` so that the cap of
  §4.3 (100 for a start below 600, else 50) is reached at 100 whatever the player's start;
* the change a game makes to that integer -- the IK step, its part of RA and K3 -- is one look-up,
  ``STEPS[IK][Rp - K1 + 1]`` (a tuple per row of table 3, shared by every IK of the row; for a
  player above 2100 in a game of 45-59 minutes a row of zeros: the game is not rated for him);
* K3 beyond the cap shows as a K3 field above 100 (``OVER``), and only that game is redone
  with the K3 left (:func:`_capped`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from functools import cache
from itertools import compress, repeat
from operator import and_, gt
from typing import Final

from fedrank.engines.go_ufgo.model import Tournament
from fedrank.engines.go_ufgo.tables import (
    K1_BY_DIFF,
    K3_CAP_BOUND,
    K3_CAP_HIGH,
    K3_CAP_LOW,
    MAX_PASSES,
    TABLE3,
    TENTHS_K2,
    TIME_HIGH_IK,
    TIME_MINUTES_HIGH,
)

FLOOR: Final = 1601
"""Tenths: from 160.1 up one game (at most 60 points lost) ends above 100."""
REACH: Final = 30000
"""Tenths: the packed tables cover IK below 3000 (the others take ``fast``'s path)."""
MAX_GAMES: Final = 10000
"""More games could overflow the RA field (``_RA_MASK``): such a tournament takes ``fast``'s
path."""

_RA: Final = 20
_K3: Final = 46
_MASK: Final = (1 << 20) - 1
_RA_MASK: Final = (1 << (_K3 - _RA)) - 1
"""``100 s RA`` of a player: at most 45 * 60 a game and 100 * 100 for K3, below 2 ** 26."""
_LOW: Final = (1 << _K3) - 1
_FULL: Final = K3_CAP_LOW << _K3
OVER: Final = (K3_CAP_LOW + 1) << _K3
"""A state at or above this has applied more K3 than its cap: the game is redone."""
_HIGH_START: Final = (K3_CAP_LOW - K3_CAP_HIGH) << _K3
_CAP_BOUND: Final = K3_CAP_BOUND * 10
_K1: Final = [K1_BY_DIFF[d] for d in range(-REACH, REACH + 1)]
"""K1 in hundredths by the difference of two IKs in tenths plus ``REACH``."""
_SCORE: Final = {
    result: [100 + rp - k1 for k1 in _K1]
    for result, rp in ((Decimal(1), 100), (Decimal(0), 0), (Decimal("0.5"), 50))
}
"""By result (Rp 1, 0 or 0.5): ``Rp - K1 + 100`` in hundredths (0 to 200, a row's index) of
player 1, by the difference of the two IKs in tenths plus ``REACH``."""

Row = tuple[int, ...]


class HandBackError(Exception):
    """The tournament is not one the packed path rates."""


@cache
def steps(s: int, official: bool, limited: bool) -> tuple[tuple[Row, ...], tuple[Row, ...]]:
    """What one game adds to a player's state, by his IK in tenths and ``Rp - K1 + 100``.

    ``s``: the board divisor (§4.8); ``official``: K3 applies (§4.3); ``limited``: a game of
    45-59 minutes, not rated for a player above 2100 (§1.7). Below ``FLOOR`` the row is empty
    (an IndexError: the tournament is handed back). The second table is the first with each
    row reversed: the look-up of player 2, whose ``Rp - K1 + 100`` is 200 minus player 1's.
    One row is built per row of table 3 (by lower bound, as ``TENTHS_K2`` and ``TENTHS_K3``
    are), so the first call costs about a millisecond, not a scan of every tenth.
    """
    ahead: list[Row] = [()] * FLOOR
    back: list[Row] = [()] * FLOOR
    top = TIME_HIGH_IK * 10 + 1 if limited else REACH
    lo = FLOOR
    for (_, k2, k3), (end, _, _) in zip(TABLE3, (*TABLE3[1:], (REACH // 10, 0, 0)), strict=True):
        hi = min(end * 10, top)  # rows by lower bound: IK in tenths from bound * 10 to hi
        if hi <= lo:
            continue
        if not official:
            k3 = 0
        row = tuple(
            (k2 * (x - 100) + 100 * k3 + 5 * s) // (10 * s)
            + ((45 * k2 + 100 * k3) << _RA)
            + (k3 << _K3)
            for x in range(201)
        )
        ahead += [row] * (hi - lo)
        back += [row[::-1]] * (hi - lo)
        lo = hi
    zeros = (0,) * 201
    ahead += [zeros] * (REACH - lo)
    back += [zeros] * (REACH - lo)
    return tuple(ahead), tuple(back)


def _capped(state: int, ik: int, x: int, s: int) -> int:
    """The game redone with the K3 left under the cap (§4.3); the K3 field becomes full."""
    k2 = TENTHS_K2[ik]
    room = K3_CAP_LOW - (state >> _K3)
    step = (k2 * (x - 100) + 100 * room + 5 * s) // (10 * s)
    return (state & _LOW) + ((45 * k2 + 100 * room) << _RA) + step + _FULL


def _initial(start: list[int]) -> list[int]:
    return [v if v < _CAP_BOUND else v + _HIGH_START for v in start]


def rate_packed(
    t: Tournament, ik: Mapping[str, int], s: int
) -> tuple[list[str], list[int], int, set[int]]:
    """Rate ``t`` from the IKs (tenths) of ``ik``: (players in order of first appearance, IK
    after in tenths, passes, anomalous indices), or raise to hand it back."""
    games = t.games
    ng = len(games)
    if not games or ng > MAX_GAMES:
        raise HandBackError
    limited = t.time_minutes < TIME_MINUTES_HIGH
    ahead, back = steps(s, t.official, limited)
    off = REACH
    over = OVER
    mask = _MASK
    m = 2 * ng  # room for every player; cut to the number of players after pass 1
    index: dict[str, int] = {}
    get = index.get
    cur = [0] * m
    busy = [0] * m
    score: dict[object, list[int]] = {}
    if games[0].round < 1:
        raise HandBackError  # rounds ascend from the first game's: this checks them all
    last = 0
    n = 0
    # Pass 1 straight from the games: index the players, check the games, rate.
    for g in games:
        rnd = g.round
        if rnd != last:
            if rnd < last:
                raise HandBackError
            last = rnd
        try:
            e = score[g.score1]  # the result objects met so far, found by identity
        except KeyError:
            e = score[g.score1] = _SCORE[g.score1]  # a KeyError here hands back
        p = g.player1
        a = get(p)
        if a is None:
            a = index[p] = n
            n += 1
            v = ik[p]
            if not 0 <= v < REACH:
                raise HandBackError
            cur[a] = v if v < _CAP_BOUND else v + _HIGH_START
            busy[a] = rnd
        elif busy[a] == rnd:
            raise HandBackError
        else:
            busy[a] = rnd
        p = g.player2
        b = get(p)
        if b is None:
            b = index[p] = n
            n += 1
            v = ik[p]
            if not 0 <= v < REACH:
                raise HandBackError
            cur[b] = v if v < _CAP_BOUND else v + _HIGH_START
            busy[b] = rnd
        elif busy[b] == rnd:  # also a player against himself
            raise HandBackError
        else:
            busy[b] = rnd
        # -- the game: the statements of _repass
        pa = cur[a]
        pb = cur[b]
        ia = pa & mask
        ib = pb & mask
        x = e[ia - ib + off]
        na = pa + ahead[ia][x]
        cur[a] = na if na < over else _capped(pa, ia, x, s)
        nb = pb + back[ib][x]
        cur[b] = nb if nb < over else _capped(pb, ib, 200 - x, s)
    del cur[n:]
    ids = list(index)
    start = list(map(ik.__getitem__, ids))
    players = range(n)
    q = 10 * s
    ra = _RA
    ra_mask = _RA_MASK
    indexed: list[tuple[int, int, list[int]]] | None = None
    anomalous: set[int] = set()
    for passes in range(1, MAX_PASSES + 1):
        # The anomaly check of rating.check_pass (§4.4-§4.7): a running IK not above the
        # start rounds to a gain of at most 0.5, below the smallest RA (1.5), so only the
        # players who went up are looked at (a player with no rated game did not move). The
        # gain exceeds RA when 10 s gain > 100 s RA, the state's field (a gain of 0 or less
        # never does).
        now = list(map(and_, cur, repeat(mask)))
        values = [(c + 5) // 10 * 10 for c in now]  # the IKs after, if no one is anomalous
        nxt: list[int] | None = None
        for i in compress(players, map(gt, now, start)):
            final = values[i]
            if (final - start[i]) * q > cur[i] >> ra & ra_mask:
                if nxt is None:
                    nxt = list(start)
                nxt[i] = final
                anomalous.add(i)
        if nxt is None:
            if limited:  # a player above 2100 may have no rated game: he keeps his IK
                values = [
                    c if v >> ra & ra_mask else t0
                    for c, v, t0 in zip(values, cur, start, strict=True)
                ]
            return ids, values, passes, anomalous
        if passes == MAX_PASSES:
            break
        if indexed is None:
            indexed = [(index[g.player1], index[g.player2], score[g.score1]) for g in games]
        start = nxt
        cur = _initial(nxt)
        _repass(indexed, cur, ahead, back, s)
    raise HandBackError  # more than MAX_PASSES: the reference refuses it (RULES.md Decision)


def _repass(
    games: Iterable[tuple[int, int, list[int]]],
    cur: list[int],
    ahead: tuple[Row, ...],
    back: tuple[Row, ...],
    s: int,
) -> None:
    """Another pass over the games (player indices, ``Rp - K1 + 100`` by IK difference) from
    the states ``cur``: the statements of pass 1."""
    off = REACH
    over = OVER
    mask = _MASK
    for a, b, e in games:
        pa = cur[a]
        pb = cur[b]
        ia = pa & mask
        ib = pb & mask
        x = e[ia - ib + off]
        na = pa + ahead[ia][x]
        cur[a] = na if na < over else _capped(pa, ia, x, s)
        nb = pb + back[ib][x]
        cur[b] = nb if nb < over else _capped(pb, ib, 200 - x, s)
