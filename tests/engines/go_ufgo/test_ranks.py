"""Ranks: floating up to 3 dan, 4-7 dan at publications, the 151-point lowering, over 60."""

from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines.go_ufgo.ranks import (
    ListPlayer,
    Rank,
    age_on,
    current_rank,
    floating_rank,
    is_publication_date,
    next_publication,
    next_title,
    publication_step,
    publish_list,
)
from fedrank.engines.kernel import RuleError

JAN, APR, JUL, OCT = date(2026, 1, 1), date(2026, 4, 1), date(2026, 7, 1), date(2026, 10, 1)
YOUNG = date(1990, 5, 5)


def test_rank_labels_and_order() -> None:
    assert Rank(1).label == "30 kyu" and Rank(30).label == "1 kyu"
    assert Rank(31).label == "1 dan" and Rank(37).label == "7 dan"
    assert Rank.kyu(5) < Rank.kyu(4) < Rank.dan(1)
    with pytest.raises(ValueError, match="grade"):
        Rank(38)


@pytest.mark.parametrize(
    ("ik", "label"),
    [(0, "30 kyu"), (2399, "3 dan"), (2400, "3 dan"), (2750, "3 dan"), (2300, "3 dan")],
)
def test_floating_rank_stops_at_3_dan(ik: int, label: str) -> None:
    """§2.4-§2.5: after a tournament IK 2400+ is still 3 dan until a list is published."""
    assert floating_rank(ik).label == label


@pytest.mark.parametrize(
    ("ik", "dan"), [(2399, None), (2400, 4), (2499, 4), (2500, 5), (2600, 6), (2700, 7), (2999, 7)]
)
def test_4_to_7_dan_assigned_at_a_publication(ik: int, dan: int | None) -> None:
    change = publication_step(ik, None, APR)
    assert change.held_dan_after == dan
    assert change.action == ("assigned" if dan else "none")


def test_publication_only_on_quarter_days() -> None:
    assert all(is_publication_date(d) for d in (JAN, APR, JUL, OCT))
    assert not is_publication_date(date(2026, 2, 1))
    with pytest.raises(RuleError, match=r"§1\.5"):
        publication_step(2450, None, date(2026, 3, 15))
    assert next_publication(date(2026, 3, 31)) == APR
    assert next_publication(APR) == JUL
    assert next_publication(date(2026, 12, 2)) == date(2027, 1, 1)


@pytest.mark.parametrize(
    ("held", "ik", "after", "action"),
    [
        (4, 2250, 4, "kept"),
        (4, 2249, None, "lowered"),  # two steps: 2 dan, which floats with IK again
        (5, 2350, 5, "kept"),
        (5, 2349, 4, "lowered"),
        (6, 2449, 5, "lowered"),
        (7, 2549, 6, "lowered"),
        (7, 2550, 7, "kept"),
    ],
)
def test_151_point_lowering(held: int, ik: int, after: int | None, action: str) -> None:
    """§2.6: lowered at IK <= norm - 151, one step (4 dan two steps) per publication."""
    change = publication_step(ik, held, JUL, YOUNG)
    assert (change.held_dan_after, change.action) == (after, action)


def test_4_dan_lowered_two_steps_is_2_dan() -> None:
    change = publication_step(2249, 4, JUL, YOUNG)
    assert current_rank(2249, change.held_dan_after) == Rank.dan(2)


def test_over_60_never_lowered() -> None:
    """§2.7: age in completed years above 60 on the publication day keeps the dan."""
    assert age_on(date(1965, 7, 2), JUL) == 60
    assert publication_step(2000, 6, JUL, date(1965, 7, 1)).action == "kept (over 60)"
    assert publication_step(2000, 6, JUL, date(1965, 7, 2)).held_dan_after == 5  # still 60
    assert publication_step(2000, 6, JUL, date(1950, 1, 1)).held_dan_after == 6


def test_lowering_needs_the_date_of_birth() -> None:
    with pytest.raises(RuleError, match=r"§2\.7"):
        publication_step(2000, 5, JUL, None)
    assert publication_step(2450, 5, JUL, None).held_dan_after == 5  # nothing to lower


def test_assignment_and_lowering_across_publications() -> None:
    """A player's IK at five publications: 2450, 2300, 2249, 2510, 2349, then 2249.

    1 Jan: 4 dan given. 1 Apr: 2300 > 2249, 4 dan kept (his floating rank would be 3 dan).
    1 Jul: 2249 lowers 4 dan two steps, to 2 dan, floating. 1 Oct: 2510 gives 5 dan directly.
    1 Jan 2027: 2349 = 2500 - 151 lowers to 4 dan. 1 Apr 2027: 2249 lowers 4 dan to 2 dan.
    """
    held: int | None = None
    dates = [JAN, APR, JUL, OCT, date(2027, 1, 1), date(2027, 4, 1)]
    seen = []
    for on, ik in zip(dates, [2450, 2300, 2249, 2510, 2349, 2249], strict=True):
        held = publication_step(ik, held, on, YOUNG).held_dan_after
        seen.append(current_rank(ik, held).label)
    assert seen == ["4 dan", "4 dan", "2 dan", "5 dan", "4 dan", "2 dan"]


def test_held_dan_is_promoted_at_a_publication() -> None:
    assert publication_step(2620, 4, OCT, YOUNG).held_dan_after == 6


def test_publish_list_sorts_and_traces() -> None:
    lst = publish_list(
        OCT,
        [
            ListPlayer("B", Decimal(2410)),
            ListPlayer("A", Decimal(2100), 5, YOUNG),
            ListPlayer("C", Decimal(2410)),
        ],
    )
    assert [e.player for e in lst.entries] == ["B", "C", "A"]
    a = lst.entries[-1]
    assert (a.rank_before.label, a.rank_after.label, a.action) == ("5 dan", "4 dan", "lowered")
    assert [s.name for s in a.trace] == ["IK", "norm", "lowering_bound", "age", "held_dan"]
    out = lst.to_json()
    assert out["entries"][0]["rank_after"] == "4 dan"


def test_next_title() -> None:
    t = next_title(95)
    assert (t.rank.label, t.next_rank and t.next_rank.label, t.points_needed) == (
        "21 kyu",
        "20 kyu",
        Decimal(5),
    )
    t = next_title(2350)
    assert t.next_rank == Rank.dan(4) and t.ik_needed == 2400 and t.at_publication
    t = next_title(2380, 5)
    assert t.next_rank == Rank.dan(6) and t.points_needed == Decimal(220)
    assert t.keep_above == 2349
    assert next_title(2800, 7).next_rank is None
    assert next_title(1999).to_json()["next_rank"] == "1 kyu"
