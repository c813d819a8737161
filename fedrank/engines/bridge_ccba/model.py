"""The typed inputs of the CCBA engine: an event, its entries and their members.

Seed 001_e2a11ae4c0f84bab, §1 and §2. These are the frozen dataclasses the storage and
handler layers fill from the database; :mod:`.parsing` fills them from an event file.
Checks here are the ones every source must pass (a value outside the rulebook's domain);
the rulebook's own refusals live with the procedure that applies the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Final, Literal

from fedrank.engines.bridge_ccba.tables import (
    COLOURS,
    KINDS,
    LEVELS,
    MIN_UNIT_SIZE,
    RESTRICTIONS,
    Colour,
    Kind,
    Level,
    Restriction,
)
from fedrank.engines.kernel import InputError, RuleError

MemberStatus = Literal["member", "non-member", "foreign"]
EntryStatus = Literal["played", "withdrawn", "absent"]
Format = Literal["formula", "table", "ladder", "selection-final", "double-champion", "unbalanced"]

MEMBER_STATUSES: Final[tuple[MemberStatus, ...]] = ("member", "non-member", "foreign")
ENTRY_STATUSES: Final[tuple[EntryStatus, ...]] = ("played", "withdrawn", "absent")
FORMATS: Final[tuple[Format, ...]] = (
    "formula",
    "table",
    "ladder",
    "selection-final",
    "double-champion",
    "unbalanced",
)


@dataclass(frozen=True, slots=True)
class Member:
    """One player of an entry with the masterpoints held at the start of the event.

    ``mp`` counts platinum, gold, silver and red points (the holdings M is computed from);
    ``ymp`` is the youth masterpoint holding, used only in youth events (§1.3.1).
    """

    player: str
    mp: Decimal = Decimal(0)
    ymp: Decimal = Decimal(0)
    status: MemberStatus = "member"

    def __post_init__(self) -> None:
        if self.mp < 0 or self.ymp < 0:
            raise InputError(f"negative holding for {self.player}", field="mp")
        if self.status not in MEMBER_STATUSES:
            raise InputError(f"unknown member status {self.status!r}", field="member")


@dataclass(frozen=True, slots=True)
class Entry:
    """A team, pair or individual with its results in the event.

    ``place`` is the final place (within its group or division where the format has them);
    tied entries share a place (1, 2, 2, 4). ``reached`` is the last stage it played;
    ``stage_places`` maps a stage number to the place in that stage (§2.2).
    ``wins``/``draws`` count the rounds of non-knock-out stages (§2.4).
    """

    entry_id: str
    members: tuple[Member, ...]
    place: int | None = None
    status: EntryStatus = "played"
    group: str | None = None
    division: int | None = None
    reached: int = 1
    stage_places: tuple[tuple[int, int], ...] = ()
    wins: int = 0
    draws: int = 0
    consolation_place: int | None = None
    consolation_group: str | None = None
    line: int | None = None

    def __post_init__(self) -> None:
        if not self.members:
            raise InputError(
                f"entry {self.entry_id} has no players", line=self.line, field="player"
            )
        if self.status not in ENTRY_STATUSES:
            raise InputError(f"unknown status {self.status!r}", line=self.line, field="status")
        for name, value in (("place", self.place), ("cons", self.consolation_place)):
            if value is not None and value < 1:
                raise InputError(f"{name} must be 1 or more", line=self.line, field=name)
        if self.wins < 0 or self.draws < 0:
            raise InputError("negative count of rounds", line=self.line, field="wins")
        if self.reached < 1:
            raise InputError("reached must be 1 or more", line=self.line, field="reached")

    def stage_place(self, stage: int) -> int | None:
        for number, place in self.stage_places:
            if number == stage:
                return place
        return None


@dataclass(frozen=True, slots=True)
class StageSpec:
    """A stage that awards stage masterpoints (§2.2); ``boards`` is its B."""

    number: int
    boards: int


@dataclass(frozen=True, slots=True)
class DivisionSpec:
    """A division of a ladder event (§2.6), 1 the highest.

    ``boards`` is B: for the top division the fewest boards to win it, for the others the
    most boards needed to be promoted (§1.3.2).
    """

    number: int
    fixed: bool
    boards: int


@dataclass(frozen=True, slots=True)
class ConsolationSpec:
    """The consolation event of §2.5 and its groups by qualifying rank (A first)."""

    boards: int
    groups: tuple[str, ...] = ("A",)


@dataclass(frozen=True, slots=True)
class EventSpec:
    """One event's attributes: everything V and the procedures of §2 need.

    ``boards`` is B of §1.3.2 (the fewest boards needed to win). ``unit_size`` is the
    fewest players a unit needs (defaults: team 4, pair 2, individual 1). ``stages`` counts
    every stage including the last; ``stage_awards`` lists the stages that award stage
    masterpoints. ``annual_base`` replaces M by the annual base coefficient (§1.3.5).
    ``table`` holds a top event's fixed award table, places 1.. (§2.1), and ``table_win``
    its win masterpoints per round won (§2.4).
    """

    name: str
    level: Level
    kind: Kind
    colour: Colour
    boards: int
    event_date: date | None = None
    unit_size: int | None = None
    youth: bool = False
    annual_top: bool = False
    restrictions: tuple[Restriction, ...] = ()
    mixed: bool = False
    age_bands_below_top: int = 0
    online: bool = False
    share: Decimal | None = None
    format: Format = "formula"
    knockout: bool = False
    grading: bool = False
    win_boards: int | None = None
    annual_base: Decimal | None = None
    table: tuple[Decimal, ...] = ()
    table_win: Decimal | None = None
    stages: int = 1
    stage_awards: tuple[StageSpec, ...] = ()
    divisions: tuple[DivisionSpec, ...] = ()
    consolation: ConsolationSpec | None = None
    final_awarded: int | None = None

    def __post_init__(self) -> None:
        checks: tuple[tuple[bool, str, str], ...] = (
            (self.level in LEVELS, "level", f"unknown level {self.level!r}"),
            (self.kind in KINDS, "kind", f"unknown kind {self.kind!r}"),
            (self.colour in COLOURS, "colour", f"unknown colour {self.colour!r}"),
            (self.format in FORMATS, "format", f"unknown format {self.format!r}"),
            (self.boards > 0, "boards", "boards must be positive"),
            (self.stages >= 1, "stages", "stages must be 1 or more"),
            (self.age_bands_below_top >= 0, "age_bands_below_top", "must not be negative"),
            (
                all(r in RESTRICTIONS for r in self.restrictions),
                "restrictions",
                f"restrictions must be among {', '.join(RESTRICTIONS)}",
            ),
            (
                len(set(self.restrictions)) == len(self.restrictions),
                "restrictions",
                "a restriction is listed twice",
            ),
            (
                self.share is None or Decimal(0) < self.share <= 1,
                "share",
                "share must be above 0 and at most 100 %",
            ),
            (self.unit_size is None or self.unit_size >= 1, "unit_size", "must be 1 or more"),
        )
        for ok, fieldname, message in checks:
            if not ok:
                raise InputError(message, field=fieldname)

    @property
    def min_unit_size(self) -> int:
        """N of §1.3.1: the fewest players each unit needs."""
        if self.unit_size is not None:
            return self.unit_size
        if self.kind in MIN_UNIT_SIZE:
            return MIN_UNIT_SIZE[self.kind]
        raise RuleError(
            f"kind '{self.kind}' has no default unit size; give unit_size",
            rule="seed 001 §1.3.1 (N = the fewest players a unit needs)",
        )
