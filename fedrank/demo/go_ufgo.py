"""The go_ufgo demo: two years of club tournaments as EGF h-files, imported like real ones.

Each player gets a hidden strength; every two to four weeks a field of 8-16 players plays a
Swiss-like tournament whose results follow those strengths (Elo's curve), written as the h-file
a director would send (``id=`` on each line, ``ik=`` for a strong newcomer, §3.2). The files go
through the shared loop (:func:`fedrank.demo.replay.replay`), which publishes the quarterly lists
due before each tournament. Everything is drawn from ``rng`` in a fixed order, so a seed gives
one history.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Final, Protocol

from fedrank.demo.replay import DemoFile, demo_players, replay
from fedrank.engines.go_ufgo import floating_rank
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.storage.models import Discipline
from fedrank.storage.repos import Repos

DAYS: Final = 728
"""How far back the history starts."""

_CLUBS: Final = ("Kyiv", "Khar", "Lviv", "Odes", "Dnip", "Zapo", "Vinn", "Poltava")
_CITIES: Final = ("Kyiv", "Kharkiv", "Lviv", "Odesa", "Dnipro", "Zaporizhzhia", "Vinnytsia")


class DemoPlayer(Protocol):
    """What a generated file needs of a registry player."""

    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def federation_player_id(self) -> str: ...


async def load(
    repos: Repos, adapter: SystemAdapter, discipline: Discipline, rng: random.Random, today: date
) -> None:
    """Generate and store the demo history of one go_ufgo discipline."""
    players = await demo_players(repos, discipline)
    await replay(repos, adapter, discipline, demo_files(players, rng, today))


def demo_files(
    players: Sequence[DemoPlayer], rng: random.Random, today: date
) -> Iterator[DemoFile]:
    """The tournaments from ``today - DAYS`` to before ``today``, oldest first, each submitted
    the day after it was held. Lazy: each file is drawn when the loop asks for it."""
    strength: dict[int, float] = {}
    for p in players:
        roll = rng.random()
        if roll < 0.15:
            strength[p.id] = rng.uniform(20, 300)
        elif roll < 0.9:
            strength[p.id] = rng.uniform(600, 2250)
        else:
            strength[p.id] = rng.uniform(2250, 2680)
    seen: set[int] = set()
    day = today - timedelta(days=DAYS)
    number = 0
    while day < today:
        number += 1
        field = rng.sample(list(players), rng.randint(8, min(16, len(players))))
        yield DemoFile(
            held_on=day,
            name=f"demo-{number}.h9",
            text=h_file(rng, number, day, field, strength, seen),
            submitted_at=datetime.combine(day + timedelta(days=1), time(12), tzinfo=UTC),
        )
        seen.update(p.id for p in field)
        day += timedelta(days=rng.randint(16, 32))


def h_file(
    rng: random.Random,
    number: int,
    day: date,
    field: Sequence[DemoPlayer],
    strength: dict[int, float],
    seen: set[int],
) -> str:
    """One tournament of ``field`` as an EGF h-file; a player not ``seen`` before and not a
    beginner carries a starting ``ik=`` near his strength (§3.2)."""
    rounds = rng.choice((4, 5, 5, 6))
    small = rng.random() < 0.12
    board = 13 if small else 19
    official = not small and rng.random() < 0.7
    minutes = rng.choice((60, 60, 90)) if not small else 45
    city = rng.choice(_CITIES)
    name = f"{city} {'Blitz' if small else 'Cup'} {day.year} #{number}"
    order = sorted(field, key=lambda p: -strength[p.id])
    index = {p.id: i for i, p in enumerate(order)}
    score = {p.id: 0 for p in order}
    met: set[frozenset[int]] = set()
    results: dict[int, list[str]] = {p.id: [] for p in order}
    for _ in range(rounds):
        pool = sorted(order, key=lambda p: (-score[p.id], index[p.id] + rng.random() * 3))
        if len(pool) % 2:
            bye = pool.pop()
            results[bye.id].append("0=")
        while pool:
            a = pool.pop(0)
            b = next((q for q in pool if frozenset((a.id, q.id)) not in met), pool[0])
            pool.remove(b)
            met.add(frozenset((a.id, b.id)))
            diff = strength[a.id] - strength[b.id]
            a_wins = rng.random() < 1 / (1 + 10 ** (-diff / 350))
            colour = rng.choice("wb")
            other = "b" if colour == "w" else "w"
            pa, pb = index[a.id] + 1, index[b.id] + 1
            results[a.id].append(f"{pb}{'+' if a_wins else '-'}/{colour}")
            results[b.id].append(f"{pa}{'-' if a_wins else '+'}/{other}")
            score[a.id if a_wins else b.id] += 1
    out = [
        f"; EV[{name}]",
        f"; DT[{day.isoformat()}]",
        f"; TM[{minutes}]",
        f"; SZ[{board}]",
        f"; OF[{'yes' if official else 'no'}]",
        f"; CODE[demo-{day.isoformat()}-{number}]",
    ]
    used: set[str] = set()
    for place, p in enumerate(order, start=1):
        s = strength[p.id]
        shown = p.name if p.name not in used else f"{p.name} {p.federation_player_id}"
        used.add(shown)
        rank = floating_rank(Decimal(int(s)))
        short = f"{rank.number}{'d' if rank.is_dan else 'k'}"
        start = ""
        if p.id not in seen and s >= 300:
            start = f" ik={int(s + rng.uniform(-60, 60)) // 10 * 10}"
        club = rng.choice(_CLUBS)
        out.append(
            f"{place:4d} {shown} {short} UA {club} id={p.federation_player_id}{start} "
            + " ".join(results[p.id])
        )
    return "\n".join(out) + "\n"
