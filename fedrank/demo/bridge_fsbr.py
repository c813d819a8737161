"""The bridge_fsbr demo history: twelve tournaments over the two years before ``today``.

Pairs and teams, a match, an online event, a foreign festival with ``kq``/``N0`` given and
foreign guests, regional and Russian championships; participants are drawn from the
federation's players by a fixed strength plus noise, and some players bring an earlier
coefficient, EBL points or a WBF title as player data. Every report goes through the shared
loop (:func:`fedrank.demo.replay.replay`), which publishes the monthly lists between files so
rk evolves; the lists after the last file, up to the month before ``today``, are published
here.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, Final

from fedrank.demo.replay import DemoFile, demo_players, replay
from fedrank.handlers.publication.publish import publish_in
from fedrank.handlers.systems import SystemRegistry
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.bridge_fsbr.playerdata import DATA_KEY
from fedrank.scheduler.calendar import due_dates
from fedrank.storage.models import Discipline, Player
from fedrank.storage.repos import Repos

#: When a demo report is written: the evening of the tournament's last day.
SUBMITTED_AT: Final = time(21)
#: When a monthly list is published.
PUBLISH_AT: Final = time(6)


async def load(
    repos: Repos, adapter: SystemAdapter, discipline: Discipline, rng: random.Random, today: date
) -> None:
    """Generate and store the demo history of one bridge_fsbr discipline."""
    pool = await demo_players(repos, discipline)
    if len(pool) < 60:
        return
    strength = {p.federation_player_id: rng.gauss(0.0, 1.0) for p in pool}
    _demo_player_data(pool, strength)
    names = {p.federation_player_id: p.name for p in pool}
    files = list(demo_reports(rng, names, strength, today))
    await replay(repos, adapter, discipline, files, publish_at=PUBLISH_AT)
    if not files:
        return
    # The lists after the last file, up to the one of this month's first day before today.
    for list_date in due_dates(discipline.calendar, files[-1].held_on, today - timedelta(days=1)):
        await publish_in(
            repos,
            SystemRegistry([adapter]),
            discipline,
            list_date,
            now=datetime.combine(list_date, PUBLISH_AT, UTC),
            on_demand=False,
        )


def _demo_player_data(pool: Sequence[Player], strength: Mapping[str, float]) -> None:
    """Earlier coefficients (2.2 note 1) for the stronger half, EBL points and a WBF title for
    three of the strongest: what a director would have entered as player data."""
    ranked = sorted(pool, key=lambda p: -strength[p.federation_player_id])
    kept = ("-1", "-0.5", "0", "0", "0.5", "0.5", "1", "1", "1", "2", "2", "2", "3", "3", "3")
    for index, player in enumerate(ranked):
        data: dict[str, Any] = {}
        if index < len(kept) * 2:
            data["initial_rk"] = kept[index // 2]
        if index == 0:
            data["titles"] = [["2023-08-20", "wbf_master"]]
        if index in (1, 2):
            data["ebl_points"] = [["2023-06-18", 8], ["2024-06-23", 4 + 3 * index]]
        if data:
            player.data = {**(player.data or {}), DATA_KEY: data}


@dataclass(frozen=True, slots=True)
class _DemoEvent:
    months_back: int
    name: str
    form: str
    head: str
    units: int
    size: tuple[int, int]
    length: int
    days: int = 1
    sessions: int = 0
    foreign_guests: int = 0


_DEMO: Final = (
    _DemoEvent(23, "Кубок Москвы, парный турнир", "pairs", "scope = russian", 20, (2, 2), 72, 2, 2),
    _DemoEvent(
        21,
        "Чемпионат Москвы, командный",
        "teams",
        "scope = russian\nstatus = regional",
        10,
        (4, 6),
        96,
        3,
    ),
    _DemoEvent(
        20,
        "Онлайн-турнир пар «Зимний вечер»",
        "pairs",
        "scope = local\nface_to_face = no\nrated = no",
        16,
        (2, 2),
        48,
    ),
    _DemoEvent(
        18,
        "Чемпионат России, парный",
        "pairs",
        "scope = russian\nstatus = main_russian\nevent = ru.pairs",
        24,
        (2, 2),
        90,
        3,
    ),
    _DemoEvent(16, "Клубный матч «Аврора» — «Нева»", "match", "scope = local", 2, (5, 5), 32),
    _DemoEvent(
        15,
        "Фестиваль в Юрмале, парный турнир",
        "pairs",
        "scope = foreign\nhost_country = LV\nkq = 0.45\nN0 = 12",
        18,
        (2, 2),
        72,
        2,
        0,
        4,
    ),
    _DemoEvent(
        13,
        "Чемпионат Москвы, парный",
        "pairs",
        "scope = russian\nstatus = regional",
        22,
        (2, 2),
        72,
        2,
        2,
    ),
    _DemoEvent(
        11, "Командный турнир «Осенний кубок»", "teams", "scope = russian", 12, (4, 5), 96, 2
    ),
    _DemoEvent(
        9,
        "Чемпионат России, командный",
        "teams",
        "scope = russian\nstatus = main_russian\nevent = ru.teams",
        10,
        (4, 6),
        112,
        4,
    ),
    _DemoEvent(7, "Экспресс-турнир пар «Белые ночи»", "pairs", "scope = russian", 20, (2, 2), 54),
    _DemoEvent(
        4,
        "Кубок России, командный турнир",
        "teams",
        "scope = russian\nevent = ru.cup",
        10,
        (4, 5),
        96,
        3,
    ),
    _DemoEvent(
        2,
        "Чемпионат Москвы, парный (осень)",
        "pairs",
        "scope = russian\nstatus = regional",
        24,
        (2, 2),
        72,
        2,
        2,
    ),
)


def _months_before(today: date, months: int) -> tuple[int, int]:
    index = today.year * 12 + today.month - 1 - months
    return index // 12, index % 12 + 1


def _boards(rng: random.Random, form: str, size: int, length: int) -> list[int]:
    """Boards each player of a participant played: pairs all, teams four seats shared."""
    if form != "teams":
        return [length] * size
    share = 4 * length / size
    out = [min(length, max(8, round(share + rng.uniform(-8, 8)))) for _ in range(size)]
    if size >= 5 and rng.random() < 0.3:
        out[-1] = rng.randint(12, 30)  # a substitute who played too little for 5.2
    return out


def demo_reports(
    rng: random.Random, names: Mapping[str, str], strength: Mapping[str, float], today: date
) -> Iterable[DemoFile]:
    """The demo tournaments' reports, oldest first, each dated by its start (the lists due by
    then are published before it); from ``rng`` only."""
    pool = sorted(names)
    for number, spec in enumerate(_DEMO, start=1):
        year, month = _months_before(today, spec.months_back)
        start = date(year, month, rng.randint(3, 24))
        end = start + timedelta(days=spec.days - 1)
        if end >= today:
            continue
        chosen = rng.sample(pool, min(len(pool), spec.units * spec.size[1]))
        units: list[list[str]] = []
        for _ in range(spec.units):
            size = rng.randint(*spec.size)
            if len(chosen) < size:
                break
            units.append([chosen.pop() for _ in range(size)])
        guests = [
            [f"LV-{number:02d}{2 * g + 1:02d}", f"LV-{number:02d}{2 * g + 2:02d}"]
            for g in range(spec.foreign_guests)
        ]
        power = {
            i: sum(strength.get(p, 0.3) for p in u) / len(u) + rng.gauss(0.0, 0.6)
            for i, u in enumerate([*units, *guests])
        }
        order = sorted(power, key=lambda i: -power[i])
        everyone = [*units, *guests]
        label = {"pairs": "P", "teams": "T", "match": "T"}[spec.form]
        lines = [
            f"# demo tournament {number}: {spec.name}",
            f"tournament = {year} {spec.name}",
            f"id = fsbr-{start.isoformat()}-{number:02d}",
            f"form = {spec.form}",
            spec.head,
            f"start = {start.isoformat()}",
            f"end = {end.isoformat()}",
            f"length = {spec.length}",
            f"actual_length = {spec.length}",
            "",
            "[entries]",
            "# entry | place | boards | length | critical | imps",
        ]
        places: list[str] = []
        index = 0
        while index < len(order):
            if 4 <= index < len(order) - 1 and rng.random() < 0.12:
                places += [f"{index + 1}-{index + 2}"] * 2
                index += 2
            else:
                places.append(str(index + 1))
                index += 1
        imps = sorted((rng.randint(20, 70) for _ in order), reverse=True)
        if spec.form == "match" and imps[0] == imps[1]:
            imps[0] += 5
        for rank, unit in enumerate(order):
            cells = [f"{label}{unit + 1:02d}", places[rank], str(spec.length), str(spec.length)]
            if spec.form == "match":
                cells += ["", str(imps[rank])]
            lines.append(" | ".join(cells))
        lines += ["", "[players]", "# player | entry | name | rk | boards | country"]
        for unit, members in enumerate(everyone):
            boards = _boards(rng, spec.form, len(members), spec.length)
            for fid, played in zip(members, boards, strict=True):
                guest = fid.startswith("LV-")
                name = f"Гость {fid}" if guest else names[fid]
                rk = "1" if guest else ""
                country = "LV" if guest else ""
                lines.append(
                    f"{fid} | {label}{unit + 1:02d} | {name} | {rk} | {played} | {country}".rstrip(
                        " |"
                    )
                )
        per = spec.length // spec.sessions if spec.sessions else 0
        for s in range(spec.sessions):
            lines += ["", f"[session {s + 1}]", f"boards = {per}"]
            noisy = sorted(power, key=lambda i: -(power[i] + rng.gauss(0.0, 0.5)))
            lines += [f"{label}{unit + 1:02d} | {p + 1}" for p, unit in enumerate(noisy)]
        yield DemoFile(
            start,
            f"fsbr-demo-{number:02d}.fsbr",
            "\n".join(lines) + "\n",
            submitted_at=datetime.combine(end, SUBMITTED_AT, UTC),
        )
