"""Every procedure of seed 001 §2, each with a hand-worked example in its docstring."""

import itertools
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.bridge_ccba.model import Entry, Member, StageSpec
from fedrank.engines.bridge_ccba.procedures import (
    best_award,
    cap_factor,
    capped_m,
    check_stage_awards,
    check_stage_elimination,
    combine_consolation,
    consolation_group_ratio,
    counted_and_awardable,
    double_champion_n,
    final_rank_n,
    formula_schedule,
    graded_fields,
    grading_group_sizes,
    grading_groups,
    higher_of_place_and_win,
    knockout_adjust,
    ladder_first_place_n,
    ladder_schedule,
    rerank,
    scaled_value,
    second_stage_m,
    share_ties,
    split_unbalanced,
    stage_schedule,
    step_down,
    table_schedule,
    win_per_round,
    win_total,
)
from fedrank.engines.kernel import RuleError, Trace

D = Decimal


def amounts(schedule: tuple[object, ...]) -> list[Decimal]:
    return [a.amount for a in schedule]  # type: ignore[attr-defined]


# N = 20, V = 12.00: R = 1.00, 0.70, 0.52, 0.40, 0.30, 0.22, 0.15, 0.10, 0.05 (places 1-9).
N20_V12 = [
    D("12.00"),
    D("8.40"),
    D("6.24"),
    D("4.80"),
    D("3.60"),
    D("2.64"),
    D("1.80"),
    D("1.20"),
    D("0.60"),
]


def test_formula_schedule_basic_place_masterpoints() -> None:
    """§2.1 "其余比赛" / §1.1: N = 20, V = 12.00, red (9 places):
    A(1) = 1.00 x 12 = 12.00, A(2) = 0.70 x 12 = 8.40, A(3) = 0.52 x 12 = 6.24, ...,
    A(6) = 0.22 x 12 = 2.64, A(9) = 0.05 x 12 = 0.60."""
    schedule = formula_schedule(20, D("12.00"), 9)
    assert amounts(schedule) == N20_V12
    assert schedule[2].trace.get("R") == D("0.52")


def test_table_schedule_extends_past_eighth() -> None:
    """§2.1: table 60/45/36/30/24/20/16/12, N = 40, gold: floor(40 x 0.4) = 16 places.
    R(8) = lg 40 - lg 16 = 0.39794 -> 0.40; R(9) = lg 40 - lg 18 = 0.34679 -> 0.35, so
    A(9) = 12 x 0.35 / 0.40 = 10.50; R(10) = lg 40 - lg 20 = 0.30 -> A(10) = 9.00;
    R(16) = lg 40 - lg 32 = 0.09691 -> 0.10 -> A(16) = 3.00."""
    table = [D(x) for x in (60, 45, 36, 30, 24, 20, 16, 12)]
    schedule = table_schedule(table, 40, 16)
    got = amounts(schedule)
    assert got[:8] == table
    assert got[8] == D("10.50")
    assert got[9] == D("9.00")
    assert got[15] == D("3.00")
    assert schedule[8].trace.get("R(8)") == D("0.40")


def test_table_schedule_small_field_and_refusal() -> None:
    """§2.1: with 2 places to award (6 teams, gold: floor(2.4) = 2) the table pays 60 and 45;
    extending a table that does not list exactly 8 places is not defined."""
    table = [D(x) for x in (60, 45, 36, 30, 24, 20, 16, 12)]
    assert amounts(table_schedule(table, 6, 2)) == table[:2]
    with pytest.raises(RuleError, match=r"§2\.1"):
        table_schedule(table[:5], 40, 16)


def test_stage_masterpoints_twenty_percent() -> None:
    """§2.2: a stage is its own event paying 20 % of the formula. N = 20, V = 12.00:
    A(1) = 12.00 -> 2.40; A(2) = 8.40 -> 1.68; A(9) = 0.60 -> 0.12. A basic 0.04 would give
    0.008 -> 0.01 (floor of §2.9.5)."""
    stage = stage_schedule(formula_schedule(20, D("12.00"), 9))
    assert amounts(stage)[:2] == [D("2.40"), D("1.68")]
    assert amounts(stage)[-1] == D("0.12")
    tiny = stage_schedule(formula_schedule(20, D("0.10"), 1))
    assert amounts(tiny) == [D("0.02")]
    assert amounts(stage_schedule(formula_schedule(20, D("0.04"), 1))) == [D("0.01")]


def test_stage_rules_count_order_and_last_stage() -> None:
    """§2.2: at most two stages; the first is stage 1; the second follows at once; the last
    stage of the event never awards stage masterpoints."""
    check_stage_awards([StageSpec(1, 56), StageSpec(2, 42)], 3)
    with pytest.raises(RuleError, match="at most 2"):
        check_stage_awards([StageSpec(1, 1), StageSpec(2, 1), StageSpec(3, 1)], 4)
    with pytest.raises(RuleError, match="first stage"):
        check_stage_awards([StageSpec(2, 1)], 3)
    with pytest.raises(RuleError, match="first stage"):
        check_stage_awards([StageSpec(1, 1), StageSpec(3, 1)], 4)
    with pytest.raises(RuleError, match="last stage"):
        check_stage_awards([StageSpec(1, 1)], 1)


def test_stage_elimination_at_least_a_quarter() -> None:
    """§2.2: 24 units, 18 advance: 6/24 = 25 % eliminated, allowed; 19 advance: 5/24 =
    20.8 %, refused."""
    check_stage_elimination(1, 24, 18)
    with pytest.raises(RuleError, match="less than 25 %"):
        check_stage_elimination(1, 24, 19)


def test_second_stage_m_at_least_120_percent() -> None:
    """§2.2: stage 1 M = 5.00; stage 2's own M 5.50 < 1.2 x 5.00 = 6.00, so 6.00; an own M of
    7.00 stays 7.00."""
    trace = Trace()
    assert second_stage_m(D("5.50"), D("5.00"), trace=trace) == D("6.00")
    assert trace.get("M") == D("6.00")
    assert second_stage_m(D("7.00"), D("5.00")) == D("7.00")


def test_stage_and_consolation_colour_one_step_lower() -> None:
    """§2.2/§2.5: gold -> silver, red -> red; the seed has no row for blue."""
    assert step_down("gold", section="2.2") == "silver"
    assert step_down("red", section="2.5") == "red"
    with pytest.raises(RuleError, match=r"§2\.5"):
        step_down("blue", section="2.5")


@pytest.mark.parametrize(
    ("n", "sizes"),
    [
        (11, ()),
        (12, (6, 6)),
        (13, (6, 7)),
        (23, (11, 12)),
        (24, (8, 8, 8)),
        (25, (8, 8, 9)),
        (26, (8, 9, 9)),
    ],
)
def test_grading_group_sizes(n: int, sizes: tuple[int, ...]) -> None:
    """§2.3: N >= 12 two halves, N >= 24 three thirds; the extra units go to the lower
    groups (25 = 8 + 8 + 9, 26 = 8 + 9 + 9)."""
    assert grading_group_sizes(n) == sizes


def test_grading_groups_and_fields() -> None:
    """§2.3: 12 units with grading averages 1200, 1100, ..., 100 (T1 highest): A = T1-T6,
    B = T7-T12. Fields: A+B (all 12) and B (6 units) with M at most 60 % of A's."""
    averages = [(f"T{i}", D(1300 - 100 * i)) for i in range(1, 13)]
    groups = grading_groups(averages)
    assert [groups[f"T{i}"] for i in range(1, 13)] == ["A"] * 6 + ["B"] * 6
    fields = graded_fields(groups)
    assert [(name, len(units), ratio) for name, units, ratio in fields] == [
        ("A+B", 12, None),
        ("B", 6, D("0.6")),
    ]


def test_grading_three_groups_and_boundary_tie_warning() -> None:
    """§2.3, 24 units: thirds of 8. Units 8 and 9 hold the same average: input order puts
    unit 8 in A, and the engine warns about the tie across the boundary."""
    averages = [(f"T{i:02d}", D(3000 - 100 * i)) for i in range(1, 25)]
    averages[8] = ("T09", averages[7][1])
    warnings: list[str] = []
    groups = grading_groups(averages, warnings)
    assert groups["T08"] == "A" and groups["T09"] == "B"
    assert len(warnings) == 1 and "T08" in warnings[0]
    names = [name for name, _, _ in graded_fields(groups)]
    assert names == ["A+B+C", "B+C", "C"]


def test_graded_m_caps_and_best_award() -> None:
    """§2.3: A's M 6.00; B+C's own M 5.00 is capped at 0.6 x 6.00 = 3.60; C's own 2.10 stays
    below 0.4 x 6.00 = 2.40. A unit ranked in A+B+C (1.20) and in C (2.50) gets 2.50 only."""
    assert capped_m(D("5.00"), D("6.00"), D("0.6"), section="2.3") == D("3.60")
    assert capped_m(D("2.10"), D("6.00"), D("0.4"), section="2.3") == D("2.10")
    wide, narrow = Trace(), Trace()
    best = best_award([(D("1.20"), wide), (D("2.50"), narrow)])
    assert best == (D("2.50"), narrow)
    assert best_award([]) is None


def test_win_masterpoints_per_round() -> None:
    """§2.4: M 4.00, L 1.5, E 1, 12-board rounds: 0.005 x 4 x 1.5 x 1 x 12 = 0.36 a win,
    0.18 a draw; 5 wins and 2 draws = 1.80 + 0.36 = 2.16. With M 4.69, L 1.3, E 0.8 and
    14 boards: 0.005 x 4.69 x 1.3 x 0.8 x 14 = 0.341432 -> 0.34, draw 0.17."""
    win, draw = win_per_round(D("4.00"), D("1.5"), D(1), 12)
    assert (win, draw) == (D("0.36"), D("0.18"))
    assert win_total(5, 2, win, draw) == D("2.16")
    assert win_per_round(D("4.69"), D("1.3"), D("0.8"), 14) == (D("0.34"), D("0.17"))


def test_win_masterpoints_scaled_by_the_cap() -> None:
    """§2.9.7 with §2.4: k240 = 0.5 halves the figure: 0.36 x 0.5 = 0.18, draw 0.09."""
    assert win_per_round(D("4.00"), D("1.5"), D(1), 12, scale=D("0.5")) == (
        D("0.18"),
        D("0.09"),
    )


def test_higher_of_place_and_win() -> None:
    """§2.4: platinum and table team events pay the higher, not the sum: place 30, wins 12
    -> 30 (place); place 3, wins 12 -> 12 (win)."""
    assert higher_of_place_and_win(D(30), D(12)) == (D(30), "place")
    assert higher_of_place_and_win(D(3), D(12)) == (D(12), "win")


def test_consolation_colour_precedence() -> None:
    """§2.5, the seed's example: main 5 gold, consolation 8 silver -> 5 gold + 3 silver.
    Main 5 gold + 1 silver (stage), consolation 8 silver -> 5 gold + 3 silver. Main 9 gold,
    consolation 8 silver -> 9 gold."""
    assert combine_consolation({"gold": D(5)}, D(8), "silver") == (
        {"gold": D(5), "silver": D(3)},
        True,
    )
    assert combine_consolation({"gold": D(5), "silver": D(1)}, D(8), "silver") == (
        {"gold": D(5), "silver": D(3)},
        True,
    )
    assert combine_consolation({"gold": D(9)}, D(8), "silver") == ({"gold": D(9)}, False)
    assert combine_consolation({}, D("1.50"), "red") == ({"red": D("1.50")}, True)


def test_consolation_group_caps() -> None:
    """§2.5: consolation group A no extra cap (its M is at most 60 % of the main event);
    B at most 60 % of A, C and lower 40 %."""
    assert [consolation_group_ratio(i) for i in range(4)] == [
        None,
        D("0.6"),
        D("0.4"),
        D("0.4"),
    ]
    assert capped_m(D("6.00"), D("7.50"), D("0.6"), section="2.5") == D("4.50")


def test_ladder_schedule() -> None:
    """§2.6: A = 20.00, division of 20: 1st 20.00, 2nd 14.00, 3rd 10.00, 4th 7.00;
    5th 0.35 x 20 x R(5)/R(4) = 7 x 0.30/0.40 = 5.25; 6th 7 x 0.22/0.40 = 3.85;
    9th 7 x 0.05/0.40 = 0.875 -> 0.88."""
    got = amounts(ladder_schedule(D(20), 20, 9))
    assert got[:6] == [D("20.00"), D("14.00"), D("10.00"), D("7.00"), D("5.25"), D("3.85")]
    assert got[8] == D("0.88")


def test_ladder_first_place_field_size() -> None:
    """§2.6: divisions of 8, 8 and 20 (1 the top): division 1's A uses N = 36, division 2's
    N = 28, division 3's its own 20."""
    sizes = {1: 8, 2: 8, 3: 20}
    assert [ladder_first_place_n(sizes, d) for d in (1, 2, 3)] == [36, 28, 20]


def test_selection_final_rank_field() -> None:
    """§2.7: a final of 8 awarding 3 places ranks R(p) on max(8, 6) = 8; awarding 6 on 12.
    With A = 30 and N = 12: 5th = 0.35 x 30 x R(5)/R(4) = 10.5 x 0.08/0.18 = 4.666 ->
    4.67 (R(5) = lg 12 - lg 10 = 0.079 -> 0.08; R(4) = lg 1.5 = 0.176 -> 0.18)."""
    assert final_rank_n(8, 3) == 8
    assert final_rank_n(8, 6) == 12
    assert amounts(ladder_schedule(D(30), 12, 6))[4] == D("4.67")


def test_ladder_never_pays_a_place_with_r_not_positive() -> None:
    """RULES.md Decision applied to §2.7: a final of 8 awarding all 8 ranks on 16;
    R(8) = lg 16 - lg 16 = 0, so place 8 gets nothing and 7 places are paid."""
    assert len(ladder_schedule(D(30), final_rank_n(8, 8), 8)) == 7


def test_knockout_adjustment() -> None:
    """§2.8, N = 20, V = 12.00 (9 places): places 5-9 lose 10 %: 3.60 -> 3.24 (0.36),
    2.64 -> 2.38 (0.26), 1.80 -> 1.62 (0.18), 1.20 -> 1.08 (0.12), 0.60 -> 0.54 (0.06);
    A = 0.98. 1st 12.00 + 0.49 = 12.49; 2nd 8.40 + 0.294 -> 8.69; 3rd 6.24 + 0.196 -> 6.44;
    4th stays 4.80. The total stays 41.28."""
    adjusted = amounts(knockout_adjust(formula_schedule(20, D("12.00"), 9)))
    assert adjusted == [
        D("12.49"),
        D("8.69"),
        D("6.44"),
        D("4.80"),
        D("3.24"),
        D("2.38"),
        D("1.62"),
        D("1.08"),
        D("0.54"),
    ]
    assert sum(adjusted) == sum(N20_V12) == D("41.28")
    short = formula_schedule(20, D("12.00"), 4)
    assert knockout_adjust(short) == short


def test_double_champion_field_size() -> None:
    """§2.9.1: N/2 rounded half-up: 25 -> 12.5 -> 13; 24 -> 12."""
    assert double_champion_n(25) == 13
    assert double_champion_n(24) == 12


def _entry(entry_id: str, **kwargs: object) -> Entry:
    return Entry(entry_id, (Member(entry_id + "p"),), **kwargs)  # type: ignore[arg-type]


def test_unbalanced_event_is_two_events() -> None:
    """§2.9.2: strength groups S and W are ranked as two events; a third group or a unit
    without a group is refused."""
    split = split_unbalanced(
        [_entry("a", group="S"), _entry("b", group="W"), _entry("c", group="S")]
    )
    assert {k: [e.entry_id for e in v] for k, v in split.items()} == {"S": ["a", "c"], "W": ["b"]}
    with pytest.raises(RuleError, match="exactly two"):
        split_unbalanced([_entry("a", group="S")])
    with pytest.raises(RuleError, match="no group"):
        split_unbalanced([_entry("a")])


def test_ties_share_the_covered_places() -> None:
    """§2.9.3 on N = 20, V = 12.00: two units tied 3rd share (6.24 + 4.80) / 2 = 5.52; three
    tied 8th cover places 8, 9, 10 of which only 8 and 9 pay: (1.20 + 0.60 + 0) / 3 =
    0.60. The unit placed 5th keeps 3.60."""
    places = {"a": 3, "b": 3, "c": 5, "x": 8, "y": 8, "z": 8}
    shared = share_ties(formula_schedule(20, D("12.00"), 9), places)
    assert shared["a"][0] == shared["b"][0] == D("5.52")
    assert shared["c"][0] == D("3.60")
    assert {shared[u][0] for u in "xyz"} == {D("0.60")}
    assert shared["a"][1].get("A(4)") == D("4.80")


def test_ties_beyond_the_paid_places_get_nothing() -> None:
    """§2.9.3: a unit 10th on N = 20 red (9 places) covers no paid place."""
    assert share_ties(formula_schedule(20, D("12.00"), 9), {"q": 10}) == {}


def test_rerank_keeps_ties() -> None:
    """Places of a sub-field: overall 2, 5, 5, 9 -> 1, 2, 2, 4."""
    got = rerank({"a": 2, "b": 5, "c": 5, "d": 9, "e": 1}, ["a", "b", "c", "d"])
    assert got == {"a": 1, "b": 2, "c": 2, "d": 4}


def test_withdrawals() -> None:
    """§2.9.4: an absent unit is not counted; a unit that withdrew is counted but paid
    nothing."""
    entries = [_entry("a"), _entry("w", status="withdrawn"), _entry("x", status="absent")]
    counted, awardable = counted_and_awardable(entries)
    assert [e.entry_id for e in counted] == ["a", "w"]
    assert awardable == {"a"}


def test_cap_factor_and_scaled_value() -> None:
    """§2.9.7: a top unit due 300.94 gives k240 = 240 / 300.94 = 0.79750 -> 0.7975; V 150.47
    scales to 150.47 x 0.7975 = 119.999825 -> 119.99 (rounded down), and 2.00 x 119.99 =
    239.98 <= 240 (the factor :func:`capped` starts its search from; test_cap.py has the
    largest factor, which gives V = 120.00)."""
    assert cap_factor(D("240")) == 1
    k = cap_factor(D("300.94"))
    assert k == D("0.7975")
    assert scaled_value(D("150.47"), k) == D("119.99")
    assert scaled_value(D("150.47"), D(1)) == D("150.47")


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=3, max_value=400),
    v=st.decimals(min_value="0.01", max_value="160", places=2),
    share=st.sampled_from([D("0.40"), D("0.45"), D("0.50")]),
    ko=st.booleans(),
)
def test_property_never_more_for_a_worse_place(
    n: int, v: Decimal, share: Decimal, ko: bool
) -> None:
    """A worse place never earns more, with or without the knock-out adjustment."""
    from fedrank.engines.bridge_ccba.formulas import places_awarded

    count = places_awarded(n, "red", share)
    schedule = formula_schedule(n, v, count)
    if ko:
        schedule = knockout_adjust(schedule)
    got = amounts(schedule)
    assert all(a >= b for a, b in itertools.pairwise(got))


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=6, max_value=200),
    v=st.decimals(min_value="0.01", max_value="100", places=2),
    blocks=st.lists(st.integers(min_value=1, max_value=4), min_size=1, max_size=30),
)
def test_property_ties_keep_the_untied_total(n: int, v: Decimal, blocks: list[int]) -> None:
    """§2.9.3: tied units share the sum of the places they cover, so the total paid equals
    the untied total up to the two-decimal rounding of each share (at most 0.005 per tied
    unit, §2.9.5); ties never make a worse place earn more."""
    from fedrank.engines.bridge_ccba.formulas import places_awarded

    schedule = formula_schedule(n, v, places_awarded(n, "red"))
    places: dict[str, int] = {}
    place = 1
    for index, size in enumerate(blocks):
        for j in range(size):
            places[f"u{index}.{j}"] = place
        place += size
    shared = share_ties(schedule, places)
    untied = sum((a.amount for a in schedule if a.place < place), Decimal(0))
    total = sum((amount for amount, _ in shared.values()), Decimal(0))
    tied_units = sum(size for size in blocks if size > 1)
    assert abs(total - untied) <= D("0.005") * tied_units + D("0.01") * tied_units
    ranked = sorted(shared.items(), key=lambda kv: places[kv[0]])
    values = [amount for _, (amount, _) in ranked]
    assert all(a >= b for a, b in itertools.pairwise(values))
