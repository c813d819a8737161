"""The shared kernel: half-up rounding, month arithmetic, traces and errors."""

from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines.kernel import (
    Award,
    InputError,
    RuleError,
    Trace,
    dec,
    floor_to_multiple,
    half_up,
    round_down,
    round_up,
    to_jsonable,
    whole_months_between,
)


@pytest.mark.parametrize(
    ("value", "places", "expected"),
    [
        ("0.5", 0, "1"),
        ("1.5", 0, "2"),
        ("2.5", 0, "3"),  # banker's rounding would give 2
        ("-2.5", 0, "-3"),
        ("0.125", 2, "0.13"),
        ("0.124999", 2, "0.12"),
        (2.675, 2, "2.68"),  # float repr is "2.675", not 2.67499999...
    ],
)
def test_half_up_rounds_halves_away_from_zero(value: str, places: int, expected: str) -> None:
    assert half_up(value, places) == Decimal(expected)


def test_directed_rounding() -> None:
    assert round_down("1.99", 1) == Decimal("1.9")
    assert round_up("1.01", 1) == Decimal("1.1")
    assert floor_to_multiple("1.349", "0.05") == Decimal("1.30")
    assert floor_to_multiple("1.35", "0.05") == Decimal("1.35")
    with pytest.raises(ValueError, match="positive"):
        floor_to_multiple(1, 0)


def test_dec_refuses_non_finite_floats() -> None:
    assert dec(0.1) == Decimal("0.1")
    with pytest.raises(ValueError, match="finite"):
        dec(float("nan"))


@pytest.mark.parametrize(
    ("earlier", "later", "months"),
    [
        (date(2024, 1, 15), date(2024, 1, 31), 0),
        (date(2024, 1, 15), date(2024, 2, 14), 0),
        (date(2024, 1, 15), date(2024, 2, 15), 1),
        (date(2024, 1, 31), date(2024, 2, 29), 0),
        (date(2024, 1, 31), date(2024, 3, 31), 2),
        (date(2023, 11, 1), date(2026, 11, 1), 36),
    ],
)
def test_whole_months_between(earlier: date, later: date, months: int) -> None:
    assert whole_months_between(earlier, later) == months


def test_whole_months_between_refuses_reversed_dates() -> None:
    with pytest.raises(ValueError, match="before"):
        whole_months_between(date(2024, 2, 1), date(2024, 1, 1))


def test_trace_records_and_returns_values() -> None:
    trace = Trace()
    kq = trace.add("kq", Decimal("1.25"), rule="7.5")
    assert kq == Decimal("1.25")
    trace.add("kq", Decimal("1.5"), note="recomputed")
    assert trace.get("kq") == Decimal("1.5")
    assert trace.names() == ["kq", "kq"]
    with pytest.raises(KeyError):
        trace.get("kd")
    assert trace.to_json()[0] == {"name": "kq", "value": "1.25", "rule": "7.5"}


def test_award_json_keeps_decimals_exact() -> None:
    award = Award("p1", "MB", Decimal("0.10"), Trace(), colour="red")
    assert award.to_json() == {
        "player": "p1",
        "kind": "MB",
        "amount": "0.10",
        "colour": "red",
        "trace": [],
    }
    assert to_jsonable({"d": date(2026, 1, 1), "s": {2, 1}}) == {"d": "2026-01-01", "s": [1, 2]}
    # Scalars come back as they are (the fast path), Decimals as exact strings either way.
    for value in ("12k", 3, 2.5, True, None):
        assert to_jsonable(value) is value
    assert to_jsonable([Decimal("0.050"), (Decimal("-1E+1"),)]) == ["0.050", ["-10"]]


def test_errors_name_line_field_and_rule() -> None:
    assert str(InputError("must be a number", line=3, field="place")) == (
        "line 3, field 'place': must be a number"
    )
    assert str(InputError("empty file")) == "empty file"
    assert str(RuleError("fewer than 12 players", rule="RULES.md mahjong_rmf KT_CHUT", line=2)) == (
        "line 2: fewer than 12 players (RULES.md mahjong_rmf KT_CHUT)"
    )


# --- every problem of a file at once ----------------------------------------------------------


def test_one_problem_reads_as_the_single_error_did() -> None:
    from fedrank.engines.kernel import InputErrors, Problems

    problems = Problems()
    with problems.catch():
        raise InputError("not a number: 'x'", line=3, field="IK")
    with pytest.raises(InputErrors) as caught:
        problems.check()
    assert str(caught.value) == "line 3, field 'IK': not a number: 'x'"
    assert (caught.value.line, caught.value.field) == (3, "IK")
    assert isinstance(caught.value, InputError)


def test_problems_are_listed_in_line_order_naming_the_player_and_capped() -> None:
    from fedrank.engines.kernel import InputErrors, Problems

    problems = Problems(cap=3)
    for line in (9, 2, 5):
        with problems.catch(player=f"P{line}"):
            raise InputError("bad", line=line, field="rank")
    problems.add(InputError("bad", line=1, field="rank"))
    problems.add(InputError("bad", line=40, field="rank"))
    with pytest.raises(InputErrors) as caught:
        problems.check()
    assert str(caught.value) == (
        "5 problems:\n"
        "- line 2, field 'rank', player P2: bad\n"
        "- line 5, field 'rank', player P5: bad\n"
        "- line 9, field 'rank', player P9: bad\n"
        "and 2 more"
    )
    assert [p.player for p in caught.value.problems()] == ["P2", "P5", "P9"]


def test_a_collection_caught_again_keeps_each_problem() -> None:
    from fedrank.engines.kernel import InputErrors, Problems

    inner = InputErrors([InputError("a", line=1), InputError("b", line=2)])
    problems = Problems()
    with problems.catch(player="X"):
        raise inner
    assert [p.message for p in problems.items] == ["a", "b"]
    assert not Problems()
    Problems().check()  # nothing to raise
    with pytest.raises(ValueError):
        InputErrors([])
