"""Issue 20, "Done when", for go_ufgo and bridge_fsbr and the frames every system shares.

In Russian, Ukrainian and Chinese, a demo player of each system asks what a player asks —
``/help``, ``/rating``, ``/why``, ``/whatif``, ``/history``, ``/top`` — through the chat's own
path (``dispatch``, after ``/lang``), and no English word is left in what he reads except the
data's (player, federation, discipline and tournament names, IDs, tournament codes) and the
rulebooks' symbols.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from sqlalchemy import select

from fedrank.engines.kernel import InputError
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.wording.reply import Reply
from fedrank.handlers.wording.words import (
    joined,
    note_text,
    refusal_text,
    rule_text,
    say,
    step_name,
    title,
    usage_text,
)
from fedrank.storage.database import Database
from fedrank.storage.models import Award, Discipline, Federation, Player, Tournament
from fedrank.storage.records import Phrase
from tests.english import TYPED, english_words, reply_text
from tests.helpers import user

LANGUAGES = ("ru", "uk", "zh")
_WORD = re.compile(r"[A-Za-z]{2,}")
_COMMAND = re.compile(r"/[a-z0-9_]+")

#: The rulebooks' own symbols (seed 002: IK and its coefficients; seed 003: FSBR's formulas),
#: the units and bodies they cite, and the bot's name.
SYMBOLS = frozenset(
    {
        *("IK", "RA", "Rp", "dR", "R12", "K1", "K2", "K3"),
        *("MB", "RO", "PB", "RC", "RCM", "kq", "kd", "kqp", "kq1", "lg", "dq", "Nq", "pR"),
        *("RKS", "VP", "WBF", "IMP", "EBL"),
        "fedrank",
    }
)


@dataclass(frozen=True)
class Case:
    """One demo player of a system and a tournament he has awards in."""

    discipline: str
    player: str
    tournament: str
    allowed: frozenset[str]


def _words(*texts: str) -> set[str]:
    return {w for text in texts for w in _WORD.findall(text)}


async def _case(db: Database, discipline_code: str) -> Case:
    """The discipline's first player of its latest list, and his latest awarded tournament."""
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code(discipline_code)
        assert discipline is not None
        head = await repos.lists.latest_top(discipline.id, 1)
        assert head is not None and head.rows
        fid = head.rows[0].federation_player_id
        session = repos.session
        player = (
            await session.execute(
                select(Player).where(
                    Player.federation_player_id == fid,
                    Player.federation_id == discipline.federation_id,
                )
            )
        ).scalar_one()
        awards = [a for a, t in await repos.ledger.awards(player.id, discipline.id)]
        assert awards
        tournaments = (
            await session.execute(
                select(Tournament.code, Tournament.name).where(
                    Tournament.discipline_id == discipline.id
                )
            )
        ).all()
        latest = (
            await session.execute(
                select(Tournament.code)
                .join(Award, Award.discipline_id == Tournament.discipline_id)
                .where(Award.player_id == player.id, Tournament.discipline_id == discipline.id)
                .order_by(Tournament.held_on.desc())
            )
        ).scalars()
        code = next(iter(latest))
        names = (await session.execute(select(Player.name, Player.federation_player_id))).all()
        # by code only: the demo names them in every language (issue 34)
        federations = (await session.execute(select(Federation.code))).all()
        disciplines = (await session.execute(select(Discipline.code))).all()
    data = [*(c for row in tournaments for c in row), *(c for row in names for c in row)]
    data += [c for row in (*federations, *disciplines) for c in row]
    data += ["go_ufgo", "bridge_fsbr"]  # system IDs
    return Case(discipline_code, fid, code, frozenset(_words(*data) | SYMBOLS))


def _readable(reply: Reply) -> str:
    """What a chat shows of a reply, without the command names (identifiers) it quotes."""
    return _COMMAND.sub(" ", reply_text(reply))


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_player_reads_no_english(
    demo_services: Services, demo_db: Database, language: str
) -> None:
    cases = [await _case(demo_db, "ufgo"), await _case(demo_db, "fsbr")]
    asker = user("reader")
    await dispatch(demo_services, asker, f"/lang {language}")
    left: dict[str, list[str]] = {}
    # /help: the commands and the keywords one types stay as typed (tests/english.py).
    helped = _readable(await dispatch(demo_services, asker, "/help"))
    left["/help"] = english_words(helped, TYPED | {"YYYY", "MM", "DD"})
    for case in cases:
        for line in (
            f"/rating {case.player}",
            f"/why {case.tournament} {case.player}",
            f"/whatif {case.tournament} 2 {case.player}",
            f"/history {case.player}",
            f"/top {case.discipline}",
        ):
            text = _readable(await dispatch(demo_services, asker, line))
            assert text.strip(), line
            left[line] = english_words(text, case.allowed)
    left = {line: words for line, words in left.items() if words}
    assert left == {}, "\n".join(f"{line}: {sorted(set(words))}" for line, words in left.items())


def test_trace_words_are_translated_and_symbols_kept() -> None:
    assert step_name("ru", "IK_opponent") == "ИК соперника"
    assert step_name("uk", "session[2].kqp") == "сесія 2: kqp"
    assert step_name("zh", "kq") == "kq"
    assert note_text("ru", "round 3: IK above 2100 needs 60 minutes a game") == (
        "тур 3: при ИК выше 2100 нужно 60 мин на партию"
    )
    assert note_text("uk", "place 1, status regional") == (
        "місце 1, статус: регіональний чемпіонат"
    )
    assert note_text("en", "round 3") == "round 3"
    assert rule_text("zh", "seed 002 §4.2 table 2, §4.3") == "规则 002，§4.2 表 2, §4.3"
    assert rule_text("ru", "2.2 note 3") == "2.2 прим. 3"


def test_usage_lines_name_their_arguments_in_the_language() -> None:
    assert usage_text("ru", "/whatif <tournament> <place> [player]") == (
        "/whatif <турнир> <место> [игрок]"
    )
    assert usage_text("zh", "/top [discipline] [n] [YYYY-MM-DD]") == "/top [项目] [n] [年-月-日]"
    assert usage_text("uk", "/lang en|ru|uk|zh") == "/lang en|ru|uk|zh"


def test_a_stored_phrase_reads_in_each_language() -> None:
    phrase = joined(
        "frame.sep.then",
        [
            Phrase(
                "go.next.at_ik",
                {"rank": title("1 dan"), "ik": "2100", "more": Phrase("go.next.more", {"n": "75"})},
            ),
            Phrase("go.next.lowered", {"rank": title("4 dan"), "ik": "2249"}),
        ],
    )
    assert (
        say("en", phrase)
        == "1 dan at IK 2100 (75 more); 4 dan is lowered at a list with IK 2249 or less"
    )
    assert (
        say("uk", phrase)
        == "1 дан — за ІК 2100 (бракує 75); 4 дан знижується у списку за ІК 2249 і нижче"
    )
    assert say("zh", phrase).startswith("1段：IK 达到 2100（还差 75）")
    assert say("ru", Phrase("fsbr.miss.title", {"title": Phrase("fsbr.title.ebl_master")})) == (
        "норма «мастер EBL»"
    )
    # A phrase a newer version stored, with a key this one does not know: its values, or its name.
    assert say("ru", Phrase("fsbr.title.some_new_title")) == "some_new_title"


def test_an_engine_refusal_is_said_in_the_language() -> None:
    error = InputError("the player did not play in fsbr-1", field="player")
    assert refusal_text("ru", error) == "в fsbr-1 этого игрока нет"
    assert refusal_text("en", error) == str(error)
    assert refusal_text("zh", InputError("something new")) == "something new"
