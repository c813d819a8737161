"""One pass over a tournament's rounds: formula (1), K3 and its cap, section 5, boards, rounding.

Seed 002 §1.7 (time control), §4.1-§4.3 (formula (1) ``dR = K2 (Rp - K1) + K3``, K3 only in
official tournaments with its per-tournament cap), §4.8 board sizes, §4.9 running IK to 0.1 and
the final rounding, and §5.1-§5.3, §5.5 (players below 100: tables 4 and 5, the 1 : 10
conversion across 100), as restated in RULES.md "go_ufgo".

RULES.md go_ufgo Decisions applied here (tested in tests/engines/go_ufgo/test_rating.py):
**jigo** scores Rp = 0.5 in formula (1); section 5 gives no figure for a jigo, so a jigo there is
refused (RuleError naming §5.1 and the Decision); **IK to 0.1, R12 row by lower bound** (see
``tables``); **crossing 100**: 98 + 5 under §5 ends at 100 + 3 * 10 = 130; 105 - 20 ends at 98.5.

Engine decisions where the texts leave a detail open (docs/engines/go_ufgo.md lists them): the
K3 cap of §4.3 counts table 3's K3 as printed (before the board divisor) and is set by the
player's IK at the start of the pass, table 4's k3 is not part of it; for a player above 2100
in a tournament of 45-59 minutes the game is not rated for him but is rated for his opponent;
the running IK (not dR) is rounded half-up to 0.1 after each round.

All arithmetic is exact integer arithmetic in tenths of a point (a figure divided by the board
divisor is carried as a fraction until it is rounded); Decimals appear only in traces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final, NoReturn

from fedrank.engines.go_ufgo.model import Game, Tournament
from fedrank.engines.go_ufgo.tables import (
    BELOW_100_LOSS,
    BELOW_100_WIN,
    BOARD_DIVISOR,
    BOARDS,
    FAST_K2,
    FAST_K3,
    FAST_NO_K3,
    K1_BY_DIFF,
    K3_CAP_BOUND,
    K3_CAP_HIGH,
    K3_CAP_LOW,
    MAX_START_IK,
    SEED,
    TABLE4,
    TABLE4_ROW,
    TABLE5,
    TABLE5_ROW,
    TIME_HIGH_IK,
    TIME_MINUTES,
    TIME_MINUTES_HIGH,
)
from fedrank.engines.kernel import InputError, RuleError

RULE_JIGO: Final = "RULES.md go_ufgo Decision: jigo is Rp = 0.5 in formula (1) only"

_SCORES: Final = {Decimal(1): 2, Decimal(0): 0, Decimal("0.5"): 1}
_TEN: Final = Decimal(10)


def to_tenths(ik: Decimal, *, line: int | None = None, player: str = "") -> int:
    """A starting IK as tenths; IK is carried to 0.1 (§4.9) and never negative (§3.1)."""
    if (
        not ik.is_finite()
        or not 0 <= ik < MAX_START_IK
        or (ik * 10) != (ik * 10).to_integral_value()
    ):
        who = f" of {player}" if player else ""
        raise InputError(
            f"IK{who} must be from 0 to {MAX_START_IK - 1}, to 0.1: {ik}", line=line, field="IK"
        )
    return int(ik * 10)


def from_tenths(tenths: int) -> Decimal:
    """An IK in tenths as the Decimal a trace shows."""
    return Decimal(tenths) / _TEN


# ---------------------------------------------------------------------------------------------
# Preparation: players to local indices, games grouped by round, everything checked once.


@dataclass(slots=True)
class Prepared:
    """A tournament in the integer form the passes run on (internal to the engine)."""

    ids: list[str]
    rounds: list[tuple[int, list[tuple[int, int, int, int]]]]
    """(round, [(a, b, score of a in halves, index of the game)])."""
    board: int
    divisor: int
    official: bool
    limited_high: bool
    source: tuple[Game, ...] = ()

    def line(self, gi: int) -> int | None:
        """The line of the i-th game of the tournament, for errors."""
        return self.source[gi].line if gi < len(self.source) else None


def prepare(t: Tournament) -> Prepared:
    """Check a tournament against §1.7, §4.1, §4.8 and group its games by round."""
    if t.board not in BOARDS:
        raise RuleError(f"board {t.board}x{t.board} is not rated", rule=f"{SEED} §4.8")
    if t.time_minutes < TIME_MINUTES:
        raise RuleError(
            f"time control {t.time_minutes} min is below {TIME_MINUTES}: not rated",
            rule=f"{SEED} §1.7",
        )
    index: dict[str, int] = {}
    busy: list[int] = []  # the last round each player was seen in
    by_round: dict[int, list[tuple[int, int, int, int]]] = {}
    scores = _SCORES
    get = index.get
    last_round = 0
    in_order = True
    twice = False
    games: list[tuple[int, int, int, int]] = []
    for gi, g in enumerate(t.games):
        rnd = g.round
        p1 = g.player1
        p2 = g.player2
        sa = scores.get(g.score1)
        if sa is None or rnd < 1 or p1 == p2:
            _bad_game(g)
        a = get(p1)
        if a is None:
            a = index[p1] = len(busy)
            busy.append(rnd)
        elif busy[a] == rnd:
            twice = True
        else:
            busy[a] = rnd
        b = get(p2)
        if b is None:
            b = index[p2] = len(busy)
            busy.append(rnd)
        elif busy[b] == rnd:
            twice = True
        else:
            busy[b] = rnd
        if rnd != last_round:
            if rnd < last_round:
                in_order = False
            games = by_round.setdefault(rnd, [])
            last_round = rnd
        games.append((a, b, sa, gi))
    if twice or not in_order:  # rounds out of order: check each round as a whole
        for games in by_round.values():
            seen = {a for a, _, _, _ in games}
            seen.update(b for _, b, _, _ in games)
            if len(seen) != 2 * len(games):
                _twice_in_round(t, games)
    return Prepared(
        ids=list(index),
        rounds=sorted(by_round.items()),
        board=t.board,
        divisor=BOARD_DIVISOR[t.board],
        official=t.official,
        limited_high=t.time_minutes < TIME_MINUTES_HIGH,
        source=t.games,
    )


def _bad_game(g: Game) -> NoReturn:
    if g.round < 1:
        raise InputError(f"round {g.round} must be 1 or more", line=g.line, field="round")
    if g.player1 == g.player2:
        raise InputError(f"{g.player1} cannot play himself", line=g.line, field="player2")
    raise InputError(f"result {g.score1} must be 1, 0 or 0.5", line=g.line, field="result")


def _twice_in_round(t: Tournament, games: list[tuple[int, int, int, int]]) -> NoReturn:
    seen: set[int] = set()
    for a, b, _, gi in games:
        for p in (a, b):
            if p in seen:
                g = t.games[gi]
                name = g.player1 if p == a else g.player2
                raise InputError(
                    f"{name} plays twice in round {g.round}", line=g.line, field="round"
                )
            seen.add(p)
    raise AssertionError("no player plays twice")


# ---------------------------------------------------------------------------------------------
# One pass. IK in tenths of a point (ints). A trace sink, when given, receives one tuple per
# player and game of the pass.

Event = tuple[Any, ...]


def _tenths_formula(x: int, s: int) -> int:
    """Running IK in tenths from ``x`` = IK + dR/s in units of 1/(100 s) of a point (§4.9).

    Below 100 the part under 100 counts one tenth (§5.5); the result is rounded half-up.
    """
    if x >= 10000 * s:
        return (2 * x + 10 * s) // (20 * s)
    y = x - 10000 * s
    return 1000 + (2 * y + 100 * s) // (200 * s)


def _tenths_points(ix: int, points: int) -> int:
    """Running IK in tenths after whole ``points`` under §5, converted across 100 (§5.5)."""
    new = ix + 10 * points
    if ix < 1000 <= new:
        return 1000 + (new - 1000) * 10
    if new < 1000 <= ix:
        return 1000 + (2 * (new - 1000) + 10) // 20
    return new


def _table4_row(ix: int) -> int:
    """The row of table 4 for IK ``ix`` (tenths, at least 100 points)."""
    points = ix // 10
    return TABLE4_ROW[points] if points < len(TABLE4_ROW) else len(TABLE4) - 1


def _table5_bonus(iy: int, board: int) -> int:
    """Table 5's bonus for beating IK ``iy`` (tenths; 0 below the first row)."""
    points = iy // 10
    row = TABLE5_ROW[points] if points < len(TABLE5_ROW) else len(TABLE5) - 1
    return TABLE5[row][1][board] if row >= 0 else 0


@dataclass(slots=True)
class PassOutcome:
    """A pass's running IKs, final IKs and the sums formula (2) and §5.4 need, per player."""

    running: list[int]
    final: list[int]
    k2sum: list[int]
    """Sum of K2(Ri) over the player's rated games (0 means no game rated for him)."""
    k3sum: list[int]
    """Sum of K3 applied in formula (1) games."""
    extra: list[int]
    """Table 4 k3 of the player's games against players below 100, times the divisor."""
    bonus: list[int]
    """§5.3 bonus points."""

    def ra_units(self, i: int) -> int:
        """RA times 100 and the board divisor (exact): 45 sum K2 + 100 sum K3 + 100 s sum k3."""
        return 45 * self.k2sum[i] + 100 * self.k3sum[i] + 100 * self.extra[i]


def run_pass(p: Prepared, start: Sequence[int], sink: list[Event] | None = None) -> PassOutcome:
    """Rate every round once from the given starting IKs (tenths); no anomaly handling."""
    n = len(start)
    s = p.divisor
    cur = list(start)
    k2sum = [0] * n
    k3sum = [0] * n
    extra = [0] * n
    bonus = [0] * n
    caps = [K3_CAP_LOW if t < K3_CAP_BOUND * 10 else K3_CAP_HIGH for t in start]
    high = TIME_HIGH_IK * 10 if p.limited_high else 1 << 62
    k1t = K1_BY_DIFF
    k2t = FAST_K2
    k3t = FAST_K3 if p.official else FAST_NO_K3
    low = 10000 * s
    s10 = 10 * s
    s20 = 20 * s
    tracing = sink is not None
    events: list[Event] = sink if sink is not None else []
    for rnd, round_games in p.rounds:
        for a, b, sa, gi in round_games:
            ia = cur[a]
            ib = cur[b]
            if ia >= 1000 and ib >= 1000:
                # K1 by the difference in tenths (table 2's last row is "> 735": 735.5 reads
                # it, 735.0 does not); every row sums to 1.
                k1a = k1t[ia - ib]
                k1b = 100 - k1a
                if ia <= high:
                    j = ia // 10
                    k2 = k2t[j]
                    k3 = k3t[j]
                    if k3:
                        room = caps[a] - k3sum[a]
                        if k3 > room:
                            k3 = room
                        k3sum[a] += k3
                    k2sum[a] += k2
                    dr = k2 * (50 * sa - k1a) + 100 * k3
                    x = ia * s10 + dr
                    na = (2 * x + s10) // s20 if x >= low else _tenths_formula(x, s)
                    cur[a] = na
                    if tracing:
                        events.append((a, rnd, b, ia, ib, "f", na, k1a, k2, k3, sa, dr))
                elif tracing:
                    events.append((a, rnd, b, ia, ib, "tc", ia))
                if ib <= high:
                    sb = 2 - sa
                    j = ib // 10
                    k2 = k2t[j]
                    k3 = k3t[j]
                    if k3:
                        room = caps[b] - k3sum[b]
                        if k3 > room:
                            k3 = room
                        k3sum[b] += k3
                    k2sum[b] += k2
                    dr = k2 * (50 * sb - k1b) + 100 * k3
                    x = ib * s10 + dr
                    nb = (2 * x + s10) // s20 if x >= low else _tenths_formula(x, s)
                    cur[b] = nb
                    if tracing:
                        events.append((b, rnd, a, ib, ia, "f", nb, k1b, k2, k3, sb, dr))
                elif tracing:
                    events.append((b, rnd, a, ib, ia, "tc", ib))
            else:
                acc = (k2sum, extra, bonus)
                line = p.line(gi)
                cur[a] = _side5(p, a, b, ia, ib, sa, rnd, high, acc, sink, line)
                cur[b] = _side5(p, b, a, ib, ia, 2 - sa, rnd, high, acc, sink, line)
    final = [(c + 5) // 10 * 10 for c in cur]
    return PassOutcome(cur, final, k2sum, k3sum, extra, bonus)


def _side5(
    p: Prepared,
    x: int,
    y: int,
    ix: int,
    iy: int,
    sx: int,
    rnd: int,
    high: int,
    acc: tuple[list[int], list[int], list[int]],
    sink: list[Event] | None,
    line: int | None,
) -> int:
    """One side of a game where at least one player is below 100 (§5.1-§5.3, §5.5)."""
    if ix > high:
        if sink is not None:
            sink.append((x, rnd, y, ix, iy, "tc", ix))
        return ix
    if sx == 1:
        raise RuleError(
            f"round {rnd}: the jigo of {p.ids[x]} and {p.ids[y]} (a player below 100) has no "
            "figure in §5; a game under §5 is won or lost",
            rule=f"{SEED} §5.1; {RULE_JIGO}",
            line=line,
        )
    k2sum, extra, bonus = acc
    board = p.board
    k2sum[x] += FAST_K2[ix // 10]
    if ix < 1000:
        points = BELOW_100_WIN[board] if sx == 2 else BELOW_100_LOSS
        won_bonus = _table5_bonus(iy, board) if (sx == 2 and iy >= 1000) else 0
        bonus[x] += won_bonus
        nx = _tenths_points(ix, points + won_bonus)
        if sink is not None:
            kind = "5.3" if iy >= 1000 else "5.1"
            sink.append((x, rnd, y, ix, iy, kind, nx, points, won_bonus))
        return nx
    r_win, r_loss, k3 = TABLE4[_table4_row(ix)][1][board]
    r = r_win if sx == 2 else r_loss
    k3 = k3 if p.official else 0
    extra[x] += p.divisor * k3
    nx = _tenths_points(ix, r + k3)
    if sink is not None:
        sink.append((x, rnd, y, ix, iy, "5.2", nx, r, k3))
    return nx
