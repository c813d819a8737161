"""Go leagues step by step: what players write, the rating at once, refusals, /mygames."""

from __future__ import annotations

import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.errors import UserError
from fedrank.handlers.reports.league import find_opponent, go_result
from fedrank.storage.database import Database
from tests.handlers.reports.helpers import link, state
from tests.handlers.reports.league_support import (
    LEAGUE,
    federation_from_zero,
    ik_lines,
    league_file,
    league_params,
    submit,
)
from tests.helpers import user

GO_USAGE = "Usage: /report <tournament> <opponent> <B+R|W+3.5|jigo|win|loss> [black|white]"


@pytest.mark.parametrize(
    ("written", "stored"),
    [
        ("B+R black", "win1"),
        ("B+R white", "win2"),
        ("W+3.5 black", "win2"),
        ("w+3.5 White", "win1"),
        ("B+T b", "win1"),
        ("W+ w", "win1"),
        ("jigo", "draw"),
        ("draw", "draw"),
        ("win", "win1"),
        ("loss white", "win2"),
    ],
)
def test_go_results_as_players_write_them(written: str, stored: str) -> None:
    assert go_result("en", written.split()) == stored


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("B+R", "Say which colour you had: /report <tournament> <opponent> B+R black"),
        ("W+3.5 purple", "“purple” is not a colour"),
        ("40-24", GO_USAGE),
        ("B+R black now", GO_USAGE),
        ("X+R black", GO_USAGE),
    ],
)
def test_go_results_refused_say_why(written: str, message: str) -> None:
    with pytest.raises(UserError) as refused:
        go_result("en", written.split())
    assert message in str(refused.value)


async def test_the_opponent_in_any_form_the_resolver_accepts(db: Database) -> None:
    await federation_from_zero(db, players=4)
    async with db.read() as repos:
        fed = await repos.federations.by_code("UFGO")
        assert fed is not None
        for form in (
            "UFGO-0003",
            "ufgo-0003",
            "ufgo-3",
            "UFGO3",
            "UFGO_0003",
            "Shevchenko Taras",
            "taras shevchenko",
        ):
            found = await find_opponent(repos, fed, form)
            assert found is not None and found.federation_player_id == "UFGO-0003", form
        for form in ("UFGO-0099", "RMF-3", "Taras", ""):
            assert await find_opponent(repos, fed, form) is None, form


async def test_a_league_rated_at_once_equals_its_file(services: Services, db: Database) -> None:
    """rating=immediate: each counted game re-rates the league, in the first round after
    either player's games; the last version equals the file of those games and rounds."""
    await federation_from_zero(db, players=4)
    opened = await dispatch(
        services,
        user("boss"),
        f"/league ufgo {LEAGUE[0]} official=yes rating=immediate date=2026-11-10 {LEAGUE[1]}",
    )
    assert "Each game is rated as soon as it counts." in opened.plain
    played = [
        ("u1", "UFGO-0002", "B+R black", 1, 2, "1"),
        ("u3", "ufgo-4", "W+2.5 black", 3, 4, "0"),
        ("u2", "Shevchenko Taras", "jigo", 2, 3, "0.5"),
        ("u4", "UFGO-0001", "loss", 4, 1, "0"),
    ]
    for n, (who, opponent, written, _a, b, _) in enumerate(played, start=1):
        await dispatch(services, user(who), f"/report {LEAGUE[0]} {opponent} {written}")
        counted = await dispatch(services, user(f"u{b}"), f"/gameok {n}")
        assert counted.plain == (
            f"Report #{n} counted and rated: {LEAGUE[0]} is version {n + 1}."
        ), counted.plain
    rounds = [1, 1, 2, 2]
    games = [(r, a, b, rp) for r, (_, _, _, a, b, rp) in zip(rounds, played, strict=True)]
    await submit(db, "ufgo-file", league_file(games))
    assert await ik_lines(db, "ufgo") == await ik_lines(db, "ufgo-file")
    closed = await dispatch(services, user("boss"), f"/closeround ufgo {LEAGUE[0]}")
    assert closed.plain == f"{LEAGUE[0]} rates each game at once: there is no round to close."


async def test_league_refusals_write_nothing(services: Services, db: Database) -> None:
    await federation_from_zero(db, players=4)
    async with db.transaction() as repos:
        fed = await repos.federations.by_code("UFGO")
        assert fed is not None
        await repos.federations.add_discipline(fed, "ufgo-woc", "Othello", "othello_woc", "monthly")
    before = await state(db)
    refusals = [
        ("u1", f"/league ufgo {LEAGUE[0]}", "director"),
        ("boss", "/league ufgo", "Usage: /league"),
        (
            "boss",
            f"/league ufgo {LEAGUE[0]} size=21 time=x official=maybe colour=red",
            "Not understood: colour\nNot understood: time=x\nNot understood: official=maybe\n"
            "Not understood: size=21 (the board is 9, 13 or 19)\nUsage: /league",
        ),
        ("boss", f"/league ufgo {LEAGUE[0]} rating=weekly", "Not understood: rating=weekly"),
        ("boss", f"/league woc-x {LEAGUE[0]}", "Unknown discipline “woc-x”"),
        ("boss", f"/league ufgo-woc {LEAGUE[0]}", "ufgo-woc is not a Go discipline"),
        ("boss", f"/closeround ufgo {LEAGUE[0]}", f"No league {LEAGUE[0]}"),
    ]
    for who, text, expected in refusals:
        answer = await dispatch(services, user(who), text)
        assert expected in answer.plain, (text, answer.plain)
    assert await state(db) == before


async def test_a_round_takes_one_game_per_player(services: Services, db: Database) -> None:
    await federation_from_zero(db, players=4)
    await dispatch(services, user("boss"), f"/league ufgo {LEAGUE[0]} {LEAGUE[1]}")
    empty = await dispatch(services, user("boss"), f"/closeround ufgo {LEAGUE[0]}")
    assert empty.plain == f"Round 1 of {LEAGUE[0]} has no counted game yet: nothing to rate."
    usage = await dispatch(services, user("u1"), f"/report {LEAGUE[0]}")
    assert usage.plain == GO_USAGE  # a Go federation's players see a Go score
    await dispatch(services, user("u1"), f"/report {LEAGUE[0]} UFGO-0002 win")
    waiting = await dispatch(services, user("u2"), "/gameok 1")
    assert waiting.plain == (
        f"Report #1 counted in {LEAGUE[0]}, round 1: it is rated when the director closes "
        "the round."
    )
    busy = await dispatch(services, user("u1"), f"/report {LEAGUE[0]} UFGO-0003 win")
    assert "already has a counted game in round 1" in busy.plain
    mine = await dispatch(services, user("u2"), "/mygames")
    assert mine.plain.splitlines() == [
        "Your games (1), page 1 of 1:",
        f"#1 {LEAGUE[0]}: loss against Bondarenko Olena (UFGO-0001) — confirmed, rated when "
        "the round closes",
    ]
    closed = await dispatch(services, user("boss"), f"/closeround ufgo {LEAGUE[0]}")
    assert closed.plain.startswith(f"Round 1 of {LEAGUE[0]} closed: 1 game rated")
    assert "Bondarenko Olena (UFGO-0001): 2303 (3 dan) → 2306 (3 dan)" in closed.plain
    await dispatch(services, user("u1"), f"/report {LEAGUE[0]} UFGO-0003 B+R white")
    await dispatch(services, user("u4"), f"/report {LEAGUE[0]} UFGO-0002 W+0.5 white")
    await dispatch(services, user("u3"), "/gamedispute 2")
    mine = await dispatch(services, user("u1"), f"/mygames {LEAGUE[0]}")
    assert mine.plain.splitlines()[1:] == [
        f"#2 {LEAGUE[0]}: loss against Shevchenko Taras (UFGO-0003) — disputed",
        f"#1 {LEAGUE[0]}: win against Kovalenko Ivan (UFGO-0002) — rated",
    ]
    theirs = await dispatch(services, user("u2"), "/mygames")
    assert (
        f"#3 {LEAGUE[0]}: loss against Melnyk Oksana (UFGO-0004) — reported, waiting for the "
        "opponent" in theirs.plain
    )
    params = await league_params(db)
    assert params["league"]["round"] == 2


async def test_mygames_pages(services: Services, db: Database) -> None:
    await federation_from_zero(db, players=4)
    await dispatch(services, user("boss"), f"/league ufgo {LEAGUE[0]} rating=immediate")
    nothing = await dispatch(services, user("u1"), "/mygames")
    assert nothing.plain == "You have no game reports yet."
    for n in range(1, 18):
        await dispatch(services, user("u1"), f"/report {LEAGUE[0]} UFGO-0002 win")
        await dispatch(services, user("u2"), f"/gameok {n}")
    first = await dispatch(services, user("u1"), "/mygames")
    assert first.plain.splitlines()[0] == "Your games (17), page 1 of 2:"
    assert len(first.plain.splitlines()) == 16
    assert [b.action for b in first.buttons] == ["/mygames 2"]
    second = await dispatch(services, user("u1"), "/mygames 2")
    assert second.plain.splitlines()[1:] == [
        f"#2 {LEAGUE[0]}: win against Kovalenko Ivan (UFGO-0002) — rated",
        f"#1 {LEAGUE[0]}: win against Kovalenko Ivan (UFGO-0002) — rated",
    ]
    unknown = await dispatch(services, user("u1"), "/mygames nowhere")
    assert unknown.plain == "You have no tournament nowhere."


async def test_closing_a_round_replays_the_tournaments_held_after_the_league(
    services: Services, db: Database
) -> None:
    """A tournament dated after the league starts from the IK the league gives: each rating of
    the league re-rates it (a new version), as a correction of a file would."""
    await federation_from_zero(db, players=4)
    await dispatch(services, user("boss"), f"/league ufgo {LEAGUE[0]} date=2026-11-10 {LEAGUE[1]}")
    later = (
        league_file([(1, 1, 3, "1"), (1, 2, 4, "1")])
        .replace(f"code,{LEAGUE[0]}", "code,after-cup")
        .replace("date,2026-11-10", "date,2026-11-15")
    )
    await submit(db, "ufgo", later)
    await dispatch(services, user("u1"), f"/report {LEAGUE[0]} UFGO-0002 loss")
    await dispatch(services, user("u2"), "/gameok 1")
    closed = await dispatch(services, user("boss"), f"/closeround ufgo {LEAGUE[0]}")
    assert closed.plain.endswith("Later tournaments re-rated: 1."), closed.plain
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("ufgo")
        assert discipline is not None
        cup = await repos.ledger.tournament(discipline.id, "after-cup")
        assert cup is not None
        current = await repos.ledger.current_version(cup.id)
        assert current is not None
        assert (current.version, current.reason) == (
            2,
            f"replayed after correction of {LEAGUE[0]}",
        )
        player = await repos.players.by_federation_id(discipline.federation_id, "UFGO-0001")
        assert player is not None
        pid = str(player.id)
        start = current.params["ik_before"][pid]
    league = await league_params(db)
    assert start == league["ik_after"][pid]  # the cup starts where the league ends


async def test_a_game_waiting_for_its_round_keeps_the_titles_of_the_league(
    services: Services, db: Database
) -> None:
    """A newcomer's first title comes with the league's rating; the version that only holds a
    game waiting for the next round keeps it counting (a superseded version's rows stop)."""
    await federation_from_zero(db, players=4)
    async with db.transaction() as repos:
        fed = await repos.federations.by_code("UFGO")
        assert fed is not None
        await repos.players.add(fed.id, "UFGO-0005", "Savchuk Oleksandr")
    await link(db, "u5", "UFGO-0005")
    await dispatch(services, user("boss"), f"/league ufgo {LEAGUE[0]} {LEAGUE[1]}")
    await dispatch(services, user("u5"), f"/report {LEAGUE[0]} UFGO-0001 loss")
    await dispatch(services, user("u1"), "/gameok 1")
    await dispatch(services, user("boss"), f"/closeround ufgo {LEAGUE[0]}")
    rated = await _title(db, "UFGO-0005")
    assert rated is not None
    await dispatch(services, user("u5"), f"/report {LEAGUE[0]} UFGO-0002 loss")
    waiting = await dispatch(services, user("u2"), "/gameok 2")
    assert "rated when the director closes the round" in waiting.plain
    assert await _title(db, "UFGO-0005") == rated


async def _title(db: Database, fid: str) -> tuple[str, str] | None:
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("ufgo")
        assert discipline is not None
        player = await repos.players.by_federation_id(discipline.federation_id, fid)
        assert player is not None
        title = await repos.ledger.current_title(player.id, discipline.id)
        return (title.title, title.reason) if title is not None else None
