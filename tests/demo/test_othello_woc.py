"""The WOC demo: one championship, four rounds entered through /round's path, and its list."""

from __future__ import annotations

import random
from datetime import date
from decimal import Decimal

import pytest

from fedrank import demo
from fedrank.demo.othello_woc import demo_field, demo_game
from fedrank.engines.othello_woc import calc_document
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems import all_systems
from fedrank.handlers.systems.othello_woc import ADAPTER
from fedrank.storage.database import Database
from fedrank.storage.models import Player
from tests.conftest import user


def test_the_field_is_one_the_rules_admit() -> None:
    """At most four a country and three of one gender (I.2), an even field, youth flags (B.1)."""
    players = [
        Player(
            federation_player_id=f"WOF-{i:04d}",
            country="JPN" if i <= 6 else "FRA",
            gender="M" if i % 2 else "F",
            birth_date=date(2014 if i == 7 else 1990, 1, 1),
        )
        for i in range(1, 10)
    ]
    players.append(Player(federation_player_id="WOF-0010", country=None, gender="M"))
    field = demo_field(players, 2026)
    kept = ["WOF-0001", "WOF-0002", "WOF-0003", "WOF-0004", "WOF-0007", "WOF-0008"]
    assert [fid for fid, _ in field] == kept
    assert dict(field)["WOF-0007"] == ["youth"] and dict(field)["WOF-0001"] == []


def test_a_game_has_64_discs_and_the_same_seed_gives_the_same_game() -> None:
    strength = {"A": 2200.0, "B": 1400.0}
    games = [demo_game(random.Random(n), "A", "B", strength) for n in range(200)]
    assert games == [demo_game(random.Random(n), "A", "B", strength) for n in range(200)]
    for game in games:
        black, white = (int(x) for x in game.split()[2].split("-"))
        assert black + white == 64
    wins = sum(1 for g in games if int(g.split()[2].split("-")[0]) > 32)
    assert wins > 150  # the much stronger player wins most games


@pytest.mark.slow
async def test_the_demo_loads_a_list(services: Services, db: Database) -> None:
    await demo.load_demo(db, all_systems(), only={"othello_woc"})
    top = (await dispatch(services, user("u1"), "/top woc 3")).plain
    assert "World Othello Championship: list of 2026-11-01 (top 3 of" in top
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("woc")
        assert disc is not None
        assert all_systems().adapter(disc.system) is ADAPTER
        snapshot = await repos.lists.latest(disc.id)
        assert snapshot is not None
        assert snapshot.data["rounds_played"] == 4 and snapshot.data["rounds_total"] == 13
        stored = await repos.ledger.tournament(disc.id, "woc-2026-demo")
        assert stored is not None
        version = await repos.ledger.current_version(stored.id)
        assert version is not None and version.version == 5
        best, player = (await repos.lists.top(snapshot.id, 1))[0]
        fpid, points = player.federation_player_id, best.rating
        label = f"{player.name} ({fpid})"
        document = version.params["document"]
    # The list is the engine's standings of the stored document: same leader and points.
    engine = calc_document(document)
    assert engine["tournament"]["game_system"] == "swiss"
    leader = engine["standings"][0]
    assert (leader["player"], Decimal(leader["points"])) == (fpid, points)
    assert f"1 | {label} | {points.normalize():f} |" in top
    rating = (await dispatch(services, user("u1"), f"/rating {fpid}")).plain
    assert f"Tournament points: {points.normalize():f}" in rating
    assert "Next: after round 4 of 13: leads; round 5: table 1," in rating
    pairing = (await dispatch(services, user("u1"), "/pairing woc-2026-demo")).plain
    assert f"pairing of round 5 of 13 (swiss, seed {engine['next_round']['seed']})" in pairing
