"""Qualification (seed section 3): the date, members only, the quota, the windows, the chain."""

from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.kernel import RuleError
from fedrank.engines.mahjong_rmf.levels import START
from fedrank.engines.mahjong_rmf.listing import ListRow, RatingList
from fedrank.engines.mahjong_rmf.qualification import (
    Membership,
    PlayersRefusedError,
    Qualification,
    QualificationEvent,
    SlotStatus,
    advance,
    first_tuesday,
    open_qualification,
    qualification_date,
    record_answer,
    record_informed,
)
from fedrank.engines.mahjong_rmf.tournament import Discipline

MCR = Discipline.MCR
EVENT_START = date(2027, 3, 20)  # an event in March 2027
QD = date(2026, 9, 1)  # the first Tuesday of September 2026


def days(n: int) -> date:
    return QD + timedelta(days=n)


def ratings(rows: Sequence[tuple[str, int]], on: date = QD) -> RatingList:
    """A list from (player, rating), best first; equal ratings share the position."""
    out: list[ListRow] = []
    for i, (player, rating) in enumerate(rows, 1):
        position = out[-1].position if out and out[-1].rating == rating else i
        out.append(ListRow(position, player, Decimal(rating), START, Decimal(0), (), 1))
    return RatingList(MCR, on, tuple(out))


def members(*players: str) -> list[Membership]:
    return [Membership(p, date(2020, 1, 1)) for p in players]


LIST = ratings([("A", 900), ("B", 800), ("C", 700), ("D", 600), ("E", 500)])


def event(quota: int = 2, **kw: object) -> QualificationEvent:
    return QualificationEvent("WMC-2027", MCR, EVENT_START, quota, **kw)  # type: ignore[arg-type]


def status(q: Qualification, player: str) -> str | None:
    s = q.slot(player)
    return None if s is None else s.status.value


@pytest.mark.parametrize(
    ("event_start", "expected"),
    [
        (date(2027, 3, 20), date(2026, 9, 1)),  # March -> September of the year before
        (date(2026, 3, 1), date(2025, 9, 2)),  # 1 Sep 2025 is a Monday
        (date(2026, 6, 30), date(2025, 12, 2)),  # June -> December of the year before
        (date(2027, 1, 15), date(2026, 7, 7)),  # January -> July of the year before
        (date(2026, 7, 4), date(2026, 1, 6)),  # July -> January of the same year
        (date(2026, 8, 31), date(2026, 2, 3)),
    ],
)
def test_qualification_date_across_month_boundaries(event_start: date, expected: date) -> None:
    assert qualification_date(event_start) == expected


def test_the_presidium_may_set_the_date() -> None:
    assert qualification_date(EVENT_START, date(2026, 10, 13)) == date(2026, 10, 13)
    with pytest.raises(RuleError, match="after the event") as err:
        qualification_date(EVENT_START, date(2027, 4, 1))
    assert err.value.rule == "seed 000 section 3.3"


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=2000, max_value=2100), st.integers(min_value=1, max_value=12))
def test_first_tuesday(year: int, month: int) -> None:
    d = first_tuesday(year, month)
    assert (d.weekday(), d.month, d.year) == (1, month, year) and d.day <= 7


def test_non_members_are_skipped_and_the_quota_filled_by_rating() -> None:
    """B's membership ended the day before the qualification date; D's starts after it; E's
    ends on it (inclusive): A and C take the two places, D and E wait in the reserve."""
    ms = [
        *members("A", "C"),
        Membership("B", date(2020, 1, 1), QD - timedelta(days=1)),
        Membership("D", date(2019, 1, 1), date(2025, 1, 1)),
        Membership("D", QD + timedelta(days=1)),
        Membership("E", date(2026, 1, 1), QD),
    ]
    q = open_qualification(event(), LIST, ms)
    assert q.on == QD
    assert [s.player for s in q.holders] == ["A", "C"]
    assert [(s.player, s.rule) for s in q.skipped] == [
        ("B", "seed 000 section 3.2"),
        ("D", "seed 000 section 3.2"),
    ]
    assert q.reserve == ("E",)
    assert all(s.inform_by == days(7) and s.basis == "rating" for s in q.slots)


def test_presidium_places_come_first() -> None:
    """X, named by the Presidium (not even on the list), and B (on it) take two of the three
    places; the one left goes to A by rating."""
    q = open_qualification(event(3, presidium_places=("X", "B")), LIST, members(*"ABCDEX"))
    assert [(s.player, s.basis) for s in q.holders] == [
        ("X", "presidium"),
        ("B", "presidium"),
        ("A", "rating"),
    ]
    assert q.reserve == ("C", "D", "E")


def test_a_quota_larger_than_the_members_is_left_unfilled() -> None:
    q = open_qualification(event(4), LIST, members("A", "C"))
    assert [s.player for s in q.holders] == ["A", "C"] and q.unfilled == 2 and q.reserve == ()


def test_presidium_refusals() -> None:
    with pytest.raises(RuleError, match="not a member") as err:
        open_qualification(event(presidium_places=("X",)), LIST, members(*"ABCDE"))
    assert err.value.rule == "seed 000 section 3.2"
    with pytest.raises(RuleError, match="exceed the quota"):
        open_qualification(event(1, presidium_places=("A", "B")), LIST, members(*"AB"))
    with pytest.raises(RuleError, match="named twice"):
        open_qualification(event(presidium_places=("A", "A")), LIST, members("A"))
    with pytest.raises(RuleError, match="at least 1"):
        open_qualification(event(0), LIST, members("A"))


def test_the_list_must_be_of_the_qualification_date_and_discipline() -> None:
    with pytest.raises(RuleError, match="list of 2026-09-01"):
        open_qualification(event(), ratings([("A", 1)], on=date(2026, 9, 2)), members("A"))
    sichuan = RatingList(Discipline.SICHUAN, QD, LIST.rows)
    with pytest.raises(RuleError, match="mcr list"):
        open_qualification(event(), sichuan, members("A"))


def test_inform_deadline_and_consent_window() -> None:
    """Informing is due from the qualification date to +7 days (overdue after); A informed on
    day 3 has until day 18 (3 + 15) to consent."""
    q = open_qualification(event(), LIST, members(*"ABCDE"))
    assert advance(q, days(-1)).notifications == ()
    due = advance(q, QD).notifications
    assert [(n.kind, n.player, n.deadline, n.overdue) for n in due] == [
        ("inform", "A", days(7), False),
        ("inform", "B", days(7), False),
    ]
    assert all(n.overdue for n in advance(q, days(8)).notifications)
    q = record_informed(q, "A", days(3))
    slot_a = q.slot("A")
    assert slot_a is not None and slot_a.consent_by == days(18)
    assert [n.player for n in advance(q, days(4)).notifications] == ["B"]
    step = record_answer(q, "A", consent=True, on=days(18))
    assert status(step.qualification, "A") == "confirmed"
    assert [(t.player, t.before, t.after) for t in step.transitions] == [
        ("A", SlotStatus.INVITED, SlotStatus.CONFIRMED)
    ]
    with pytest.raises(RuleError, match="after his deadline") as err:
        record_answer(q, "A", consent=True, on=days(19))
    assert err.value.rule == "seed 000 section 3.5"
    with pytest.raises(RuleError, match="already informed"):
        record_informed(q, "A", days(4))
    with pytest.raises(RuleError, match="before"):
        record_informed(q, "B", days(-1))
    with pytest.raises(RuleError, match="holds no invited"):
        record_informed(q, "D", days(2))


def test_silence_moves_to_the_reserve_and_passes_the_place() -> None:
    """A informed on day 2 (deadline day 17) says nothing: from day 18 he is in the reserve
    and C (next by rating among members) is invited, with his own 7 days to be informed
    (day 25) and then 15 days. A scheduler that runs late (day 40) gets the same dates."""
    q = open_qualification(event(), LIST, members(*"ABCDE"))
    q = record_informed(q, "A", days(2))
    q = record_informed(q, "B", days(2))
    q = record_answer(q, "B", consent=True, on=days(5)).qualification
    assert advance(q, days(17)).transitions == ()
    for today in (days(18), days(40)):
        step = advance(q, today)
        nq = step.qualification
        assert [(t.player, t.after, t.on) for t in step.transitions] == [
            ("A", SlotStatus.RESERVE, days(18)),
            ("C", SlotStatus.INVITED, days(18)),
        ]
        slot_c = nq.slot("C")
        assert slot_c is not None
        assert (slot_c.offered_on, slot_c.inform_by, slot_c.replaces) == (days(18), days(25), "A")
        kinds = [(n.kind, n.player, n.overdue) for n in step.notifications]
        assert kinds == [("moved_to_reserve", "A", False), ("inform", "C", today > days(25))]
        assert nq.reserve == ("D", "E", "A")
    # advancing again the same day changes nothing more
    again = advance(advance(q, days(18)).qualification, days(18))
    assert again.transitions == ()


def test_a_refusal_chain_reaches_the_reserve_list() -> None:
    """Quota 2 and B no member: A and C are invited, D and E are the reserve.
    Day 1: A refuses -> D (the reserve) is invited; C is informed (deadline day 16).
    Day 3: D refuses -> E is invited (to be informed by day 10).
    Day 17: C was silent -> reserve; nobody new is left and C cannot take back the place he
    let expire: the place is unfilled. Day 20: E refuses -> the reserve now holds only C,
    who is asked again. Day 21: C refuses -> unfilled again."""
    q = open_qualification(event(), LIST, members("A", "C", "D", "E"))
    assert [s.player for s in q.holders] == ["A", "C"] and q.reserve == ("D", "E")
    step = record_answer(q, "A", consent=False, on=days(1))
    assert [(t.player, t.after) for t in step.transitions] == [
        ("A", SlotStatus.DECLINED),
        ("D", SlotStatus.INVITED),
    ]
    q = record_informed(step.qualification, "C", days(1))
    q = record_answer(q, "D", consent=False, on=days(3)).qualification
    slot_e = q.slot("E")
    assert slot_e is not None and (slot_e.replaces, slot_e.inform_by) == ("D", days(10))
    step = advance(q, days(17))
    assert [n.kind for n in step.notifications] == ["moved_to_reserve", "quota_unfilled", "inform"]
    q = step.qualification
    assert status(q, "C") == "reserve" and q.reserve == ("C",) and q.unfilled == 1
    step = record_answer(q, "E", consent=False, on=days(20))
    assert [(t.player, t.after) for t in step.transitions] == [
        ("E", SlotStatus.DECLINED),
        ("C", SlotStatus.INVITED),
    ]
    step = record_answer(step.qualification, "C", consent=False, on=days(21))
    assert [n.kind for n in step.notifications] == ["quota_unfilled"]
    assert step.qualification.unfilled == 2 and step.qualification.holders == ()


def test_an_expired_player_is_asked_again_after_the_fresh_reserve() -> None:
    q = open_qualification(event(1), LIST, members("A", "B", "C"))
    q = record_informed(q, "A", days(1))
    q = advance(q, days(17)).qualification  # A silent -> reserve; B invited
    assert q.reserve == ("C", "A")
    q = record_answer(q, "B", consent=False, on=days(18)).qualification  # -> C
    step = record_answer(q, "C", consent=False, on=days(19))  # -> A again
    assert [(t.player, t.after) for t in step.transitions][-1] == ("A", SlotStatus.INVITED)
    assert status(step.qualification, "A") == "invited"
    assert len([s for s in step.qualification.slots if s.player == "A"]) == 2


def test_a_confirmed_player_who_withdraws_passes_his_place() -> None:
    q = open_qualification(event(1, presidium_places=("E",)), LIST, members(*"ABCDE"))
    q = record_answer(q, "E", consent=True, on=days(2)).qualification
    step = record_answer(q, "E", consent=False, on=days(30))
    assert [(t.player, t.before, t.after) for t in step.transitions] == [
        ("E", SlotStatus.CONFIRMED, SlotStatus.DECLINED),
        ("A", None, SlotStatus.INVITED),
    ]
    slot_a = step.qualification.slot("A")
    assert slot_a is not None and slot_a.basis == "rating"
    with pytest.raises(RuleError, match="holds no"):
        record_answer(step.qualification, "E", consent=True, on=days(31))


def test_ties_at_the_quota_edge_need_the_presidium() -> None:
    """B and C share position 2 with one place left: refused until the Presidium orders them;
    a tied group that fits whole needs no order."""
    tied = ratings([("A", 900), ("B", 800), ("C", 800), ("D", 700)])
    ms = members(*"ABCD")
    with pytest.raises(RuleError, match="share position 2") as err:
        open_qualification(event(2), tied, ms)
    assert err.value.rule == "seed 000 section 3.1"
    q = open_qualification(event(2, tie_order=("C", "B")), tied, ms)
    assert [s.player for s in q.holders] == ["A", "C"] and q.reserve == ("B", "D")
    q = open_qualification(event(3), tied, ms)
    assert [s.player for s in q.holders] == ["A", "B", "C"]
    # passing a place down to a tied pair also needs the order
    q = open_qualification(event(1), tied, ms)
    with pytest.raises(RuleError, match="share position 2"):
        record_answer(q, "A", consent=False, on=days(1))


def test_a_refusal_names_its_players_as_the_reader_knows_them() -> None:
    """Issue 33: the engine knows players by ids; the refusal can be said with their names."""
    with pytest.raises(PlayersRefusedError) as err:
        open_qualification(event(presidium_places=("X", "Y")), LIST, members(*"ABCDE"))
    assert err.value.players == ("X", "Y")
    assert err.value.naming({"X": "Ann (RMF-7)"}) == (
        "Ann (RMF-7), 'Y', named by the Presidium, not a member on 2026-09-01 "
        "(seed 000 section 3.2)"
    )


def test_an_answer_dated_before_the_invitation_is_refused() -> None:
    """A director may date an answer given earlier (issue 33), never before the invitation."""
    q = record_informed(open_qualification(event(), LIST, members(*"ABCDE")), "A", days(3))
    with pytest.raises(RuleError, match="before he was invited") as err:
        record_answer(q, "A", consent=True, on=days(2))
    assert err.value.rule == "seed 000 section 3.5"
    assert status(record_answer(q, "A", consent=False, on=days(3)).qualification, "A") == (
        "declined"
    )
