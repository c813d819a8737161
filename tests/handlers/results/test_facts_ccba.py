"""CCBA's event grade (level, colour) given where the director is (issue 33, item 2), from an
empty database through ``dispatch``: a file without them asked with buttons; a discipline's
default used and said; the submission's value over the file's, warned; a replay reads the
stored file with what was given."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from fedrank.handlers.context import IncomingFile, RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.federation import setup
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import NOW, make_director
from tests.handlers.federation.test_admin import make_admin

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "bridge_ccba"
CHENGDU = (EXAMPLE / "chengdu_club_online_pairs_2026_03.ccba").read_text(encoding="utf-8")
NO_GRADE = "\n".join(
    line for line in CHENGDU.splitlines() if not line.startswith(("level =", "colour ="))
)
OPERATOR = setup.Actor(None, "en", NOW)


async def _from_empty(services: Services, db: Database) -> None:
    async with db.transaction() as repos:
        name = "Chinese Contract Bridge Association"
        await setup.add_federation(
            repos, OPERATOR, "CCBA", name, timezone="Asia/Shanghai", language="en"
        )
    await make_admin(db, "chief", "CCBA")
    await make_director(db, "boss", "CCBA")
    added = await dispatch(services, user("chief"), "/discipline add CCBA ccba bridge_ccba CCBA")
    assert added.plain.startswith("Discipline ccba (CCBA) added to CCBA"), added.plain


def _file(text: str) -> RequestContext:
    return replace(user("boss"), attachment=IncomingFile("chengdu.ccba", text.encode("utf-8")))


def _action(reply: Reply, prefix: str) -> str:
    return next(b.action for b in reply.buttons if b.action.startswith(prefix))


async def test_a_file_without_its_grade_is_asked_then_stored(
    services: Services, db: Database
) -> None:
    await _from_empty(services, db)
    asked = await dispatch(services, _file(NO_GRADE), "/submit ccba --register-new")
    assert "The file does not say level (seed 001 §1.3.3)" in asked.plain, asked.plain
    assert "Also missing, asked next: colour." in asked.plain
    club = next(b.action for b in asked.buttons if b.label == "level=club")
    colour = await dispatch(services, user("boss"), club)
    assert "The file does not say colour (seed 001 §2.5)" in colour.plain, colour.plain
    red = next(b.action for b in colour.buttons if b.label == "colour=red")
    preview = await dispatch(services, user("boss"), red)
    assert "Fact level: club (given with the submission)" in preview.plain, preview.plain
    assert "Fact colour: red (given with the submission)" in preview.plain
    saved = await dispatch(services, user("boss"), _action(preview, "/confirm "))
    assert saved.plain.startswith("Saved:"), saved.plain
    # Stored as the full file would be: the same awards as the example with its own grade.
    again = await dispatch(services, _file(CHENGDU), "/submit ccba")
    assert "identical to the stored version 1" in again.plain, again.plain


async def test_a_discipline_default_and_a_submission_override(
    services: Services, db: Database
) -> None:
    await _from_empty(services, db)
    set_ = await dispatch(
        services, user("chief"), "/discipline facts CCBA ccba level=club colour=red"
    )
    assert "level = club (seed 001 §1.3.3:" in set_.plain, set_.plain
    preview = await dispatch(services, _file(NO_GRADE), "/submit ccba --register-new")
    assert "Fact level: club (the discipline's default)" in preview.plain, preview.plain
    assert "Fact colour: red (the discipline's default)" in preview.plain
    over = await dispatch(services, _file(CHENGDU), "/submit ccba colour=blue --register-new")
    assert "Fact colour: blue (given with the submission)" in over.plain, over.plain
    assert "Fact level: club (from the file)" in over.plain
    assert "the file's colour 'red' replaced by the submission's colour=blue" in over.plain
    bad = await dispatch(services, _file(CHENGDU), "/submit ccba colour=purple")
    assert "colour=purple: colour takes platinum | gold | silver | red | blue." in bad.plain
