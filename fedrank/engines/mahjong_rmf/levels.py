"""Evolution levels (ЭУ) with the dan marks "+" and "-" (seed 000_b2439bb06382b403, Appendix 1,
"Эволюционный уровень (ЭУ)"; RULES.md mahjong_rmf, "Evolution level (EU) and the dan marks").

A tournament's ``NR * KT`` (not weighted by VT) is compared with the levels; the highest level
reached or exceeded is the *norm met*. The Decisions of RULES.md applied here:

- Decision "norm above 2000": a norm above 1 dan first lifts a player below 1 dan to 1 dan;
  then every full 500 points by which the norm exceeds the current level adds one ``+``; two
  ``+`` promote one dan (D1++ = D2). Meeting exactly the current level's norm confirms it.
  The seed's second example "Д3 + + + + = Д5+" cannot hold together with "Д1 + + = Д2" (four
  ``+`` are two promotions, D3 -> D5); the engine applies the rule "two + = one dan" and
  reaches D5+ with five ``+`` (decision "D3++++", docs/engines/mahjong_rmf.md).
- Decision "one-year confirmation": on each list date, a dan player who has not met the norm of
  his current level within the 12 months since it was awarded or last confirmed gets one ``-``
  and the year starts again; two ``-`` demote one dan; ``+`` and ``-`` cancel; nobody falls
  below 1 dan.

Engine decisions where RULES.md is silent (each tested in ``tests/engines/mahjong_rmf``):

- A norm above the current dan level (which adds ``+``) also confirms the level: the year
  restarts on the tournament's date, as it does on promotion.
- 1 dan without a ``+`` is for life ("norms up to 2000 fix the level for life"), so the year
  check never marks it; a ``1 dan+`` loses its ``+`` to a ``-``. Hence no player ever holds
  ``D1-``, and such a level is refused on input.
- The marks are kept as one net count (``+`` and ``-`` cancel), so a level carries at most one
  mark: two of a kind are always converted into a promotion or a demotion at once.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from datetime import date
from typing import NamedTuple

from fedrank.engines.kernel import whole_months_between
from fedrank.engines.mahjong_rmf.tables import DAN1, DAN_STEP, LEVEL_VALUES, TOP

RULE_LEVELS = "seed 000 Appendix 1 'Эволюционный уровень (ЭУ)'"
RULE_NORM = "RULES.md mahjong_rmf Decision 'norm above 2000'"
RULE_YEAR = "RULES.md mahjong_rmf Decision 'one-year confirmation'"


@dataclass(frozen=True, slots=True)
class Level:
    """A player's evolution level: ``index`` into ``LEVEL_VALUES``, the net dan ``marks``
    (+1 = "+", -1 = "-") and, for a dan level, the date it was awarded or last confirmed."""

    index: int
    marks: int = 0
    since: date | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.index <= TOP:
            raise ValueError(f"no evolution level with index {self.index}")
        if self.marks not in (-1, 0, 1):
            raise ValueError("a level carries at most one net mark (+ and - cancel)")
        if self.index < DAN1 and (self.marks or self.since is not None):
            raise ValueError("kyu levels are for life: they carry no marks and no date")
        if self.index == DAN1 and self.marks < 0:
            raise ValueError("1 dan never carries '-': nobody falls below 1 dan")

    @property
    def eu(self) -> int:
        """The numeric level (ЭУ); the marks are ignored in every computation."""
        return LEVEL_VALUES[self.index]

    @property
    def is_dan(self) -> bool:
        return self.index >= DAN1

    @property
    def number(self) -> int:
        """12..1 for kyu, 1..12 for dan."""
        return self.index - DAN1 + 1 if self.is_dan else DAN1 - self.index

    @property
    def label(self) -> str:
        """``12k`` ... ``1k``, ``D1`` ... ``D12`` with ``+`` or ``-`` (the seed writes Д5+)."""
        if not self.is_dan:
            return f"{self.number}k"
        mark = "+" if self.marks > 0 else "-" if self.marks < 0 else ""
        return f"D{self.number}{mark}"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"label": self.label, "EU": self.eu}
        if self.since is not None:
            out["since"] = self.since.isoformat()
        return out


#: A new player: 12 kyu, EU 0.
START = Level(0)
#: The label of each level index without marks (12k ... 1k, D1 ... D12).
LEVEL_LABELS: tuple[str, ...] = tuple(Level(i).label for i in range(TOP + 1))

_LEVEL_RE = re.compile(
    r"^\s*(?:(?P<d1>[dд])\s*(?P<n1>\d{1,2})|(?P<n2>\d{1,2})\s*(?P<kind>k|kyu|кю|d|dan|дан))"
    r"\s*(?P<marks>[+-]*)\s*$",
    re.IGNORECASE,
)


def parse_level(text: str) -> Level:
    """A level from its label: ``12k``, ``3 kyu``, ``D2+``, ``2d-``, ``5 dan``, ``Д3``, or the
    numeric value (``2500``). Raises ``ValueError`` with the reason."""
    raw = text.strip()
    if raw.isdigit():
        value = int(raw)
        if value not in LEVEL_VALUES:
            raise ValueError(f"{value} is not a level value (0, 50, ..., 1750, 2000, ..., 7500)")
        return Level(LEVEL_VALUES.index(value))
    m = _LEVEL_RE.match(raw)
    if not m:
        raise ValueError(f"'{text}' is not a level (e.g. 12k, 1k, D1, D3+, 2500)")
    number = int(m["n1"] or m["n2"])
    dan = bool(m["d1"]) or m["kind"].lower() in ("d", "dan", "дан")
    if not 1 <= number <= 12:
        raise ValueError(f"there is no {number} {'dan' if dan else 'kyu'}")
    marks_text = m["marks"]
    if len(marks_text) > 1:
        raise ValueError("a level carries at most one mark: two '+' or '-' change the dan")
    marks = 1 if marks_text == "+" else -1 if marks_text == "-" else 0
    if not dan:
        if marks:
            raise ValueError("kyu levels carry no marks")
        return Level(DAN1 - number)
    if number == 1 and marks < 0:
        raise ValueError("1 dan never carries '-' (nobody falls below 1 dan)")
    return Level(DAN1 + number - 1, marks)


def norm_index(numerator: int, denominator: int) -> int | None:
    """The norm met by ``NR * KT = numerator / denominator``: the index of the highest level
    whose value is reached or exceeded, ``None`` below 0 (nothing met).

    Exact: a level value ``L`` is met when ``L <= floor(numerator / denominator)``.
    """
    if denominator <= 0:
        raise ValueError("denominator must be positive")
    if numerator < 0:
        return None
    # the largest index with LEVEL_VALUES[index] <= whole (LEVEL_VALUES[0] is 0)
    return bisect_right(LEVEL_VALUES, numerator // denominator) - 1


class NormOutcome(NamedTuple):
    """What a norm met did to a level: ``kind`` is one of ``raised`` (kyu zone, for life),
    ``plus`` (marks added, maybe promoted), ``confirmed``, ``none`` (below the level).
    (A NamedTuple: the replay makes one per result.)"""

    before: Level
    after: Level
    kind: str
    pluses: int = 0
    promotions: int = 0
    note: str = ""


def _add_pluses(level: Level, pluses: int, on: date) -> tuple[Level, int]:
    marks, index, promotions = level.marks + pluses, level.index, 0
    while marks >= 2 and index < TOP:
        index, marks, promotions = index + 1, marks - 2, promotions + 1
    return Level(index, max(-1, min(marks, 1)), on), promotions


def apply_norm(level: Level, norm: int | None, on: date) -> NormOutcome:
    """The level after meeting the norm of index ``norm`` in a tournament on ``on``.

    Worked examples (RULES.md Decision "norm above 2000"): 3k meets 1500 -> 2k (kyu levels
    are for life); 1k meets 3000 -> lifted to D1, 1000 above it is ``++`` -> D2; D3 meets 5000
    -> ``++++`` -> D5 ... D3+ meets 5000 -> D3 + 5 marks = D5+; D2- meets 3000 -> ``+`` and
    ``-`` cancel -> D2 confirmed; D2 meets 2000 -> nothing (below D2).
    """
    if norm is None:
        return NormOutcome(level, level, "none", note="NR*KT below 0: no norm met")
    if not level.is_dan:
        if norm <= level.index:
            return NormOutcome(level, level, "none", note="norm not above the level held")
        if norm <= DAN1:
            after = Level(norm, 0, on if norm == DAN1 else None)
            return NormOutcome(level, after, "raised", note="levels up to 1 dan are for life")
        lifted = Level(DAN1, 0, on)
        pluses = (LEVEL_VALUES[norm] - lifted.eu) // DAN_STEP
        after, promotions = _add_pluses(lifted, pluses, on)
        return NormOutcome(
            level, after, "plus", pluses, promotions, note="lifted to 1 dan first, then '+' marks"
        )
    if norm < level.index:
        return NormOutcome(level, level, "none", note="norm below the dan held")
    if norm == level.index:
        return NormOutcome(
            level, Level(level.index, level.marks, on), "confirmed", note="the year starts again"
        )
    pluses = (LEVEL_VALUES[norm] - level.eu) // DAN_STEP
    after, promotions = _add_pluses(level, pluses, on)
    return NormOutcome(level, after, "plus", pluses, promotions, note="one '+' per full 500")


#: A level as a plain row ``(index, marks, since)``: what the replay keeps for every change (a
#: tuple of plain values, which the garbage collector stops tracking, where a :class:`Level` is
#: an object it walks at every full collection); :func:`level_of` makes the :class:`Level`.
LevelState = tuple[int, int, date | None]

#: The state of a new player (12 kyu) and of each kyu level (for life: no marks, no date).
KYU_STATES: tuple[LevelState, ...] = tuple((i, 0, None) for i in range(DAN1))


def state_of(level: Level) -> LevelState:
    return (level.index, level.marks, level.since)


def level_of(state: LevelState) -> Level:
    return Level(state[0], state[1], state[2])


def norm_state(state: LevelState, norm: int, on: date) -> tuple[LevelState, str] | None:
    """:func:`apply_norm` on plain rows, for the replay: the state after meeting the norm of
    index ``norm`` (0 or more) on ``on`` and the outcome's kind, ``None`` when nothing changes.
    The same rules (``tests/engines/mahjong_rmf/test_fast.py`` compares every level and norm):
    one ``+`` per full 500 is one per dan index above the level (the dan values step by 500)."""
    index, marks, _ = state
    if index < DAN1:
        if norm <= index:
            return None
        if norm < DAN1:
            return KYU_STATES[norm], "raised"
        if norm == DAN1:
            return (DAN1, 0, on), "raised"
        index, marks = DAN1, 0  # lifted to 1 dan first
    elif norm < index:
        return None
    elif norm == index:
        return (index, marks, on), "confirmed"
    marks += norm - index  # 0 or more: two '+' promote one dan, up to 12 dan
    up = min(marks // 2, TOP - index)
    return (index + up, min(marks - 2 * up, 1), on), "plus"


def state_can_expire(state: LevelState) -> bool:
    """:func:`can_expire` of a plain row."""
    return state[2] is not None and (state[0] > DAN1 or state[1] > 0)


def year_state(state: LevelState, on: date) -> tuple[LevelState, str]:
    """:func:`check_year` of a plain row whose year has ended by ``on`` (the caller knows it:
    ``year_end(since) <= on``): one ``-``, two demote one dan; the year starts again."""
    index, marks, _ = state
    if marks <= -1:
        return (index - 1, 0, on), "demoted"
    return (index, marks - 1, on), "minus"


def year_end(since: date) -> date:
    """The first date on which ``whole_months_between(since, d) >= 12``: the same day a year
    later, or 1 March when that day does not exist (29 February)."""
    try:
        return since.replace(year=since.year + 1)
    except ValueError:  # 29 February -> the next year has no such day
        return date(since.year + 1, 3, 1)


def can_expire(level: Level) -> bool:
    """Whether the year check can mark this level (dan with a date; 1 dan only with a ``+``)."""
    return level.since is not None and (level.index > DAN1 or level.marks > 0)


def check_year(level: Level, on: date) -> Level | None:
    """The level after the year check of a list date ``on``, or ``None`` when nothing changes.

    RULES.md Decision "one-year confirmation": the norm of the level not met for 12 whole
    months since ``since`` -> one ``-`` (cancelling a ``+``, or demoting on the second ``-``),
    and the year starts again on ``on``. 1 dan without ``+`` is for life.
    """
    if not can_expire(level) or level.since is None:
        return None
    if whole_months_between(level.since, on) < 12:
        return None
    marks, index = level.marks - 1, level.index
    if marks <= -2:
        index, marks = index - 1, 0
    return Level(index, marks, on)


@dataclass(frozen=True, slots=True)
class LevelNeeds:
    """What a player needs next: the NR*KT of one tournament that gives the next level or the
    next ``+``, and (for dan) the norm to confirm by ``confirm_by`` to avoid a ``-``."""

    level: Level
    next_label: str | None
    nrkt_for_next: int | None
    nrkt_to_confirm: int | None
    confirm_by: date | None

    def to_json(self) -> dict[str, object]:
        return {
            "level": self.level.to_json(),
            "next": self.next_label,
            "NRKT_for_next": self.nrkt_for_next,
            "NRKT_to_confirm": self.nrkt_to_confirm,
            "confirm_by": self.confirm_by.isoformat() if self.confirm_by else None,
        }


def level_needs(level: Level) -> LevelNeeds:
    """What is still needed: a kyu player needs the next level's value in one tournament's
    NR*KT; a dan player needs 500 above his level for a ``+`` (his mark count decides whether
    that promotes), and his own level's value before the year ends (``confirm_by`` is the first
    date from which a list date marks him ``-``)."""
    if level.index == TOP:
        return LevelNeeds(level, None, None, level.eu, _confirm_by(level))
    if not level.is_dan:
        nxt = Level(level.index + 1)
        return LevelNeeds(level, nxt.label, nxt.eu, None, None)
    after, _ = _add_pluses(level, 1, level.since or date.min)
    return LevelNeeds(level, after.label, level.eu + DAN_STEP, level.eu, _confirm_by(level))


def _confirm_by(level: Level) -> date | None:
    return year_end(level.since) if can_expire(level) and level.since else None
