"""The demo: five federations, their disciplines, a few hundred players, two years of results.

Everything is generated from a fixed seed, so every run loads the same demo, and it is loaded
through the same paths as real data (each system's adapter computes its awards with its
engine, and lists are published by the publication use case). Loading twice changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from datetime import UTC, date, datetime

from fedrank.demo import bridge_ccba, bridge_fsbr, go_ufgo, mahjong_rmf, othello_woc
from fedrank.handlers.publication.publish import publish_in
from fedrank.handlers.systems import SystemRegistry
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.scheduler.calendar import latest_due
from fedrank.storage.database import Database
from fedrank.storage.models import Discipline
from fedrank.storage.repos import Repos

Loader = Callable[[Repos, SystemAdapter, Discipline, random.Random, date], Awaitable[None]]
#: Each system's demo history.
LOADERS: dict[str, Loader] = {
    "bridge_ccba": bridge_ccba.load,
    "bridge_fsbr": bridge_fsbr.load,
    "go_ufgo": go_ufgo.load,
    "mahjong_rmf": mahjong_rmf.load,
    "othello_woc": othello_woc.load,
}

#: Every demo federation's and discipline's name in the four languages (by code).
NAMES: dict[str, dict[str, str]] = {
    "RMF": {
        "en": "Russian Mahjong Federation",
        "ru": "Федерация маджонга России",
        "uk": "Федерація маджонгу Росії",
        "zh": "俄罗斯麻将联合会",
    },
    "rmf-mcr": {
        "en": "Sports mahjong (MCR)",
        "ru": "Спортивный маджонг (МКП)",
        "uk": "Спортивний маджонг (МКП)",
        "zh": "国标麻将",
    },
    "rmf-sichuan": {
        "en": "Sichuan mahjong",
        "ru": "Сычуаньский маджонг",
        "uk": "Сичуанський маджонг",
        "zh": "四川麻将",
    },
    "CCBA": {
        "en": "Chinese Contract Bridge Association",
        "ru": "Китайская ассоциация контрактного бриджа",
        "uk": "Китайська асоціація контрактного бриджу",
        "zh": "中国桥牌协会",
    },
    "ccba": {
        "en": "CCBA masterpoints",
        "ru": "Мастер-очки Китайской ассоциации бриджа",
        "uk": "Майстер-очки Китайської асоціації бриджу",
        "zh": "中国桥牌协会大师分",
    },
    "UFGO": {
        "en": "Ukrainian Go Federation",
        "ru": "Украинская федерация го",
        "uk": "Українська федерація го",
        "zh": "乌克兰围棋联合会",
    },
    "ufgo": {
        "en": "UFGO rating",
        "ru": "Рейтинг Украинской федерации го",
        "uk": "Рейтинг Української федерації го",
        "zh": "乌克兰围棋联合会等级分",
    },
    "FSBR": {
        "en": "Russian Bridge Federation",
        "ru": "Федерация спортивного бриджа России",
        "uk": "Федерація спортивного бриджу Росії",
        "zh": "俄罗斯桥牌联合会",
    },
    "fsbr": {
        "en": "FSBR classification",
        "ru": "Классификация ФСБР",
        "uk": "Класифікація ФСБР",
        "zh": "俄罗斯桥牌联合会等级评定",
    },
    "WOF": {
        "en": "World Othello Federation",
        "ru": "Всемирная федерация отелло",
        "uk": "Всесвітня федерація отело",
        "zh": "世界黑白棋联合会",
    },
    "woc": {
        "en": "World Othello Championship",
        "ru": "Чемпионат мира по отелло",
        "uk": "Чемпіонат світу з отело",
        "zh": "世界黑白棋锦标赛",
    },
}

SEED = 20261121
TODAY = date(2026, 11, 1)


@dataclass(frozen=True, slots=True)
class DemoDiscipline:
    code: str
    name: str
    system: str
    calendar: str


@dataclass(frozen=True, slots=True)
class DemoFederation:
    code: str
    name: str
    timezone: str
    names: str
    players: int
    disciplines: tuple[DemoDiscipline, ...]


FEDERATIONS = (
    DemoFederation(
        "RMF",
        "Russian Mahjong Federation",
        "Europe/Moscow",
        "ru",
        90,
        (
            DemoDiscipline("rmf-mcr", "Sports mahjong (MCR)", "mahjong_rmf", "monthly"),
            DemoDiscipline("rmf-sichuan", "Sichuan mahjong", "mahjong_rmf", "monthly"),
        ),
    ),
    DemoFederation(
        "CCBA",
        "Chinese Contract Bridge Association",
        "Asia/Shanghai",
        "zh",
        80,
        (DemoDiscipline("ccba", "CCBA masterpoints", "bridge_ccba", "yearly"),),
    ),
    DemoFederation(
        "UFGO",
        "Ukrainian Go Federation",
        "Europe/Kyiv",
        "uk",
        80,
        (DemoDiscipline("ufgo", "UFGO rating", "go_ufgo", "quarterly"),),
    ),
    DemoFederation(
        "FSBR",
        "Russian Bridge Federation",
        "Europe/Moscow",
        "ru",
        80,
        (DemoDiscipline("fsbr", "FSBR classification", "bridge_fsbr", "monthly"),),
    ),
    DemoFederation(
        "WOF",
        "World Othello Federation",
        "UTC",
        "world",
        40,
        (DemoDiscipline("woc", "World Othello Championship", "othello_woc", "on_demand"),),
    ),
)

_GIVEN = {
    "ru": [
        "Алексей",
        "Мария",
        "Дмитрий",
        "Анна",
        "Сергей",
        "Елена",
        "Иван",
        "Ольга",
        "Павел",
        "Наталья",
        "Михаил",
        "Татьяна",
        "Андрей",
        "Ирина",
        "Николай",
        "Светлана",
    ],
    "uk": [
        "Олександр",
        "Оксана",
        "Тарас",
        "Ганна",
        "Богдан",
        "Ірина",
        "Василь",
        "Леся",
        "Андрій",
        "Марія",
        "Остап",
        "Катерина",
        "Юрій",
        "Соломія",
        "Петро",
        "Надія",
    ],
    "zh": ["伟", "芳", "娜", "敏", "静", "磊", "强", "洋", "艳", "勇", "军", "杰", "娟", "涛"],
    "world": [
        "Takeshi",
        "Marc",
        "Imre",
        "Ben",
        "Makoto",
        "Piet",
        "David",
        "Yusuke",
        "Arnaud",
        "Graham",
        "Emmanuel",
        "Kazuki",
        "Joel",
        "Tamaki",
        "Sofia",
        "Laura",
    ],
}
_FAMILY = {
    "ru": [
        "Иванов",
        "Смирнов",
        "Кузнецов",
        "Попов",
        "Васильев",
        "Петров",
        "Соколов",
        "Михайлов",
        "Новиков",
        "Фёдоров",
        "Морозов",
        "Волков",
        "Алексеев",
        "Лебедев",
    ],
    "uk": [
        "Шевченко",
        "Коваленко",
        "Бондаренко",
        "Ткаченко",
        "Кравченко",
        "Олійник",
        "Лисенко",
        "Мельник",
        "Бойко",
        "Савчук",
        "Мороз",
        "Павленко",
        "Гончар",
        "Руденко",
    ],
    "zh": ["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱"],
    "world": [
        "Tamenori",
        "Leader",
        "Cornelisse",
        "Shaman",
        "Berg",
        "Nobuaki",
        "Suekuni",
        "Tastet",
        "Okamoto",
        "Hubbard",
        "Caspard",
        "Seeley",
        "Nagano",
        "Bianchi",
    ],
}
_COUNTRIES = ["JPN", "FRA", "NLD", "USA", "GBR", "ITA", "CHN", "BEL", "DEU", "THA", "SWE"]
_FEMALE_RU = {"Мария", "Анна", "Елена", "Ольга", "Наталья", "Татьяна", "Ирина", "Светлана"}


def _name(rng: random.Random, style: str) -> tuple[str, str]:
    """(name, gender) in the federation's own script."""
    given = rng.choice(_GIVEN[style])
    family = rng.choice(_FAMILY[style])
    if style == "zh":
        return family + given + (rng.choice(_GIVEN["zh"]) if rng.random() < 0.6 else ""), "M"
    female = given in _FEMALE_RU or given in {
        "Оксана",
        "Ганна",
        "Ірина",
        "Леся",
        "Марія",
        "Катерина",
        "Соломія",
        "Надія",
        "Sofia",
        "Laura",
    }
    if style == "ru" and female:
        family += "а"
    return f"{given} {family}", "F" if female else "M"


async def load_demo(
    db: Database,
    systems: SystemRegistry,
    *,
    console_user: str = "operator",
    only: Collection[str] | None = None,
    progress: Callable[[int, int | None], None] | None = None,
) -> str:
    """Load the demo unless it is there; the console user becomes admin of every federation.

    ``only`` limits the generated histories to those systems (tests of one system); the
    federations and players are created all the same, so the seed's sequence is unchanged.
    ``progress(done, total)`` is called after each federation's players and each discipline.
    """
    total = sum(1 + len(spec.disciplines) for spec in FEDERATIONS)
    steps = 0

    def step() -> None:
        nonlocal steps
        steps += 1
        if progress is not None:
            progress(steps, total)

    now = datetime.now(UTC)
    rng = random.Random(SEED)
    async with db.transaction() as repos:
        if await repos.federations.by_code(FEDERATIONS[0].code) is not None:
            return "demo already loaded; nothing changed"
        operator = await repos.accounts.get_or_create(
            "console", console_user, display_name="Console operator", language=None, now=now
        )
        loaded: list[str] = []
        for spec in FEDERATIONS:
            federation = await repos.federations.add(spec.code, spec.name, spec.timezone)
            federation.names = dict(NAMES[spec.code])
            await repos.accounts.set_role(operator.id, federation.id, "admin")
            for number in range(1, spec.players + 1):
                name, gender = _name(rng, spec.names)
                birth = date(rng.randint(1950, 2012), rng.randint(1, 12), rng.randint(1, 28))
                country = rng.choice(_COUNTRIES) if spec.names == "world" else None
                player = await repos.players.add(
                    federation.id,
                    f"{spec.code}-{number:04d}",
                    name,
                    country=country,
                    birth_date=birth,
                    gender=gender,
                )
                joined = date(rng.randint(2015, 2024), rng.randint(1, 12), 1)
                await repos.players.add_membership(player.id, joined, None)
            step()
            for d in spec.disciplines:
                discipline = await repos.federations.add_discipline(
                    federation, d.code, d.name, d.system, d.calendar
                )
                discipline.names = dict(NAMES[d.code])
                load = LOADERS.get(d.system)
                if (
                    load is None
                    or d.system not in systems
                    or (only is not None and d.system not in only)
                ):
                    step()
                    continue
                await load(repos, systems.adapter(d.system), discipline, rng, TODAY)
                # Today's standing; off the discipline's calendar (UFGO is quarterly, CCBA
                # yearly) it is an on-demand list, as a director's /publish would make it.
                await publish_in(
                    repos,
                    systems,
                    discipline,
                    TODAY,
                    now=now,
                    on_demand=latest_due(d.calendar, TODAY) != TODAY,
                )
                loaded.append(d.code)
                step()
        players = await repos.players.count()
        await repos.audit.log("demo.loaded", at=now, details={"disciplines": loaded})
    return (
        f"demo loaded: {len(FEDERATIONS)} federations, {players} players;"
        f" results and lists for {', '.join(loaded) or 'no discipline yet'}"
    )
