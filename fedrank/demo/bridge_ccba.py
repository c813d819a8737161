"""The bridge_ccba demo history: thirteen events over the two years before ``today``.

Club, grassroots, provincial and national events; pairs, teams and individuals; online, mixed,
graded, knock-out, stage and win masterpoints, one youth event and one guest. Units are formed
from the federation's players and placed by a fixed strength plus noise; a player's first file
brings his holding from before fedrank (``mp=``). The files go through the shared
:func:`fedrank.demo.replay.replay` loop, which publishes the yearly lists of 1 January (the
annual base coefficient) on the way.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, time
from decimal import Decimal
from typing import Final

from fedrank.demo.replay import DemoFile, demo_players, replay
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.storage.models import Discipline
from fedrank.storage.repos import Repos

#: The hour (UTC) of the 1 January lists the demo publishes.
PUBLISH_AT: Final = time(9)


async def load(
    repos: Repos, adapter: SystemAdapter, discipline: Discipline, rng: random.Random, today: date
) -> None:
    """Generate and store the demo history of one bridge_ccba discipline (at least 40 players)."""
    pool = [p.federation_player_id for p in await demo_players(repos, discipline)]
    if len(pool) < 40:
        return
    strength = {fid: rng.gauss(0.0, 1.0) for fid in pool}
    files = demo_files(rng, pool, strength, today)
    await replay(repos, adapter, discipline, files, publish_at=PUBLISH_AT)


@dataclass(frozen=True, slots=True)
class _DemoEvent:
    months_back: int
    name: str
    head: str
    kind: str
    units: int
    size: tuple[int, int]
    rounds: int = 0


_DEMO: Final = (
    _DemoEvent(
        23,
        "成都桥牌俱乐部月赛双人赛",
        "level = club\ncolour = red\nboards = 27",
        "pair",
        14,
        (2, 2),
    ),
    _DemoEvent(
        21,
        "四川网络双人赛",
        "level = grassroots\ncolour = red\nboards = 24\nonline = yes",
        "pair",
        16,
        (2, 2),
    ),
    _DemoEvent(
        19,
        "四川省二类团体赛",
        "level = provincial-2\ncolour = silver\nboards = 112\nwin_boards = 16",
        "team",
        10,
        (4, 5),
        7,
    ),
    _DemoEvent(
        17,
        "成都基层锦标赛双人赛",
        "level = grassroots-championship\ncolour = silver\nboards = 52\ngrading = yes",
        "pair",
        24,
        (2, 2),
    ),
    _DemoEvent(
        15,
        "全国桥牌团体赛",
        "level = national\ncolour = gold\nboards = 250\nknockout = yes\nwin_boards = 10\n"
        "stages = 2\n\n[stage 1]\nboards = 130",
        "team",
        14,
        (4, 5),
        13,
    ),
    _DemoEvent(
        13,
        "四川青少年双人赛",
        "level = grassroots\ncolour = red\nboards = 26\nyouth = yes\nrestrictions = age",
        "pair",
        8,
        (2, 2),
    ),
    _DemoEvent(
        12, "成都俱乐部个人赛", "level = club\ncolour = red\nboards = 24", "individual", 16, (1, 1)
    ),
    _DemoEvent(
        10,
        "四川省一类双人赛",
        "level = provincial-1\ncolour = silver\nboards = 60",
        "pair",
        24,
        (2, 2),
    ),
    _DemoEvent(
        8,
        "网络团体赛",
        "level = club\ncolour = red\nboards = 48\nonline = yes\nwin_boards = 8",
        "team",
        8,
        (4, 4),
        6,
    ),
    _DemoEvent(
        6,
        "四川省桥牌团体锦标赛",
        "level = provincial-1\ncolour = silver\nboards = 180\nknockout = yes\nwin_boards = 12\n"
        "restrictions = scope",
        "team",
        12,
        (4, 6),
        9,
    ),
    _DemoEvent(
        4, "全国桥牌双人赛", "level = national\ncolour = gold\nboards = 78", "pair", 30, (2, 2)
    ),
    _DemoEvent(
        2,
        "成都混合双人赛",
        "level = grassroots\ncolour = red\nboards = 26\nmixed = yes",
        "pair",
        12,
        (2, 2),
    ),
    _DemoEvent(1, "成都俱乐部团体赛", "level = club\ncolour = red\nboards = 36", "team", 8, (4, 4)),
)


def _months_before(today: date, months: int) -> tuple[int, int]:
    index = today.year * 12 + today.month - 1 - months
    return index // 12, index % 12 + 1


def demo_files(
    rng: random.Random, pool: Sequence[str], strength: Mapping[str, float], today: date
) -> Iterator[DemoFile]:
    """The demo events' files, oldest first; deterministic from ``rng``.

    A player's first file gives his holding before fedrank (``mp=``, from his strength), which
    the import stores as his opening holding when he is a member; the last event has a guest.
    """
    seen: set[str] = set()
    for number, spec in enumerate(_DEMO, start=1):
        year, month = _months_before(today, spec.months_back)
        held_on = date(year, month, rng.randint(1, 27))
        if held_on >= today:
            continue
        units: list[list[str]] = []
        chosen = rng.sample(list(pool), min(len(pool), spec.units * spec.size[1]))
        for _ in range(spec.units):
            size = rng.randint(*spec.size)
            if len(chosen) < size:
                break
            units.append([chosen.pop() for _ in range(size)])
        order = sorted(
            units, key=lambda u: -(sum(strength[p] for p in u) / len(u) + rng.gauss(0.0, 0.7))
        )
        kind_word = {"pair": "P", "team": "T", "individual": "I"}[spec.kind]
        lines = [
            f"# demo event {number}: {spec.name}",
            "[event]",
            f"name = {held_on.year} {spec.name}",
            f"date = {held_on.isoformat()}",
            f"code = ccba-{held_on.isoformat()}-{number:02d}",
            f"kind = {spec.kind}",
            spec.head.split("\n\n")[0],
        ]
        if "\n\n" in spec.head:
            lines.append("")
            lines.append(spec.head.split("\n\n", 1)[1])
        lines += ["", "[entries]"]
        knockout = "knockout = yes" in spec.head
        staged = "[stage 1]" in spec.head
        place = 1
        for index, unit in enumerate(order):
            if index > 0 and not (index >= 5 and rng.random() < 0.08):
                place = index + 1
            fields = [f"place={place}"]
            if staged:
                fields.append(f"reached={2 if index < 8 else 1} s1={index + 1}")
            if spec.rounds:
                top = spec.rounds - 1 if not knockout else spec.rounds
                wins = max(0, min(top, round(top * (1 - index / len(order))) + rng.randint(-1, 1)))
                draws = rng.randint(0, min(1, spec.rounds - wins))
                fields.append(f"wins={wins} draws={draws}")
            lines.append(f"entry {kind_word}{index + 1:02d} {' '.join(fields)}")
            for fid in unit:
                extra = ""
                if fid not in seen:
                    seen.add(fid)
                    level = 4.5 + strength[fid]
                    word = "ymp" if "youth = yes" in spec.head else "mp"
                    extra = f" {word}={Decimal(str(round(rng.lognormvariate(level, 0.8), 2)))}"
                lines.append(f"  player {fid}{extra}")
            if number == len(_DEMO) and index == len(order) - 1:
                lines.append("  player GUEST-0001 member=no   # a visiting non-member")
        yield DemoFile(held_on, f"ccba-demo-{number:02d}.ccba", "\n".join(lines) + "\n")
