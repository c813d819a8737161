"""Tables 1-5 of the UFGO rating system, transcribed once as data.

Seed 002 (``002_0aa5cc437c33643f.txt``, "Рейтинг-система Украинской федерации го"):
table 1 (§2.3, IK -> kyu/dan), table 2 (§4.2, K1 by the rating difference R12), table 3
(§4.2, K2 and K3 by the player's IK), table 4 (§5.2, r and k3 of a player with IK >= 100
against one below 100) and table 5 (§5.3, the bonus of a player below 100 who beats one with
IK >= 100). Every row is kept as the seed prints it; rows are found by the RULES.md go_ufgo
Decision "the row whose lower bound is the largest not above the value" (IK is carried to
0.1, so 3.5 falls in the row 0-3 and 599.5 in the row below 600).

Besides the Decimal look-ups, this module builds integer arrays indexed by whole points
(``FAST_*``): the tournament computation works in tenths of a point with integers, so one
list index replaces a search per game.
"""

from __future__ import annotations

from bisect import bisect_right
from decimal import Decimal
from typing import Final

from fedrank.engines.kernel import Number, RuleError, dec

SEED: Final = "seed 002"

BOARDS: Final = (9, 13, 19)
"""Board sizes the rulebook rates (§4.8, tables 4 and 5)."""

BOARD_DIVISOR: Final = {19: 1, 13: 2, 9: 3}
"""§4.8: changes by formulas (1) and (2) are halved on 13x13 and divided by three on 9x9."""

# --- Table 1 (§2.3): lower bound of IK -> rank grade. Grade 1 = 30 kyu ... 30 = 1 kyu,
# 31 = 1 dan ... 37 = 7 dan. Rows of 10 points below 100, of 100 points above.
TABLE1: Final[tuple[tuple[int, int], ...]] = (
    *((10 * i, 1 + i) for i in range(10)),  # 0-9 30 kyu ... 90-99 21 kyu
    *((100 * i, 10 + i) for i in range(1, 28)),  # 100-199 20 kyu ... 2700+ 7 dan
)

# --- Table 2 (§4.2): (lower bound of R12, K1 of the weaker < 0.5, K1 of the stronger > 0.5),
# K1 in hundredths. The last row is printed "> 735" and is kept so: its bound is 735, read
# strictly (RULES.md go_ufgo Decision: every difference above 735, 735.1 or 735.5, reads
# K1 = 0 / 1; 735 itself reads the row 620-735).
TABLE2: Final[tuple[tuple[int, int, int], ...]] = (
    (0, 50, 50),
    (4, 49, 51),
    (11, 48, 52),
    (18, 47, 53),
    (26, 46, 54),
    (33, 45, 55),
    (40, 44, 56),
    (47, 43, 57),
    (54, 42, 58),
    (62, 41, 59),
    (69, 40, 60),
    (77, 39, 61),
    (84, 38, 62),
    (92, 37, 63),
    (99, 36, 64),
    (107, 35, 65),
    (114, 34, 66),
    (122, 33, 67),
    (130, 32, 68),
    (138, 31, 69),
    (146, 30, 70),
    (154, 29, 71),
    (163, 28, 72),
    (171, 27, 73),
    (180, 26, 74),
    (189, 25, 75),
    (198, 24, 76),
    (207, 23, 77),
    (216, 22, 78),
    (226, 21, 79),
    (236, 20, 80),
    (246, 19, 81),
    (257, 18, 82),
    (268, 17, 83),
    (279, 16, 84),
    (291, 15, 85),
    (303, 14, 86),
    (316, 13, 87),
    (329, 12, 88),
    (345, 11, 89),
    (358, 10, 90),
    (375, 9, 91),
    (392, 8, 92),
    (412, 7, 93),
    (433, 6, 94),
    (457, 5, 95),
    (485, 4, 96),
    (518, 3, 97),
    (560, 2, 98),
    (620, 1, 99),
    (735, 0, 100),
)

# --- Table 3 (§4.2): (lower bound of IK, K2, K3). "< 600" starts at 0; "> 2000" holds 2000
# itself (RULES.md go_ufgo Decision: 2000 exactly falls in the last row).
TABLE3: Final[tuple[tuple[int, int, int], ...]] = (
    (0, 60, 20),
    (600, 50, 10),
    (1100, 40, 5),
    (1400, 30, 2),
    (1700, 20, 1),
    (2000, 10, 0),
)

# --- Table 4 (§5.2): a player with IK >= 100 against one below 100: lower bound of his IK ->
# {board: (r for a win, r for a loss, k3)}. Printed as "100-199, 200-399, 400-599, > 600";
# 600 itself reads the last row. The 9x9 loss of the last row is 0 as printed.
TABLE4: Final[tuple[tuple[int, dict[int, tuple[int, int, int]]], ...]] = (
    (100, {9: (7, -13, 7), 13: (10, -20, 10), 19: (20, -40, 20)}),
    (200, {9: (3, -17, 7), 13: (5, -25, 10), 19: (10, -50, 20)}),
    (400, {9: (0, -20, 7), 13: (0, -30, 10), 19: (0, -60, 20)}),
    (600, {9: (0, 0, 0), 13: (0, -30, 0), 19: (0, -60, 0)}),
)

# --- Table 5 (§5.3): the bonus of a player below 100 for beating one with IK >= 100, by the
# opponent's IK: "100-199, 200-399, > 400".
TABLE5: Final[tuple[tuple[int, dict[int, int]], ...]] = (
    (100, {9: 1, 13: 2, 19: 3}),
    (200, {9: 2, 13: 3, 19: 5}),
    (400, {9: 3, 13: 4, 19: 7}),
)

BELOW_100_WIN: Final = {9: 2, 13: 3, 19: 5}
"""§5.1: a win between two players below 100; a loss gives ``BELOW_100_LOSS`` on any board."""
BELOW_100_LOSS: Final = 1

BONUS_ANOMALY: Final = {19: 9, 13: 6, 9: 4}
"""§5.4: bonus points in one tournament that make a player below 100 anomalous."""

K3_CAP_LOW: Final = 100
K3_CAP_HIGH: Final = 50
K3_CAP_BOUND: Final = 600
"""§4.3: the sum of K3 in one tournament is at most 100 for IK < 600 and 50 otherwise."""

RA_FACTOR: Final = Decimal("0.45")
"""§4.5, formula (2): RA = 0.45 * sum K2(Ri) + sum K3."""

BELOW_100_BOUND: Final = 100
CROSSING_RATIO: Final = 10
"""§5.5: across 100, one point below equals ten above."""

TIME_MINUTES: Final = 45
TIME_MINUTES_HIGH: Final = 60
TIME_HIGH_IK: Final = 2100
"""§1.7: at least 45 minutes a game, 60 for a player with IK above 2100."""

MAX_PASSES: Final = 50
"""RULES.md go_ufgo Decision: at most 50 recomputation passes, then refuse."""


def _row(bounds: list[int], value: Decimal, table: str) -> int:
    if value < 0:
        raise RuleError(f"{table} has no row for {value}", rule=f"{SEED} {table}")
    return bisect_right(bounds, value) - 1


_T1_BOUNDS = [b for b, _ in TABLE1]
_T2_BOUNDS = [b for b, _, _ in TABLE2]
_T3_BOUNDS = [b for b, _, _ in TABLE3]
_T4_BOUNDS = [b for b, _ in TABLE4]
_T5_BOUNDS = [b for b, _ in TABLE5]


def table1_grade(ik: Number) -> int:
    """Table 1: the grade (1 = 30 kyu ... 37 = 7 dan) of an IK, 4-7 dan included."""
    return TABLE1[_row(_T1_BOUNDS, dec(ik), "table 1")][1]


T2_ABOVE: Final = TABLE2[-1][0]
"""The bound of table 2's last row, "> 735": read strictly (the Decision above)."""


def k1(r12: Number, *, stronger: bool) -> Decimal:
    """Table 2: K1 for the difference R12; the stronger player reads the column above 0.5.
    A difference above 735 reads the last row, 735 itself the row 620-735."""
    value = dec(r12)
    row = _row(_T2_BOUNDS, value, "table 2")
    if row == len(TABLE2) - 1 and value == T2_ABOVE:
        row -= 1
    _, weak, strong = TABLE2[row]
    return Decimal(strong if stronger else weak) / 100


def k2_k3(ik: Number) -> tuple[int, int]:
    """Table 3: (K2, K3) for the player's own IK before the round."""
    _, k2, k3 = TABLE3[_row(_T3_BOUNDS, dec(ik), "table 3")]
    return k2, k3


def _board(board: int) -> int:
    if board not in BOARDS:
        raise RuleError(f"board {board}x{board} is not rated", rule=f"{SEED} §4.8")
    return board


def table4(ik: Number, board: int) -> tuple[int, int, int]:
    """Table 4: (r win, r loss, k3) for a player with IK >= 100 facing one below 100."""
    value = dec(ik)
    if value < BELOW_100_BOUND:
        raise RuleError(f"table 4 is for IK >= 100, not {value}", rule=f"{SEED} §5.2")
    return TABLE4[_row(_T4_BOUNDS, value, "table 4")][1][_board(board)]


def table5(opponent_ik: Number, board: int) -> int:
    """Table 5: the bonus for a win of a player below 100 over an opponent with IK >= 100."""
    value = dec(opponent_ik)
    if value < BELOW_100_BOUND:
        raise RuleError(
            f"table 5 is for opponents with IK >= 100, not {value}", rule=f"{SEED} §5.3"
        )
    return TABLE5[_row(_T5_BOUNDS, value, "table 5")][1][_board(board)]


# --- Integer arrays for the tournament loop, indexed by whole points (the tables' bounds
# are whole numbers, so the whole part of a value picks the row). They reach FAST_REACH points,
# far above any IK the rules can produce from a starting IK below MAX_START_IK.
MAX_START_IK: Final = 10000
FAST_REACH: Final = 20000


def _spread(
    bounds: list[int], values: list[int], per_point: int, last: int, *, above: bool = False
) -> list[int]:
    """A table's column by index 0..``last`` (``per_point`` indices per whole point), each
    row from its lower bound to the next row's; values below the first bound read ``values``
    of the first row. ``above``: the last row starts one index after its bound (table 2's
    "> 735")."""
    starts = [b * per_point if i else 0 for i, b in enumerate(bounds)]
    if above:
        starts[-1] += 1
    out: list[int] = []
    for i, value in enumerate(values):
        end = starts[i + 1] if i + 1 < len(starts) else last + 1
        out += [value] * (end - starts[i])
    return out


FAST_K2: Final = _spread(_T3_BOUNDS, [k2 for _, k2, _ in TABLE3], 1, FAST_REACH)
FAST_K3: Final = _spread(_T3_BOUNDS, [k3 for _, _, k3 in TABLE3], 1, FAST_REACH)
TABLE4_ROW: Final = _spread(_T4_BOUNDS, list(range(len(TABLE4))), 1, FAST_REACH)
"""The row of table 4 by whole points (section 5 reads it only from 100 up)."""
TABLE5_ROW: Final = [-1] * _T5_BOUNDS[0] + _spread(
    _T5_BOUNDS, list(range(len(TABLE5))), 1, FAST_REACH
)[_T5_BOUNDS[0] :]
"""The row of table 5 by whole points; -1 below 100 (no bonus)."""
FAST_NO_K3: Final = [0] * (FAST_REACH + 1)
"""K3 in a tournament that is not official (§4.3)."""
FAST_GRADE: Final = _spread(_T1_BOUNDS, [grade for _, grade in TABLE1], 1, FAST_REACH)

# --- The same look-ups indexed by tenths of a point, for the replay's fast path
# (``fast.py``): IK in tenths indexes them directly, with no division per game.
TENTHS_REACH: Final = FAST_REACH * 10 + 9
"""The largest value in tenths the arrays cover (the whole points of ``FAST_REACH``)."""

TENTHS_K2: Final = _spread(_T3_BOUNDS, [k2 for _, k2, _ in TABLE3], 10, TENTHS_REACH)
TENTHS_K3: Final = _spread(_T3_BOUNDS, [k3 for _, _, k3 in TABLE3], 10, TENTHS_REACH)
_K1_WEAK_BY_TENTHS: Final = _spread(
    _T2_BOUNDS, [w for _, w, _ in TABLE2], 10, TENTHS_REACH, above=True
)
K1_BY_DIFF: Final = [
    *_spread(_T2_BOUNDS, [s for _, _, s in TABLE2], 10, TENTHS_REACH, above=True),
    *_K1_WEAK_BY_TENTHS[:0:-1],
]
"""K1 in hundredths of the player whose IK minus his opponent's is ``d`` tenths, read as
``K1_BY_DIFF[d]`` for d from -TENTHS_REACH to TENTHS_REACH: d >= 0 reads the stronger
column of table 2, a negative d (Python's index from the end) the weaker one. The opponent's
K1 is ``100 - K1_BY_DIFF[d]``: every row of table 2 sums to 1."""
