"""Benchmark: the RMF list on one date for 20,000 players and ten years of tournaments.

Generates about 3,000 sports-mahjong tournaments (2016-2025, 12..120 players, CHS 4..10, some
championships) with a seeded ``random.Random``, then times one list date (2026-01-01) including
the full level replay (KT_EU of every tournament from the replayed levels, year checks on the
first day of every month). Goal (issue 37): <= 1 s of CPU at 20,000 players, judged on the
CPU time of the whole list date (replay and list); wall time is printed beside it, since the
machine may be shared.

The garbage collector is frozen as the service freezes it: ``gc.collect(); gc.freeze()`` once
the modules are loaded (``fedrank run``, the site's server), before the data exists; the
tournaments and what the engine makes are collected as the monthly job's are
(``--no-freeze`` to compare, ``--freeze-input`` to freeze the tournaments too). With
``--tournaments`` left out it scales with ``--players`` (3,000 for 20,000), so
``--players 5000 / 10000 / 20000`` shows the growth.

Run: ``.venv/bin/python bench/rmf_list.py [--seed N] [--players N] [--tournaments N]``
"""

from __future__ import annotations

import argparse
import gc
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
from fedrank.engines.mahjong_rmf.tables import DAN1


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
    ap.add_argument(
        "--tournaments", type=int, default=None, help="default: 3,000 per 20,000 players"
    )
    ap.add_argument(
        "--no-freeze", dest="freeze", action="store_false", help="no gc.freeze() at start-up"
    )
    ap.add_argument(
        "--freeze-input", action="store_true", help="also gc.freeze() the generated tournaments"
    )
    args = ap.parse_args()
    if args.freeze:
        gc.collect()
        gc.freeze()
    n_tournaments = args.tournaments or max(1, args.players * 3 // 20)
    ts = generate(args.seed, args.players, n_tournaments)
    entries = sum(len(t.entries) for t in ts)
    if args.freeze_input:
        gc.collect()
        gc.freeze()
    on = date(2026, 1, 1)
    w0, c0 = time.perf_counter(), time.process_time()
    rp = replay(ts, discipline=Discipline.MCR, until=on)
    w1, c1 = time.perf_counter(), time.process_time()
    lst = list_from_replay(rp)
    w2, c2 = time.perf_counter(), time.process_time()
    dans = sum(1 for lv in rp.level_states.values() if lv[0] >= DAN1)
    events = len(rp.events)
    print(f"seed {args.seed}: {len(ts)} tournaments, {entries} results, {len(rp.played)} players")
    frozen = "after start-up" if args.freeze else "no"
    print(f"gc.freeze(): {frozen}{', and the input' if args.freeze_input else ''}")
    print(
        f"level replay: {w1 - w0:.3f} s wall, {c1 - c0:.3f} s CPU "
        f"({events} level events, {dans} dan players on {on})"
    )
    print(f"list of {on}: {w2 - w1:.3f} s wall, {c2 - c1:.3f} s CPU ({len(lst.rows)} listed)")
    total = c2 - c0
    print(f"total (list date including level replay): {w2 - w0:.3f} s wall, {total:.3f} s CPU")
    print(f"goal: <= 1 s CPU at 20,000 players: {'met' if total <= 1.0 else 'NOT met'}")
    top = lst.rows[0]
    print(f"top: {top.player} rating {top.rating:.2f} level {top.level.label}")


if __name__ == "__main__":
    main()
