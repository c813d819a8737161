"""Figures read back: the memo of :class:`ExactDecimal` gives what the computation gives."""

from __future__ import annotations

from decimal import Decimal

from fedrank.storage import types
from fedrank.storage.types import ExactDecimal


def _slow(value: int) -> Decimal:
    return (Decimal(value) / Decimal(10**6)).normalize() if value else Decimal(0)


def test_figures_read_are_the_computed_ones_first_time_and_after() -> None:
    column = ExactDecimal()
    stored = [0, 1, -1, 1_500_000, 2_100_000_000, -999_999, 9_223_372_036_854_775_807]
    for _ in range(2):  # computed, then from the memo
        for value in stored:
            read = column.process_result_value(value, None)  # type: ignore[arg-type]
            assert read == _slow(value)
            assert str(read) == str(_slow(value))  # the same exponent, not just equal
    assert column.process_result_value(None, None) is None  # type: ignore[arg-type]
    written = column.process_bind_param(Decimal("2100.5"), None)  # type: ignore[arg-type]
    assert column.process_result_value(written, None) == Decimal("2100.5")  # type: ignore[arg-type]


def test_the_memo_is_bounded() -> None:
    column = ExactDecimal()
    types._read.clear()
    for value in range(types.READ_KEPT + 10):
        column.process_result_value(value, None)  # type: ignore[arg-type]
    assert len(types._read) <= types.READ_KEPT
