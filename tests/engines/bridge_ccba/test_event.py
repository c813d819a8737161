"""Whole events through ``compute_event``: the units that count, input checks, the properties
of every award, and totals by colour."""

from __future__ import annotations

import itertools
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import example, given, settings

from fedrank.engines.bridge_ccba.event import (
    EventResult,
    compute_event,
    player_totals,
    totals_by_colour,
)
from fedrank.engines.bridge_ccba.field import EventState
from fedrank.engines.bridge_ccba.formulas import grading_average
from fedrank.engines.bridge_ccba.model import (
    ConsolationSpec,
    Entry,
    EventSpec,
    Member,
    StageSpec,
)
from fedrank.engines.bridge_ccba.place import place_awards
from fedrank.engines.bridge_ccba.procedures import grading_groups
from fedrank.engines.kernel import InputError, RuleError
from tests.engines.bridge_ccba.helpers import D, events, spec, totals, unit


def test_withdrawn_absent_and_non_members() -> None:
    """§2.9.4/§2.9.8: 7 pairs played, 1 withdrew (counted), 1 never came (not counted):
    N = 8. Holdings 300 each except a non-member (0) in P1: P1's average (0 + 300)/2 = 150;
    AVGM = (150 + 7 x 300) / 8 = 281.25 -> M = 2 + 0.9375 = 2.94 (the absent 9000s don't
    count). S = 2.00, L = 1.5, E = 1: V = 8.82. Red: floor(4) = 4 but R(4) = lg 8 - lg 8
    = 0, so 3 places: R = 0.60, 0.30, 0.12: 5.29, 2.65, 1.06. The withdrawn pair placed
    nowhere gets nothing."""
    p1 = Entry("P1", (Member("G", status="non-member"), Member("P1-1", mp=D(300))), place=1)
    entries = [p1] + [unit(f"P{i}", [300, 300], place=i) for i in range(2, 8)]
    entries.append(unit("W", [300, 300], status="withdrawn"))
    entries.append(unit("X", [9000, 9000], status="absent"))
    result = compute_event(spec(), entries)
    assert result.coefficients.get("N") == 8
    assert result.coefficients.get("AVGM") == D("281.25")
    assert result.coefficients.get("M") == D("2.94")
    got = totals(result)
    assert [got["P1"], got["P2"], got["P3"], got["P4"]] == [
        D("5.29"),
        D("2.65"),
        D("1.06"),
        D(0),
    ]
    assert got["W"] == got["X"] == 0
    assert any("non-members" in w for w in result.warnings)


@pytest.mark.parametrize(
    ("overrides", "rule"),
    [
        ({"grading": True, "colour": "platinum"}, r"§2\.3"),
        ({"grading": True, "format": "unbalanced"}, r"§2\.3"),
        ({"stage_awards": (StageSpec(1, 24),), "stages": 2, "format": "double-champion"}, r"§2\.1"),
        ({"knockout": True, "format": "table", "table": (D(1),)}, r"§2\.1"),
        ({"consolation": ConsolationSpec(24), "format": "unbalanced"}, r"§2\.5"),
    ],
)
def test_refused_combinations(overrides: dict[str, Any], rule: str) -> None:
    entries = [unit(f"P{i}", [600, 600], place=i, group="A") for i in range(1, 9)]
    with pytest.raises(RuleError, match=rule):
        compute_event(spec(**overrides), entries)


def test_inconsistent_places_name_the_line() -> None:
    """Two pairs tied 3rd cover places 3 and 4; a pair also placed 4th is bad input."""
    entries = [
        unit(f"P{i}", [600, 600], place=p, line=10 + i) for i, p in enumerate([1, 2, 3, 3, 4, 6])
    ]
    with pytest.raises(InputError) as info:
        compute_event(spec(), entries)
    assert (info.value.line, info.value.field) == (12, "place")


def test_reached_beyond_the_last_stage_is_bad_input() -> None:
    entries = [unit(f"P{i}", [600, 600], place=i, line=i) for i in range(1, 9)]
    entries[2] = unit("P3", [600, 600], place=3, reached=2, line=3)
    with pytest.raises(InputError) as info:
        compute_event(spec(), entries)
    assert (info.value.line, info.value.field) == (3, "reached")


@settings(max_examples=40, deadline=None)
@given(events())
def test_property_awards_in_an_event(case: tuple[EventSpec, list[Entry]]) -> None:
    """Never above 240 (§2.9.7), never below 0.01 (§2.9.5); within one grading group (the
    whole field when the event is not graded) a worse place never earns more."""
    event, entries = case
    result = compute_event(event, entries)
    for award in result.awards:
        assert D("0.01") <= award.amount <= 240
    assert all(r.total <= 240 for r in result.entries)
    groups: dict[str, str] = {}
    if event.grading:
        averages = [
            (e.entry_id, grading_average([m.mp for m in e.members], unit_size=len(e.members)))
            for e in entries
        ]
        groups = grading_groups(averages)
    ranked: dict[str, list[tuple[int, Decimal]]] = {}
    for res, entry in zip(result.entries, entries, strict=True):
        assert entry.place is not None
        ranked.setdefault(groups.get(entry.entry_id, "all"), []).append((entry.place, res.total))
    for field in ranked.values():
        values = [total for _, total in sorted(field)]
        assert all(a >= b for a, b in itertools.pairwise(values))


def _k240(result: EventResult) -> Decimal:
    """The event's k240 (§2.9.7), 1 when the cap did not bind."""
    if "k240" not in result.coefficients.names():
        return Decimal(1)
    k = result.coefficients.get("k240")
    assert isinstance(k, Decimal)
    return k


def _tied_at_the_top(n: int, tied: int) -> tuple[EventSpec, list[Entry]]:
    """A national knock-out team event of n strong teams (M = 14.33, S = 7: V = 150.47)
    whose first ``tied`` teams share 1st place."""
    places = [1] * tied + list(range(tied + 1, n + 1))
    entries = [unit(f"T{i:02d}", [10000] * 4, place=p) for i, p in enumerate(places, start=1)]
    return spec(kind="team", boards=400, knockout=True), entries


@settings(max_examples=30, deadline=None)
@example(_tied_at_the_top(46, 2))  # the smallest field where a tie keeps V (see below)
@example(_tied_at_the_top(60, 3))
@given(events())
def test_property_ties_keep_the_untied_total(case: tuple[EventSpec, list[Entry]]) -> None:
    """§2.9.3 through the event: tied units share out exactly what their places would have
    paid untied *at the same V* (up to the two-decimal rounding of each tied share).

    The V is not always the untied field's: §2.9.7 caps what a unit receives from the event
    (任何参赛单位获得的总大师分不得超过 240) and lowers V only as far as needed, and a tied
    share is at most the best place it covers. So a tie can keep a V that the untied field
    would have had lowered (k240 tied >= k240 untied), and then the tied event pays more in
    all: compare it with the untied field paid at the tied event's k240."""
    event, entries = case
    event = spec(kind=event.kind, colour=event.colour, boards=event.boards, knockout=event.knockout)
    untied = [
        unit(e.entry_id, [int(m.mp) for m in e.members], place=i)
        for i, e in enumerate(sorted(entries, key=lambda e: e.place or 0), start=1)
    ]
    tied_result = compute_event(event, entries)
    untied_result = compute_event(event, untied)
    k = _k240(tied_result)
    assert k >= _k240(untied_result)
    tied_total = sum((r.total for r in tied_result.entries), D(0))
    # these events pay place masterpoints only (no stages, wins or consolation)
    untied_at_k, _ = place_awards(EventState(event, untied), k)
    untied_total = sum((amount for amount, _ in untied_at_k.values()), D(0))
    counts: dict[int | None, int] = {}
    for e in entries:
        counts[e.place] = counts.get(e.place, 0) + 1
    tied_units = sum(c for c in counts.values() if c > 1)
    assert abs(tied_total - untied_total) <= D("0.005") * tied_units
    if tied_units == 0:
        assert tied_total == untied_total
    if k == _k240(untied_result):
        assert untied_total == sum((r.total for r in untied_result.entries), D(0))


def test_a_tie_at_the_top_can_keep_v_under_the_cap() -> None:
    """§2.9.3 with §2.9.7 and §2.8: 46 teams (N = 46, V = 150.47; red pays 22 places, R(23)
    = 0), knock-out. A(1) = 1.36 x 150.47 = 204.64, A(2) = 1.06 x 150.47 = 159.50, and
    places 5-22 give up 72.96: A(1) = 204.64 + 36.48 = 241.12, A(2) = 159.50 + 21.89 =
    181.39. Untied, the winner's 241.12 breaks the cap, so V is lowered to 149.76 (winner
    239.99). Two teams tied 1st share 241.12 + 181.39 = 422.51: 211.26 each, and no unit
    receives more than 240, so §2.9.7 (a cap on what a unit receives, V lowered only as
    far as needed) leaves V at 150.47. The tied event pays 1340.70, the untied one 1334.37:
    the tie shares what the places pay untied at the same V, not the untied event's total."""
    event, entries = _tied_at_the_top(46, 2)
    tied = compute_event(event, entries)
    assert _k240(tied) == 1
    got = totals(tied)
    assert got["T01"] == got["T02"] == D("211.26")
    assert got["T03"] == D("147.00")
    assert sum(got.values()) == D("1340.70")
    untied_entries = [unit(e.entry_id, [10000] * 4, place=i) for i, e in enumerate(entries, 1)]
    untied = compute_event(event, untied_entries)
    assert _k240(untied) == D("0.995347")
    untied_got = totals(untied)
    assert untied_got["T01"] == D("239.99")
    assert untied_got["T02"] == D("180.54")
    assert sum(untied_got.values()) == D("1334.37")
    winner = next(r for r in untied.entries if r.entry_id == "T01")
    assert winner.components[0].trace.get("V") == D("149.76")
    # at the tied event's V the untied places pay the same 422.51 the tied pair shares
    untied_at_k, _ = place_awards(EventState(event, untied_entries), Decimal(1))
    assert untied_at_k["T01"][0] + untied_at_k["T02"][0] == D("422.51")
    assert sum(a for a, _ in untied_at_k.values()) == D("1340.69")


@settings(max_examples=30, deadline=None)
@given(events())
def test_property_never_more_for_a_worse_place_ungraded(
    case: tuple[EventSpec, list[Entry]],
) -> None:
    """Ungraded formula events: a unit placed worse never receives more."""
    event, entries = case
    event = spec(kind=event.kind, colour=event.colour, boards=event.boards, knockout=event.knockout)
    result = compute_event(event, entries)
    ranked = sorted((e.place or 0, r.total) for e, r in zip(entries, result.entries, strict=True))
    values = [t for _, t in ranked]
    assert all(a >= b for a, b in itertools.pairwise(values))


def test_totals_over_several_events() -> None:
    """Totals for /rating: the same player's lines from two events add up by colour."""
    entries = [unit(f"P{i:02d}", [600, 600], place=i) for i in range(1, 21)]
    red = compute_event(spec(), entries).awards
    gold = compute_event(spec(colour="gold"), entries).awards
    assert totals_by_colour([*red, *gold], "P01-0") == {"gold": D("12.00"), "red": D("12.00")}
    assert totals_by_colour([*red, *gold], "nobody") == {}
    everyone = player_totals([*red, *gold])
    assert everyone["P02-1"] == {"gold": D("8.40"), "red": D("8.40")}
    assert sum(totals_by_colour(red).values()) == 2 * D("41.28")
