"""Kyu/dan ranks of the UFGO: floating ranks up to 3 dan, 4-7 dan at quarterly publications.

Seed 002 §2 (table 1, §2.4-§2.7) and §1.5 (a list is published once a quarter: 1 January,
1 April, 1 July, 1 October). RULES.md go_ufgo: ranks up to 3 dan float with IK after every
tournament; 4, 5, 6, 7 dan are given only at a publication to players whose IK is then at
least 2400, 2500, 2600, 2700, are kept, and are lowered one step (4 dan two steps, to 2 dan)
at a publication where IK is 151 or more below the norm of the dan held; players older than
60 are never lowered.

Engine decisions where neither text settles a detail (documented in docs/engines/go_ufgo.md):

* "older than 60" is an age in completed years above 60 on the publication date;
* lowering needs the date of birth; if it is unknown the publication refuses (§2.7);
* a held dan lowered below 4 is no longer held: the rank floats with IK again (§2.4);
* at most one lowering per publication, and a lowered player is not promoted the same day.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, Final

from fedrank.engines.go_ufgo.tables import SEED, TABLE1, table1_grade
from fedrank.engines.kernel import Number, RuleError, Trace, dec, to_jsonable

DAN_NORMS: Final = {4: 2400, 5: 2500, 6: 2600, 7: 2700}
"""§2.5: IK a player needs at a publication to be given 4, 5, 6 or 7 dan."""

LOWERING_MARGIN: Final = 151
"""§2.6: a held dan is lowered at IK 151 points (or more) below its norm."""

AGE_NEVER_LOWERED: Final = 60
"""§2.7: ranks of members older than 60 are not lowered."""

FLOATING_TOP: Final = 33
"""Grade of 3 dan, the highest floating rank (§2.4)."""

PUBLICATION_MONTHS: Final = (1, 4, 7, 10)


@dataclass(frozen=True, slots=True, order=True)
class Rank:
    """A kyu/dan rank as a grade: 1 = 30 kyu ... 30 = 1 kyu, 31 = 1 dan ... 37 = 7 dan."""

    grade: int

    def __post_init__(self) -> None:
        if not 1 <= self.grade <= 37:
            raise ValueError(f"no rank with grade {self.grade}")

    @property
    def is_dan(self) -> bool:
        return self.grade > 30

    @property
    def number(self) -> int:
        """The kyu or dan number (30 for 30 kyu, 4 for 4 dan)."""
        return self.grade - 30 if self.is_dan else 31 - self.grade

    @property
    def label(self) -> str:
        return f"{self.number} {'dan' if self.is_dan else 'kyu'}"

    @classmethod
    def dan(cls, number: int) -> Rank:
        return cls(30 + number)

    @classmethod
    def kyu(cls, number: int) -> Rank:
        return cls(31 - number)

    def __str__(self) -> str:
        return self.label

    def to_json(self) -> str:
        return self.label


def floating_rank(ik: Number) -> Rank:
    """§2.3-§2.4: the rank table 1 gives for IK, capped at 3 dan (higher dans need a list)."""
    return Rank(min(table1_grade(ik), FLOATING_TOP))


def current_rank(ik: Number, held_dan: int | None = None) -> Rank:
    """The rank shown now: the held 4-7 dan if any, otherwise the floating rank of IK."""
    if held_dan is not None:
        _check_held(held_dan)
        return Rank.dan(held_dan)
    return floating_rank(ik)


def _check_held(held_dan: int) -> None:
    if held_dan not in DAN_NORMS:
        raise ValueError(f"a held dan is 4..7, not {held_dan}")


def age_on(birth: date, on: date) -> int:
    """Age in completed years on a date."""
    years = on.year - birth.year
    if (on.month, on.day) < (birth.month, birth.day):
        years -= 1
    return years


def is_publication_date(on: date) -> bool:
    """§1.5: lists are published on 1 January, 1 April, 1 July and 1 October."""
    return on.day == 1 and on.month in PUBLICATION_MONTHS


def next_publication(after: date) -> date:
    """The first publication date strictly after ``after``."""
    for month in PUBLICATION_MONTHS:
        candidate = date(after.year, month, 1)
        if candidate > after:
            return candidate
    return date(after.year + 1, 1, 1)


@dataclass(frozen=True, slots=True)
class HeldDanChange:
    """What a publication does to one player's held dan, with the reason."""

    held_dan_before: int | None
    held_dan_after: int | None
    action: str  # "assigned", "lowered", "kept", "kept (over 60)", "none"
    trace: Trace


def publication_step(
    ik: Number, held_dan: int | None, on: date, birth: date | None = None
) -> HeldDanChange:
    """Apply §2.5-§2.7 to one player at the publication of ``on`` (IK as of that date)."""
    if not is_publication_date(on):
        raise RuleError(f"{on} is not a publication date", rule=f"{SEED} §1.5")
    value = dec(ik)
    trace = Trace()
    trace.add("IK", value, rule=f"{SEED} §2.5", note=f"IK at the publication of {on}")
    if held_dan is not None:
        _check_held(held_dan)
        norm = DAN_NORMS[held_dan]
        floor = norm - LOWERING_MARGIN
        trace.add("norm", norm, rule=f"{SEED} §2.5", note=f"{held_dan} dan held")
        trace.add("lowering_bound", floor, rule=f"{SEED} §2.6", note="norm - 151")
        if value <= floor:
            if birth is None:
                raise RuleError(
                    f"IK {value} is at or below {floor} for a held {held_dan} dan; the date of "
                    "birth is needed to know whether the player is over 60",
                    rule=f"{SEED} §2.7",
                )
            age = age_on(birth, on)
            trace.add("age", age, rule=f"{SEED} §2.7")
            if age > AGE_NEVER_LOWERED:
                trace.add("held_dan", held_dan, rule=f"{SEED} §2.7", note="over 60: never lowered")
                return HeldDanChange(held_dan, held_dan, "kept (over 60)", trace)
            after = held_dan - 1 if held_dan > 4 else None
            note = f"{held_dan} dan -> {after} dan" if after else "4 dan -> 2 dan, floats with IK"
            trace.add("held_dan", after, rule=f"{SEED} §2.6", note=note)
            return HeldDanChange(held_dan, after, "lowered", trace)
    reached = [d for d, norm in DAN_NORMS.items() if value >= norm]
    top = max(reached) if reached else None
    if top is not None and (held_dan is None or top > held_dan):
        trace.add("held_dan", top, rule=f"{SEED} §2.5", note=f"IK >= {DAN_NORMS[top]}")
        return HeldDanChange(held_dan, top, "assigned", trace)
    trace.add("held_dan", held_dan, rule=f"{SEED} §2.6")
    return HeldDanChange(held_dan, held_dan, "kept" if held_dan else "none", trace)


@dataclass(frozen=True, slots=True)
class ListPlayer:
    """A player's state on a publication date (IK after his last tournament)."""

    player: str
    ik: Decimal
    held_dan: int | None = None
    birth: date | None = None


@dataclass(frozen=True, slots=True)
class ListEntry:
    player: str
    ik: Decimal
    rank_before: Rank
    rank_after: Rank
    held_dan_after: int | None
    action: str
    trace: Trace

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "IK": to_jsonable(self.ik),
            "rank_before": self.rank_before.label,
            "rank_after": self.rank_after.label,
            "held_dan": self.held_dan_after,
            "action": self.action,
            "trace": self.trace.to_json(),
        }


@dataclass(frozen=True, slots=True)
class RatingList:
    """A quarterly list (§1.5): players by IK, highest first, with their ranks."""

    on: date
    entries: tuple[ListEntry, ...]

    def to_json(self) -> dict[str, Any]:
        return {"date": self.on.isoformat(), "entries": [e.to_json() for e in self.entries]}


def publish_list(on: date, players: Sequence[ListPlayer]) -> RatingList:
    """The list of ``on``: 4-7 dan assigned, kept or lowered, sorted by IK then name."""
    entries = []
    for p in players:
        change = publication_step(p.ik, p.held_dan, on, p.birth)
        entries.append(
            ListEntry(
                player=p.player,
                ik=p.ik,
                rank_before=current_rank(p.ik, p.held_dan),
                rank_after=current_rank(p.ik, change.held_dan_after),
                held_dan_after=change.held_dan_after,
                action=change.action,
                trace=change.trace,
            )
        )
    entries.sort(key=lambda e: (-e.ik, e.player))
    return RatingList(on, tuple(entries))


@dataclass(frozen=True, slots=True)
class NextTitle:
    """What a player still needs: the next rank, the IK it takes, and when it is given."""

    rank: Rank
    next_rank: Rank | None
    ik_needed: int | None
    points_needed: Decimal | None
    at_publication: bool
    keep_above: int | None
    """For a held 4-7 dan: the IK at or below which a publication lowers it (norm - 151)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank.label,
            "next_rank": self.next_rank.label if self.next_rank else None,
            "IK_needed": self.ik_needed,
            "points_needed": to_jsonable(self.points_needed),
            "at_publication": self.at_publication,
            "lowered_at_or_below": self.keep_above,
        }


_GRADE_BOUND: Final[Mapping[int, int]] = {grade: bound for bound, grade in TABLE1}


def next_title(ik: Number, held_dan: int | None = None) -> NextTitle:
    """The next rank and the IK it needs; 4 dan and above only come at a publication."""
    value = dec(ik)
    rank = current_rank(value, held_dan)
    keep = DAN_NORMS[held_dan] - LOWERING_MARGIN if held_dan is not None else None
    if rank.grade >= 37:
        return NextTitle(rank, None, None, None, False, keep)
    target = Rank(rank.grade + 1)
    needed = _GRADE_BOUND[target.grade]
    points = max(Decimal(needed) - value, Decimal(0))
    return NextTitle(rank, target, needed, points, target.grade > FLOATING_TOP, keep)
