"""Benchmark: replay a synthetic UFGO history with the go_ufgo engine and with a bare Elo loop.

Builds a history of ``--games`` games (default 1,000,000) among ``--players`` players (default
100,000) in tournaments of ``--size`` players and ``--rounds`` rounds, then times

1. ``fedrank.engines.go_ufgo.replay`` over the whole history, from the ``Tournament`` /
   ``Game`` objects and the ``PlayerState`` list (formula (1), section 5, K3 caps, anomaly
   passes, 13x13/9x9 boards, 45-minute games, quarterly publications of 4-7 dan, a snapshot of
   every tournament's IKs and ranks);
2. the bare Elo loop (``bare_elo``) over the same games in the same order: for each game, read
   the two ratings from a dict, compute the expected score ``1 / (1 + 10 ** ((rb - ra) / 400))``
   in floats, and write ``ra + 20 (s - E)`` and ``rb - 20 (s - E)`` back. Its input is a list of
   ``(player1, player2, score as float)`` tuples built before the clock starts; nothing is
   checked, rounded or recorded;
   The same Elo loop over the engine's own ``Game`` objects (``game_elo``: the players and
   the score read from each ``Game`` of each ``Tournament``, the score through a dict from
   its Decimal to a float) is the anchor of the goal (issue 37): engine / this loop <= 3;
3. a loop that only reads every game's four fields from the ``Game`` objects (what any engine
   fed with this input pays before it computes anything), to show what the engine's time is
   made of;
4. rating one more tournament onto the replayed history (``RatingState.apply``);
5. the floor of the engine's own loop: one pass of formula (1) (``packed._repass``) over every
   tournament whose players cannot leave the packed tables, from integer columns (player indices,
   the row of ``Rp - K1`` by result) built before the clock starts -- no reading of ``Game``
   objects, no checks, no anomaly check, no state: what one pass of the rules costs by itself,
   per game, against the Elo loop per game.

The garbage collector is frozen after start-up as the service freezes it (``--no-freeze`` to
compare). It prints CPU times of this process (best of ``--repeat`` runs, each replay followed
by the Elo loop, so other work on the machine counts as little as possible), the engine / Elo ratio,
the first replay's time (the step tables are built on first use), the machine's load average,
and the incremental time. Run::

    .venv/bin/python bench/go_replay.py            # the full 1 M-game history
    .venv/bin/python bench/go_replay.py --games 20000 --players 2000
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import time
from collections import Counter
from datetime import date, timedelta
from decimal import Decimal
from itertools import chain
from typing import Any

from fedrank.engines.go_ufgo import Game, PlayerState, Tournament, packed, replay
from fedrank.engines.go_ufgo.tables import BOARD_DIVISOR, TIME_MINUTES_HIGH

WIN: dict[bool, Decimal] = {True: Decimal(1), False: Decimal(0)}


def build_history(
    n_games: int, n_players: int, size: int, rounds: int, seed: int
) -> tuple[list[Tournament], list[PlayerState], dict[str, float]]:
    """Players with a hidden strength; tournaments among players of similar strength."""
    rng = random.Random(seed)
    names = [f"p{i:06d}" for i in range(n_players)]
    strength = sorted(rng.gauss(1300, 650) for _ in range(n_players))
    strength = [min(max(s, 0.0), 2750.0) for s in strength]
    players = [
        PlayerState(
            names[i],
            Decimal(max(0, int(strength[i] + rng.gauss(0, 80)))),
            birth=date(1950 + rng.randrange(60), 1 + rng.randrange(12), 1 + rng.randrange(28)),
        )
        for i in range(n_players)
    ]
    games_per_t = size // 2 * rounds
    n_tournaments = max(1, n_games // games_per_t)
    day = date(2005, 1, 8)
    step = timedelta(days=max(1, 7300 // n_tournaments)) if n_tournaments < 7300 else None
    history = []
    for k in range(n_tournaments):
        lo = rng.randrange(0, max(1, n_players - 4 * size))
        group = rng.sample(range(lo, min(n_players, lo + 4 * size)), size)
        board = rng.choices((19, 13, 9), (90, 5, 5))[0]
        games = []
        for rnd in range(1, rounds + 1):
            rng.shuffle(group)
            for j in range(0, size - 1, 2):
                a, b = group[j], group[j + 1]
                p_a = 1.0 / (1.0 + 10.0 ** ((strength[b] - strength[a]) / 400.0))
                games.append(Game(rnd, names[a], names[b], WIN[rng.random() < p_a]))
        history.append(
            Tournament(
                name=f"T{k}",
                on=day,
                games=tuple(games),
                board=board,
                time_minutes=rng.choice((60, 60, 90, 45)),
                official=rng.random() < 0.5,
                id=f"t{k}",
            )
        )
        if step is not None:
            day += step
        elif k % (n_tournaments // 7300 + 1) == 0:
            day += timedelta(days=1)
    start = {p.player: float(p.ik) for p in players}
    return history, players, start


def bare_elo(history: list[tuple[str, str, float]], start: dict[str, float]) -> dict[str, float]:
    """The baseline: one Elo update per game, nothing else."""
    r = dict(start)
    for a, b, s in history:
        ra = r[a]
        rb = r[b]
        d = 20.0 * (s - 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0)))
        r[a] = ra + d
        r[b] = rb - d
    return r


FLOAT_SCORE: dict[Decimal, float] = {Decimal(1): 1.0, Decimal(0): 0.0, Decimal("0.5"): 0.5}


def game_elo(history: list[Tournament], start: dict[str, float]) -> dict[str, float]:
    """The same Elo loop over the engine's own input: each ``Game`` of each tournament."""
    r = dict(start)
    score = FLOAT_SCORE
    for t in history:
        for g in t.games:
            a, b = g.player1, g.player2
            ra = r[a]
            rb = r[b]
            d = 20.0 * (score[g.score1] - 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0)))
            r[a] = ra + d
            r[b] = rb - d
    return r


def read_games(history: list[Tournament]) -> int:
    """Only read each game's fields: the floor of any loop over these objects."""
    n = 0
    for t in history:
        for g in t.games:
            n += g.round > 0 and g.player1 != g.player2 and g.score1 is not None
    return n


Columns = list[tuple[list[tuple[int, int, list[int]]], list[int], Any, Any, int]]


def integer_columns(history: list[Tournament], players: list[PlayerState]) -> Columns:
    """The tournaments whose players all start far enough inside the packed tables that no one
    leaves them (60 points a game at most), as the packed path's further passes read them."""
    start = {p.player: int(p.ik * 10) for p in players}
    out: Columns = []
    for t in history:
        played = Counter(chain.from_iterable((g.player1, g.player2) for g in t.games))
        if any(
            not packed.FLOOR + 600 * n <= start[p] < packed.REACH - 600 * n
            for p, n in played.items()
        ):
            continue
        ids = t.players()
        index = {p: i for i, p in enumerate(ids)}
        games = [(index[g.player1], index[g.player2], packed._SCORE[g.score1]) for g in t.games]
        s = BOARD_DIVISOR[t.board]
        ahead, back = packed.steps(s, t.official, t.time_minutes < TIME_MINUTES_HIGH)
        out.append((games, packed._initial([start[p] for p in ids]), ahead, back, s))
    return out


def one_pass(columns: Columns) -> None:
    """Formula (1) once over every game of the columns, from the starting states."""
    for games, init, ahead, back, s in columns:
        packed._repass(games, list(init), ahead, back, s)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--players", type=int, default=100_000)
    ap.add_argument("--size", type=int, default=32, help="players per tournament")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=3, help="best of N runs of each loop")
    ap.add_argument(
        "--no-freeze", dest="freeze", action="store_false", help="no gc.freeze() at start-up"
    )
    args = ap.parse_args()
    if args.freeze:
        gc.collect()
        gc.freeze()

    t0 = time.perf_counter()
    history, players, start = build_history(
        args.games, args.players, args.size, args.rounds, args.seed
    )
    flat = [
        (g.player1, g.player2, float(g.score1))
        for t in history
        for g in sorted(t.games, key=lambda g: g.round)
    ]
    n_games = len(flat)
    print(f"history: {n_games} games, {len(players)} players, {len(history)} tournaments")
    print(f"  built in {time.perf_counter() - t0:.2f} s (seed {args.seed})")

    extra = history.pop()
    columns = integer_columns(history, players)
    column_games = sum(len(c[0]) for c in columns)
    engine = elo = on_games = reading = one_more = formula = wall = float("inf")
    first = 0.0
    for _ in range(args.repeat):
        w0, t0 = time.perf_counter(), time.process_time()
        result = replay(history, players)
        took = time.process_time() - t0
        wall = min(wall, time.perf_counter() - w0)
        first = first or took
        engine = min(engine, took)
        t0 = time.process_time()
        bare_elo(flat, start)
        elo = min(elo, time.process_time() - t0)
        t0 = time.process_time()
        game_elo(history, start)
        on_games = min(on_games, time.process_time() - t0)
        t0 = time.process_time()
        read_games(history)
        reading = min(reading, time.process_time() - t0)
        t0 = time.process_time()
        snap = result.state.apply(extra)
        one_more = min(one_more, time.process_time() - t0)
        t0 = time.process_time()
        one_pass(columns)
        formula = min(formula, time.process_time() - t0)

    passes = sum(s.passes for s in result.snapshots)
    anomalous = sum(len(s.anomalous) for s in result.snapshots)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"CPU seconds, best of {args.repeat}; load average {load} on {os.cpu_count()} CPUs")
    print(f"engine replay : {engine:.3f} s  ({passes} passes, {anomalous} anomalous results,")
    print(f"                {len(result.publications)} quarterly publications; {wall:.3f} s wall)")
    print(f"bare Elo loop : {elo:.3f} s (over pre-built tuples)")
    print(f"ratio         : {engine / elo:.2f}")
    print(f"Elo loop over the Game objects: {on_games:.3f} s")
    ratio = engine / on_games
    print(f"ratio to the Elo loop over the same Game objects: {ratio:.2f}")
    print("goal: ratio to the Elo loop over the same Game objects <= 3: ", end="")
    print("met" if ratio <= 3 else "NOT met")
    print(f"first replay in this process: {first:.3f} s (step tables built on first use)")
    print(f"reading the games only: {reading:.3f} s ({reading / elo:.2f} x the Elo loop)")
    print(
        f"one more tournament ({len(extra.games)} games) onto the history: {one_more * 1e3:.2f} ms"
    )
    print(f"  ({snap.passes} pass(es))")
    per_game = (formula / column_games) / (elo / n_games)
    print(
        f"one pass of formula (1) over integer columns ({column_games} games of {len(columns)}"
        f" tournaments): {formula:.3f} s, {per_game:.2f} x the Elo loop per game"
    )


if __name__ == "__main__":
    main()
