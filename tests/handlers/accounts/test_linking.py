"""Linking accounts to players: only through verification, one player per federation, one
account per platform for a player, nobody deciding his own case, codes that resist guessing."""

import hashlib
import re
from dataclasses import replace
from datetime import timedelta

from sqlalchemy import select

from fedrank.handlers.accounts.linking import LINKS_PAGE, MAX_PENDING_REQUESTS, MAX_WRONG_CODES
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from fedrank.storage.models import LinkCode
from tests.conftest import Clock, user
from tests.factories import NOW, make_director, seed_federation

CODE = re.compile(r"code for .*: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}) ")


def telegram(user_id: str) -> RequestContext:
    return replace(user(user_id), platform="telegram")


async def _linked(db: Database, user_id: str, platform: str = "console") -> list[str]:
    """The federation IDs the user's account is linked to."""
    async with db.read() as repos:
        account = await repos.accounts.by_platform(platform, user_id)
        if account is None:
            return []
        return [p.federation_player_id for p in await repos.accounts.players_of(account.id)]


async def _actions(db: Database) -> list[str]:
    async with db.read() as repos:
        return [a.action for a in await repos.audit.entries()]


async def _code(services: Services, director: str, fpid: str) -> str:
    issued = await dispatch(services, user(director), f"/linkcode {fpid}")
    assert issued.private
    found = CODE.search(issued.plain)
    assert found is not None, issued.plain
    return found.group(1)


async def _second_federation(db: Database) -> None:
    """UGF, with its own player UGF-7 and a director "ugf-boss"."""
    async with db.transaction() as repos:
        ugf = await repos.federations.add("UGF", "Ukrainian Go Federation")
        await repos.federations.add_discipline(ugf, "ugf-go", "Go", "go_ufgo", "monthly")
        await repos.players.add(ugf.id, "UGF-7", "Anna Ivanova (Go)")
    await make_director(db, "ugf-boss", "UGF")


# --- requests and approvals --------------------------------------------------------------------


async def test_link_request_waits_for_a_director(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    reply = await dispatch(services, user("u1", "Anna"), "/link RMF-001")
    assert "Request #1" in reply.plain
    assert await _linked(db, "u1") == []  # not linked before a director approves

    pending = await dispatch(services, user("boss"), "/links")
    assert "#1: Anna (console:u1) asks to be Anna Ivanova (RMF-001)" in pending.plain
    assert [b.action for b in pending.buttons] == ["/approve 1", "/reject 1"]

    approved = await dispatch(services, user("boss"), "/approve 1")
    assert "approved" in approved.plain
    assert await _linked(db, "u1") == ["RMF-001"]
    assert await _actions(db) == ["link.requested", "link.approved"]


async def test_a_player_cannot_approve_his_own_request(services: Services, db: Database) -> None:
    await seed_federation(db)
    await dispatch(services, user("u1"), "/link RMF-001")
    reply = await dispatch(services, user("u1"), "/approve 1")
    assert reply.plain == "Only a director of RMF may do this."
    assert await _linked(db, "u1") == []
    assert await _actions(db) == ["link.requested", "access.denied"]


async def test_one_person_links_players_of_several_federations(
    services: Services, db: Database
) -> None:
    """Before, the second approval silently replaced the first link."""
    await seed_federation(db)
    await make_director(db, "boss")
    await _second_federation(db)
    await dispatch(services, user("u1"), "/link RMF-001")
    await dispatch(services, user("u1"), "/link UGF-7")
    assert "approved" in (await dispatch(services, user("boss"), "/approve 1")).plain
    assert "approved" in (await dispatch(services, user("ugf-boss"), "/approve 2")).plain
    assert await _linked(db, "u1") == ["RMF-001", "UGF-7"]
    start = await dispatch(services, user("u1"), "/start")
    assert "linked to Anna Ivanova (RMF-001), Anna Ivanova (Go) (UGF-7)" in start.plain
    rating = await dispatch(services, user("u1"), "/rating")
    assert "Anna Ivanova (RMF-001) — Russian Mahjong Federation" in rating.plain
    assert "Anna Ivanova (Go) (UGF-7) — Ukrainian Go Federation" in rating.plain
    # A question that needs one player and has no federation to choose by asks which.
    history = await dispatch(services, user("u1"), "/history")
    assert history.plain.startswith("You are linked to several players:")
    assert "Anna Ivanova (RMF-001), Anna Ivanova (Go) (UGF-7)" in history.plain


async def test_linking_again_to_ones_own_player_says_so(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    await dispatch(services, user("u1"), "/link RMF-001")
    await dispatch(services, user("boss"), "/approve 1")
    again = await dispatch(services, user("u1"), "/link rmf-001")
    assert again.plain == "Your account is already linked to Anna Ivanova (RMF-001)."
    with_code = await dispatch(services, user("u1"), "/link RMF-001 AAAA-BBBB-CCCC")
    assert with_code.plain == again.plain
    async with db.read() as repos:
        total, _ = await repos.accounts.pending_link_requests([1])
    assert total == 0


async def test_a_relink_is_shown_as_such_and_says_whose_link_it_replaces(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    await dispatch(services, user("u1", "Anna"), "/link RMF-001")
    await dispatch(services, user("boss"), "/approve 1")
    asked = await dispatch(services, user("u1", "Anna"), "/link RMF-002")
    assert "it replaces your link to Anna Ivanova (RMF-001)" in asked.plain
    pending = await dispatch(services, user("boss"), "/links")
    assert (
        "#2: Anna (console:u1) asks to be Boris Petrov (RMF-002) instead of"
        " Anna Ivanova (RMF-001) (re-link)"
    ) in pending.plain
    approved = await dispatch(services, user("boss"), "/approve 2")
    assert approved.plain.endswith("It replaces Anna's link to Anna Ivanova (RMF-001).")
    assert await _linked(db, "u1") == ["RMF-002"]
    async with db.read() as repos:
        entries = await repos.audit.entries("link.approved")
        assert entries[-1].details["replaces"] == "RMF-001"


async def test_two_requests_for_a_free_player_are_not_both_approved(
    services: Services, db: Database
) -> None:
    """17.5: both asked while RMF-002 was free; the second approval used to succeed."""
    await seed_federation(db)
    await make_director(db, "boss")
    await dispatch(services, user("u1"), "/link RMF-002")
    await dispatch(services, user("u2"), "/link RMF-002")
    await dispatch(services, telegram("t2"), "/link RMF-002")
    assert "approved" in (await dispatch(services, user("boss"), "/approve 1")).plain
    second = await dispatch(services, user("boss"), "/approve 2")
    assert second.plain == "There is no pending request #2."  # closed by the approval
    assert await _linked(db, "u2") == []
    # The same person's account on another platform may still be linked.
    third = await dispatch(services, user("boss"), "/approve 3")
    assert "approved" in third.plain
    assert await _linked(db, "t2", "telegram") == ["RMF-002"]


async def test_a_pending_request_is_not_approvable_once_the_player_is_held(
    services: Services, db: Database
) -> None:
    """17.5: a request stays waiting while the player links with a code."""
    await seed_federation(db)
    await make_director(db, "boss")
    await dispatch(services, user("u1"), "/link RMF-002")
    code = await _code(services, "boss", "RMF-002")
    assert "linked to" in (await dispatch(services, user("u2"), f"/link RMF-002 {code}")).plain
    refused = await dispatch(services, user("boss"), "/approve 1")
    assert refused.plain == "There is no pending request #1."
    assert await _linked(db, "u1") == []
    # And when the request was left open (a link written by another path), approval
    # re-checks who holds the player.
    await dispatch(services, user("u3"), "/link RMF-003")
    async with db.transaction() as repos:
        holder = await repos.accounts.get_or_create(
            "console", "u4", display_name="u4", language=None, now=NOW
        )
        found = await repos.players.find("RMF-003")
        await repos.accounts.link(holder, found[0].id)
    held = await dispatch(services, user("boss"), "/approve 2")
    assert held.plain.startswith("Ivan Sidorov (RMF-003) is already linked to another account")
    assert await _linked(db, "u3") == []


async def test_a_director_does_not_decide_his_own_link(services: Services, db: Database) -> None:
    """17.7: neither his own request nor a code for a player he asked to be."""
    await seed_federation(db)
    await make_director(db, "boss")
    await make_director(db, "other")
    await dispatch(services, user("boss"), "/link RMF-003")
    listed = await dispatch(services, user("boss"), "/links")
    assert "your own request: another director or an admin decides it" in listed.plain
    assert [b.action for b in listed.buttons] == ["/reject 1"]
    own = await dispatch(services, user("boss"), "/approve 1")
    assert own.plain.startswith("You cannot approve your own link request")
    issued = await dispatch(services, user("boss"), "/linkcode RMF-003")
    assert issued.plain.startswith("You cannot link yourself with a code you issued")
    assert await _linked(db, "boss") == []
    assert "approved" in (await dispatch(services, user("other"), "/approve 1")).plain
    assert await _linked(db, "boss") == ["RMF-003"]


async def test_a_director_cannot_use_a_code_he_issued(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    code = await _code(services, "boss", "RMF-002")
    used = await dispatch(services, user("boss"), f"/link RMF-002 {code}")
    assert used.plain.startswith("You cannot link yourself with a code you issued")
    assert await _linked(db, "boss") == []
    ok = await dispatch(services, user("u2"), f"/link RMF-002 {code}")
    assert "linked to Boris Petrov" in ok.plain


# --- how much one account may ask, and how directors see it --------------------------------------


async def test_pending_requests_per_account_are_capped(services: Services, db: Database) -> None:
    await seed_federation(db)
    async with db.transaction() as repos:
        for n in range(4, 4 + MAX_PENDING_REQUESTS):
            await repos.players.add(1, f"RMF-{n:03}", f"Player {n}")
    for n in range(1, 1 + MAX_PENDING_REQUESTS):
        assert "Request #" in (await dispatch(services, user("u1"), f"/link RMF-{n:03}")).plain
    refused = await dispatch(services, user("u1"), f"/link RMF-{MAX_PENDING_REQUESTS + 1:03}")
    assert refused.plain.startswith(f"You already have {MAX_PENDING_REQUESTS} link requests")
    async with db.read() as repos:
        account = await repos.accounts.by_platform("console", "u1")
        assert account is not None
        assert await repos.accounts.pending_requests_of(account.id) == MAX_PENDING_REQUESTS


async def test_links_is_paged_within_the_platforms_button_limits(
    services: Services, db: Database
) -> None:
    """17.10: 90 requests once gave 180 buttons (Telegram takes about 100, Discord 25)."""
    await seed_federation(db)
    await make_director(db, "boss")
    async with db.transaction() as repos:
        for n in range(4, 29):
            await repos.players.add(1, f"RMF-{n:03}", f"Player {n}")
    for n in range(4, 29):  # 25 requests of 25 accounts
        await dispatch(services, user(f"u{n}"), f"/link RMF-{n:03}")
    first = await dispatch(services, user("boss"), "/links")
    assert first.plain.startswith("Page 1 of 3 (25 requests waiting).")
    assert len(first.buttons) == 2 * LINKS_PAGE + 1 <= 25
    assert first.buttons[-1].action == "/links 2"
    last = await dispatch(services, user("boss"), "/links 3")
    assert last.plain.count("asks to be") == 5
    assert [b.action for b in last.buttons][-1:] == ["/links 2"]
    beyond = await dispatch(services, user("boss"), "/links 9")
    assert beyond.plain.startswith("Page 3 of 3")
    usage = await dispatch(services, user("boss"), "/links x")
    assert usage.plain.startswith("Usage: /links [page]")


# --- codes ---------------------------------------------------------------------------------------


async def test_one_time_code_links_once(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    code = await _code(services, "boss", "RMF-002")
    wrong = await dispatch(services, user("u2"), "/link RMF-002 AAAA-AAAA-AAAA")
    assert "not valid" in wrong.plain
    assert await _linked(db, "u2") == []
    ok = await dispatch(services, user("u2"), f"/link RMF-002 {code.lower()}")
    assert ok.plain == "Done: your account is now linked to Boris Petrov (RMF-002)."
    again = await dispatch(services, user("u3"), f"/link RMF-002 {code}")
    assert "already linked" in again.plain
    assert await _linked(db, "u3") == []


async def test_expired_code_is_refused(services: Services, db: Database, clock: Clock) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    code = await _code(services, "boss", "RMF-003")
    clock.now += timedelta(days=8)
    reply = await dispatch(services, user("u3"), f"/link RMF-003 {code}")
    assert "not valid" in reply.plain
    assert await _linked(db, "u3") == []


async def test_codes_are_long_and_stored_under_a_secret_key(
    services: Services, db: Database
) -> None:
    """17.13: 40-bit codes under a plain SHA-256 fell to one GPU; now 60 bits under HMAC."""
    await seed_federation(db)
    await make_director(db, "boss")
    code = await _code(services, "boss", "RMF-003")
    assert len(code.replace("-", "")) * 5 == 60  # 12 letters of a 32-letter alphabet
    async with db.read() as repos:
        (code_hash,) = (await repos.session.scalars(select(LinkCode.code_hash))).all()
    assert code_hash != hashlib.sha256(code.replace("-", "").encode()).hexdigest()
    # The operator's key is part of the HMAC's: another key, and the stored code is worthless.
    other = replace(services, secret_key="another server")
    refused = await dispatch(other, user("u3"), f"/link RMF-003 {code}")
    assert "not valid" in refused.plain
    ok = await dispatch(services, user("u3"), f"/link RMF-003 {code}")
    assert "linked to Ivan Sidorov" in ok.plain


async def test_wrong_codes_lock_the_account_out_without_one_row_each(
    services: Services, db: Database, clock: Clock
) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    code = await _code(services, "boss", "RMF-002")
    for n in range(MAX_WRONG_CODES):
        reply = await dispatch(services, user("u2"), f"/link RMF-002 WRONG-{n:04}-AAAA")
        assert "not valid" in reply.plain
    locked = await dispatch(services, user("u2"), f"/link RMF-002 {code}")
    assert locked.plain.startswith("Too many wrong codes: linking by code is locked until 12:15")
    for n in range(50):  # a flood while locked writes nothing
        await dispatch(services, user("u2"), f"/link RMF-003 FLOOD-{n:04}-AAAA")
    assert await _actions(db) == ["link.code_issued", "link.code_refused", "link.code_locked"]
    clock.now += timedelta(minutes=16)
    ok = await dispatch(services, user("u2"), f"/link RMF-002 {code}")
    assert "linked to Boris Petrov" in ok.plain


async def test_wrong_codes_for_one_player_lock_him_against_every_account(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    code = await _code(services, "boss", "RMF-002")
    for n in range(MAX_WRONG_CODES):  # each from a new account
        await dispatch(services, user(f"guess{n}"), f"/link RMF-002 WRONG-{n:04}-AAAA")
    locked = await dispatch(services, user("u2"), f"/link RMF-002 {code}")
    assert locked.plain.startswith("Too many wrong codes")
    assert await _linked(db, "u2") == []
    # Asking a director is still open to him.
    assert "Request #1" in (await dispatch(services, user("u2"), "/link RMF-002")).plain


async def test_a_refused_code_is_in_the_audit_log(services: Services, db: Database) -> None:
    await seed_federation(db)
    reply = await dispatch(services, user("u2"), "/link RMF-002 AAAAAAAA")
    assert "not valid" in reply.plain
    async with db.read() as repos:
        refused = [a.subject for a in await repos.audit.entries("link.code_refused")]
    assert refused == ["RMF-002"]
