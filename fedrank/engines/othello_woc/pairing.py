"""Pairings of the first two days: round robin tables, the first Swiss round, later rounds.

Seed 004 (``004_460858c73f2f8122.txt``) II.2 (system by field size, extra player, BYE),
II.6.1 (first Swiss round), II.6.2 (the seven criteria of later rounds), II.7 (withdrawals)
and RULES.md othello_woc.

**Decision (RULES.md othello_woc, first round):** "random" is ``random.Random(seed)``; the seed
is an input and is recorded in the :class:`Pairing` (and so with the round).

**Decision (RULES.md othello_woc, later rounds):** a later Swiss round is an exact minimum-cost
perfect matching (solved as a maximum-weight perfect matching by rustworkx) whose cost is
lexicographic in the order (a)-(g): each criterion's weight exceeds the largest total that all
lower criteria can reach over a whole round, so a higher criterion is never given up for a
lower one. It is never a greedy search.

How each criterion is measured (engine decisions where II.6.2 only says "minimal"):

- (a) hard: no second meeting (plain Swiss) / no third meeting (modified Swiss). A round with
  no perfect matching under (a) is refused.
- (b) the sum over pairs of the squared difference of points (in half points), so two small
  floats are preferred to one big one.
- (c) modified Swiss: the number of pairs that already met.
- (d) for each pair, the colour difference (blacks - whites) of the player who gets the colour
  that makes his difference worse, 0 if he had none (= the sum of squared differences / 4).
- (e) the number of players who float in the same direction as their most recent float.
- (f) the number of players who get the same colour as in their previous game.
- (g) the number of pairs of players registered for the same country.

Within a pair the colours are those with the smaller (d) then (f); when both ways are equal
the round's seeded generator decides. A BYE (II.7, odd field) is a dummy with 0 points that
counts for (a)-(c) only; a player cannot meet it more often than another player.
Round robin pairing numbers are the order of the field (the director draws them), the tables
are the circle (Berger) method with colours by the parity of the two numbers; the second cycle
of a double round robin repeats the first with colours reversed. A withdrawn player's games
become byes for his opponents (II.7).

Speed without giving up exactness: an edge (x, y) can be in an optimal matching only if
``b(x, y) + LB(rest) <= b(optimum)``, where ``LB(rest)`` is the best (b) the other players
could reach with no constraint at all (consecutive players in score order, exact for a convex
cost on a line). The matching is solved on the edges that pass for a threshold ``T``,
starting from ``T = LB(all)``; if its (b) is within ``T`` it is the optimum of the full graph,
otherwise ``T`` grows and the round is solved again. Each connected component of the pruned
graph is matched on its own (a perfect matching is the union of its components' ones).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import rustworkx as rx

from fedrank.engines.kernel import RuleError, Trace, to_jsonable
from fedrank.engines.othello_woc.brightwell import standings
from fedrank.engines.othello_woc.model import BYE, SWISS_ROUNDS, System, Tournament

CRITERIA = ("b", "c", "d", "e", "f", "g")
"""The measured criteria of II.6.2 in falling priority ((a) is a hard constraint)."""


@dataclass(frozen=True, slots=True)
class Pair:
    """One table: ``white`` is ``BYE`` for a bye. ``costs`` are criteria (b)-(g) of the pair."""

    table: int
    black: str
    white: str
    costs: tuple[int, ...] = ()

    def to_json(self) -> Any:
        return to_jsonable(self._json_fields())

    def _json_fields(self) -> dict[str, object]:
        out: dict[str, object] = {"table": self.table, "black": self.black, "white": self.white}
        if self.costs:
            out["criteria"] = dict(zip(CRITERIA, self.costs, strict=True))
        return out


@dataclass(frozen=True, slots=True)
class Pairing:
    """The pairing of one round, with the seed of its draw and how it was made."""

    round: int
    system: System
    method: str
    pairs: tuple[Pair, ...]
    seed: int | None = None
    trace: Trace = field(default_factory=Trace)

    @property
    def byes(self) -> tuple[str, ...]:
        return tuple(p.black for p in self.pairs if p.white == BYE)

    def to_json(self) -> Any:
        return to_jsonable(self._json_fields())

    def _json_fields(self) -> dict[str, object]:
        return {
            "round": self.round,
            "system": self.system.value,
            "method": self.method,
            "seed": self.seed,
            "pairs": [p for p in self.pairs if p.white != BYE],
            "byes": list(self.byes),
            "trace": self.trace,
        }


def total_rounds(t: Tournament) -> int:
    """II.2: 13 Swiss rounds; a round robin has one round per opponent (twice if double)."""
    system = t.chosen_system
    if system.is_swiss:
        return SWISS_ROUNDS
    n = len(t.players) + len(t.players) % 2
    return (n - 1) * (2 if system is System.DOUBLE_ROUND_ROBIN else 1)


# --------------------------------------------------------------------------- round robin


def berger_round(n: int, round_no: int) -> list[tuple[int, int]]:
    """Pairs (black, white) of 0-based pairing numbers for round ``round_no`` of a single
    round robin of ``n`` (even) numbers; the circle method with number 0 fixed."""
    if n % 2 or n < 2:
        raise ValueError("a round robin table needs an even number of places")
    if not 1 <= round_no <= n - 1:
        raise ValueError(f"round {round_no} is not in 1..{n - 1}")
    ring = list(range(1, n))
    shift = round_no - 1
    ring = ring[-shift:] + ring[:-shift] if shift else ring
    seats = [0, *ring]
    out = []
    for i in range(n // 2):
        x, y = seats[i], seats[n - 1 - i]
        lo, hi = min(x, y), max(x, y)
        out.append((lo, hi) if (lo + hi) % 2 else (hi, lo))
    return out


def round_robin_pairing(t: Tournament, round_no: int) -> Pairing:
    """II.2 a/b: the round ``round_no`` of the (double) round robin, byes for withdrawals."""
    system = t.chosen_system
    if system.is_swiss:
        raise RuleError(f"{system.value} is not a round robin", rule="seed 004 II.2")
    total = total_rounds(t)
    if not 1 <= round_no <= total:
        raise RuleError(f"the round robin has rounds 1-{total}", rule="seed 004 II.2")
    ids = [p.id for p in t.players]
    if len(ids) % 2:
        ids.append(BYE)
    n = len(ids)
    cycle_round = (round_no - 1) % (n - 1) + 1
    second_cycle = round_no > n - 1
    gone = t.withdrawal_round()
    pairs: list[Pair] = []
    byes: list[str] = []
    for b, w in berger_round(n, cycle_round):
        black, white = (ids[w], ids[b]) if second_cycle else (ids[b], ids[w])
        if black in gone or black == BYE:
            black, white = white, black
        if black in gone or black == BYE:
            continue  # both places empty
        if white in gone or white == BYE:
            byes.append(black)
        else:
            pairs.append(Pair(len(pairs) + 1, black, white))
    pairs.extend(Pair(len(pairs) + 1 + i, pid, BYE) for i, pid in enumerate(byes))
    trace = Trace()
    trace.add("pairing_numbers", ids, rule="engine decision: the field order")
    trace.add("cycle", 2 if second_cycle else 1, rule="seed 004 II.2 a")
    return Pairing(round_no, system, "berger", tuple(pairs), None, trace)


# --------------------------------------------------------------------------- first Swiss round


def first_swiss_round(t: Tournament, seed: int) -> Pairing:
    """II.6.1: A against B at random, the A player black then white alternately; the rest at
    random (the first drawn is black). With an odd field the last one drawn meets the BYE."""
    rng = random.Random(seed)
    active = t.active_players()
    group_a = sorted(p.id for p in active if p.group_a)
    group_b = sorted(p.id for p in active if not p.group_a)
    rng.shuffle(group_a)
    rng.shuffle(group_b)
    pairs: list[Pair] = []
    k = min(len(group_a), len(group_b))
    for i in range(k):
        a, b = group_a[i], group_b[i]
        pairs.append(Pair(i + 1, a, b) if i % 2 == 0 else Pair(i + 1, b, a))
    rest = group_a[k:] + group_b[k:]
    rng.shuffle(rest)
    for i in range(0, len(rest) - 1, 2):
        pairs.append(Pair(len(pairs) + 1, rest[i], rest[i + 1]))
    if len(rest) % 2:
        pairs.append(Pair(len(pairs) + 1, rest[-1], BYE))
    trace = Trace()
    trace.add("seed", seed, rule="RULES.md othello_woc Decision (seeded draw)")
    trace.add("A_vs_B", k, rule="seed 004 II.6.1")
    return Pairing(1, t.chosen_system, "first-round-draw", tuple(pairs), seed, trace)


# --------------------------------------------------------------------------- later Swiss rounds


@dataclass(slots=True)
class PlayerHistory:
    """What the criteria of II.6.2 need to know of one player before the next round."""

    hp: int = 0  # points in half points
    opponents: Counter[str] = field(default_factory=Counter)
    colour_diff: int = 0  # blacks - whites
    last_colour: str = ""
    last_float: int = 0  # +1 floated up, -1 floated down, 0 never


def histories(t: Tournament) -> dict[str, PlayerHistory]:
    """Points, opponents, colours and floats of every player from the rounds played."""
    h = {p.id: PlayerHistory() for p in t.players}
    bye_hp = 0
    if t.bye_points is not None:
        bye_hp = int(t.bye_points * 2)
    for r in t.rounds:
        before = {pid: x.hp for pid, x in h.items()}
        for g in r.games:
            hb, hw = h[g.black], h[g.white]
            hb.opponents[g.white] += 1
            hw.opponents[g.black] += 1
            hb.colour_diff += 1
            hw.colour_diff -= 1
            hb.last_colour, hw.last_colour = "B", "W"
            hb.hp += int(g.points(g.black) * 2)
            hw.hp += int(g.points(g.white) * 2)
            if before[g.black] != before[g.white]:
                up, down = (hb, hw) if before[g.black] < before[g.white] else (hw, hb)
                up.last_float, down.last_float = 1, -1
        for pid in r.byes:
            if t.bye_points is None:
                raise RuleError(
                    f"round {r.number} has a bye but 'bye_points' is not set",
                    rule="seed 004 II.7 / engine decision D1",
                )
            h[pid].opponents[BYE] += 1
            h[pid].hp += bye_hp
    return h


def _sorted_pairing_cost(counts: dict[int, int]) -> int:
    """Sum of squared differences when the scores are paired consecutively in sorted order."""
    cost = 0
    carry: int | None = None
    for v in sorted(counts, reverse=True):
        c = counts[v]
        if c <= 0:
            continue
        if carry is not None:
            cost += (carry - v) ** 2
            c -= 1
            carry = None
        if c % 2:
            carry = v
    return cost


_Edge = tuple[int, int, int, int, int, int, int, int, bool, bool]
"""(i, j, b, c, d, e, f, g, swap, tie): i < j; ``swap`` gives j black; ``tie`` means both
colour assignments cost the same on (d) and (f)."""


def _solve(n: int, edges: list[_Edge]) -> list[_Edge] | None:
    """Lexicographic minimum-cost perfect matching on ``edges`` (None if there is none)."""
    if not edges:
        return [] if n == 0 else None
    pairs = n // 2
    columns = list(zip(*edges, strict=True))
    weights = [1] * 6
    for k in range(4, -1, -1):  # weight of criterion k beats every lower total
        bound = max(columns[k + 3]) * pairs  # columns[k + 3] is criterion k + 1
        weights[k] = weights[k + 1] * (bound + 1)
    wb, wc, wd, we, wf, wg = weights
    costs = [
        wb * b + wc * c + wd * d + we * e + wf * f + wg * g
        for _, _, b, c, d, e, f, g, _, _ in edges
    ]
    top = max(costs) + 1
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from([(x[0], x[1], top - c) for x, c in zip(edges, costs, strict=True)])
    matching: set[tuple[int, int]] = set()
    for component in rx.connected_components(graph):
        # the matching of a graph is the union of its components' matchings
        if len(component) % 2:
            return None
        sub = graph.subgraph(sorted(component))
        found = rx.max_weight_matching(sub, max_cardinality=True, weight_fn=int)
        if len(found) * 2 != len(component):
            return None
        matching.update((sub[a], sub[b]) for a, b in found)
    index = {(x[0], x[1]): x for x in edges}
    return [index[(min(a, b), max(a, b))] for a, b in matching]


def _block(
    xs: Sequence[int],
    ys: Sequence[int],
    same: bool,
    ids: Sequence[str],
    hp: Sequence[int],
    hist: Sequence[PlayerHistory | None],
    country: Sequence[str],
    limit: int,
    modified: bool,
) -> list[_Edge]:
    """The allowed edges between two score groups with criteria (b)-(g) of each."""
    out: list[_Edge] = []
    for x in xs:
        for y in ys:
            if same and y <= x:
                continue
            i, j = (x, y) if x < y else (y, x)
            hi, hj = hist[i], hist[j]
            assert hi is not None  # the BYE is always last, so i is a player
            met = hi.opponents.get(ids[j], 0)
            if met >= limit:
                continue
            diff = hp[i] - hp[j]
            b = diff * diff
            c = 1 if modified and met else 0
            if hj is None:  # BYE: only (a)-(c) apply
                out.append((i, j, b, c, 0, 0, 0, 0, False, False))
                continue
            ci, cj = hi.colour_diff, hj.colour_diff
            d1 = (ci if ci > 0 else 0) + (-cj if cj < 0 else 0)  # i black
            f1 = (hi.last_colour == "B") + (hj.last_colour == "W")
            d2 = (cj if cj > 0 else 0) + (-ci if ci < 0 else 0)  # j black
            f2 = (hj.last_colour == "B") + (hi.last_colour == "W")
            swap = (d2, f2) < (d1, f1)
            e = 0
            if diff:
                up, down = (hi, hj) if diff < 0 else (hj, hi)
                e = (up.last_float == 1) + (down.last_float == -1)
            g = 1 if country[i] == country[j] else 0
            if swap:
                out.append((i, j, b, c, d2, e, f2, g, True, False))
            else:
                out.append((i, j, b, c, d1, e, f1, g, False, (d1, f1) == (d2, f2)))
    return out


def swiss_pairing(t: Tournament, seed: int) -> Pairing:
    """II.6.2: the next Swiss round (2 and later) as an exact lexicographic matching."""
    system = t.chosen_system
    if not system.is_swiss:
        raise RuleError(f"{system.value} is not a Swiss system", rule="seed 004 II.2")
    modified = system is System.MODIFIED_SWISS
    limit = 2 if modified else 1
    hist_by_id = histories(t)
    gone = t.withdrawal_round()
    order = [s.player for s in standings(t) if s.player not in gone]
    ids: list[str] = list(order)
    if len(ids) % 2:
        ids.append(BYE)
    n = len(ids)
    hist: list[PlayerHistory | None] = [hist_by_id.get(pid) for pid in ids]
    hp = [h.hp if h is not None else 0 for h in hist]
    countries = {p.id: p.country for p in t.players}
    country = [countries.get(pid, "") for pid in ids]
    by_value: dict[int, list[int]] = {}
    for i, v in enumerate(hp):
        by_value.setdefault(v, []).append(i)
    counts = {v: len(ix) for v, ix in by_value.items()}
    values = sorted(by_value)

    def lb_without(v1: int, v2: int) -> int:
        rest = dict(counts)
        rest[v1] -= 1
        rest[v2] -= 1
        return _sorted_pairing_cost(rest)

    lb_pair = {}
    for a_i, v1 in enumerate(values):
        for v2 in values[a_i:]:
            if v1 == v2 and counts[v1] < 2:
                continue
            lb_pair[(v1, v2)] = (v1 - v2) ** 2 + lb_without(v1, v2)
    lb_all = _sorted_pairing_cost(counts)
    threshold = lb_all
    edge_cache: dict[tuple[int, int], list[_Edge]] = {}
    result: list[_Edge] | None = None
    passes = 0
    while True:
        passes += 1
        edges: list[_Edge] = []
        for (v1, v2), need in lb_pair.items():
            if need > threshold:
                continue
            if (v1, v2) not in edge_cache:
                edge_cache[(v1, v2)] = _block(
                    by_value[v1], by_value[v2], v1 == v2, ids, hp, hist, country, limit, modified
                )
            edges.extend(edge_cache[(v1, v2)])
        complete = all(need <= threshold for need in lb_pair.values())
        result = _solve(n, edges)
        if result is not None:
            found_b = sum(x[2] for x in result)
            if found_b <= threshold:
                break
            threshold = found_b
            continue
        if complete:
            raise RuleError(
                f"no pairing of round {len(t.rounds) + 1} avoids "
                + ("a third meeting" if modified else "a repeated meeting"),
                rule="seed 004 II.6.2 a",
            )
        threshold = max(threshold * 2, threshold + 4)
    rng = random.Random(seed)
    chosen = sorted(result, key=lambda x: (-max(hp[x[0]], hp[x[1]]), x[0]))
    pairs: list[Pair] = []
    bye_pairs: list[Pair] = []
    totals = [0] * 6
    for i, j, *crit, swap, tie in chosen:
        costs = tuple(int(v) for v in crit)
        for k in range(6):
            totals[k] += costs[k]
        if ids[j] == BYE:
            bye_pairs.append(Pair(0, ids[i], BYE, costs))
            continue
        if tie and rng.random() < 0.5:
            swap = not swap
        black, white = (ids[j], ids[i]) if swap else (ids[i], ids[j])
        pairs.append(Pair(len(pairs) + 1, black, white, costs))
    pairs.extend(
        Pair(len(pairs) + 1 + k, p.black, p.white, p.costs) for k, p in enumerate(bye_pairs)
    )
    trace = Trace()
    trace.add("seed", seed, rule="RULES.md othello_woc Decision (seeded draw)")
    trace.add("LB_b", lb_all, rule="seed 004 II.6.2 b", note="unconstrained lower bound")
    trace.add("passes", passes, note="matching solves until the (b) bound held")
    for name, total in zip(CRITERIA, totals, strict=True):
        trace.add(name, total, rule=f"seed 004 II.6.2 {name}")
    return Pairing(len(t.rounds) + 1, system, "max-weight-matching", tuple(pairs), seed, trace)


def next_pairing(t: Tournament, seed: int) -> Pairing:
    """The pairing of the next round of the first two days (II.2, II.6)."""
    number = len(t.rounds) + 1
    total = total_rounds(t)
    if number > total:
        raise RuleError(
            f"all {total} rounds of the first two days are played", rule="seed 004 II.2"
        )
    system = t.chosen_system
    if not system.is_swiss:
        return round_robin_pairing(t, number)
    if number == 1:
        return first_swiss_round(t, seed)
    return swiss_pairing(t, seed)


def round_seed(tournament_seed: int, round_no: int) -> int:
    """The seed recorded for round ``round_no`` when a file gives only the tournament's seed."""
    return tournament_seed * 1000 + round_no


__all__ = [
    "BYE",
    "CRITERIA",
    "Pair",
    "Pairing",
    "PlayerHistory",
    "berger_round",
    "first_swiss_round",
    "histories",
    "next_pairing",
    "round_robin_pairing",
    "round_seed",
    "swiss_pairing",
    "total_rounds",
]
