"""Benchmark: one Swiss round (round 7) for 1,000 players after 6 rounds (goal <= 2 s).

Run: ``.venv/bin/python bench/woc_pairing.py [players] [rounds_before]``. Rounds 1-6 are
paired by the engine itself (first round drawn, then the exact matching) with results drawn
from a seeded strength model; only the pairing of the next round is timed, wall and CPU; the
goal is judged on the CPU time. The collector is frozen after start-up as the service does.
"""

from __future__ import annotations

import gc
import random
import sys
import time

from fedrank.engines.othello_woc.model import Game, Player, Round, System, Tournament
from fedrank.engines.othello_woc.pairing import BYE, next_pairing, round_seed


def play(
    pairing_pairs: list[tuple[str, str]], strength: dict[str, float], rng: random.Random
) -> list[Game]:
    games = []
    for black, white in pairing_pairs:
        p_black = 1 / (1 + 10 ** ((strength[white] - strength[black]) / 400))
        roll = rng.random()
        if abs(roll - p_black) < 0.01:
            games.append(Game(black, white, 32, 32))
            continue
        margin = rng.randint(1, 15)
        win, lose = 32 + margin, 32 - margin
        games.append(
            Game(black, white, win, lose) if roll < p_black else Game(black, white, lose, win)
        )
    return games


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    before = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    gc.collect()
    gc.freeze()
    rng = random.Random(2024)
    countries = [f"C{k:02d}" for k in range(80)]
    field = tuple(
        Player(f"P{i:04d}", f"Player {i}", rng.choice(countries), rng.choice("MF"), group_a=i < 40)
        for i in range(players)
    )
    strength = {p.id: rng.gauss(1800, 250) for p in field}
    t = Tournament("bench", field, seed=7, system=System.SWISS)
    build = time.perf_counter()
    for _ in range(before):
        pairing = next_pairing(t, round_seed(t.seed, len(t.rounds) + 1))
        games = play([(p.black, p.white) for p in pairing.pairs if p.white != BYE], strength, rng)
        rnd = Round(pairing.round, tuple(games), seed=pairing.seed)
        t = Tournament(t.name, t.players, (*t.rounds, rnd), t.seed, t.system)
    built = time.perf_counter() - build
    start, start_cpu = time.perf_counter(), time.process_time()
    pairing = next_pairing(t, round_seed(t.seed, len(t.rounds) + 1))
    elapsed, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    totals = {s.name: s.value for s in pairing.trace if s.name in "bcdefg"}
    print(f"players={players} rounds_before={before} (built in {built:.2f} s)")
    print(
        f"round {pairing.round} pairing: {elapsed:.3f} s wall, {cpu:.3f} s CPU; "
        f"criteria totals {totals}"
    )
    print("goal: one round paired <= 2 s CPU:", "met" if cpu <= 2 else "NOT met")


if __name__ == "__main__":
    main()
