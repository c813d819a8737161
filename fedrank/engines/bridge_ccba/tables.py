"""The fixed tables of the CCBA masterpoint formula (seed 001_e2a11ae4c0f84bab, §1–§2).

Every figure below is one the rulebook states; each is named with the rulebook's own symbol
or wording so a trace can point back to it. The piecewise tables of §1.3.1 (M) and §1.3.2
(S) are kept as rows ``(upper bound, intercept, divisor)`` so the rows read like the seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final, Literal

Colour = Literal["platinum", "gold", "silver", "red", "blue"]
Level = Literal[
    "national",
    "provincial-1",
    "provincial-2",
    "grassroots-championship",
    "grassroots",
    "club",
]
Kind = Literal["team", "pair", "individual", "other"]
Restriction = Literal["scope", "gender", "age", "masterpoint-cap"]

COLOURS: Final[tuple[Colour, ...]] = ("platinum", "gold", "silver", "red", "blue")
LEVELS: Final[tuple[Level, ...]] = (
    "national",
    "provincial-1",
    "provincial-2",
    "grassroots-championship",
    "grassroots",
    "club",
)
KINDS: Final[tuple[Kind, ...]] = ("team", "pair", "individual", "other")
RESTRICTIONS: Final[tuple[Restriction, ...]] = ("scope", "gender", "age", "masterpoint-cap")

# §1.1: the share of the field that receives place masterpoints, by the event's colour.
PLACE_SHARE: Final[dict[Colour, Decimal]] = {
    "platinum": Decimal("0.40"),
    "gold": Decimal("0.40"),
    "silver": Decimal("0.45"),
    "red": Decimal("0.50"),
    "blue": Decimal("0.50"),
}

# §2.2 and §2.5: stage and consolation masterpoints are one colour lower. The seed's tables
# stop at red (red -> red) and say nothing of blue, so blue has no entry (RuleError).
STEP_DOWN: Final[dict[Colour, Colour]] = {
    "platinum": "gold",
    "gold": "silver",
    "silver": "red",
    "red": "red",
}

# §1.3.1: the team average counts the N lowest holders, N = the fewest players a unit needs.
MIN_UNIT_SIZE: Final[dict[Kind, int]] = {"team": 4, "pair": 2, "individual": 1}
TEAM_OF_FOUR_FACTOR: Final = Decimal("1.3")

# §1.3.1: the cap on each team average, by the level's tier (基层 / 地区 / 全国) and whether
# the event is the tier's one annual top event.
Tier = Literal["grassroots", "regional", "national"]
TIER_OF_LEVEL: Final[dict[Level, Tier]] = {
    "national": "national",
    "provincial-1": "regional",
    "provincial-2": "regional",
    "grassroots-championship": "grassroots",
    "grassroots": "grassroots",
    "club": "grassroots",
}
TEAM_AVGM_CAP: Final[dict[tuple[Tier, bool], Decimal]] = {
    ("grassroots", False): Decimal(1000),
    ("grassroots", True): Decimal(2000),
    ("regional", False): Decimal(2000),
    ("regional", True): Decimal(3000),
    ("national", False): Decimal(10000),
    ("national", True): Decimal(10000),
}


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a piecewise table: for x up to ``upto``, value = intercept + x / divisor.

    ``upto=None`` is the open last row; ``divisor=None`` makes the row a constant.
    """

    upto: Decimal | None
    intercept: Decimal
    divisor: Decimal | None
    label: str


# §1.3.1, masterpoint events: ~1200: 2 + AVGM/300; 1200~2400: 4 + AVGM/600; 2400+: 6 + AVGM/1200.
M_MASTERPOINT: Final[tuple[Row, ...]] = (
    Row(Decimal(1200), Decimal(2), Decimal(300), "2 + AVGM/300"),
    Row(Decimal(2400), Decimal(4), Decimal(600), "4 + AVGM/600"),
    Row(None, Decimal(6), Decimal(1200), "6 + AVGM/1200"),
)
# §1.3.1, youth masterpoint events: ~100: 2 + AVGM/50; 100~300: 3 + AVGM/100; 300+: 6.
M_YOUTH: Final[tuple[Row, ...]] = (
    Row(Decimal(100), Decimal(2), Decimal(50), "2 + AVGM/50"),
    Row(Decimal(300), Decimal(3), Decimal(100), "3 + AVGM/100"),
    Row(None, Decimal(6), None, "6"),
)
# §1.3.2: ~96: B/24; 96~240: 2 + B/48; 240+: 7.
S_TABLE: Final[tuple[Row, ...]] = (
    Row(Decimal(96), Decimal(0), Decimal(24), "B/24"),
    Row(Decimal(240), Decimal(2), Decimal(48), "2 + B/48"),
    Row(None, Decimal(7), None, "7"),
)

# §1.3.3: L for masterpoint events and for youth masterpoint events.
L_MASTERPOINT: Final[dict[Level, Decimal]] = {
    "national": Decimal("1.5"),
    "provincial-1": Decimal("1.3"),
    "provincial-2": Decimal("1.2"),
    "grassroots-championship": Decimal("1.1"),
    "grassroots": Decimal(1),
    "club": Decimal(1),
}
L_YOUTH: Final[dict[Level, Decimal]] = {
    "national": Decimal(5),
    "provincial-1": Decimal(3),
    "provincial-2": Decimal(2),
    "grassroots-championship": Decimal("1.5"),
    "grassroots": Decimal(1),
    "club": Decimal(1),
}

# §1.3.4: E.
E_NONE: Final = Decimal(1)
E_ONE: Final = Decimal("0.8")
E_EACH_FURTHER: Final = Decimal("0.1")
E_MIXED_ONLY: Final = Decimal("0.9")
E_ONLINE_FACTOR: Final = Decimal("0.5")

# §2.1: fixed tables list places 1..8; later places follow A(p) = A(8) * R(p)/R(8).
TABLE_EXTENSION_FROM: Final = 8

# §2.2: stage masterpoints.
STAGE_SHARE: Final = Decimal("0.20")
STAGE_MIN_ELIMINATED: Final = Decimal("0.25")
STAGE_MAX_COUNT: Final = 2
STAGE2_MIN_M_RATIO: Final = Decimal("1.2")

# §2.3: graded awarding.
GRADING_TWO_GROUPS_FROM: Final = 12
GRADING_THREE_GROUPS_FROM: Final = 24
GRADING_B_CAP: Final = Decimal("0.6")
GRADING_C_CAP: Final = Decimal("0.4")

# §2.4: win masterpoints 0.005 * M * L * E * B per round won, half for a draw.
WIN_RATE: Final = Decimal("0.005")
DRAW_SHARE: Final = Decimal("0.5")

# §2.5: consolation events.
CONSOLATION_M_CAP: Final = Decimal("0.6")
CONSOLATION_GROUP_B_CAP: Final = Decimal("0.6")
CONSOLATION_GROUP_C_CAP: Final = Decimal("0.4")

# §2.6 and §2.7: 1: A, 2: 0.7A, 3: 0.5A, 4: 0.35A, p >= 5: 0.35A * R(p)/R(4).
LADDER_FACTORS: Final[tuple[Decimal, ...]] = (
    Decimal(1),
    Decimal("0.7"),
    Decimal("0.5"),
    Decimal("0.35"),
)

# §2.8: knock-out events: places 5+ lose 10 %; the total goes 0.5 / 0.3 / 0.2 to places 1-3.
KO_REDUCTION: Final = Decimal("0.10")
KO_SHARES: Final[tuple[Decimal, ...]] = (Decimal("0.5"), Decimal("0.3"), Decimal("0.2"))

# §2.9.5 and §2.9.7.
PLACES: Final = 2
MIN_AWARD: Final = Decimal("0.01")
MAX_AWARD: Final = Decimal(240)

# §2.9.6: the smallest field that earns place masterpoints.
MIN_FIELD: Final[dict[Kind, int]] = {"team": 3, "pair": 6, "individual": 8, "other": 8}
