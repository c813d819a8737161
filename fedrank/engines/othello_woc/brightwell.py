"""Points, the Mixed Brightwell System and the order of the standings.

Seed 004 (``004_460858c73f2f8122.txt``) II.3.1 (points and the tie order), Appendix A
(the Mixed Brightwell System, C = 6) and RULES.md othello_woc "Tie-break":

    BQ = discs + C * (sum of the points of every opponent who did not withdraw)
         + (32 + C * own points) for each game against a withdrawn opponent,
           each bye and each unplayed round.

Ties: points, then BQ, then discs, then a random draw. **Decision (RULES.md othello_woc,
"random" is seeded):** the draw is a shuffle of all player ids (sorted) by
``random.Random(seed)``; each player's ``lot`` is recorded in his trace.

Engine decisions where the seed is silent:

- **D1** a bye scores ``bye_points`` (an input); a bye without it is refused (II.7).
- **D2** the disc count of the third tie-break key is the sum of the official discs of
  every game the player played (against withdrawn opponents too); a bye or unplayed round
  adds no discs (Appendix A.3 a leaves them out).
- **D3** the opponents' points are summed per game, so in a double round robin an opponent
  counts twice (Appendix A.3 b "for each game").
- **D4** the rounds after a player's own withdrawal are not "unplayed rounds" for him.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from fedrank.engines.kernel import RuleError, Trace, to_jsonable
from fedrank.engines.othello_woc.model import Tournament

NEUTRAL_DISCS = 32
"""Appendix A.3 c: a game against a withdrawn opponent, a bye or an unplayed round counts 32."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings; ``rank`` is 1-based and total (ties already broken)."""

    rank: int
    player: str
    points: Decimal
    BQ: Decimal
    discs: int
    lot: int
    withdrawn: bool
    trace: Trace

    def to_json(self) -> Any:
        return to_jsonable(self._json_fields())

    def _json_fields(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "player": self.player,
            "points": self.points,
            "BQ": self.BQ,
            "discs": self.discs,
            "lot": self.lot,
            "withdrawn": self.withdrawn,
            "trace": self.trace,
        }


def tidy(value: Decimal) -> Decimal:
    """Show points and BQ alike: whole numbers as ``8``, halves as ``4.5``."""
    whole = value.quantize(Decimal(1))
    return whole if whole == value else value.quantize(Decimal("0.1"))


def tournament_points(t: Tournament) -> dict[str, Decimal]:
    """II.3.1: one point a win, half a draw; a bye scores ``bye_points`` (decision D1)."""
    points = {p.id: Decimal(0) for p in t.players}
    for r in t.rounds:
        for g in r.games:
            points[g.black] += g.points(g.black)
            points[g.white] += g.points(g.white)
        if r.byes:
            if t.bye_points is None:
                raise RuleError(
                    f"round {r.number} has a bye but the points of a bye are not set "
                    "(header 'bye_points'); the seed does not say what a bye scores",
                    rule="seed 004 II.7 / engine decision D1",
                )
            for pid in r.byes:
                points[pid] += t.bye_points
    return {pid: tidy(v) for pid, v in points.items()}


def draw_lots(player_ids: Sequence[str], seed: int) -> dict[str, int]:
    """The recorded random draw of II.3.1: lot 1 wins a tie that nothing else breaks."""
    order = sorted(player_ids)
    random.Random(seed).shuffle(order)
    return {pid: i + 1 for i, pid in enumerate(order)}


def standings(t: Tournament, *, seed: int | None = None) -> list[Standing]:
    """The standings after the rounds so far, with each player's BQ trace (Appendix A)."""
    C = Decimal(t.C)
    points = tournament_points(t)
    gone = t.withdrawal_round()
    lots = draw_lots([p.id for p in t.players], t.seed if seed is None else seed)
    by_round = [{pid: g for g in r.games for pid in (g.black, g.white)} for r in t.rounds]
    rows: list[tuple[tuple[Decimal, Decimal, int, int], Standing]] = []
    for p in t.players:
        trace = Trace()
        own = points[p.id]
        trace.add("C", C, rule="seed 004 A.2")
        trace.add("points", own, rule="seed 004 II.3.1")
        discs_all = 0
        discs_b = 0
        opp_points = Decimal(0)
        neutral = 0
        for r, games in zip(t.rounds, by_round, strict=True):
            if p.id in gone and r.number > gone[p.id]:
                continue  # decision D4
            game = games.get(p.id)
            if game is not None:
                opp = game.opponent(p.id)
                own_discs = game.discs(p.id)
                discs_all += own_discs
                if opp in gone:
                    neutral += 1
                    trace.add(
                        f"R{r.number}",
                        tidy(NEUTRAL_DISCS + C * own),
                        rule="seed 004 A.3 c",
                        note=f"{own_discs} discs vs {opp}, who withdrew: counts 32 + C*points",
                    )
                else:
                    discs_b += own_discs
                    opp_points += points[opp]
                    trace.add(
                        f"R{r.number}",
                        tidy(own_discs + C * points[opp]),
                        rule="seed 004 A.3 b",
                        note=f"{own_discs} discs vs {opp}, who has {points[opp]} "
                        + ("pt" if points[opp] == 1 else "pts"),
                    )
            elif p.id in r.byes or p.id in r.unplayed:
                neutral += 1
                what = "bye" if p.id in r.byes else "unplayed round"
                trace.add(
                    f"R{r.number}",
                    tidy(NEUTRAL_DISCS + C * own),
                    rule="seed 004 A.3 c",
                    note=f"{what}: counts 32 + C*points",
                )
        trace.add("discs_counted", discs_b, rule="seed 004 A.3 b")
        trace.add("opponents_points", tidy(opp_points), rule="seed 004 A.3 b")
        trace.add("neutral_games", neutral, rule="seed 004 A.3 c")
        bq = trace.add(
            "BQ",
            tidy(discs_b + C * opp_points + neutral * (NEUTRAL_DISCS + C * own)),
            rule="seed 004 A.3",
            note="discs_counted + C*opponents_points + neutral_games*(32 + C*points)",
        )
        trace.add("discs", discs_all, rule="seed 004 II.3.1 / engine decision D2")
        trace.add("lot", lots[p.id], rule="RULES.md othello_woc Decision (seeded draw)")
        key = (-own, -bq, -discs_all, lots[p.id])
        rows.append((key, Standing(0, p.id, own, bq, discs_all, lots[p.id], p.id in gone, trace)))
    rows.sort(key=lambda kv: kv[0])
    return [
        Standing(i + 1, s.player, s.points, s.BQ, s.discs, s.lot, s.withdrawn, s.trace)
        for i, (_, s) in enumerate(rows)
    ]
