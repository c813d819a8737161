"""Whole conversations through the real aiogram Bot and Dispatcher and the fake Bot API server.

The examples in docs/telegram.md are these conversations.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from fedrank.engines.kernel import InputError
from fedrank.handlers.context import Services
from fedrank.handlers.results import submission as results
from fedrank.handlers.systems import SystemRegistry
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.players import Names
from fedrank.storage.models import Discipline, PendingSubmission, Tournament
from fedrank.storage.records import (
    ComputedList,
    NewAward,
    NewEntry,
    NewListRow,
    Prepared,
    PreviewLine,
)
from fedrank.storage.repos import Repos
from tests.bot.telegram.conftest import make_telegram_role
from tests.bot.telegram.fake_api import FakeTelegram
from tests.factories import seed_federation

DIRECTOR = 100
PLAYER = 200


class TinyAdapter(SystemAdapter):
    """A stand-in engine adapter: lines ``ID;points`` after a header ``code;name;date``.

    Each line awards NRKT points; the list ranks players by their NRKT total.
    """

    system = "mahjong_rmf"
    sheet_separator = None  # its results come as text, never from a workbook
    sheet_extension = ".txt"

    async def prepare(
        self,
        repos: Repos,
        discipline: Discipline,
        text: str,
        filename: str,
        names: Names | None = None,
    ) -> Prepared:
        lines = text.strip().splitlines()
        code, name, held_on = lines[0].split(";")
        entries, awards, preview = [], [], []
        for number, line in enumerate(lines[1:], start=2):
            fpid, points = line.split(";")
            player = await repos.players.by_federation_id(discipline.federation_id, fpid)
            if player is None:
                raise InputError(f"unknown player {fpid}", line=number, field="id")
            totals = await repos.ledger.totals(player.id, discipline.id)
            before = sum((t.amount for t in totals), Decimal(0))
            entries.append(NewEntry(player.id, Decimal(number - 1)))
            awards.append(NewAward(player.id, "NRKT", Decimal(points), [{"NR": points}]))
            preview.append(PreviewLine(player.name, str(before), str(before + Decimal(points)), ""))
        return Prepared(
            code, name, date.fromisoformat(held_on), {}, entries, [], awards, preview=preview
        )

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        totals: dict[int, Decimal] = {}
        for award in await repos.ledger.discipline_awards(discipline.id):
            totals[award.player_id] = totals.get(award.player_id, Decimal(0)) + award.amount
        ranked = sorted(totals.items(), key=lambda item: -item[1])
        return ComputedList(
            [NewListRow(pid, i + 1, total, None) for i, (pid, total) in enumerate(ranked)]
        )


@pytest.fixture
def tiny_adapter(services: Services) -> TinyAdapter:
    engine = TinyAdapter()
    services.systems = SystemRegistry([engine])
    return engine


def texts(found: Sequence[object]) -> list[str]:
    return [getattr(d, "text", "") for d in found]


async def test_player_links_director_approves_with_the_button_then_rating(
    telegram: FakeTelegram, services: Services
) -> None:
    await seed_federation(services.db)
    await make_telegram_role(services.db, DIRECTOR)
    boris = telegram.user(PLAYER, "Boris", last_name="Petrov")
    director = telegram.user(DIRECTOR, "Olga", language_code="ru")

    await telegram.send(boris, "/link RMF-002")
    (asked,) = await telegram.replies(PLAYER)
    assert asked.text == (
        "Request #1 to link you to Boris Petrov (RMF-002) is sent; a director of RMF will"
        " confirm it. If a director gave you a code, send /link RMF-002 <code>."
    )

    await telegram.send(director, "/links")
    (pending,) = await telegram.replies(DIRECTOR)
    assert "Boris Petrov (telegram:200)" in pending.text
    assert pending.buttons == [("✓ #1", "/approve 1"), ("✗ #1", "/reject 1")]

    await telegram.press(director, pending, "/approve 1")
    done = await telegram.replies(DIRECTOR, after=1)
    assert done[0].text == "Запрос №1 подтверждён: Boris Petrov теперь Boris Petrov (RMF-002)."
    assert telegram.callback_answers and telegram.callback_answers[0]["callback_query_id"]
    # The pressed choice is noted on the list, and that request's buttons are gone.
    assert pending.edits and pending.text.endswith("Нажато: ✓ #1")
    assert pending.buttons == []

    await telegram.send(boris, "/rating")
    (rating,) = await telegram.replies(PLAYER, after=1)
    assert rating.text.splitlines() == [
        "Boris Petrov (RMF-002) — Russian Mahjong Federation",
        "Sports mahjong",
        "  Position 2 of 3 in the list of 2026-11-01",
        "  Rating: 500.5",
        "  Points: NRKT 500",
    ]
    assert rating.message["entities"][0] == {"type": "bold", "offset": 0, "length": 22}


RESULTS = "kazan-cup-2026;Kazan Cup 2026;2026-11-15\nRMF-002;900\nRMF-001;100\n"


async def test_director_submits_a_file_confirms_and_the_rating_changes(
    telegram: FakeTelegram, services: Services, tiny_adapter: TinyAdapter
) -> None:
    seeded = await seed_federation(services.db)
    await make_telegram_role(services.db, DIRECTOR)
    await make_telegram_role(services.db, PLAYER, role="player")
    director = telegram.user(DIRECTOR, "Olga")
    boris = telegram.user(PLAYER, "Boris")
    async with services.db.transaction() as repos:
        account = await repos.accounts.by_platform("telegram", str(PLAYER))
        assert account is not None
        await repos.accounts.link(account, seeded.players["RMF-002"])

    await telegram.send(boris, "/rating")
    (before,) = await telegram.replies(PLAYER)
    assert "  Points: NRKT 500" in before.text.splitlines()

    await telegram.send(
        director, document=("kazan.csv", RESULTS.encode()), caption="/submit rmf-mcr"
    )
    (preview,) = await telegram.replies(DIRECTOR)
    assert telegram.calls_of("getFile"), "the document was fetched through getFile"
    assert preview.text.splitlines() == [
        "Preview: Kazan Cup 2026 — Sports mahjong, 2026-11-15",
        "Player        Before  After  Note",
        "------------  ------  -----  ----",
        "Boris Petrov  500     1400",
        "Anna Ivanova  1000    1100",
        "The file was read as CSV in UTF-8, cells separated by semicolons.",
    ]
    (confirm, cancel) = preview.buttons
    assert confirm[0] == "Confirm" and confirm[1].startswith("/confirm ")
    assert cancel == ("Cancel", "/cancel " + confirm[1].split()[1])

    await telegram.press(director, preview, confirm[1])
    (saved,) = await telegram.replies(DIRECTOR, after=1)
    assert saved.text == "Saved: Kazan Cup 2026, version 1, code kazan-cup-2026."
    assert preview.buttons == []  # confirm and cancel are gone: no second confirmation

    await telegram.send(boris, "/rating")
    (after,) = await telegram.replies(PLAYER, after=1)
    # the list of 2026-11-01 as it is, then what was stored since it, apart
    lines = after.text.splitlines()
    assert "  Points: NRKT 500" in lines
    assert "  Since the list of 2026-11-01: Kazan Cup 2026 (2026-11-15)" in lines
    assert "    Points: NRKT 1400" in lines

    await telegram.send(director, "/publish rmf-mcr 2026-11-21")
    (published,) = await telegram.replies(DIRECTOR, after=2)
    assert published.text == "Published the list of Sports mahjong on 2026-11-21: 3 players."
    await telegram.send(boris, "/rating")
    (listed,) = await telegram.replies(PLAYER, after=2)
    assert "  Position 1 of 3 in the list of 2026-11-21" in listed.text.splitlines()
    assert "  Rating: 1400" in listed.text.splitlines()


async def test_submit_alone_then_the_file_as_the_next_message(
    telegram: FakeTelegram, services: Services, tiny_adapter: TinyAdapter
) -> None:
    await seed_federation(services.db)
    await make_telegram_role(services.db, DIRECTOR)
    director = telegram.user(DIRECTOR, "Olga")
    await telegram.send(director, "/submit rmf-mcr")
    (hint,) = await telegram.replies(DIRECTOR)
    assert hint.text == "Attach the results file or paste the table after the command."
    await telegram.send(director, document=("kazan.csv", RESULTS.encode()))
    (preview,) = await telegram.replies(DIRECTOR, after=1)
    assert preview.text.startswith("Preview: Kazan Cup 2026")


async def test_pasted_table_and_an_error_naming_its_line(
    telegram: FakeTelegram, services: Services, tiny_adapter: TinyAdapter
) -> None:
    await seed_federation(services.db)
    await make_telegram_role(services.db, DIRECTOR)
    director = telegram.user(DIRECTOR, "Olga")
    await telegram.send(director, "/submit rmf-mcr\n" + RESULTS.replace("RMF-001", "RMF-404"))
    (refused,) = await telegram.replies(DIRECTOR)
    assert "line 3, field 'id': unknown player RMF-404" in refused.text
    assert refused.buttons == []


async def _written(services: Services) -> tuple[int, int]:
    async with services.db.read() as repos:
        tournaments = await repos.session.scalar(select(func.count(Tournament.id)))
        pending = await repos.session.scalar(select(func.count(PendingSubmission.id)))
    return int(tournaments or 0), int(pending or 0)


async def test_a_non_director_submission_is_refused_and_nothing_is_written(
    telegram: FakeTelegram, services: Services, tiny_adapter: TinyAdapter
) -> None:
    await seed_federation(services.db)
    before = await _written(services)
    mallory = telegram.user(300, "Mallory")
    await telegram.send(
        mallory, document=("kazan.csv", RESULTS.encode()), caption="/submit rmf-mcr"
    )
    (refused,) = await telegram.replies(300)
    assert refused.text == "Only a director of RMF may do this."
    assert refused.buttons == []
    # Pressing a forged confirmation is refused as well.
    await telegram.send(mallory, "/confirm 0123456789ab")
    (again,) = await telegram.replies(300, after=1)
    assert again.text == "There is no submission of yours waiting under this token."
    assert await _written(services) == before


async def test_names_with_markup_arrive_inert(telegram: FakeTelegram, services: Services) -> None:
    await seed_federation(
        services.db,
        names={
            "RMF-001": "<b>Eve</b> & Co @channel",
            "RMF-002": "Bob</pre><a href='x'>",
            "RMF-003": "Ivan",
        },
    )
    await make_telegram_role(services.db, DIRECTOR)
    eve = telegram.user(400, "<i>Eve</i>", last_name="& @admins")
    await telegram.send(eve, "/rating RMF-001")
    (rating,) = await telegram.replies(400)
    assert rating.text.splitlines()[0] == (
        "<b>Eve</b> & Co @channel (RMF-001) — Russian Mahjong Federation"
    )
    assert "&lt;b&gt;Eve&lt;/b&gt; &amp; Co @channel" in rating.html
    # Only the bold our renderer adds: the name's own "<b>" is text.
    assert [e["type"] for e in rating.message["entities"]] == ["bold", "bold"]

    await telegram.send(eve, "/top rmf-mcr")
    (top,) = await telegram.replies(400, after=1)
    assert "Bob</pre><a href='x'> (RMF-002)" in top.text

    await telegram.send(eve, "/link RMF-003")
    await telegram.replies(400, after=2)
    director = telegram.user(DIRECTOR, "Olga")
    await telegram.send(director, "/links")
    (pending,) = await telegram.replies(DIRECTOR)
    assert "<i>Eve</i> & @admins (telegram:400)" in pending.text


async def test_a_button_that_is_not_ours_is_only_acknowledged(
    telegram: FakeTelegram, services: Services
) -> None:
    anna = telegram.user(450, "Anna")
    await telegram.send(anna, "/start")
    (hello,) = await telegram.replies(450)
    hello.message["reply_markup"] = {
        "inline_keyboard": [[{"text": "Old", "callback_data": "legacy:1"}]]
    }
    await telegram.press(anna, hello, "legacy:1")
    await telegram.wait_for(lambda: telegram.callback_answers)
    await telegram.settle()
    assert len(telegram.to_chat(450)) == 1  # nothing else was sent


async def test_files_too_large_or_without_a_command(
    telegram: FakeTelegram, services: Services, tiny_adapter: TinyAdapter
) -> None:
    await seed_federation(services.db)
    await make_telegram_role(services.db, DIRECTOR)
    director = telegram.user(DIRECTOR, "Olga")
    huge = b"x" * (results.MAX_UPLOAD + 1)
    await telegram.send(director, document=("huge.csv", huge), caption="/submit rmf-mcr")
    (refused,) = await telegram.replies(DIRECTOR)
    assert refused.text == "The file is too large (2.0 MB); the limit is 2 MB."
    assert telegram.calls_of("getFile") == []  # refused before downloading anything

    await telegram.send(director, document=("kazan.csv", RESULTS.encode()))
    (hint,) = await telegram.replies(DIRECTOR, after=1)
    assert hint.text == "To submit results, send the file with the caption /submit <discipline>."
    assert await _written(services) == (1, 0)
