"""IDs typed by users: ASCII digits a database column can hold, refused clearly otherwise
(an ID above 2^63 once overflowed the SQLite driver: "something went wrong")."""

from __future__ import annotations

from decimal import Decimal

import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.wording.common import MAX_ROW_ID, is_number, row_id
from fedrank.handlers.wording.words import shown_figure, trace_step
from fedrank.storage.database import Database
from tests.helpers import make_director, seed_federation, user

HUGE = "99999999999999999999"


def test_row_ids_are_ascii_numbers_a_column_holds() -> None:
    assert row_id("12") == 12
    assert row_id(" #7 ") == 7
    assert row_id(str(MAX_ROW_ID)) == MAX_ROW_ID
    assert row_id(str(MAX_ROW_ID + 1)) is None
    assert row_id(HUGE) is None
    assert row_id("²") is None
    assert row_id("١٢") is None
    assert not is_number("²") and not is_number("") and is_number("0042")


@pytest.mark.parametrize(
    ("command", "answer"),
    [
        (f"/approve {HUGE}", f"There is no pending request #{HUGE}."),
        (f"/reject #{HUGE}", f"There is no pending request #{HUGE}."),
        (f"/qconfirm {HUGE}", f"There is no qualification {HUGE}."),
        (f"/qdecline {HUGE}", f"There is no qualification {HUGE}."),
        (f"/qualification {HUGE}", f"There is no qualification {HUGE}."),
        ("/approve ²", "Usage: /approve <request>"),
        ("/qualification ²", "Usage: /qualification <id>"),
    ],
)
async def test_ids_beyond_any_row_are_answered_not_crashed(
    services: Services, db: Database, command: str, answer: str
) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    reply = await dispatch(services, user("boss"), command)
    assert reply.plain == answer


@pytest.mark.parametrize("command", ["/top ²", "/whatif RMF-001 ²"])
async def test_digits_python_reads_but_int_refuses_are_not_numbers(
    services: Services, db: Database, command: str
) -> None:
    await seed_federation(db)
    reply = await dispatch(services, user("u1"), command)
    assert "Something went wrong" not in reply.plain


def test_a_trace_figure_is_shown_at_six_places_at_most() -> None:
    """Issue 33: /why rounds only what has more places than any rulebook states."""
    assert shown_figure("1.702681550805483543267898150") == "1.702682"
    assert shown_figure("-2.0000005") == "-2.000001"  # half up, away from zero
    assert shown_figure(Decimal("933.3333333333333333333333333")) == "933.333333"
    assert shown_figure(0.1 + 0.2) == "0.300000"
    for kept in ("0.30", "466.67", "4.5", "-2.2", "1.123456", 116, "regular", True, None, "NaN"):
        assert shown_figure(kept) == kept
    step = {"name": "kq", "value": "0.67315913742187500", "rule": "7.5"}
    assert trace_step("en", step) == "kq = 0.673159  [7.5]"
