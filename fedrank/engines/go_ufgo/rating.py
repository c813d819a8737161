"""One tournament's IK changes: formula (1) round by round, section 5, and the anomaly passes.

Seed 002 §1.7 (time control), §4 (formula (1) ``dR = K2 (Rp - K1) + K3``, §4.3 K3 only in
official tournaments with its per-tournament cap, §4.4-§4.7 the anomaly rule with formula (2)
``RA = 0.45 * sum K2(Ri) + sum K3``, §4.8 board sizes, §4.9 running IK to 0.1 and the final
rounding) and §5 (players below 100: §5.1-§5.3 with tables 4 and 5, the §5.4 anomaly and the
§5.5 1 : 10 conversion across 100), as restated in RULES.md "go_ufgo".

RULES.md go_ufgo Decisions applied here (each has a test in tests/engines/go_ufgo/test_rating.py):

* **jigo** scores Rp = 0.5 in formula (1); section 5 gives no figure for a jigo, so a jigo
  there is refused (RuleError naming §5.1 and the Decision);
* **IK to 0.1, R12 row by lower bound**: R12 = 3.5 reads the row 0-3 (see ``tables``);
* **2000 exactly** reads the last row of table 3;
* **at most 50 passes**, then the tournament is refused;
* **crossing 100**: 98 + 5 under §5 ends at 100 + 3 * 10 = 130; 105 - 20 ends at 98.5.

Engine decisions where the texts leave a detail open (docs/engines/go_ufgo.md lists them):

* the K3 cap of §4.3 counts table 3's K3 as printed (before the board divisor) and is set by
  the player's IK at the start of the pass; table 4's k3 is not part of that cap;
* RA (formula (2)) runs over every game rated for the player; a table 4 game adds its k3
  as printed (table 4 is already per board) and 0.45 K2 divided by the board divisor;
* the gain compared with RA is the final (rounded) IK minus the pass's starting IK, and the
  next pass starts an anomalous player at that rounded final IK;
* the §5.4 rule judges a player whose pass started below 100, the §4.4 rule one who started
  at 100 or more;
* for a player above 2100 in a tournament of 45-59 minutes the game is not rated for him but
  is rated for his opponent (§1.7, RULES.md: "for him the game is not rated");
* the running IK (not dR) is rounded half-up to 0.1 after each round.

All arithmetic is exact integer arithmetic in tenths of a point (a figure divided by the
board divisor is carried as a fraction until it is rounded); Decimals appear in traces.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, Final, NoReturn

from fedrank.engines.go_ufgo.ranks import Rank, current_rank
from fedrank.engines.go_ufgo.tables import (
    BELOW_100_LOSS,
    BELOW_100_WIN,
    BOARD_DIVISOR,
    BOARDS,
    BONUS_ANOMALY,
    FAST_K1_STRONG,
    FAST_K1_WEAK,
    FAST_K2,
    FAST_K3,
    FAST_NO_K3,
    K3_CAP_BOUND,
    K3_CAP_HIGH,
    K3_CAP_LOW,
    MAX_PASSES,
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
from fedrank.engines.kernel import Award, InputError, RuleError, Trace, half_up, to_jsonable

RULE_JIGO: Final = "RULES.md go_ufgo Decision: jigo is Rp = 0.5 in formula (1) only"
RULE_PASSES: Final = "RULES.md go_ufgo Decision: at most 50 passes"

_SCORES: Final = {Decimal(1): 2, Decimal(0): 0, Decimal("0.5"): 1}
_TEN: Final = Decimal(10)


@dataclass(frozen=True, slots=True)
class Game:
    """One game actually played (§4.1): ``score1`` is Rp of ``player1`` (1, 0 or 0.5 jigo)."""

    round: int
    player1: str
    player2: str
    score1: Decimal
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament as the rulebook needs it: date, board, minutes per player, official (§4.3)."""

    name: str
    on: date
    games: tuple[Game, ...]
    board: int = 19
    time_minutes: int = 60
    official: bool = False
    id: str = ""

    def players(self) -> list[str]:
        """Participants in order of first appearance."""
        seen: dict[str, None] = {}
        for g in self.games:
            seen.setdefault(g.player1)
            seen.setdefault(g.player2)
        return list(seen)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "date": self.on.isoformat(),
            "board": self.board,
            "time_minutes": self.time_minutes,
            "official": self.official,
            "rounds": len({g.round for g in self.games}),
            "games": len(self.games),
        }


@dataclass(frozen=True, slots=True)
class PlayerStart:
    """A participant's state at the start of the tournament (from the database or the file)."""

    player: str
    ik: Decimal
    held_dan: int | None = None


@dataclass(frozen=True, slots=True)
class PassCheck:
    """The anomaly check of one player in one pass (§4.4-§4.7 or §5.4)."""

    pass_no: int
    start_ik: Decimal
    final_ik: Decimal
    rule: str
    measure: Decimal
    """The gain (§4.4) or the bonus points (§5.4) of the pass."""
    limit: Decimal
    """RA after the board divisor (§4.5, §4.8), or the §5.4 bonus threshold."""
    anomalous: bool
    next_start: Decimal | None

    def to_json(self) -> dict[str, Any]:
        return {
            "pass": self.pass_no,
            "start_IK": to_jsonable(self.start_ik),
            "final_IK": to_jsonable(self.final_ik),
            "rule": self.rule,
            "measure": to_jsonable(self.measure),
            "limit": to_jsonable(self.limit),
            "anomalous": self.anomalous,
            "next_start_IK": to_jsonable(self.next_start),
        }


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One participant's outcome: IK before -> after, rank change, anomaly passes, trace."""

    player: str
    ik_before: Decimal
    ik_after: Decimal
    rank_before: Rank
    rank_after: Rank
    held_dan: int | None
    games_rated: int
    anomalous: bool
    checks: tuple[PassCheck, ...]
    trace: Trace

    @property
    def change(self) -> Decimal:
        return self.ik_after - self.ik_before

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "IK_before": to_jsonable(self.ik_before),
            "IK_after": to_jsonable(self.ik_after),
            "change": to_jsonable(self.change),
            "rank_before": self.rank_before.label,
            "rank_after": self.rank_after.label,
            "rank_changed": self.rank_before != self.rank_after,
            "games_rated": self.games_rated,
            "anomalous": self.anomalous,
            "passes": [c.to_json() for c in self.checks],
            "trace": self.trace.to_json(),
        }


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """The rated tournament: what the director's preview shows and storage writes."""

    tournament: Tournament
    passes: int
    players: tuple[PlayerResult, ...]
    warnings: tuple[str, ...] = ()

    def by_player(self) -> dict[str, PlayerResult]:
        return {p.player: p for p in self.players}

    def awards(self) -> list[Award]:
        """One ledger line per participant: kind ``IK``, the change, and its trace."""
        return [Award(p.player, "IK", p.change, p.trace) for p in self.players]

    @property
    def anomalies(self) -> list[str]:
        return [p.player for p in self.players if p.anomalous]

    def to_json(self) -> dict[str, Any]:
        return {
            "tournament": self.tournament.to_json(),
            "passes": self.passes,
            "anomalies": self.anomalies,
            "players": [p.to_json() for p in self.players],
            "warnings": list(self.warnings),
        }


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
    k1w = FAST_K1_WEAK
    k1s = FAST_K1_STRONG
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
                if ia >= ib:
                    row = (ia - ib) // 10
                    k1a = k1s[row]
                    k1b = k1w[row]
                else:
                    row = (ib - ia) // 10
                    k1a = k1w[row]
                    k1b = k1s[row]
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
            "a jigo with a player below 100 has no figure in §5",
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


# ---------------------------------------------------------------------------------------------
# The passes (§4.6-§4.7, §5.4).


@dataclass(slots=True)
class Checked:
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


def _d(tenths: int) -> Decimal:
    return Decimal(tenths) / _TEN


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
            _pass_check(p, k + 1, h, i) for k, h in enumerate(history) if h.outcome.k2sum[i]
        )
        before = st.ik
        rated = sum(1 for ev in events.get(i, []) if ev[5] != "tc")
        if rated:
            after = _d(final_out.final[i])
        else:
            # Not rated for him (§1.7): his IK stays where the last pass started him.
            after = before if last_start[i] == start0[i] else _d(last_start[i])
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


def _pass_check(p: Prepared, pass_no: int, h: Checked, i: int) -> PassCheck:
    start = h.start[i]
    final = h.outcome.final[i]
    anomalous = i in h.anomalous
    nxt = _d(h.next_start[i]) if anomalous else None
    if start < 1000:
        return PassCheck(
            pass_no=pass_no,
            start_ik=_d(start),
            final_ik=_d(final),
            rule=f"{SEED} §5.4",
            measure=Decimal(h.outcome.bonus[i]),
            limit=Decimal(BONUS_ANOMALY[p.board]),
            anomalous=anomalous,
            next_start=nxt,
        )
    return PassCheck(
        pass_no=pass_no,
        start_ik=_d(start),
        final_ik=_d(final),
        rule=f"{SEED} §4.4-§4.5",
        measure=_d(final - start),
        limit=half_up(Decimal(h.outcome.ra_units(i)) / (100 * p.divisor), 2),
        anomalous=anomalous,
        next_start=nxt,
    )


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
        tr.add("IK_opponent", _d(iy), note=where)
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
            tr.add("R12", _d(abs(ix - iy)), rule=f"{SEED} §4.2 table 2", note=where)
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
        tr.add("IK", _d(nx), rule=f"{SEED} §5.5" if crossed else f"{SEED} §4.9", note=note)
    tr.add("IK", after, rule=f"{SEED} §4.9", note="after the last round, to the nearest integer")
    return tr
