"""The RMF demo: two years of tournament sheets, each imported as a director's would be.

Sports mahjong every month and Sichuan every other month over the two years before ``today``,
16-40 of the federation's players each, places drawn from a fixed skill plus noise, and one
European championship (KT_W = 1) each July in sports mahjong. The sheets go through the shared
loop (:func:`fedrank.demo.replay.replay`) without lists in between: the levels' year checks
run on every 1st anyway, and the demo's first published list is today's.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from datetime import date

from fedrank.demo.replay import DemoFile, demo_players, replay
from fedrank.engines import mahjong_rmf as rmf
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.mahjong_rmf import engine_discipline
from fedrank.storage.models import Discipline
from fedrank.storage.repos import Repos

_CITIES = (
    "Moscow",
    "St Petersburg",
    "Kazan",
    "Novosibirsk",
    "Yekaterinburg",
    "Nizhny Novgorod",
    "Samara",
    "Tula",
    "Krasnodar",
    "Tomsk",
)


def demo_sheets(
    rng: random.Random,
    kind: rmf.Discipline,
    pool: Sequence[str],
    skill: Mapping[str, float],
    today: date,
) -> Iterator[DemoFile]:
    """The discipline's sheets, oldest first; deterministic from ``rng``."""
    step = 1 if kind is rmf.Discipline.MCR else 2
    months = []
    year, month = today.year - 2, today.month
    while (year, month) < (today.year, today.month):
        months.append((year, month))
        month += step
        if month > 12:
            year, month = year + 1, month - 12
    for number, (year, month) in enumerate(months):
        held = date(year, month, rng.randint(1, 27))
        if held >= today:
            continue
        city = rng.choice(_CITIES)
        championship = kind is rmf.Discipline.MCR and month == 7
        size = rng.randint(16, min(40, len(pool)))
        if championship:
            size = min(len(pool), 36)
        chosen = rng.sample(list(pool), size)
        order = sorted(chosen, key=lambda p: -(skill[p] + rng.gauss(0.0, 1.0)))
        title = (
            f"European Mahjong Championship {year} (RMF section)"
            if championship
            else f"{city} {'Open' if rng.random() < 0.5 else 'Cup'} {year}"
        )
        code = f"{kind.value}-{held.isoformat()}-{number:02d}"
        chut = size + (rng.randint(0, 3) if rng.random() < 0.3 else 0)
        lines = [
            f"# RMF tournament sheet — {kind.long_name}",
            f"name: {title}",
            f"id: {code}",
            f"date: {held.isoformat()}",
            f"discipline: {kind.value}",
            f"type: {'european_championship' if championship else 'regular'}",
            f"chut: {chut}",
            f"chs: {rng.choice((5, 6, 7, 8, 10)) if not championship else 10}",
            "",
            "place; player",
        ]
        place = 1
        i = 0
        while i < len(order):
            group = 2 if i + 1 < len(order) and rng.random() < 0.05 else 1
            for fpid in order[i : i + group]:
                lines.append(f"{place}; {fpid}")
            place += group
            i += group
        yield DemoFile(held, f"{code}.rmf", "\n".join(lines) + "\n")


async def load(
    repos: Repos, adapter: SystemAdapter, discipline: Discipline, rng: random.Random, today: date
) -> None:
    """Two years of tournaments of one RMF discipline before ``today`` (none with fewer than
    12 players in the federation: a tournament needs CHUT 12)."""
    kind = engine_discipline(discipline)
    pool = [p.federation_player_id for p in await demo_players(repos, discipline)]
    if len(pool) < 12:
        return
    skill = {fpid: rng.gauss(0.0, 1.0) for fpid in pool}
    await replay(
        repos, adapter, discipline, demo_sheets(rng, kind, pool, skill, today), publish=False
    )
