"""Benchmark: the RMF list on one date for 20,000 players and ten years of tournaments.

Generates about 3,000 sports-mahjong tournaments (2016-2025, 12..120 players, CHS 4..10, some
championships) with a seeded ``random.Random``, then times one list date (2026-01-01) including
the full level replay (KT_EU of every tournament from the replayed levels, year checks on the
first day of every month). Goal (issue 4): <= 5 s.

Run: ``.venv/bin/python bench/rmf_list.py [--seed N] [--players N] [--tournaments N]``
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import date, timedelta

from fedrank.engines.mahjong_rmf import (
    Discipline,
    Entry,
    Tournament,
    list_from_replay,
    replay,
)


def generate(seed: int, players: int, tournaments: int) -> list[Tournament]:
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(players)]
    # some players play far more often than others
    weight = [rng.paretovariate(1.5) for _ in range(players)]
    pool = rng.choices(range(players), weights=weight, k=players * 20)
    start, days = date(2016, 1, 1), (date(2025, 12, 31) - date(2016, 1, 1)).days
    out = []
    for i in range(tournaments):
        size = rng.randint(12, 120)
        chosen: set[int] = set()
        while len(chosen) < size:
            chosen.add(pool[rng.randrange(len(pool))])
        order = sorted(chosen, key=lambda p: -(skill[p] + rng.gauss(0, 0.8)))
        entries: list[Entry] = []
        for j, p in enumerate(order):
            # an occasional shared place (competition ranking: 1, 2, 2, 4)
            place = entries[-1].place if j and rng.random() < 0.03 else j + 1
            entries.append(Entry(f"P{p:05d}", place))
        out.append(
            Tournament(
                id=f"T{i:04d}",
                date=start + timedelta(days=rng.randrange(days + 1)),
                discipline=Discipline.MCR,
                chs=rng.randint(4, 10),
                entries=tuple(entries),
                chut=size + rng.choice((0, 0, 0, 2, 4)),
                kt_w=rng.random() < 0.02,
            )
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=20261121)
    ap.add_argument("--players", type=int, default=20_000)
    ap.add_argument("--tournaments", type=int, default=3_000)
    args = ap.parse_args()
    ts = generate(args.seed, args.players, args.tournaments)
    entries = sum(len(t.entries) for t in ts)
    on = date(2026, 1, 1)
    t0 = time.perf_counter()
    rp = replay(ts, discipline=Discipline.MCR, until=on)
    t1 = time.perf_counter()
    lst = list_from_replay(rp)
    t2 = time.perf_counter()
    dans = sum(1 for lv in rp.levels.values() if lv.is_dan)
    events = sum(len(h) for h in rp.history.values())
    print(f"seed {args.seed}: {len(ts)} tournaments, {entries} results, {len(rp.played)} players")
    print(f"level replay: {t1 - t0:.3f} s ({events} level events, {dans} dan players on {on})")
    print(f"list of {on}: {t2 - t1:.3f} s ({len(lst.rows)} players listed)")
    print(f"total (list date including level replay): {t2 - t0:.3f} s (goal <= 5 s)")
    top = lst.rows[0]
    print(f"top: {top.player} rating {top.rating:.2f} level {top.level.label}")


if __name__ == "__main__":
    main()
