"""The Othello demo: one World Othello Championship the day before the demo's date.

A Swiss WOC of the federation's players (a field that I.2 admits, group A drawn), entered as a
director would: the file through the adapter's ``prepare``, then four rounds through the
``/round`` path, each one's results drawn against the pairing the previous version published.
One tournament and its rounds is not a series of files, so it does not use the shared loop;
the discipline publishes on demand (the demo's list of its date).
"""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, time, timedelta

from fedrank.demo.replay import demo_players
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.othello_woc import prepare_round
from fedrank.storage.models import Discipline, Player
from fedrank.storage.repos import Repos

ROUNDS = 4


def demo_field(players: list[Player], year: int) -> list[tuple[str, list[str]]]:
    """A field that I.2 admits (at most four a country, three of one gender), even in size;
    (federation ID, flags), ``youth`` for players aged 14 or less on 31 December (B.1)."""
    by_country: dict[str, int] = {}
    by_gender: dict[tuple[str, str], int] = {}
    out: list[tuple[str, list[str]]] = []
    for p in players:
        if not p.country or p.gender not in ("M", "F"):
            continue
        key = (p.country, p.gender)
        if by_country.get(p.country, 0) >= 4 or by_gender.get(key, 0) >= 3:
            continue
        by_country[p.country] = by_country.get(p.country, 0) + 1
        by_gender[key] = by_gender.get(key, 0) + 1
        young = p.birth_date is not None and p.birth_date.year >= year - 14
        out.append((p.federation_player_id, ["youth"] if young else []))
    if len(out) % 2:
        out.pop()
    return out


def demo_game(rng: random.Random, black: str, white: str, strength: dict[str, float]) -> str:
    """A plausible result: the stronger player wins more often, discs 64 in all."""
    p_black = 1 / (1 + 10 ** ((strength[white] - strength[black]) / 400))
    roll = rng.random()
    if abs(roll - p_black) < 0.02:
        return f"{black} {white} 32-32"
    margin = rng.choice((2, 4, 6, 8, 10, 12, 14, 18, 22, 26, 30, 36))
    win, lose = 32 + margin // 2, 32 - margin // 2
    return f"{black} {white} {win}-{lose}" if roll < p_black else f"{black} {white} {lose}-{win}"


async def load(
    repos: Repos, adapter: SystemAdapter, discipline: Discipline, rng: random.Random, today: date
) -> None:
    """The demo WOC of one discipline, its first four rounds played."""
    players = await demo_players(repos, discipline)
    held_on = today - timedelta(days=1)
    field = demo_field(players, held_on.year)
    for index in rng.sample(range(len(field)), k=min(8, len(field) // 4)):
        field[index][1].append("A")  # II.6.1: semi-finalists of the last ten WOCs
    strength = {p.federation_player_id: rng.gauss(1800, 200) for p in players}
    text = "\n".join(
        [
            f"tournament: World Othello Championship {held_on.year} (demo)",
            f"code: woc-{held_on.year}-demo",
            f"date: {held_on.isoformat()}",
            f"seed: {rng.randrange(1, 10**6)}",
            "bye_points: 1",
            "championship: world",  # I.2 binds the WOC (RULES.md Decision (scope))
            "",
            *(
                f"player: {fid}" + (f" | {' '.join(flags)}" if flags else "")
                for fid, flags in field
            ),
        ]
    )
    now_at = datetime.combine(today, time(12), tzinfo=UTC)
    prepared = await adapter.prepare(repos, discipline, text, "demo.txt")
    version = await repos.ledger.write_prepared(discipline, prepared, now=now_at, account_id=None)
    stored = await repos.ledger.tournament_by_id(version.tournament_id)
    assert stored is not None
    for _ in range(ROUNDS):
        pairing = prepared.params["next_round"]
        lines = [demo_game(rng, p["black"], p["white"], strength) for p in pairing["pairs"]]
        lines += [f"{pid} BYE" for pid in pairing["byes"]]
        prepared = await prepare_round(repos, discipline, stored, "\n".join(lines))
        await repos.ledger.write_prepared(discipline, prepared, now=now_at, account_id=None)
