"""The stored state: one version holds a whole tournament, so a correction is the next version
and replays nothing; a list reads the latest tournament held by its date."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems.othello_woc.history import current, latest
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.systems.othello_woc.helpers import FOUR, four, row_of, seed, token


async def test_a_correction_is_version_two_with_no_replays(
    services: Services, db: Database
) -> None:
    """The draw of round 1 becomes a 33-31 win for WOF-0003: 1 pt, BQ 33 + 6 x 0 = 33; WOF-0004
    31 + 6 x 1 = 37. Othello tournaments do not depend on each other: nothing is replayed."""
    discipline_id = await seed(db, FOUR)
    first = await dispatch(services, user("boss"), "/submit woc\n" + four())
    await dispatch(services, user("boss"), f"/confirm {token(first)}")
    fixed = four("WOF-0001 WOF-0002 40-24\nWOF-0003 WOF-0004 33-31")
    preview = await dispatch(services, user("boss"), "/submit woc\n" + fixed)
    row = row_of(preview, "Laura Bianchi (WOF-0003)")
    assert "· 0.5 pts · BQ 35 | #" in row and "· 1 pt · BQ 33 | R1 won 33-31 v WOF-0004" in row
    assert "Later tournaments" not in preview.plain
    saved = await dispatch(services, user("boss"), f"/confirm {token(preview)}")
    assert saved.plain == "Saved: Club Othello Evening, version 2, code club-evening."
    async with db.read() as repos:
        disc = await repos.federations.discipline(discipline_id)
        assert disc is not None
        totals = {a.player_id: a.amount for a in await repos.ledger.discipline_awards(disc.id)}
        fed = await repos.federations.by_code("WOF")
        assert fed is not None
        ids = await repos.players.by_federation_ids(fed.id, FOUR)
        assert totals[ids["WOF-0003"].id] == Decimal(1)
        assert totals[ids["WOF-0004"].id] == Decimal(0)
        stored = await repos.ledger.tournament(disc.id, "club-evening")
        assert stored is not None
        version = await repos.ledger.current_version(stored.id)
        assert version is not None and version.version == 2
        assert version.reason == "resubmitted file (version 2)"


async def test_the_latest_tournament_of_a_date(services: Services, db: Database) -> None:
    """Two tournaments on the same day: the one written last is the list's."""
    discipline_id = await seed(db, FOUR)
    for code in ("club-evening", "club-morning"):
        text = four().replace("code: club-evening", f"code: {code}")
        preview = await dispatch(services, user("boss"), "/submit woc\n" + text)
        await dispatch(services, user("boss"), f"/confirm {token(preview)}")
    async with db.read() as repos:
        disc = await repos.federations.discipline(discipline_id)
        assert disc is not None
        assert await latest(repos, disc, date(2026, 11, 9)) is None
        found = await latest(repos, disc, date(2026, 11, 10))
        assert found is not None
        tournament, version = found
        assert (tournament.code, version.version) == ("club-morning", 1)
        stored = await current(repos, disc, "club-evening")
        assert stored is not None and stored[1].params["rounds_played"] == 1
        assert await current(repos, disc, "no-such-tournament") is None
