"""What a window tells players and directors, in each reader's language."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.engines import mahjong_rmf as rmf
from fedrank.handlers.qualification import messages
from fedrank.storage.models import Qualification as QualificationRow


def _row() -> QualificationRow:
    return QualificationRow(
        id=7,
        name="European Championship",
        event_date=date(2027, 6, 20),
        qualification_date=date(2026, 12, 1),
        quota=1,
        data={},
    )


def test_the_invitation_names_the_deadline_and_has_the_answer_buttons() -> None:
    row = _row()
    reply = messages.invitation(row, "Sports mahjong", "Anna (RMF-001)", date(2026, 12, 16), "en")
    assert reply.private
    assert "European Championship" in reply.plain and "2026-12-16" in reply.plain
    assert [b.action for b in reply.buttons] == ["/qconfirm 7", "/qdecline 7"]
    ru = messages.invitation(row, "Спортивный маджонг", "Анна", date(2026, 12, 16), "ru")
    assert ru.plain != reply.plain and "2026-12-16" in ru.plain


def test_the_directors_get_the_invitation_to_pass_on_with_record_buttons() -> None:
    """Not the player's own buttons (they would answer for the director who presses them)."""
    reply = messages.invitation_to_pass_on(
        _row(), "Sports mahjong", "Anna (RMF-001)", "RMF-001", date(2026, 12, 16), "en"
    )
    assert "Anna (RMF-001) has qualified" in reply.plain
    assert "no linked account: please tell the player today" in reply.plain
    assert "by 2026-12-16" in reply.plain
    assert [b.action for b in reply.buttons] == [
        "/qrecord 7 RMF-001 confirm",
        "/qrecord 7 RMF-001 decline",
    ]
    for lang in ("ru", "uk", "zh"):
        other = messages.invitation_to_pass_on(
            _row(), "MCR", "Anna (RMF-001)", "RMF-001", date(2026, 12, 16), lang
        )
        assert other.plain != reply.plain and "/qrecord 7 RMF-001" in other.plain
        assert [b.action for b in other.buttons] == [b.action for b in reply.buttons]


def test_reminder_reserve_and_refusal() -> None:
    row = _row()
    reminder = messages.reminder(row, date(2026, 12, 16), "en")
    assert "2026-12-16" in reminder.plain
    assert [b.action for b in reminder.buttons] == ["/qconfirm 7", "/qdecline 7"]
    assert "reserve" in messages.moved_to_reserve(row, "en").plain
    assert "3.1" in messages.refused(7, "a tie (3.1)", "en").plain


def test_the_summary_lists_the_holders_by_name() -> None:
    event = rmf.QualificationEvent("7", rmf.Discipline.MCR, date(2027, 6, 20), 1)
    rows = (rmf.ListRow(1, "11", Decimal(10), rmf.START, Decimal(0), (), 1),)
    q = rmf.open_qualification(
        event,
        rmf.RatingList(rmf.Discipline.MCR, date(2026, 12, 1), rows),
        [rmf.Membership("11", date(2020, 1, 1))],
    )
    reply = messages.summary(_row(), q, {"11": "Anna (RMF-001)"}, "en", exhausted=False)
    assert "quota is filled" in reply.plain
    assert "Anna (RMF-001)" in reply.plain
    exhausted = messages.summary(_row(), q, {}, "en", exhausted=True)
    assert "reserve is exhausted" in exhausted.plain and "11" in exhausted.plain
