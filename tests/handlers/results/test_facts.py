"""Tournament facts a file lacks, given where the director is (issue 33, item 2), from an empty
database through ``dispatch``: a fresh Go discipline's default "official: no" used and said
(RULES.md go_ufgo "Decision (official)"); a submission's KEY=VALUE over the file and the
default, said; a fact with no default asked with buttons and then completed; bad values refused
naming the key; an admin's /discipline facts."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from fedrank.handlers.context import IncomingFile, RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.errors import UserError
from fedrank.handlers.federation import setup
from fedrank.handlers.results.names import prepare_named, register_and_prepare
from fedrank.handlers.results.submission import confirm_prepared
from fedrank.handlers.systems.facts import read_assignments
from fedrank.handlers.systems.players import Names
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import NOW, make_director
from tests.handlers.federation.test_admin import make_admin

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
H9 = (EXAMPLES / "go_ufgo" / "kharkiv_autumn_cup_2026.h9").read_text(encoding="utf-8")
NO_OF = H9.replace("; OF[yes]\n", "")  # as OpenGotha writes an h9: no official flag
XML = (EXAMPLES / "formats" / "dnipro_open_2026_opengotha.xml").read_text(encoding="utf-8")
XML_AS_WRITTEN = XML.replace(' official="yes"', "")  # OpenGotha has no such attribute
CODE = "2026-10-18-kharkiv-autumn-cup"
OPERATOR = setup.Actor(None, "en", NOW)


async def _from_empty(services: Services, db: Database) -> None:
    """An empty database: the operator adds UFGO; its admin adds the Go discipline in the
    chat (a fresh one); a director "boss" submits."""
    async with db.transaction() as repos:
        name = "Ukrainian Go Federation"
        await setup.add_federation(
            repos, OPERATOR, "UFGO", name, timezone="Europe/Kyiv", language="en"
        )
    await make_admin(db, "chief", "UFGO")
    await make_director(db, "boss", "UFGO")
    added = await dispatch(services, user("chief"), "/discipline add UFGO ufgo go_ufgo UFGO rating")
    assert added.plain.startswith("Discipline ufgo (UFGO rating) added to UFGO"), added.plain


def _file(name: str, text: str) -> RequestContext:
    return replace(user("boss"), attachment=IncomingFile(name, text.encode("utf-8")))


def _action(reply: Reply, prefix: str) -> str:
    return next(b.action for b in reply.buttons if b.action.startswith(prefix))


async def _stored_params(db: Database, code: str = CODE) -> dict[str, Any] | None:
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("ufgo")
        assert discipline is not None
        tournament = await repos.ledger.tournament(discipline.id, code)
        if tournament is None:
            return None
        version = await repos.ledger.current_version(tournament.id)
        assert version is not None
        return dict(version.params)


async def test_a_fresh_go_discipline_rates_an_h9_without_official_as_not_official(
    services: Services, db: Database
) -> None:
    await _from_empty(services, db)
    shown = await dispatch(services, user("chief"), "/discipline facts UFGO ufgo")
    assert "official = no (seed 002 §4.3: yes | no)" in shown.plain
    assert "board = — (seed 002 §4.8: 19 | 13 | 9; no default: asked when a file lacks it)" in (
        shown.plain
    )
    preview = await dispatch(services, _file("cup.h9", NO_OF), "/submit ufgo --register-new")
    assert "Fact official: no (the discipline's default)" in preview.plain
    assert "Fact board: 19 (from the file)" in preview.plain
    assert "Fact time_minutes: 60 (from the file)" in preview.plain
    assert await _stored_params(db) is None  # the preview writes nothing
    saved = await dispatch(services, user("boss"), _action(preview, "/confirm "))
    assert saved.plain.startswith("Saved: Kharkiv Autumn Cup 2026, version 1"), saved.plain
    params = await _stored_params(db)
    assert params is not None
    assert params["official"] is False
    assert params["facts"]["official"] == ["no", "default"]


async def test_an_opengotha_file_is_accepted_with_the_default(
    services: Services, db: Database
) -> None:
    await _from_empty(services, db)
    preview = await dispatch(
        services, _file("dnipro.xml", XML_AS_WRITTEN), "/submit ufgo --register-new"
    )
    assert "Fact official: no (the discipline's default)" in preview.plain, preview.plain
    assert preview.buttons and preview.buttons[0].action.startswith("/confirm ")


async def test_the_submission_overrides_the_default_and_the_file(
    services: Services, db: Database
) -> None:
    await _from_empty(services, db)
    preview = await dispatch(
        services, _file("cup.h9", NO_OF), "/submit ufgo official=yes --register-new"
    )
    assert "Fact official: yes (given with the submission)" in preview.plain
    saved = await dispatch(services, user("boss"), _action(preview, "/confirm "))
    assert saved.plain.startswith("Saved:"), saved.plain
    params = await _stored_params(db)
    assert params is not None and params["official"] is True
    assert params["facts"]["official"] == ["yes", "submission"]

    # The file says OF[yes]; the submission's official=no wins, and the preview warns.
    again = await dispatch(services, _file("cup.h9", H9), "/submit ufgo official=no")
    assert "Fact official: no (given with the submission)" in again.plain
    assert "⚠ line 9: the file's OF 'yes' replaced by the submission's official=no" in again.plain


async def test_facts_survive_the_names_answer(services: Services, db: Database) -> None:
    await _from_empty(services, db)
    names = await dispatch(services, _file("cup.h9", NO_OF), "/submit ufgo official=yes")
    assert "/names" in names.plain
    token = names.plain.split("/names ", 1)[1].split()[0]
    preview = await dispatch(services, user("boss"), f"/names {token} new")
    assert "Fact official: yes (given with the submission)" in preview.plain, preview.plain


async def test_a_fact_with_no_default_is_asked_with_buttons_then_completed(
    services: Services, db: Database
) -> None:
    await _from_empty(services, db)
    cleared = await dispatch(services, user("chief"), "/discipline facts UFGO ufgo official=")
    assert "official = — (seed 002 §4.3: yes | no; no default" in cleared.plain
    asked = await dispatch(services, _file("cup.h9", NO_OF), "/submit ufgo --register-new")
    assert "cup.h9: a tournament fact is missing" in asked.plain
    assert "The file does not say official (seed 002 §4.3)" in asked.plain
    labels = [b.label for b in asked.buttons]
    assert labels == ["official=yes", "official=no"]
    assert await _stored_params(db) is None
    preview = await dispatch(services, user("boss"), _action(asked, "/facts "))
    assert "Fact official: yes (given with the submission)" in preview.plain, preview.plain
    saved = await dispatch(services, user("boss"), _action(preview, "/confirm "))
    assert saved.plain.startswith("Saved:"), saved.plain
    params = await _stored_params(db)
    assert params is not None and params["official"] is True


async def test_bad_values_are_refused_naming_the_key(services: Services, db: Database) -> None:
    await _from_empty(services, db)
    bad = await dispatch(services, _file("cup.h9", NO_OF), "/submit ufgo official=maybe board=12")
    assert "official=maybe: official takes yes | no." in bad.plain
    assert "board=12: board takes 19 | 13 | 9." in bad.plain
    unknown = await dispatch(services, _file("cup.h9", NO_OF), "/submit ufgo oficial=yes")
    assert "Unknown fact “oficial”; this system takes: official, board, time_minutes." in (
        unknown.plain
    )
    minutes = await dispatch(services, _file("cup.h9", NO_OF), "/submit ufgo time_minutes=0")
    assert "time_minutes=0: time_minutes takes 1-1440." in minutes.plain
    assert await _stored_params(db) is None
    refused = await dispatch(services, user("chief"), "/discipline facts UFGO ufgo board=12")
    assert "board=12: board takes 19 | 13 | 9." in refused.plain
    await dispatch(services, user("chief"), "/discipline facts UFGO ufgo official=")
    asked = await dispatch(services, _file("cup.h9", NO_OF), "/submit ufgo --register-new")
    token = _action(asked, "/facts ").split()[1]
    wrong = await dispatch(services, user("boss"), f"/facts {token} official=perhaps")
    assert "official=perhaps: official takes yes | no." in wrong.plain
    right = await dispatch(services, user("boss"), f"/facts {token} official=no")
    assert "Fact official: no (given with the submission)" in right.plain  # the question stayed


async def test_only_an_admin_sets_a_discipline_default(services: Services, db: Database) -> None:
    await _from_empty(services, db)
    denied = await dispatch(services, user("boss"), "/discipline facts UFGO ufgo official=yes")
    assert "admin" in denied.plain.lower()
    done = await dispatch(services, user("chief"), "/discipline facts UFGO ufgo official=yes")
    assert "official = yes" in done.plain
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("ufgo")
        assert discipline is not None and discipline.facts == {"official": "yes"}
        audit = [(a.action, a.details) for a in await repos.audit.entries()]
    assert ("discipline.facts", {"before": {"official": "no"}, "after": {"official": "yes"}}) in (
        audit
    )
    preview = await dispatch(services, _file("cup.h9", NO_OF), "/submit ufgo --register-new")
    assert "Fact official: yes (the discipline's default)" in preview.plain


async def test_the_import_path_takes_the_set_facts(services: Services, db: Database) -> None:
    """What ``fedrank import … --set KEY=VALUE`` calls: the values read as the system's facts
    (a bad one refused naming its key), then prepared and stored with them."""
    await _from_empty(services, db)
    adapter = services.systems.adapter("go_ufgo")
    with pytest.raises(UserError) as refused:
        read_assignments(adapter.facts, ["official=maybe"], "en")
    assert refused.value.message == "official=maybe: official takes yes | no."
    facts = read_assignments(adapter.facts, ["official=YES", "time_minutes=60"], "en")
    assert facts == {"official": "yes", "time_minutes": "60"}
    names = Names(register_new=True)
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("ufgo")
        assert discipline is not None
        prepared = await prepare_named(
            adapter, repos, discipline, NO_OF, "cup.h9", names, facts=facts
        )
    assert prepared.params["facts"] == {
        "official": ["yes", "submission"],
        "board": ["19", "file"],
        "time_minutes": ["60", "submission"],
    }
    async with db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code("ufgo")
        assert discipline is not None
        again = await register_and_prepare(
            adapter,
            repos,
            discipline,
            NO_OF,
            "cup.h9",
            names,
            prepared,
            now=NOW,
            account_id=None,
            facts=facts,
        )
        await confirm_prepared(
            repos, discipline, again, now=NOW, by=None, source_name="cup.h9", source_text=NO_OF
        )
    params = await _stored_params(db)
    assert params is not None and params["official"] is True


async def test_the_operator_edits_a_discipline_s_defaults(services: Services, db: Database) -> None:
    """What ``fedrank discipline edit <federation> <code> --set KEY=VALUE`` calls: the
    operator's change (no account) is audited; a bad value changes nothing."""
    await _from_empty(services, db)
    async with db.transaction() as repos:
        federation = await setup.federation_named(repos, OPERATOR, "UFGO")
        changed = await setup.set_discipline_facts(
            repos, services.systems, OPERATOR, federation, "ufgo", ["board=13", "time_minutes=45"]
        )
        assert changed.facts == {"official": "no", "board": "13", "time_minutes": "45"}
        shown = setup.discipline_facts_text("en", services.systems, changed)
    assert "board = 13 (seed 002 §4.8: 19 | 13 | 9)" in shown
    assert "time_minutes = 45 (seed 002 §1.7: 1-1440)" in shown
    with pytest.raises(UserError) as refused:
        async with db.transaction() as repos:
            federation = await setup.federation_named(repos, OPERATOR, "UFGO")
            await setup.set_discipline_facts(
                repos, services.systems, OPERATOR, federation, "ufgo", ["board=12", "kq=1"]
            )
    assert refused.value.message.splitlines() == [
        "board=12: board takes 19 | 13 | 9.",
        "Unknown fact “kq”; this system takes: official, board, time_minutes.",
    ]
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("ufgo")
        assert discipline is not None
        assert discipline.facts == {"official": "no", "board": "13", "time_minutes": "45"}
        audit = [(a.action, a.account_id) for a in await repos.audit.entries()]
    assert ("discipline.facts", None) in audit


async def test_two_facts_lacking_are_asked_one_after_the_other(
    services: Services, db: Database
) -> None:
    """A Go CSV without its board and main time: each asked in turn, then the preview."""
    await _from_empty(services, db)
    csv = (EXAMPLES / "go_ufgo" / "lviv_club_league_13x13.csv").read_text(encoding="utf-8")
    bare = "\n".join(
        line for line in csv.splitlines() if not line.startswith(("board,", "time_minutes,"))
    )
    first = await dispatch(services, _file("league.csv", bare), "/submit ufgo --register-new")
    assert "The file does not say time_minutes (seed 002 §1.7)" in first.plain, first.plain
    assert "Also missing, asked next: board." in first.plain
    assert [b.label for b in first.buttons] == [
        "time_minutes=45",
        "time_minutes=60",
        "time_minutes=90",
    ]
    second = await dispatch(services, user("boss"), first.buttons[0].action)
    assert "The file does not say board (seed 002 §4.8)" in second.plain, second.plain
    assert [b.label for b in second.buttons] == ["board=19", "board=13", "board=9"]
    preview = await dispatch(services, user("boss"), second.buttons[1].action)
    assert "Fact official: no (from the file)" in preview.plain, preview.plain
    assert "Fact board: 13 (given with the submission)" in preview.plain
    assert "Fact time_minutes: 45 (given with the submission)" in preview.plain
    saved = await dispatch(services, user("boss"), _action(preview, "/confirm "))
    assert saved.plain.startswith("Saved:"), saved.plain
