"""A director's file with unknown and ambiguous names, settled in the chat: /submit, /names,
/confirm. Nothing is written before the confirmation; then the new players and the tournament
are written in one transaction."""

from __future__ import annotations

from datetime import date

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from tests.factories import make_director
from tests.helpers import user

NEW_NAMES = [
    f"Newcomer {word}" for word in ["Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"]
]


def sheet(code: str = "tula-cup-2026") -> str:
    """Twelve players: a namesake of two registered ones, a registered one in another
    spelling (case, spaces, Latin), and ten names nobody registered."""
    rows = ["1; Ivanov Ivan; D1", "2; PETROVA   maria; 2k"]
    rows += [f"{n}; {name}; {n}k" for n, name in enumerate(NEW_NAMES, start=3)]
    rows += ["11; Orlova Anna; 11k", "12; Pavlov Maxim; 12k"]
    return "\n".join(
        [
            "name: Tula Cup 2026",
            f"id: {code}",
            "date: 2026-03-14",
            "discipline: mcr",
            "type: regular",
            "chut: 12",
            "chs: 7",
            "",
            "place; player; level",
            *rows,
        ]
    )


async def seed(db: Database) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.add("RMF", "Russian Mahjong Federation", "Europe/Moscow")
        await repos.federations.add_discipline(
            fed, "rmf-mcr", "Sports mahjong (MCR)", "mahjong_rmf", "monthly"
        )
        await repos.players.add(fed.id, "RMF-0001", "Ivanov Ivan")
        await repos.players.add(fed.id, "RMF-0002", "Иванов Иван")
        petrova = await repos.players.add(fed.id, "RMF-0003", "Петрова Мария")
        petrova.latin_name = "Petrova Maria"
        namesake = await repos.players.add(fed.id, "RMF-0004", "Ivanov  IVAN")
        namesake.club = "Tula"
    await make_director(db, "boss", "RMF")


async def counts(db: Database) -> tuple[int, int]:
    """(players registered, tournaments stored)."""
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        stored = await repos.ledger.tournament(discipline.id, "tula-cup-2026")
        return await repos.players.count(), int(stored is not None)


def action(reply: Reply, start: str) -> str:
    return next(b.action for b in reply.buttons if b.action.startswith(start))


async def test_every_unsettled_name_is_listed_and_chosen_before_anything_is_written(
    services: Services, db: Database
) -> None:
    await seed(db)
    boss = user("boss")
    listed = await dispatch(services, boss, "/submit rmf-mcr\n" + sheet())
    lines = listed.plain.splitlines()
    assert lines[0] == (
        "11 names in pasted.txt are not settled in the RMF registry; nothing is written yet:"
    )
    # The namesakes are a choice, never a guess; Petrova is found by her Latin spelling.
    assert lines[1] == (
        "1. line 10: Ivanov Ivan — several registered players: Ivanov Ivan (RMF-0001), "
        "Ivanov  IVAN (RMF-0004)"
    )
    assert lines[2] == "2. line 12: Newcomer Three — not registered"
    assert lines[11] == "11. line 21: Pavlov Maxim — not registered"
    token = listed.buttons[0].action.split()[1]
    assert lines[12] == (
        f"Answer /names {token} 1=ID 2=new … (a registered player's ID, or new to register him "
        f"with the file's own data), or /names {token} new to register every unknown name."
    )
    assert [b.action for b in listed.buttons] == [
        f"/names {token} new",
        f"/names {token} 1=RMF-0001",
        f"/names {token} 1=RMF-0004",
        f"/cancel {token}",
    ]
    assert listed.buttons[-1].action.startswith("/cancel ")
    assert await counts(db) == (4, 0)

    # "Register every unknown name" leaves the namesake to choose.
    still = await dispatch(services, boss, action(listed, "/names"))
    assert still.plain.splitlines()[0].startswith("1 name in pasted.txt")
    assert "1. line 10: Ivanov Ivan — several registered players" in still.plain
    # A confirmation of a list of names is refused: it is not a preview yet.
    refused = await dispatch(services, boss, "/confirm " + action(still, "/cancel").split()[1])
    assert refused.plain.startswith("Settle the names first: /names ")
    # The previous token was answered and is closed.
    again = await dispatch(services, boss, action(listed, "/names"))
    assert again.plain == "There is no submission of yours waiting under this token."

    token = action(still, "/names").split()[1]
    preview = await dispatch(services, boss, f"/names {token} 1=RMF-0004")
    assert "Ivanov  IVAN (RMF-0004)" in preview.plain
    assert "Петрова Мария (RMF-0003)" in preview.plain
    # A new player starts from the sheet's level, and so does a registered player whom the
    # registry gives no level and no tournament rated (RULES.md mahjong_rmf Decision "levels
    # brought in"): mean EU 7750 / 12 = 645.8, KT_EU 0.60, KT 1.10.
    assert "3. Newcomer Three (RMF-0005) | 3k | 3k | NR*KT 900 (NR 818.18), norm 5k" in (
        preview.plain
    )
    assert "1. Ivanov  IVAN (RMF-0004) | D1 | D1 |" in preview.plain
    assert (
        "⚠ line 10: RMF-0004 has no level in the registry and no tournament in rmf-mcr: the "
        "sheet's level D1 is taken as the level he brings"
    ) in preview.plain
    assert (
        "New players, registered when you confirm (10): Newcomer Three (RMF-0005), "
        "Newcomer Four (RMF-0006)"
    ) in preview.plain
    assert await counts(db) == (4, 0)

    saved = await dispatch(services, boss, action(preview, "/confirm"))
    assert saved.plain == "Saved: Tula Cup 2026, version 1, code tula-cup-2026."
    assert await counts(db) == (14, 1)
    async with db.read() as repos:
        fed = await repos.federations.by_code("RMF")
        assert fed is not None
        three = await repos.players.by_federation_id(fed.id, "RMF-0005")
        assert three is not None and three.name == "Newcomer Three"
        # Registered with the sheet's level, the level his first tournament starts from.
        assert three.data == {"mahjong_rmf": {"levels": {"mcr": ["3k"]}}}
        logged = await repos.audit.entries("player.registered_from_results")
        assert len(logged) == 10
        assert logged[0].details["tournament"] == "tula-cup-2026"


async def test_register_new_on_submit_and_an_idempotent_second_import(
    services: Services, db: Database
) -> None:
    await seed(db)
    boss = user("boss")
    text = sheet().replace("1; Ivanov Ivan; D1", "1; RMF-0004; D1")
    preview = await dispatch(services, boss, "/submit rmf-mcr --register-new\n" + text)
    assert "New players, registered when you confirm (10)" in preview.plain
    await dispatch(services, boss, action(preview, "/confirm"))
    assert await counts(db) == (14, 1)
    # The same file again finds everyone by name: no player is registered twice.
    again = await dispatch(services, boss, "/submit rmf-mcr --register-new\n" + text)
    assert "New players" not in again.plain
    # ... and finds it identical to what is stored: nothing to confirm, nothing written.
    assert "is identical to the stored version 1" in again.plain
    assert await counts(db) == (14, 1)


async def test_an_id_taken_after_the_preview_writes_nothing(
    services: Services, db: Database
) -> None:
    await seed(db)
    boss = user("boss")
    text = sheet().replace("1; Ivanov Ivan; D1", "1; RMF-0001; D1")
    preview = await dispatch(services, boss, "/submit rmf-mcr --register-new\n" + text)
    async with db.transaction() as repos:
        fed = await repos.federations.by_code("RMF")
        assert fed is not None
        await repos.players.add(fed.id, "RMF-0005", "Someone Registered Meanwhile")
    refused = await dispatch(services, boss, action(preview, "/confirm"))
    assert refused.plain == (
        "The registry changed since the preview (the ID RMF-0005 was registered meanwhile); "
        "nothing was written. Submit the file again."
    )
    assert await counts(db) == (5, 0)


async def test_a_names_answer_is_checked(services: Services, db: Database) -> None:
    await seed(db)
    boss = user("boss")
    listed = await dispatch(services, boss, "/submit rmf-mcr\n" + sheet())
    token = action(listed, "/names").split()[1]
    bad = await dispatch(services, boss, f"/names {token} 12=new")
    assert bad.plain == "There is no name 12 in the list."
    typo = await dispatch(services, boss, f'/names {token} "Ivanov Ivann"=RMF-0001')
    assert typo.plain == "There is no “Ivanov Ivann” in the list."
    usage = await dispatch(services, boss, f"/names {token} RMF-0001")
    assert usage.plain.startswith("Usage: /names <token> new")
    # A name may be written instead of its number; an unknown ID is listed as such.
    listed = await dispatch(services, boss, f'/names {token} "Ivanov Ivan"=RMF-0099 new')
    assert listed.plain.splitlines()[1] == (
        "1. line 10: Ivanov Ivan — no player RMF-0099 is registered"
    )
    token = action(listed, "/cancel").split()[1]
    other = await dispatch(services, user("stranger"), "/names " + token + " new")
    assert other.plain == "There is no submission of yours waiting under this token."


async def test_players_registered_from_a_sheet_are_said_to_lack_a_membership(
    services: Services, db: Database
) -> None:
    """Issue 33: a sheet's new players get no membership, so rules for members only (RMF
    qualification, 3.2) leave them out; the preview after ``/names … new`` says which ones
    and how to give one, and /playeredit gives it."""
    await seed(db)
    boss = user("boss")
    text = sheet().replace("1; Ivanov Ivan; D1", "1; RMF-0004; D1")
    listed = await dispatch(services, boss, "/submit rmf-mcr\n" + text)
    preview = await dispatch(services, boss, action(listed, "/names"))
    assert (
        "Registered without a membership (10): RMF-0005, RMF-0006, RMF-0007, RMF-0008, "
        "RMF-0009, RMF-0010, RMF-0011, RMF-0012, RMF-0013, RMF-0014; rules for members only "
        "(RMF qualification, section 3.2) leave them out until one is given with /playeredit "
        "<ID> member_from=YYYY-MM-DD or the member_from column of the registry file "
        "(fedrank players import)."
    ) in preview.plain
    await dispatch(services, boss, action(preview, "/confirm"))
    await dispatch(services, boss, "/playeredit RMF-0005 member_from=2026-01-01")
    async with db.read() as repos:
        fed = await repos.federations.by_code("RMF")
        assert fed is not None
        five = await repos.players.by_federation_id(fed.id, "RMF-0005")
        assert five is not None
        five_id = five.id
        periods = await repos.players.membership_periods([five_id])
    assert periods == {five_id: [(date(2026, 1, 1), None)]}
