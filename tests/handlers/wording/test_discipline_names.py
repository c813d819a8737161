"""Issue 34 item 5: a chat reply that names a discipline names it in the reply's language
(the demo gives every discipline a name in all four), the stored name where a language has
none. Each command goes through ``dispatch`` after ``/lang``, as a chat's message does."""

from __future__ import annotations

import pytest

from fedrank.demo import NAMES
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.english import reply_text
from tests.handlers.results.corrections_support import source, submit_file
from tests.handlers.results.test_corrections import CASES
from tests.helpers import make_director, user

UFGO = "ufgo"


async def _stored_name(db: Database, code: str) -> str:
    async with db.read() as repos:
        found = await repos.federations.discipline_by_code(code)
        assert found is not None
        return found.name


async def _said(services: Services, who: str, language: str, *commands: str) -> list[str]:
    asker = user(who)
    assert (await dispatch(services, asker, f"/lang {language}")).plain
    return [reply_text(await dispatch(services, asker, command)) for command in commands]


@pytest.mark.parametrize("language", ["ru", "uk", "zh"])
async def test_players_commands_name_the_discipline_in_their_language(
    language: str, demo_services: Services, demo_db: Database
) -> None:
    stored = await _stored_name(demo_db, UFGO)
    local = NAMES[UFGO][language]
    assert local != stored
    case = CASES[0]  # a UFGO tournament of the demo
    commands = (
        f"/top {UFGO}",
        f"/top {UFGO} 5 2026-10-01",  # a past list (top_on)
        f"/tournaments {UFGO}",
        f"/results {case.code}",
    )
    for command, text in zip(
        commands, await _said(demo_services, "reader", language, *commands), strict=True
    ):
        assert local in text, (command, text)
        assert stored not in text, (command, text)


@pytest.mark.parametrize("language", ["ru", "zh"])
async def test_a_submission_preview_names_the_discipline_in_its_language(
    language: str, demo_services: Services, demo_db: Database
) -> None:
    case = CASES[0]
    await make_director(demo_db, "boss", case.federation)
    assert (await dispatch(demo_services, user("boss"), f"/lang {language}")).plain
    filename, original = await source(demo_db, case.discipline, case.code)
    preview = reply_text(
        await submit_file(demo_services, case.discipline, filename, case.edit(original))
    )
    stored = await _stored_name(demo_db, case.discipline)
    assert NAMES[case.discipline][language] in preview and stored not in preview, preview
    withdrawal = reply_text(await dispatch(demo_services, user("boss"), f"/withdraw {case.code}"))
    assert NAMES[case.discipline][language] in withdrawal, withdrawal


@pytest.mark.parametrize("language", ["ru", "zh"])
async def test_a_qualification_names_the_discipline_in_its_language(
    language: str, demo_services: Services, demo_db: Database
) -> None:
    code = "rmf-mcr"
    await make_director(demo_db, "boss", "RMF")
    stored = await _stored_name(demo_db, code)
    (made,) = await _said(
        demo_services, "boss", language, f"/qualify {code} 2027-06-01 4 Cup of Moscow"
    )
    assert NAMES[code][language] in made and stored not in made, made


async def test_a_language_without_a_name_says_the_stored_one(
    demo_services: Services, demo_db: Database
) -> None:
    async with demo_db.transaction() as repos:
        found = await repos.federations.discipline_by_code(UFGO)
        assert found is not None
        found.names = {k: v for k, v in found.names.items() if k != "zh"}
    stored = await _stored_name(demo_db, UFGO)
    (text,) = await _said(demo_services, "reader", "zh", f"/top {UFGO}")
    assert stored in text and NAMES[UFGO]["zh"] not in text, text
