"""/why of an FSBR award read by a person (issue 33): the tournament's coefficients once, then
each figure's own lines, at six decimals at most; the ledger's trace keeps every digit.

The final of the Russian team championship (``examples/bridge_fsbr``), from an empty
database, its players registered from the file: Москва-1 wins MB 116, RO 225, PB 5 and an
achievement of level 3 (docs/engines/bridge_fsbr.md).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.wording.words import TRACE_PLACES
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.systems.bridge_fsbr.helpers import report, seed, submit_and_confirm
from tests.handlers.systems.bridge_fsbr.test_names_only import empty_federation

FINAL = (
    Path(__file__).resolve().parents[4] / "examples" / "bridge_fsbr" / "ru_teams_2025_final.fsbr"
)


async def stored_final(services: Services, db: Database) -> None:
    await empty_federation(db)
    boss = user("boss")
    listed = await dispatch(services, boss, "/submit fsbr\n" + FINAL.read_text("utf-8"))
    new = next(b.action for b in listed.buttons if b.action.endswith(" new"))
    preview = await dispatch(services, boss, new)
    saved = await dispatch(services, boss, preview.buttons[0].action)
    assert saved.plain.startswith("Saved: "), saved.plain


async def test_the_common_part_once_then_each_figure_at_six_places(
    services: Services, db: Database
) -> None:
    await stored_final(services, db)
    why = (await dispatch(services, user("u1"), "/why ru-teams-2025-final 20000")).plain
    lines = why.splitlines()
    assert lines[0] == "Агеев А. (20000) — Командный чемпионат России 2025, финал (2025-05-04)"
    assert lines[1] == "The tournament, common to every figure below:"
    # Said once, not once per figure.
    assert why.count("  kq = ") == 1
    assert why.count("  tournament = ru-teams-2025-final") == 1
    # Each figure's heading, followed by its own last line only.
    heads = [n for n, line in enumerate(lines) if not line.startswith("  ")]
    assert [lines[n] for n in heads[2:]] == ["MB = 116", "RO = 225", "PB = 5", "achievement 3 = 1"]
    assert lines[heads[2] :] == [
        "MB = 116",
        "  MB = 116  — places (7.6), 5.2 met",
        "RO = 225",
        "  RO = 225  — 8.11",
        "PB = 5",
        "  PB = 5  — 8.12/8.14",
        "achievement 3 = 1",
        "  achievement = 3  — 2.1",
    ]
    # The coefficients at six places, rounded half up; the awards and the rulebook's own
    # figures (RC = 4.5, q = -2.2, N0 = 20) as they are.
    assert "  kq = 1.702682  [7.5]" in lines
    assert "  kd = 2.620815  [7.6]  — 2.2 lg d - 2" in lines
    assert "  R = 3.102816  [7.6]" in lines
    assert "  RC = 4.5  [8.10]  — RC = ПБ1 - 0.5 (guaranteed PB, appendix 1)" in lines
    assert "  q = -2.2  [6.1]  — mean rk of 5 players" in lines
    for line in lines:
        value = line.partition(" = ")[2].split("  ")[0]
        if value.replace(".", "").lstrip("-").isdigit() and "." in value:
            assert len(value.split(".")[1]) <= TRACE_PLACES, line
    assert len(why) < 2000


async def test_the_ledger_keeps_every_digit(services: Services, db: Database) -> None:
    await stored_final(services, db)
    async with db.read() as repos:
        fed = await repos.federations.by_code("FSBR")
        assert fed is not None
        player = await repos.players.by_federation_id(fed.id, "20000")
        assert player is not None
        awards = [
            (award.kind, Decimal(award.amount), list(award.trace))
            for award, _ in await repos.ledger.awards(player.id)
        ]
    assert {kind: amount for kind, amount, _ in awards}["MB"] == Decimal(116)
    for _, _, trace in awards:
        kq = next(s["value"] for s in trace if s.get("name") == "kq")
        assert Decimal(str(kq)) == Decimal("1.702681550805483543267898150")


async def test_one_award_is_read_whole_in_russian(services: Services, db: Database) -> None:
    """The club pairs event of ``helpers`` (not rated: MB only) has nothing to share out."""
    await seed(db, initial="0")
    await submit_and_confirm(services, report())
    ru = user("u1", language="ru")
    why = (await dispatch(services, ru, "/why club-2026-09 FSBR-0001")).plain
    assert "Турнир, общее для всех показателей ниже:" not in why
    assert "  kq = 0.673159  [7.5]" in why.splitlines()
    assert why.count("kq = ") == 1
