"""Issue 20, "Done when", for Russian Mahjong, CCBA bridge and Othello: after ``/lang ru`` (uk,
zh) a player's ``/rating``, ``/why``, ``/whatif``, ``/history`` and ``/top`` hold no English word
other than the data (names, IDs, tournament codes and names, disciplines, federations) and the
rulebooks' symbols, listed below. Every command goes through ``dispatch``, the chats' path, on a
copy of the demo; the tournament of /why and /whatif is the player's latest with an award.
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.publication.announcements import announcement, list_csv, load_lists, personal
from fedrank.handlers.wording.phrases import localize, rule_text
from fedrank.storage.database import Database
from fedrank.storage.models import Award, Discipline, Entry, Federation, Player, Tournament
from tests.english import english_words, reply_text
from tests.helpers import user

#: The rulebooks' own symbols and abbreviations that stay as they are in every language
#: (RMF's Appendix 1, CCBA's §1, Othello's A.2-A.3), the rulebooks' section numerals and names.
SYMBOLS = frozenset(
    {
        # mahjong_rmf: НР, КТ, ЧУТ, ЧС, КТ_ЭУ, КТ_W, ВТ, ЭУ as the engine names them
        "NR", "KT", "NRKT", "VT", "NRKTVT", "CHUT", "CHS", "KT_CHS", "KT_CHUT", "KT_EU", "KT_W",
        "EU", "T5",
        # bridge_ccba: AVGM, lg (the formula's logarithm), mp (what M counts)
        "AVGM", "lg", "mp", "ymp", "min", "max",
        # othello_woc: the Brightwell quotient, the rulebook's sections, its ranking
        "BQ", "II", "III", "IV", "IFRL", "WOC",
        # the bot's own name
        "fedrank",
    }
)  # fmt: skip

#: A command a reply suggests (``/why``): an identifier, not an English word.
_COMMAND = re.compile(r"/[a-z0-9_]+")

PLAYERS = {"mahjong_rmf": "RMF-0001", "bridge_ccba": "CCBA-0001", "othello_woc": "WOF-0001"}


async def _data(db: Database) -> set[str]:
    """Every name, ID and code of the demo: what may be shown as it is."""
    allowed: set[str] = set(SYMBOLS)
    async with db.read() as repos:
        session = repos.session
        for columns in (
            (Player.name, Player.federation_player_id, Player.latin_name),
            (Tournament.code, Tournament.name),
            (Entry.team,),  # a team's name as entered (WOC's are country codes)
            # Disciplines and federations by code only: the demo names them in every language,
            # and a reply names them in its own (issue 34).
            (Discipline.code,),
            (Federation.code,),
        ):
            for row in (await session.execute(select(*columns))).all():
                allowed.update(str(value) for value in row if value)
    return allowed


async def _latest_code(db: Database, fid: str) -> tuple[str, str]:
    """(tournament code, discipline code) of the player's latest tournament with an award."""
    async with db.read() as repos:
        (player,) = await repos.players.by_exact_id(None, fid)
        awards = await repos.ledger.awards(player.id)
        assert awards, fid
        tournament = max((trn for _, trn in awards), key=lambda trn: (trn.held_on, trn.id))
        discipline = await repos.federations.discipline(tournament.discipline_id)
        assert discipline is not None
        return tournament.code, discipline.code


@pytest.mark.parametrize("language", ["ru", "uk", "zh"])
async def test_no_english_words(language: str, demo_services: Services, demo_db: Database) -> None:
    allowed = await _data(demo_db)
    asker = user("reader")
    assert (await dispatch(demo_services, asker, f"/lang {language}")).plain
    found: dict[str, list[str]] = {}
    for fid in PLAYERS.values():
        code, discipline = await _latest_code(demo_db, fid)
        for command in (
            f"/rating {fid}",
            f"/why {code} {fid}",
            f"/whatif {code} 1 {fid}",
            f"/whatif {code} 999 {fid}",  # refused: no such place
            f"/history {fid}",
            f"/top {discipline}",
            f"/tournaments {discipline}",
            f"/results {code}",
        ):
            text = reply_text(await dispatch(demo_services, asker, command))
            assert text.strip(), command
            text = _COMMAND.sub(" ", text)  # the commands it suggests are identifiers
            words = english_words(text, allowed)
            if words:
                found[command] = sorted(set(words))
    assert not found, found


@pytest.mark.parametrize("language", ["ru", "uk", "zh"])
async def test_no_english_in_announcements(language: str, demo_db: Database) -> None:
    """A publication's announcement, its CSV list and a player's own line: the list's figure
    and the titles in the reader's language (masterpoints 大师分, levels 7 кю)."""
    # The announcement names the attached files by their formats.
    allowed = await _data(demo_db) | {"CSV", "XLSX", "HTML"}
    found: dict[str, list[str]] = {}
    async with demo_db.read() as repos:
        for system, fid in PLAYERS.items():
            (player,) = await repos.players.by_exact_id(None, fid)
            for discipline in await repos.federations.disciplines(player.federation_id):
                if discipline.system != system:
                    continue
                snapshot = await repos.lists.latest(discipline.id)
                assert snapshot is not None
                lists = await load_lists(repos, snapshot)
                reply = announcement(lists, language)
                own = personal(lists, player.id, language)
                assert own is not None
                csv_text = list_csv(lists.current, language, system).decode("utf-8-sig")
                for name, text in (
                    (f"{discipline.code} announcement", reply_text(reply)),
                    (f"{discipline.code} csv", csv_text),
                    (f"{discipline.code} personal", reply_text(own)),
                ):
                    words = english_words(text, allowed)
                    if words:
                        found[name] = sorted(set(words))
    assert not found, found


async def test_every_stored_trace_reads_in_each_language(demo_db: Database) -> None:
    """Every step of every award the demo stored for the three systems (not only one player's):
    the words of its name, value, note and rule are translated in ru, uk and zh."""
    allowed = await _data(demo_db)
    texts: set[tuple[str, str]] = set()
    async with demo_db.read() as repos:
        rows = await repos.session.execute(
            select(Award.kind, Award.colour, Award.trace)
            .join(Discipline, Discipline.id == Award.discipline_id)
            .where(Discipline.system.in_(list(PLAYERS)))
        )
        for kind, colour, trace in rows.all():
            texts.add(("text", kind))
            if colour:
                texts.add(("text", colour))
            for step in trace:
                texts.add(("text", str(step.get("name", ""))))
                if isinstance(step.get("value"), str):
                    texts.add(("text", step["value"]))
                if step.get("note"):
                    texts.add(("text", step["note"]))
                if step.get("rule"):
                    texts.add(("rule", step["rule"]))
    assert len(texts) > 100
    found: dict[str, list[str]] = {}
    for language in ("ru", "uk", "zh"):
        for what, text in sorted(texts):
            shown = rule_text(language, text) if what == "rule" else localize(language, text)
            words = english_words(shown, allowed)
            if words:
                found[f"{language}: {text}"] = words
    assert not found, sorted(found)
