"""The shared kernel of every engine: exact rounding, dates, traces, awards and input errors.

RULES.md, "Common rules for every engine": numbers a rulebook rounds are rounded half-up
(never banker's rounding), every award carries the trace of its coefficients under the
rulebook's own names, and "whole months between" two dates is the difference in calendar
months minus one when the later date's day of month is smaller.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, Decimal, localcontext
from typing import Any, Final, TypeAlias

Number: TypeAlias = Decimal | int | str
JSONValue: TypeAlias = Any


def dec(value: Number | float) -> Decimal:
    """A Decimal from an int, a decimal string or a Decimal; floats go through ``repr``.

    Floats only come from transcendental functions (``log10``, ``atan``); their shortest
    repr is what a person would write down, so that is what we keep.
    """
    if isinstance(value, Decimal):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"not a finite number: {value!r}")
        return Decimal(repr(value))
    return Decimal(value)


def _quantum(places: int) -> Decimal:
    return Decimal(1).scaleb(-places)


def half_up(value: Number | float, places: int = 0) -> Decimal:
    """Round half away from zero to ``places`` decimals (the rulebooks' "round to")."""
    with localcontext() as ctx:
        ctx.prec = 60
        return dec(value).quantize(_quantum(places), rounding=ROUND_HALF_UP)


def round_down(value: Number | float, places: int = 0) -> Decimal:
    """Round towards minus infinity to ``places`` decimals."""
    with localcontext() as ctx:
        ctx.prec = 60
        return dec(value).quantize(_quantum(places), rounding=ROUND_FLOOR)


def round_up(value: Number | float, places: int = 0) -> Decimal:
    """Round towards plus infinity to ``places`` decimals."""
    with localcontext() as ctx:
        ctx.prec = 60
        return dec(value).quantize(_quantum(places), rounding=ROUND_CEILING)


def floor_to_multiple(value: Number | float, step: Number) -> Decimal:
    """The largest multiple of ``step`` not above ``value`` (e.g. KT_EU down to 0.05)."""
    v, s = dec(value), dec(step)
    if s <= 0:
        raise ValueError("step must be positive")
    return (v / s).to_integral_value(rounding=ROUND_FLOOR) * s


def whole_months_between(earlier: date, later: date) -> int:
    """Calendar months from ``earlier`` to ``later``, minus one if ``later``'s day is smaller.

    RULES.md common rule; 2024-01-31 -> 2024-02-29 is 0 months, -> 2024-03-31 is 2.
    """
    if later < earlier:
        raise ValueError(f"{later} is before {earlier}")
    months = (later.year - earlier.year) * 12 + (later.month - earlier.month)
    if later.day < earlier.day:
        months -= 1
    return months


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One named figure of a computation: ``name`` is the rulebook's symbol (``kq``, ``KT_EU``)."""

    name: str
    value: JSONValue
    rule: str = ""
    note: str = ""

    def to_json(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {"name": self.name, "value": to_jsonable(self.value)}
        if self.rule:
            out["rule"] = self.rule
        if self.note:
            out["note"] = self.note
        return out


@dataclass(slots=True)
class Trace:
    """The ordered record of how a figure was reached, shown to players by ``/why``."""

    steps: list[TraceStep] = field(default_factory=list)

    def add(self, name: str, value: JSONValue, *, rule: str = "", note: str = "") -> JSONValue:
        """Record a step and return its value, so a formula can be traced inline."""
        self.steps.append(TraceStep(name, value, rule, note))
        return value

    def extend(self, other: Trace, prefix: str = "") -> None:
        for step in other.steps:
            self.steps.append(
                TraceStep(prefix + step.name, step.value, step.rule, step.note) if prefix else step
            )

    def get(self, name: str) -> JSONValue:
        """The value of the last step with this name (KeyError if none)."""
        for step in reversed(self.steps):
            if step.name == name:
                return step.value
        raise KeyError(name)

    def names(self) -> list[str]:
        return [s.name for s in self.steps]

    def __iter__(self) -> Iterator[TraceStep]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def to_json(self) -> list[dict[str, JSONValue]]:
        return [s.to_json() for s in self.steps]


@dataclass(frozen=True, slots=True)
class Award:
    """One ledger line: what a player (or entry) receives from one event, and why.

    ``kind`` is the rulebook's name of the points (``MB``, ``RO``, ``PB``, ``masterpoints``,
    ``NRKT``, ``IK``); ``colour`` is set where the rulebook colours points (CCBA).
    """

    player: str
    kind: str
    amount: Decimal
    trace: Trace
    colour: str | None = None

    def to_json(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {
            "player": self.player,
            "kind": self.kind,
            "amount": to_jsonable(self.amount),
        }
        if self.colour is not None:
            out["colour"] = self.colour
        out["trace"] = self.trace.to_json()
        return out


class EngineError(Exception):
    """Base of every error an engine raises on purpose."""


class InputError(EngineError):
    """Bad input: names the line (1-based, of the submitted file), the field and, where the
    line is a player's, the player."""

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        field: str | None = None,
        player: str | None = None,
    ):
        self.message = message
        self.line = line
        self.field = field
        self.player = player
        super().__init__(str(self))

    def __str__(self) -> str:
        where = []
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.field:
            where.append(f"field '{self.field}'")
        if self.player:
            where.append(f"player {self.player}")
        return f"{', '.join(where)}: {self.message}" if where else self.message

    def problems(self) -> tuple[InputError, ...]:
        """Every problem this error stands for (itself, for a single one)."""
        return (self,)


class MissingFactError(InputError):
    """A tournament fact the rulebook needs that the file does not state and nobody gave
    (``fact``: the system's key for it, which a submission's ``KEY=VALUE`` or a discipline's
    default supplies). Kept apart so a chat can ask for it instead of refusing the file."""

    def __init__(
        self, message: str, *, fact: str, line: int | None = None, field: str | None = None
    ):
        self.fact = fact
        super().__init__(message, line=line, field=field)


#: How many problems of one file a refusal lists (the rest are counted, "and N more").
MAX_PROBLEMS = 50


class InputErrors(InputError):  # noqa: N818 - the plural of InputError
    """Every problem of a file at once, in line order, up to :data:`MAX_PROBLEMS`.

    It is an :class:`InputError` whose ``line``, ``field`` and ``message`` are the first
    problem's, so a caller that reads one error still reads a true one; ``str`` lists them all,
    one a line, and ``more`` counts those left out."""

    def __init__(self, problems: Sequence[InputError], *, more: int = 0):
        if not problems:
            raise ValueError("an InputErrors needs at least one problem")
        self.items = tuple(problems)
        self.more = more
        first = self.items[0]
        super().__init__(first.message, line=first.line, field=first.field, player=first.player)

    def __str__(self) -> str:
        if len(self.items) == 1 and not self.more:
            return str(self.items[0])
        count = len(self.items) + self.more
        lines = [f"{count} problems:"] + [f"- {p}" for p in self.items]
        if self.more:
            lines.append(f"and {self.more} more")
        return "\n".join(lines)

    def problems(self) -> tuple[InputError, ...]:
        return self.items


class Problems:
    """The problems of one file, collected as a parser reads on past each bad line.

    ``with problems.catch(): ...`` records an :class:`InputError` raised in the block (all of an
    :class:`InputErrors`) and carries on; :meth:`check` raises them together, sorted by line."""

    def __init__(self, cap: int = MAX_PROBLEMS) -> None:
        self.cap = cap
        self.items: list[InputError] = []
        self.more = 0

    def add(self, error: InputError) -> None:
        for problem in error.problems():
            if len(self.items) < self.cap:
                self.items.append(problem)
            else:
                self.more += 1

    @contextmanager
    def catch(self, *, player: str | None = None) -> Iterator[None]:
        """Record an input error of the block (naming ``player`` where it names none)."""
        try:
            yield
        except InputError as exc:
            if player and not exc.player and not isinstance(exc, InputErrors):
                exc = InputError(exc.message, line=exc.line, field=exc.field, player=player)
            self.add(exc)

    def __bool__(self) -> bool:
        return bool(self.items)

    def check(self) -> None:
        """Raise every problem recorded (nothing when there is none)."""
        if self.items:
            ordered = sorted(self.items, key=lambda p: (p.line is None, p.line or 0))
            raise InputErrors(ordered, more=self.more)


#: The largest magnitude a number of a results file may have: far above any real place,
#: count, board, holding or coefficient, and far below what overflows the Decimal context.
LARGEST = Decimal(10) ** 9


def within_bounds(value: Decimal | int, *, line: int | None, field: str) -> None:
    """Refuse a number no results file holds (a place of 10^26, ``mp=1e309``): the
    arithmetic after it would overflow the Decimal context instead of naming the field."""
    if (value.copy_abs() if isinstance(value, Decimal) else abs(value)) > LARGEST:
        raise InputError(f"out of range (at most {LARGEST:,}): {value}", line=line, field=field)


class RuleError(EngineError):
    """The input is well formed but the rulebook refuses it (or does not settle it).

    ``rule`` names the section of the seed or the Decision of RULES.md that applies.
    """

    def __init__(self, message: str, *, rule: str, line: int | None = None):
        self.message = message
        self.rule = rule
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        return f"{where}{self.message} ({self.rule})"


_AS_IS: Final = frozenset({str, int, float, bool, type(None)})
"""Types :func:`to_jsonable` returns as they are."""


def to_jsonable(value: JSONValue) -> JSONValue:
    """Turn engine output into JSON-ready data; Decimals become exact decimal strings."""
    kind = type(value)
    if kind in _AS_IS:  # most trace values: no isinstance chain (abstract classes are slow)
        return value
    if kind is Decimal:
        return format(value, "f")
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Trace):
        return value.to_json()
    if hasattr(value, "to_json") and callable(value.to_json):
        return value.to_json()
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)) or (
        isinstance(value, Sequence) and not isinstance(value, (str, bytes))
    ):
        return [to_jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(to_jsonable(v) for v in value)
    return value
