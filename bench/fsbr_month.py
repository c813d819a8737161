"""Benchmark: the FSBR monthly standing of 20,000 players with ten years of ledger.

Builds a deterministic federation (``random.Random(seed)``): 20,000 players and about
1,000,000 award lines (MB, RO, PB) from 2016-01 to 2025-12, with achievements, then times:

1. preparing the histories (sorting, prefix sums),
2. the full replay of every player's rank coefficient from the start of his history to the
   previous list (2025-12-01): what a first import or a correction costs,
3. the monthly standing of everyone on 2026-01-01 (rank coefficient from last month's state,
   rating R with best 10 / at most 7 non-championship per year, what is still needed):
   the monthly job, as the service runs it: on histories prepared anew (the list job loads
   and prepares them; nothing of step 2 is cached in them) from the states stored with the
   last list, and reading every standing's figures, rating and needs as the list's rows do
   (the engine makes those objects when they are first read). Goal (issue 37): <= 1 s of CPU
   at 20,000 players, judged on this step's CPU time; wall time is printed beside it, since
   the machine may be shared. The engine's call alone is printed apart.

The garbage collector is frozen as the service freezes it: ``gc.collect(); gc.freeze()`` once
the modules are loaded, before the ledger exists (``--no-freeze`` to compare;
``--freeze-input`` also freezes the loaded ledger, as this bench did before issue 37).
``--players 5000 / 10000 / 20000`` shows the growth.

Run: ``.venv/bin/python bench/fsbr_month.py [--players N] [--seed S]``
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections import Counter
from datetime import date

from fedrank.engines.bridge_fsbr import (
    AchievementRecord,
    LedgerLine,
    PlayerHistory,
    PreparedHistory,
    RankState,
    monthly_standings,
    replay_rank,
)


def build(players: int, lines_per_player: int, seed: int) -> list[PlayerHistory]:
    """A federation of ``players`` with about ``lines_per_player`` award lines each."""
    rng = random.Random(seed)
    first_day = date(2016, 1, 1).toordinal()
    last_day = date(2025, 12, 31).toordinal()
    out = []
    for i in range(players):
        strength = rng.random() ** 2  # most players are weak, a few strong
        n = max(1, int(rng.gauss(lines_per_player, lines_per_player / 4)))
        lines = []
        achievements = []
        for _ in range(n):
            day = date.fromordinal(rng.randint(first_day, last_day))
            roll = rng.random()
            event = f"e{rng.randrange(40_000)}"
            champ = rng.random() < 0.2
            if roll < 0.70:
                amount = max(1, int(rng.expovariate(1 / (2 + 20 * strength))))
                lines.append(LedgerLine(day, "MB", amount, rng.random() < 0.9, champ, event))
            elif roll < 0.95:
                amount = max(1, int(rng.expovariate(1 / (5 + 40 * strength))))
                lines.append(LedgerLine(day, "RO", amount, True, champ, event))
            else:
                lines.append(LedgerLine(day, "PB", 1 + int(3 * strength), True, champ, event))
                if champ and rng.random() < 0.3:
                    achievements.append(AchievementRecord(day, 1 + int(4 * strength**2), event))
        out.append(PlayerHistory(f"{i:05d}", tuple(lines), tuple(achievements)))
    return out


class Clock:
    """Wall time and this process's CPU time (the machine may be shared)."""

    def __init__(self) -> None:
        self.wall = time.perf_counter()
        self.cpu = time.process_time()

    def lap(self, what: str) -> None:
        """Print the wall and CPU time since the last lap."""
        wall, cpu = time.perf_counter(), time.process_time()
        print(f"{what}: {wall - self.wall:.2f} s wall, {cpu - self.cpu:.2f} s CPU")
        self.wall, self.cpu = wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--lines", type=int, default=50, help="award lines per player")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--no-freeze",
        dest="freeze",
        action="store_false",
        help="no gc.freeze() at start-up",
    )
    parser.add_argument(
        "--freeze-input", action="store_true", help="also gc.freeze() the prepared ledger"
    )
    args = parser.parse_args()
    if args.freeze:
        gc.collect()
        gc.freeze()

    clock = Clock()
    histories = build(args.players, args.lines, args.seed)
    total_lines = sum(len(h.lines) for h in histories)
    print(f"players: {len(histories)}, ledger lines: {total_lines}, seed: {args.seed}")
    clock.lap("generate")

    prepared = [PreparedHistory(h) for h in histories]
    clock.lap("prepare histories")
    if args.freeze_input:
        gc.collect()
        gc.freeze()
        clock.lap("gc.freeze of the ledger")

    previous_list = date(2025, 12, 1)
    previous: dict[str, RankState] = {
        p.history.player: replay_rank(p, previous_list) for p in prepared
    }
    clock.lap(f"full replay of every player to {previous_list}")

    fresh = [PreparedHistory(h) for h in histories]  # as the list job prepares them
    clock.lap("prepare the histories again, as the list job does")

    list_date = date(2026, 1, 1)
    collections = [0, 0, 0]

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections[info["generation"]] += 1

    gc.callbacks.append(count)
    standings = monthly_standings(fresh, list_date, previous)
    engine = time.process_time() - clock.cpu
    for s in standings:  # what each list row reads (handlers/systems/bridge_fsbr/lists.py)
        s.figures, s.rating.counted, s.next_needs  # noqa: B018
    cpu = time.process_time() - clock.cpu
    gc.callbacks.remove(count)
    print(f"  of which the engine's call {engine:.2f} s CPU, reading the standings the rest")
    clock.lap(f"monthly standing of everyone on {list_date}")
    print(f"collections during it (generations 0, 1, 2): {collections}")
    met = "met" if cpu <= 1.0 else "NOT met"
    print(f"goal: monthly standing <= 1 s CPU at 20,000 players: {met} ({cpu:.2f} s)")

    by_rk = Counter(str(s.rk) for s in standings)
    order = sorted(by_rk, key=lambda rk: -float(rk))
    print("rank coefficients:", ", ".join(f"{rk}: {by_rk[rk]}" for rk in order))
    best = max(standings, key=lambda s: s.rating.R)
    print(f"highest rating R: {best.rating.R} (player {best.player}, rk {best.rk})")
    print(f"one-year coefficients held: {sum(s.state.temporary for s in standings)}")


if __name__ == "__main__":
    main()
