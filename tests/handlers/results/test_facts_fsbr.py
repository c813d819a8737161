"""FSBR's kq and N0 given with the submission (issue 33, item 2), from an empty database
through ``dispatch``: the submission's kq over the file's header (warned) and over the kq
computed from the participants; said in the preview; kept for replays; never a discipline's
default (seed 003 7.5: a figure of one tournament)."""

from __future__ import annotations

from dataclasses import replace

from fedrank.handlers.context import IncomingFile, RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.federation import setup
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import NOW, make_director
from tests.handlers.federation.test_admin import make_admin
from tests.handlers.systems.bridge_fsbr.helpers import report

OPERATOR = setup.Actor(None, "en", NOW)
ZERO = {i: "0" for i in range(1, 17)}  # every player's rk 0, kept from before (2.2 note 1)


async def _from_empty(services: Services, db: Database) -> None:
    async with db.transaction() as repos:
        name = "Russian Bridge Federation"
        await setup.add_federation(
            repos, OPERATOR, "FSBR", name, timezone="Europe/Moscow", language="en"
        )
    await make_admin(db, "chief", "FSBR")
    await make_director(db, "boss", "FSBR")
    added = await dispatch(services, user("chief"), "/discipline add FSBR fsbr bridge_fsbr FSBR")
    assert added.plain.startswith("Discipline fsbr (FSBR) added to FSBR"), added.plain


def _file(text: str) -> RequestContext:
    return replace(user("boss"), attachment=IncomingFile("club.fsbr", text.encode("utf-8")))


def _row(reply: Reply, player: str) -> str:
    return next(line for line in reply.plain.splitlines() if f"({player})" in line)


async def test_kq_given_with_the_submission(services: Services, db: Database) -> None:
    await _from_empty(services, db)
    computed = await dispatch(services, _file(report(rk=ZERO)), "/submit fsbr --register-new")
    assert "Fact kq" not in computed.plain  # computed from the participants: 0.673159
    assert "+23 MB" in _row(computed, "FSBR-0001"), computed.plain
    given = await dispatch(services, _file(report(rk=ZERO)), "/submit fsbr kq=1 --register-new")
    assert "Fact kq: 1 (given with the submission)" in given.plain, given.plain
    assert "+31 MB" in _row(given, "FSBR-0001")
    saved = await dispatch(services, user("boss"), given.buttons[0].action)
    assert saved.plain.startswith("Saved:"), saved.plain
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("fsbr")
        assert discipline is not None
        tournament = await repos.ledger.tournament(discipline.id, "club-2026-09")
        assert tournament is not None
        version = await repos.ledger.current_version(tournament.id)
        assert version is not None
        assert version.params["given"] == {"kq": "1"}  # a replay reads the report with it
        assert version.params["facts"] == {"kq": ["1", "submission"]}


async def test_the_submission_s_kq_over_the_file_s_is_warned(
    services: Services, db: Database
) -> None:
    await _from_empty(services, db)
    text = report(rk=ZERO, kq="0.5")
    from_file = await dispatch(services, _file(text), "/submit fsbr --register-new")
    assert "Fact kq: 0.5 (from the file)" in from_file.plain, from_file.plain
    over = await dispatch(services, _file(text), "/submit fsbr kq=1 --register-new")
    assert "Fact kq: 1 (given with the submission)" in over.plain
    assert "the file's kq 0.5 replaced by the submission's kq=1" in over.plain
    bad = await dispatch(services, _file(text), "/submit fsbr kq=-1")
    assert "kq=-1: kq takes > 0." in bad.plain


async def test_kq_is_never_a_discipline_s_default(services: Services, db: Database) -> None:
    await _from_empty(services, db)
    shown = await dispatch(services, user("chief"), "/discipline facts FSBR fsbr")
    assert "kq is a figure of one tournament: give it with /submit <discipline> kq=…" in (
        shown.plain
    )
    refused = await dispatch(services, user("chief"), "/discipline facts FSBR fsbr kq=1")
    assert "kq is a figure of one tournament" in refused.plain
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("fsbr")
        assert discipline is not None and discipline.facts == {}
