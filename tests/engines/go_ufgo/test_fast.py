"""The replay's fast path gives exactly the reference path's integers, or hands the tournament back.

The reference is ``rating.prepare`` + ``rating.settle`` (what ``rate_tournament`` runs before it
builds traces); the fast path is ``fast.rate_from_state``. Both work in tenths of a point, so
"the same" means the same players in the same order, the same IKs after, the same number of
passes and the same anomalous players.
"""

import random
from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines.go_ufgo import packed, rating
from fedrank.engines.go_ufgo.fast import FastResult, rate_from_state
from fedrank.engines.go_ufgo.history import PlayerState, RatingState
from fedrank.engines.go_ufgo.rating import Game, PlayerStart, Tournament, rate_tournament
from fedrank.engines.kernel import InputError, RuleError

D = Decimal
WIN, LOSS, JIGO = D(1), D(0), D("0.5")


def reference(t: Tournament, ik: dict[str, int]) -> FastResult:
    """rating.prepare + rating.settle, with the replay's rule for a player with no rated game."""
    p = rating.prepare(t)
    history, last_start = rating.settle(p, [ik[pid] for pid in p.ids])
    out = history[-1].outcome
    values = [f if g else s for f, g, s in zip(out.final, out.k2sum, last_start, strict=True)]
    return p.ids, values, len(history), {i for h in history for i in h.anomalous}


def random_tournament(rng: random.Random) -> tuple[Tournament, dict[str, int]]:
    """Players below 100, around 100 and up to 2800 (some with tenths), upsets, jigo, boards,
    official or not, 45 or 60 minutes, byes (odd numbers of players)."""
    n = rng.randrange(2, 21)
    names = [f"P{i}" for i in range(n)]
    kind = rng.random()
    ik = {}
    for name in names:
        r = rng.random()
        if kind < 0.3 and r < 0.5:
            ik[name] = rng.randrange(0, 1000)  # below 100 (section 5)
        elif kind < 0.5 and r < 0.5:
            ik[name] = rng.randrange(950, 1200)  # around 100: crossings
        else:
            ik[name] = rng.randrange(1000, 28000)
        if rng.random() < 0.7:
            ik[name] -= ik[name] % 10  # mostly whole points, as between tournaments
    upsets = rng.choice([0.0, 0.15, 0.5])
    games: list[Game] = []
    for rnd in range(1, rng.randrange(1, 8) + 1):
        order = names[:]
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=False):
            favourite = ik[a] >= ik[b]
            if min(ik[a], ik[b]) >= 1300 and rng.random() < 0.1:
                score = JIGO
            else:
                score = WIN if favourite != (rng.random() < upsets) else LOSS
            games.append(Game(rnd, a, b, score, line=len(games) + 1))
    t = Tournament(
        "random",
        date(2026, 5, 1),
        tuple(games),
        board=rng.choice([9, 13, 19, 19]),
        time_minutes=rng.choice([45, 60]),
        official=rng.random() < 0.5,
    )
    return t, ik


def test_fast_path_equals_reference_on_random_tournaments() -> None:
    """400 seeded random tournaments: identical results; a hand-back only where the reference
    refuses the tournament (more than 50 passes; a jigo reaching section 5)."""
    rng = random.Random(20261121)
    compared = anomalous = below_100 = several_passes = 0
    for _ in range(400):
        t, ik = random_tournament(rng)
        fast = rate_from_state(t, ik)
        if fast is None:
            with pytest.raises(RuleError):
                reference(t, ik)
            continue
        assert fast == reference(t, ik)
        compared += 1
        anomalous += bool(fast[3])
        below_100 += any(v < 1000 for v in ik.values())
        several_passes += fast[2] > 2
    assert compared >= 360
    assert anomalous >= 60 and several_passes >= 20 and below_100 >= 60


@pytest.mark.parametrize(
    ("ik_d", "board", "restart"),
    [(600, 19, 1000), (920, 9, 1200)],
)
def test_section5_anomaly_on_the_fast_path(ik_d: int, board: int, restart: int) -> None:
    """The §5.4 cases of test_rating: D (60) beats B and C (450) on 19x19, bonus 14 >= 9,
    restarts at 100; D (92) on 9x9, bonus 6 >= 4, restarts at his result 120. A third player
    below 100 (E) loses to B: section 5 between them, table 4 for B."""
    games = (Game(1, "D", "B", WIN), Game(2, "D", "C", WIN), Game(2, "B", "E", WIN))
    t = Tournament("s5", date(2026, 3, 1), games, board=board, official=True)
    ik = {"D": ik_d, "B": 4500, "C": 4500, "E": 700}
    fast = rate_from_state(t, ik)
    assert fast is not None and fast == reference(t, ik)
    assert fast[3] == {0} and fast[2] >= 2
    ref = rating.prepare(t)
    history, _ = rating.settle(ref, [ik[p] for p in ref.ids])
    assert history[1].start[0] == restart


@pytest.mark.parametrize("board", [9, 13, 19])
@pytest.mark.parametrize("official", [True, False])
def test_section5_between_two_players_below_100_on_the_fast_path(
    board: int, official: bool
) -> None:
    """§5.1 between two players below 100 is inlined in the fast path's loop (not
    ``formula._side5``): wins and losses, a crossing of 100 (98.5 wins: 1000 + 10 x the part
    above), then formula (1) from there, in the first pass and in a second one (F's upset)."""
    games = (
        Game(1, "A", "B", WIN),
        Game(1, "C", "D", LOSS),
        Game(1, "E", "F", LOSS),
        Game(2, "A", "C", WIN),
        Game(2, "B", "D", WIN),
        Game(2, "F", "G", WIN),
        Game(3, "A", "D", LOSS),
        Game(3, "B", "C", WIN),
        Game(3, "F", "H", WIN),
    )
    t = Tournament("s5.1", date(2026, 3, 1), games, board=board, official=official)
    ik = {"A": 985, "B": 0, "C": 999, "D": 955, "E": 1800, "F": 1200, "G": 1750, "H": 1900}
    fast = rate_from_state(t, ik)
    assert fast is not None and fast == reference(t, ik)
    assert fast[1][0] > 1000  # A crossed 100


@pytest.mark.parametrize("board", [9, 13, 19])
@pytest.mark.parametrize("minutes", [45, 60])
def test_section5_against_a_player_at_100_or_more_on_the_fast_path(
    board: int, minutes: int
) -> None:
    """Tables 4 and 5 are inlined too: the player below 100 wins (bonus) or loses, the one
    at 100 or more takes table 4 (and k3), drops below 100 (§5.5), or, above 2100 in a game
    of 45 minutes, is not rated (§1.7) while his opponent is."""
    games = (
        Game(1, "L", "H", WIN),
        Game(1, "M", "N", LOSS),
        Game(2, "H", "M", LOSS),
        Game(2, "N", "L", WIN),
        Game(3, "T", "L", LOSS),
        Game(3, "M", "N", WIN),
    )
    t = Tournament(
        "s5.2", date(2026, 3, 1), games, board=board, time_minutes=minutes, official=True
    )
    ik = {"L": 80, "H": 1050, "M": 960, "N": 1400, "T": 21500}
    fast = rate_from_state(t, ik)
    assert fast is not None and fast == reference(t, ik)


@pytest.mark.parametrize(
    ("games", "why"),
    [
        ((Game(1, "A", "B", WIN), Game(1, "A", "C", WIN)), "twice in a round"),
        ((Game(1, "A", "A", WIN),), "against himself"),
        ((Game(0, "A", "B", WIN),), "round 0"),
        ((Game(1, "A", "B", D(2)),), "bad result"),
        ((Game(1, "A", "B", None),), "no result"),  # type: ignore[arg-type]
        ((Game(1, "A", "B", WIN), Game(2, "A", "B", None)), "no result later"),  # type: ignore[arg-type]
        ((Game(1, "A", "X", WIN),), "unknown player"),
        ((Game(1, "A", "Low", JIGO),), "jigo under section 5"),
        ((Game(2, "A", "B", WIN), Game(1, "A", "C", LOSS)), "rounds out of order"),
    ],
)
def test_what_the_fast_path_hands_back(games: tuple[Game, ...], why: str) -> None:
    """Each of these goes to the reference path, which rates it or raises its own error."""
    ik = {"A": 15000, "B": 14000, "C": 16000, "Low": 500}
    t = Tournament(why, date(2026, 3, 1), games)
    assert rate_from_state(t, ik) is None
    state = RatingState.start(PlayerState(p, D(v) / 10) for p, v in ik.items())
    if why == "rounds out of order":
        snap = state.apply(t)
        expected = rate_tournament(t, [PlayerStart(p, D(v) / 10) for p, v in ik.items()])
        assert snap.ik == {r.player: r.ik_after for r in expected.players}
        return
    with pytest.raises((InputError, RuleError)) as err:
        state.apply(t)
    with pytest.raises(type(err.value)) as ref:
        rate_tournament(t, [PlayerStart(p, D(v) / 10) for p, v in ik.items()])
    if why == "unknown player":  # the state names the tournament, rate_tournament the IK
        assert isinstance(err.value, InputError) and err.value.field == "player"
        assert "unknown player X" in err.value.message
    else:
        assert str(err.value) == str(ref.value)


def test_unrated_board_and_short_time_are_handed_back() -> None:
    ik = {"A": 15000, "B": 14000}
    games = (Game(1, "A", "B", WIN),)
    assert rate_from_state(Tournament("b", date(2026, 3, 1), games, board=15), ik) is None
    assert rate_from_state(Tournament("t", date(2026, 3, 1), games, time_minutes=30), ik) is None


def test_more_than_50_passes_is_handed_back() -> None:
    """A (100) beats B (770.1) on 9x9 (test_rating): the reference refuses it."""
    t = Tournament("9x9", date(2026, 3, 1), (Game(1, "A", "B", WIN),), board=9)
    ik = {"A": 1000, "B": 7701}
    assert rate_from_state(t, ik) is None
    with pytest.raises(RuleError, match="at most 50 passes"):
        reference(t, ik)


def test_packed_path_equals_reference_with_45_minute_games() -> None:
    """The packed path's IKs after, passes and anomalies on its own, with 45-minute games (a
    player above 2100 is not rated and keeps his IK) and 60-minute ones, wherever it does not
    hand the tournament back."""
    rng = random.Random(20261129)
    compared = kept = 0
    for _ in range(300):
        t, ik = random_tournament(rng)
        for minutes in (45, 60):
            t = replace(t, time_minutes=minutes)
            try:
                got = packed.rate_packed(t, ik, packed_divisor(t.board))
            except (packed.HandBackError, IndexError, KeyError):
                continue
            assert got == reference(t, ik)
            compared += 1
            kept += sum(1 for p, v in zip(got[0], got[1], strict=True) if v == ik[p] > 21000)
    assert compared > 100
    assert kept > 0


def packed_divisor(board: int) -> int:
    return {19: 1, 13: 2, 9: 3}[board]
