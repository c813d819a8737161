"""The tables of the RMF rating system as data (seed 000_b2439bb06382b403, Appendix 1).

- ``KT_CHUT_ROWS``: the table "ЧУТ / КТ_ЧУТ" of the tournament coefficient (КТ_ЧУТ), with
  RULES.md mahjong_rmf Decision "between rows": a CHUT between two rows takes the row of the
  largest listed CHUT not above it; above 164 the last row (1.50); below 12 the tournament is
  not ratable.
- ``VT_ROWS``: the table "Давность даты турнира в целых месяцах / Вес турнира (ВТ)".
- ``LEVEL_VALUES``: the evolution levels (ЭУ) 12 kyu = 0 ... 1 kyu = 1750, 1 dan = 2000 ...
  12 dan = 7500.

Values are kept in hundredths (``int``) where the engine does exact integer arithmetic
(KT, VT); the public helpers return ``Decimal``.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from decimal import Decimal

from fedrank.engines.kernel import RuleError

RULE_KT_CHUT = "seed 000 Appendix 1 'КТ_ЧУТ' table; RULES.md mahjong_rmf Decision 'between rows'"
RULE_VT = "seed 000 Appendix 1 'Вес турнира (ВТ)' table"


@dataclass(frozen=True, slots=True)
class ChutRow:
    """One row of the KT_CHUT table: CHUT from ``low`` to ``high`` (inclusive) -> ``kt100``/100."""

    low: int
    high: int
    kt100: int

    @property
    def kt_chut(self) -> Decimal:
        return Decimal(self.kt100).scaleb(-2)

    @property
    def label(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


#: The seed's table, row by row (CHUT, KT_CHUT * 100).
KT_CHUT_ROWS: tuple[ChutRow, ...] = (
    ChutRow(12, 12, -20),
    ChutRow(16, 16, -10),
    ChutRow(20, 20, 0),
    ChutRow(24, 24, 10),
    ChutRow(28, 28, 20),
    ChutRow(32, 32, 30),
    ChutRow(36, 36, 40),
    ChutRow(40, 40, 50),
    ChutRow(44, 44, 55),
    ChutRow(48, 48, 65),
    ChutRow(52, 52, 70),
    ChutRow(56, 56, 75),
    ChutRow(60, 60, 80),
    ChutRow(64, 64, 85),
    ChutRow(68, 72, 90),
    ChutRow(76, 76, 95),
    ChutRow(80, 80, 100),
    ChutRow(84, 88, 105),
    ChutRow(92, 92, 110),
    ChutRow(96, 100, 115),
    ChutRow(104, 108, 120),
    ChutRow(112, 116, 125),
    ChutRow(120, 124, 130),
    ChutRow(128, 132, 135),
    ChutRow(136, 144, 140),
    ChutRow(148, 152, 145),
    ChutRow(156, 164, 150),
)
_CHUT_LOWS: tuple[int, ...] = tuple(row.low for row in KT_CHUT_ROWS)

#: The smallest ratable tournament (the first row of the table).
MIN_CHUT = KT_CHUT_ROWS[0].low


def chut_row(chut: int) -> ChutRow:
    """The row that applies to ``chut``: the largest listed CHUT not above it.

    RULES.md mahjong_rmf Decision "between rows": 13 -> row 12, 73 -> row 68-72,
    200 -> row 156-164; below 12 the tournament is refused as not ratable.
    """
    if chut < MIN_CHUT:
        raise RuleError(
            f"CHUT {chut} is below {MIN_CHUT}: the tournament is not ratable", rule=RULE_KT_CHUT
        )
    return KT_CHUT_ROWS[bisect_right(_CHUT_LOWS, chut) - 1]


def kt_chut(chut: int) -> Decimal:
    """KT_CHUT (КТ_ЧУТ) for a tournament of ``chut`` players."""
    return chut_row(chut).kt_chut


@dataclass(frozen=True, slots=True)
class VtRow:
    """One row of the VT table: an age of ``low``..``high`` whole months -> ``vt100``/100."""

    low: int
    high: int | None
    vt100: int

    @property
    def vt(self) -> Decimal:
        return Decimal(self.vt100).scaleb(-2)


#: The seed's table: VT falls from 1.00 by 0.08 per calendar quarter, 0 from 36 months.
VT_ROWS: tuple[VtRow, ...] = (
    VtRow(0, 2, 100),
    VtRow(3, 5, 92),
    VtRow(6, 8, 84),
    VtRow(9, 11, 76),
    VtRow(12, 14, 68),
    VtRow(15, 17, 60),
    VtRow(18, 20, 52),
    VtRow(21, 23, 44),
    VtRow(24, 26, 36),
    VtRow(27, 29, 28),
    VtRow(30, 32, 20),
    VtRow(33, 35, 12),
    VtRow(36, None, 0),
)

#: Age in whole months from which a tournament no longer counts (VT = 0).
VT_ZERO_FROM = 36


def vt100(age_months: int) -> int:
    """VT * 100 for a tournament ``age_months`` whole months old at the list date."""
    if age_months < 0:
        raise ValueError("a tournament after the list date has no weight")
    if age_months >= VT_ZERO_FROM:
        return 0
    return VT_ROWS[age_months // 3].vt100


def vt(age_months: int) -> Decimal:
    """VT (ВТ) for a tournament ``age_months`` whole months old at the list date."""
    return Decimal(vt100(age_months)).scaleb(-2)


#: Numeric evolution levels (ЭУ), index 0 = 12 kyu ... 11 = 1 kyu, 12 = 1 dan ... 23 = 12 dan.
LEVEL_VALUES: tuple[int, ...] = (
    *(50 * i for i in range(6)),  # 12k..7k: 0..250 step 50
    *(500 + 250 * i for i in range(6)),  # 6k..1k: 500..1750 step 250
    *(2000 + 500 * i for i in range(12)),  # 1d..12d: 2000..7500 step 500
)
#: Index of 1 dan in ``LEVEL_VALUES``.
DAN1 = 12
#: The highest level (12 dan).
TOP = len(LEVEL_VALUES) - 1
#: Points between two dan levels; every full step above the current level is one "+".
DAN_STEP = 500
