"""Column types that keep figures exact on every backend.

SQLite has no decimal type, and a float would lose the half-up rounding the rulebooks ask for,
so points are stored as scaled 64-bit integers: exact, summable in SQL, identical on SQLite and
PostgreSQL.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

SCALE = 6
_FACTOR = Decimal(10) ** SCALE
#: Figures read, by what is stored (a Decimal is immutable, so one can be handed out many
#: times); emptied past :data:`READ_KEPT` entries.
_read: dict[Any, Decimal] = {}
READ_KEPT = 1 << 16


def stored_figure(value: Any) -> Decimal:
    """The figure an :class:`ExactDecimal` column stores as ``value`` (its integer count of
    millionths, not None), as the column reads it."""
    # a whole site's build reads 2.4 million figures, a few thousand distinct ones
    found = _read.get(value)
    if found is None:
        if len(_read) >= READ_KEPT:
            _read.clear()
        found = _read[value] = (Decimal(int(value)) / _FACTOR).normalize() if value else Decimal(0)
    return found


class ExactDecimal(TypeDecorator[Decimal]):
    """A Decimal with up to six decimals, stored as an integer count of millionths."""

    impl = BigInteger
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> int | None:
        if value is None:
            return None
        scaled = Decimal(value) * _FACTOR
        if scaled != scaled.to_integral_value():
            raise ValueError(f"{value} has more than {SCALE} decimals")
        return int(scaled)

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        return None if value is None else stored_figure(value)

    @property
    def python_type(self) -> type[Decimal]:
        return Decimal
