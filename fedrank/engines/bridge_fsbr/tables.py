"""The data of the FSBR classification: thresholds, appendix 1, appendix 2 and the norms of 2.2.

Seed 003 (003_14fd2cba3c135a99.txt): section 2.1 (achievement levels), 2.2 (rank
coefficient norms), 5.2, 7.2, 8.4, 8.5, 8.10, 8.13 (thresholds), appendix 1 (guaranteed PB)
and appendix 2 (country categories RKS). Everything here is data, so a change of the
rulebook is a change of this module only.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final

# --- forms of tournament (section 3: "участник" is a team, a pair or a player) -------------

TEAMS: Final = "teams"
PAIRS: Final = "pairs"
INDIVIDUAL: Final = "individual"
MATCH: Final = "match"
FORMS: Final = (TEAMS, PAIRS, INDIVIDUAL, MATCH)

# --- technical status (1.4, 1.9) and special status (1.10, 2.1) ------------------------------

LOCAL: Final = "local"
RUSSIAN: Final = "russian"  # общероссийский технический статус
FOREIGN: Final = "foreign"
SCOPES: Final = (LOCAL, RUSSIAN, FOREIGN)

STATUS_NONE: Final = "none"
STATUS_REGIONAL: Final = "regional"  # региональный чемпионат
STATUS_RU: Final = "russian"  # чемпионат России
STATUS_MAIN_RU: Final = "main_russian"  # основной чемпионат России
STATUS_EW: Final = "ew"  # чемпионат Европы или мира
STATUS_MAIN_EW: Final = "main_ew"  # основной чемпионат Европы или мира
STATUSES: Final = (
    STATUS_NONE,
    STATUS_REGIONAL,
    STATUS_RU,
    STATUS_MAIN_RU,
    STATUS_EW,
    STATUS_MAIN_EW,
)
#: Statuses that count as championships for the rating window of 8.1.
CHAMPIONSHIP_STATUSES: Final = frozenset(
    {STATUS_REGIONAL, STATUS_RU, STATUS_MAIN_RU, STATUS_EW, STATUS_MAIN_EW}
)

# --- thresholds ------------------------------------------------------------------------------

#: 7.2: the actual length d must be at least 16 boards for MB (5.3: 16 boards in a match).
MB_MIN_BOARDS: Final = 16
#: 7.2: the qualification list must hold at least this many participants for MB.
MB_MIN_FIELD: Final = {PAIRS: 4, INDIVIDUAL: 8, TEAMS: 2}
#: 5.2: (share of the participant's boards, minimum boards) a player must have played.
PLAYER_MIN_SHARE: Final = {
    TEAMS: (Decimal("0.42"), 39),
    PAIRS: (Decimal("0.70"), 48),
}
#: 8.4 / 8.13: minimum length of a regular rated event, and of an express one.
RATED_MIN_LENGTH: Final = {PAIRS: 66, INDIVIDUAL: 66, TEAMS: 88}
EXPRESS_MIN_LENGTH: Final = 49
#: 8.5: minimum size of the qualification list of a rated event.
RATED_MIN_FIELD: Final = {TEAMS: 8, PAIRS: 16, INDIVIDUAL: 28}
#: 8.10: dq and Nq.
DQ: Final = {PAIRS: 66, INDIVIDUAL: 66, TEAMS: 88}
NQ: Final = {PAIRS: 32, INDIVIDUAL: 32, TEAMS: 16}
#: 8.12: below this length the lg(d/dq) term stays in RCM.
RCM_UPPER_LENGTH: Final = 120
#: 4.7: share of the tournament length up to the critical stage for the qualification list.
LIST_MIN_SHARE: Final = Decimal("0.4")
#: 7.7: MB per EBL master point and per WBF master point.
EBL_TO_MB: Final = Decimal(6)
WBF_TO_MB: Final = Decimal("1.5")

# --- appendix 1: tournaments with a guaranteed number of PB ----------------------------------


@dataclass(frozen=True, slots=True)
class GuaranteedPB:
    """One line of appendix 1: the PB guaranteed for each place.

    ``places`` lists (first place, last place, PB); ``pb is None`` means the appendix names
    the places but gives no number (the World pairs line, places 6-10), which the engine
    refuses rather than guess. ``needs_playoff`` marks "(если есть play-off стадия)".
    """

    key: str
    title: str
    places: tuple[tuple[int, int, int | None], ...]
    needs_playoff: tuple[int, ...] = ()

    def for_place(self, place: int, *, playoff: bool = False) -> int | None:
        """PB guaranteed for ``place``; 0 if none; None if the line gives no number."""
        for first, last, pb in self.places:
            if first <= place <= last:
                if first in self.needs_playoff and not playoff:
                    return 0
                return pb
        return 0

    @property
    def first(self) -> int:
        """ПБ1: the PB guaranteed for the first place."""
        pb = self.places[0][2]
        assert pb is not None
        return pb


def _seq(*values: int) -> tuple[tuple[int, int, int | None], ...]:
    """ "5-4-3-2-1": one place per value."""
    return tuple((i + 1, i + 1, v) for i, v in enumerate(values))


def _line(
    key: str, title: str, *parts: tuple[int, int, int | None], playoff: tuple[int, ...] = ()
) -> GuaranteedPB:
    return GuaranteedPB(key, title, tuple(parts), playoff)


APPENDIX_1: Final[dict[str, GuaranteedPB]] = {
    g.key: g
    for g in (
        # Чемпионаты России
        _line("ru.teams", "Чемпионат России, командный", *_seq(5, 4, 3, 2, 1)),
        _line(
            "ru.pairs",
            "Чемпионат России, парный (на импы или на макс)",
            *_seq(5, 4, 3, 2, 1, 1, 1, 1, 1, 1),
        ),
        _line("ru.mixed", "Чемпионат России, микстовый парный или командный", *_seq(4, 3, 2, 1)),
        _line("ru.cup", "Командный турнир и парный конгресс Кубка России", *_seq(4, 3, 2, 1)),
        _line("ru.women_pairs", "Чемпионат России, женский парный", *_seq(2, 1)),
        _line("ru.individual", "Чемпионат России, индивидуальный", *_seq(2, 1)),
        _line("ru.junior", "Чемпионат России, юниорский", *_seq(1)),
        # Чемпионаты Европы
        _line("eu.teams", "Чемпионат Европы, командный", *_seq(6, 5, 4, 3, 2, 1)),
        _line("eu.women_teams", "Чемпионат Европы, женский командный", *_seq(5, 4, 3, 2, 1)),
        _line("eu.pairs", "Чемпионат Европы, парный", *_seq(6, 5, 4, 3, 2, 1, 1, 1, 1, 1)),
        _line(
            "eu.women_pairs",
            "Чемпионат Европы, женский парный",
            *_seq(5, 4, 3, 2, 1, 1, 1, 1, 1, 1),
        ),
        _line(
            "eu.open_teams",
            "Открытый чемпионат Европы, командный",
            *_seq(6, 5, 4, 4),
            (5, 8, 2),
            (9, 16, 1),
        ),
        _line(
            "eu.open_teams_women",
            "Открытый чемпионат Европы, командный (женщины)",
            *_seq(5, 4, 3, 3),
            (5, 8, 1),
        ),
        _line(
            "eu.open_pairs",
            "Открытый чемпионат Европы, парный",
            *_seq(6, 5, 4, 3, 2, 1, 1, 1, 1, 1),
        ),
        _line(
            "eu.mixed_teams", "Чемпионат Европы, микстовый командный", *_seq(5, 4, 3, 2, 1, 1, 1, 1)
        ),
        _line("eu.mixed_pairs", "Чемпионат Европы, микстовый парный", *_seq(5, 4, 3, 2, 1)),
        _line("eu.champions_cup", "Кубок Европейских Чемпионов", *_seq(5, 4, 3, 2, 1)),
        _line("eu.junior", "Чемпионат Европы, юниорский", *_seq(3, 2, 1)),
        # Чемпионаты мира
        _line("w.bermuda_bowl", "Бермудский Кубок", *_seq(8, 6, 5, 4, 2, 2, 2, 2)),
        _line("w.venice_cup", "Кубок Венеции", *_seq(7, 5, 4, 3, 1, 1, 1, 1)),
        _line(
            "w.rosenblum",
            "Кубок Розенблюма",
            *_seq(7, 6, 5, 4),
            (5, 8, 3),
            (9, 16, 2),
            (17, 32, 1),
        ),
        _line("w.mcconnell", "Кубок Макконелл", *_seq(6, 5, 4, 3), (5, 8, 2), (9, 16, 1)),
        _line(
            "w.mixed_teams",
            "Чемпионат мира, микстовый командный",
            *_seq(5, 4, 3, 2, 1),
            (6, 8, 1),
            playoff=(6,),
        ),
        _line(
            "w.pairs",
            "Чемпионат мира, парный",
            *_seq(8, 7, 6, 5, 4),
            (6, 10, None),  # the appendix names "6-10 места" without a number
            (11, 20, 2),
            (21, 39, 1),
        ),
        _line(
            "w.women_pairs",
            "Чемпионат мира, женский парный",
            *_seq(6, 5, 4),
            (4, 6, 3),
            (7, 10, 2),
            (11, 18, 1),
        ),
        _line("w.mixed_pairs", "Чемпионат мира, микстовый парный", *_seq(5, 4, 3, 2, 1)),
        _line("w.other", "Чемпионат мира, прочие (кроме юниорских)", *_seq(4, 3, 2, 1)),
        _line("w.junior", "Чемпионат мира, юниорские", *_seq(3, 2, 1)),
        # Олимпиада
        _line("olympiad.open", "Олимпиада, открытый турнир", *_seq(8, 7, 6, 5, 3, 3, 3, 3)),
        _line("olympiad.women", "Олимпиада, женский турнир", *_seq(7, 6, 5, 4, 2, 2, 2, 2)),
    )
}

#: 8.5: Russian championships rated with a smaller field, and the RC they then take.
SMALL_FIELD_RC: Final = {"ru.women_pairs": Decimal(1), "ru.junior": Decimal("0.5")}
#: 2.1 "Достижение уровня 2": the Champions Cup is excluded from team placings 4-8.
CHAMPIONS_CUP: Final = "eu.champions_cup"

# --- appendix 2: country categories RKS ------------------------------------------------------

_APPENDIX_2_NAMES: Final = {
    0: ("Италия", "Нидерланды", "Польша", "США"),
    1: (
        "Англия",
        "Германия",
        "Дания",
        "Израиль",
        "Канада",
        "Китай",
        "Норвегия",
        "Франция",
        "Швеция",
    ),
    2: (
        "Австралия",
        "Аргентина",
        "Болгария",
        "Бразилия",
        "Египет",
        "Индия",
        "Индонезия",
        "Исландия",
        "Испания",
        "Тайвань",
        "Япония",
    ),
    3: (
        "Бельгия",
        "Венгрия",
        "Греция",
        "Ирландия",
        "Латвия",
        "Новая Зеландия",
        "Португалия",
        "Румыния",
        "Турция",
        "Хорватия",
        "Чехия",
        "Эстония",
        "ЮАР",
    ),
}
#: Appendix 2, last line: "4 — все остальные".
RKS_OTHERS: Final = 4
#: Country names (lower case) and their ISO 3166 alpha-2 codes -> RKS.
COUNTRY_CATEGORY: Final[dict[str, int]] = {
    name.lower(): rks for rks, names in _APPENDIX_2_NAMES.items() for name in names
}
_ISO: Final = {
    "it": "италия",
    "nl": "нидерланды",
    "pl": "польша",
    "us": "сша",
    "gb": "англия",
    "de": "германия",
    "dk": "дания",
    "il": "израиль",
    "ca": "канада",
    "cn": "китай",
    "no": "норвегия",
    "fr": "франция",
    "se": "швеция",
    "au": "австралия",
    "ar": "аргентина",
    "bg": "болгария",
    "br": "бразилия",
    "eg": "египет",
    "in": "индия",
    "id": "индонезия",
    "is": "исландия",
    "es": "испания",
    "tw": "тайвань",
    "jp": "япония",
    "be": "бельгия",
    "hu": "венгрия",
    "gr": "греция",
    "ie": "ирландия",
    "lv": "латвия",
    "nz": "новая зеландия",
    "pt": "португалия",
    "ro": "румыния",
    "tr": "турция",
    "hr": "хорватия",
    "cz": "чехия",
    "ee": "эстония",
    "za": "юар",
}
RUSSIA: Final = frozenset({"", "россия", "ru", "rus"})


def is_russian(country: str) -> bool:
    """1.3: players without a country (or with Russia) have the status of Russian players."""
    return country.strip().lower() in RUSSIA


def country_category(country: str) -> int:
    """Appendix 2: the RKS of a country (names in Russian or ISO alpha-2 codes)."""
    key = country.strip().lower()
    key = _ISO.get(key, key)
    return COUNTRY_CATEGORY.get(key, RKS_OTHERS)


def same_country(a: str, b: str) -> bool:
    """Two spellings of one country (name or ISO code)."""
    ka, kb = a.strip().lower(), b.strip().lower()
    return _ISO.get(ka, ka) == _ISO.get(kb, kb)


# --- section 2.2: rank coefficients and their norms ------------------------------------------

#: The rank coefficients of 2.2, weakest first; "one step" (note 2) is one place in this list.
RK_LEVELS: Final[tuple[Decimal, ...]] = tuple(
    Decimal(v)
    for v in (
        "5",
        "4",
        "3",
        "2",
        "1",
        "0.5",
        "0",
        "-0.5",
        "-1",
        "-1.5",
        "-2",
        "-2.5",
        "-3",
        "-3.5",
        "-4",
        "-4.5",
        "-5",
    )
)
RK_INDEX: Final[dict[Decimal, int]] = {rk: i for i, rk in enumerate(RK_LEVELS)}

# Titles of the WBF and the EBL that are norms of 2.2 (player data).
WBF_MASTER: Final = "wbf_master"
WBF_INTERNATIONAL_MASTER: Final = "wbf_international_master"
WBF_LIFE_MASTER: Final = "wbf_life_master"
WBF_GRAND_MASTER: Final = "wbf_grand_master"
EBL_MASTER: Final = "ebl_master"
EBL_GRAND_MASTER: Final = "ebl_grand_master"
TITLES: Final = frozenset(
    {
        WBF_MASTER,
        WBF_INTERNATIONAL_MASTER,
        WBF_LIFE_MASTER,
        WBF_GRAND_MASTER,
        EBL_MASTER,
        EBL_GRAND_MASTER,
    }
)


@dataclass(frozen=True, slots=True)
class Norm:
    """One line of 2.2. Every requirement present must be met; absent ones are 0/None.

    ``lifetime`` is "(присваивается пожизненно)"; otherwise the norm is a one-year norm
    whose figures marked ``*_year`` count "в течение последнего года" (note 7).
    """

    rk: Decimal
    lifetime: bool
    text: str
    mb: int = 0  # MB in total
    mb_year: int = 0  # MB in the last year (within the total when mb is set too)
    ro_year: int = 0
    pb: int = 0  # PB in total
    pb_year: int = 0
    achievement: int = 0  # an achievement of at least this level, ever
    achievement_year: int = 0  # ... in the last year
    ebl_points: int = 0
    title: str = ""
    index: int = 0  # the place of rk in RK_LEVELS (set by the table below)


def _n(rk: str, lifetime: bool, text: str, **req: int | str) -> Norm:
    return Norm(Decimal(rk), lifetime, text, **req, index=RK_INDEX[Decimal(rk)])  # type: ignore[arg-type]


L, T = True, False

#: Section 2.2 in full, line by line (rk 5 needs no norm: it is everyone's start).
NORMS: Final[tuple[Norm, ...]] = (
    _n("4", L, "10 МБ", mb=10),
    _n("3", L, "100 МБ", mb=100),
    _n("3", T, "50 МБ (из них не менее 10 в течение последнего года)", mb=50, mb_year=10),
    _n("3", T, "20 МБ в течение последнего года", mb_year=20),
    _n("2", L, "300 МБ", mb=300),
    _n("2", T, "150 МБ (из них не менее 30 в течение последнего года)", mb=150, mb_year=30),
    _n("2", T, "60 МБ в течение последнего года", mb_year=60),
    _n("2", T, "15 РО в течение последнего года", ro_year=15),
    _n("1", L, "1000 МБ", mb=1000),
    _n("1", L, "1 ПБ", pb=1),
    _n("1", T, "500 МБ (из них не менее 100 в течение последнего года)", mb=500, mb_year=100),
    _n("1", T, "200 МБ в течение последнего года", mb_year=200),
    _n("1", T, "50 РО в течение последнего года", ro_year=50),
    _n("0.5", L, "2000 МБ", mb=2000),
    _n("0.5", L, "2 ПБ", pb=2),
    _n("0.5", T, "1000 МБ и 1 ПБ в течение последнего года", mb=1000, pb_year=1),
    _n("0.5", T, "достижение уровня 1 в течение последнего года", achievement_year=1),
    _n("0", L, "3000 МБ", mb=3000),
    _n("0", L, "3 ПБ", pb=3),
    _n("0", L, "10 баллов ЕБЛ", ebl_points=10),
    _n("-0.5", L, "12 ПБ", pb=12),
    _n("-0.5", L, "9 ПБ и достижение уровня 1", pb=9, achievement=1),
    _n("-0.5", L, "15 баллов ЕБЛ", ebl_points=15),
    _n("-1", L, "12 ПБ и достижение уровня 1", pb=12, achievement=1),
    _n("-1", L, "достижение уровня 2", achievement=2),
    _n("-1", L, "20 баллов ЕБЛ", ebl_points=20),
    _n("-1.5", L, "28 ПБ и достижение уровня 1", pb=28, achievement=1),
    _n("-1.5", L, "21 ПБ и достижение уровня 2", pb=21, achievement=2),
    _n("-1.5", L, "30 баллов ЕБЛ", ebl_points=30),
    _n("-1.5", T, "достижение уровня 2 в течение последнего года", achievement_year=2),
    _n("-2", L, "28 ПБ и достижение уровня 2", pb=28, achievement=2),
    _n("-2", L, "достижение уровня 3", achievement=3),
    _n("-2", L, "40 баллов ЕБЛ", ebl_points=40),
    _n("-2.5", L, "60 ПБ и достижение уровня 2", pb=60, achievement=2),
    _n("-2.5", L, "45 ПБ и достижение уровня 3", pb=45, achievement=3),
    _n("-2.5", L, "60 баллов ЕБЛ", ebl_points=60),
    _n("-2.5", T, "достижение уровня 3 в течение последнего года", achievement_year=3),
    _n("-3", L, "60 ПБ и достижение уровня 3", pb=60, achievement=3),
    _n("-3", L, "достижение уровня 4", achievement=4),
    _n("-3", L, "80 баллов ЕБЛ", ebl_points=80),
    _n("-3.5", L, "160 ПБ и достижение уровня 3", pb=160, achievement=3),
    _n("-3.5", L, "120 ПБ и достижение уровня 4", pb=120, achievement=4),
    _n("-3.5", L, "выполнение нормы мастера ВБФ", title=WBF_MASTER),
    _n("-3.5", L, "150 баллов ЕБЛ", ebl_points=150),
    _n("-3.5", T, "достижение уровня 4 в течение последнего года", achievement_year=4),
    _n("-4", L, "160 ПБ и достижение уровня 4", pb=160, achievement=4),
    _n("-4", L, "достижение уровня 5", achievement=5),
    _n("-4", L, "выполнение нормы интернационального мастера ВБФ", title=WBF_INTERNATIONAL_MASTER),
    _n("-4", L, "выполнение нормы мастера ЕБЛ", title=EBL_MASTER),
    _n("-4.5", L, "400 ПБ и достижение уровня 4", pb=400, achievement=4),
    _n("-4.5", L, "300 ПБ и достижение уровня 5", pb=300, achievement=5),
    _n("-4.5", L, "выполнение нормы лайфмастера ВБФ", title=WBF_LIFE_MASTER),
    _n("-4.5", L, "500 баллов ЕБЛ", ebl_points=500),
    _n("-4.5", T, "достижение уровня 5 в течение последнего года", achievement_year=5),
    _n("-5", L, "400 ПБ и достижение уровня 5", pb=400, achievement=5),
    _n("-5", L, "выполнение нормы гроссмейстера ВБФ", title=WBF_GRAND_MASTER),
    _n("-5", L, "выполнение нормы гроссмейстера ЕБЛ", title=EBL_GRAND_MASTER),
)
