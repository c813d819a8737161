"""A player proposes his club's result sheet; a director of the federation accepts or rejects
it (issue 22). From an empty database: RMF and its players are created here, no demo."""

from __future__ import annotations

from typing import Any

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.factories import NOW
from tests.handlers.reports.helpers import link, outbox
from tests.helpers import user

PLAYERS = {
    "RMF-0001": "Ivanov Ivan",
    "RMF-0002": "Petrova Maria",
    "RMF-0003": "Smirnov Alexei",
    "RMF-0004": "Kuznetsova Olga",
}
EMPTY = "Attach the results file or paste the table after the command."
SHEET = """# RMF tournament sheet — sports mahjong (MCR)
name: Tula Club Evening
id: tula-club-2026-11
date: 2026-11-20
discipline: mcr
type: regular
chut: 24
chs: 7

place; player; level
1; Ivanov Ivan; D2+
2; Petrova Maria; D1
3; Smirnov Alexei; 1k
4; Kuznetsova Olga; D3
"""


async def _federation(db: Database) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.add("RMF", "Russian Mahjong Federation", "Europe/Moscow")
        await repos.federations.add_discipline(
            fed, "rmf-mcr", "Sports mahjong", "mahjong_rmf", "monthly"
        )
        other = await repos.federations.add("UFGO", "Ukrainian Go Federation", "Europe/Kyiv")
        await repos.federations.add_discipline(other, "ufgo", "Go", "go_ufgo", "quarterly")
        for fid, name in PLAYERS.items():
            await repos.players.add(fed.id, fid, name)
        boss = await repos.accounts.get_or_create(
            "console", "boss", display_name="boss", language=None, now=NOW
        )
        await repos.accounts.set_role(boss.id, fed.id, "director")
    await link(db, "u1", "RMF-0001")
    await link(db, "u2", "RMF-0002")


async def _written(db: Database) -> dict[str, Any]:
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("rmf-mcr")
        assert disc is not None
        stored = await repos.ledger.tournament(disc.id, "tula-club-2026-11")
        version = await repos.ledger.current_version(stored.id) if stored else None
        return {"version": version.version if version else 0}


async def _audit(db: Database, action: str) -> list[dict[str, Any]]:
    async with db.read() as repos:
        return [dict(a.details) for a in await repos.audit.entries(action)]


async def test_a_proposed_sheet_is_stored_when_a_director_accepts_it(
    services: Services, db: Database
) -> None:
    await _federation(db)
    refused = await dispatch(services, user("u1"), "/report club-1 RMF-0002 win")
    assert refused.plain == (
        "rmf-mcr ranks places, not games: there is no game to report. Send your club's result "
        "sheet to the directors with /propose rmf-mcr (the table below the command, or a file)."
    )
    sent = await dispatch(services, user("u1"), "/propose rmf-mcr\n" + SHEET)
    lines = sent.plain.splitlines()
    assert lines[0] == (
        "Proposal #1 sent to the directors of RMF; you will be told when they decide. "
        "What they see:"
    )
    assert lines[1].startswith("Preview: Tula Club Evening — Sports mahjong, 2026-11-20")
    assert await _written(db) == {"version": 0}  # nothing written before a director accepts
    asked = await outbox(db, "proposal:")
    assert [(key, buttons) for key, _, buttons in asked] == [
        ("proposal:1:decide:console:boss", ["/proposalaccept 1", "/proposalreject 1"])
    ]
    assert asked[0][1] == "Proposed result sheet #1"

    # Only a director of RMF decides; a refusal writes nothing.
    denied = await dispatch(services, user("u2"), "/proposalaccept 1")
    assert "director" in denied.plain
    assert (await dispatch(services, user("u2"), "/proposals")).plain == (
        "No proposed result sheet is waiting for you."
    )
    assert await _written(db) == {"version": 0}

    waiting = await dispatch(services, user("boss"), "/proposals")
    assert waiting.plain.startswith("Proposed result sheet #1\nPreview: Tula Club Evening")
    assert [b.action for b in waiting.buttons] == ["/proposalaccept 1", "/proposalreject 1"]
    accepted = await dispatch(services, user("boss"), "/proposalaccept 1")
    assert accepted.plain == (
        "Proposal #1 accepted: Tula Club Evening saved, version 1, code tula-club-2026-11."
    )
    assert await _written(db) == {"version": 1}
    [audit] = await _audit(db, "proposal.accepted")
    async with db.read() as repos:
        ids = {
            who: (
                await repos.accounts.get_or_create(
                    "console", who, display_name=who, language=None, now=NOW
                )
            ).id
            for who in ("u1", "boss")
        }
    assert audit == {"proposal": 1, "proposer": ids["u1"], "director": ids["boss"], "version": 1}
    told = await outbox(db, "proposal:1:accepted")
    assert [(k, first) for k, first, _ in told] == [
        (
            "proposal:1:accepted:console:u1",
            "Your proposal #1 was accepted: Tula Club Evening is stored.",
        )
    ]
    again = await dispatch(services, user("boss"), "/proposalaccept 1")
    assert again.plain == "Proposal #1 is already accepted: nothing to do."
    rating = await dispatch(services, user("u1"), "/why tula-club-2026-11")
    assert "Tula Club Evening" in rating.plain


async def test_a_rejected_proposal_tells_the_proposer_why(services: Services, db: Database) -> None:
    await _federation(db)
    await dispatch(services, user("u2"), "/propose rmf-mcr\n" + SHEET)
    rejected = await dispatch(services, user("boss"), "/proposalreject 1 The date is wrong")
    assert rejected.plain == "Proposal #1 rejected; the proposer is told."
    told = await outbox(db, "proposal:1:rejected")
    assert [first for _, first, _ in told] == [
        "Your proposal #1 was rejected. Reason: The date is wrong"
    ]
    assert await _written(db) == {"version": 0}
    assert (await dispatch(services, user("boss"), "/proposals")).plain == (
        "No proposed result sheet is waiting for you."
    )
    late = await dispatch(services, user("boss"), "/proposalaccept 1")
    assert late.plain == "Proposal #1 is already rejected: nothing to do."
    unknown = await dispatch(services, user("boss"), "/proposalaccept 9")
    assert unknown.plain == "There is no proposal #9."


async def test_a_bad_sheet_or_another_federation_is_refused_and_nothing_kept(
    services: Services, db: Database
) -> None:
    await _federation(db)
    bad = SHEET.replace("2; Petrova Maria; D1", "2; Petrova Maria; Z9")
    refused = await dispatch(services, user("u1"), "/propose rmf-mcr\n" + bad)
    assert refused.plain == (
        "Not accepted, nothing was written: line 12, field 'level', player Petrova Maria: "
        "'Z9' is not a level (e.g. 12k, 1k, D1, D3+, 2500)"
    )
    elsewhere = await dispatch(services, user("u1"), "/propose ufgo\n" + SHEET)
    assert elsewhere.plain == (
        "Only a player of UFGO proposes its result sheets: link your account to your player "
        "there first (/link)."
    )
    unlinked = await dispatch(services, user("stranger"), "/propose rmf-mcr\n" + SHEET)
    assert "Link your account" in unlinked.plain
    empty = await dispatch(services, user("u1"), "/propose rmf-mcr")
    assert empty.plain == EMPTY
    assert await outbox(db, "proposal:") == []
    assert await _audit(db, "proposal.sent") == []
