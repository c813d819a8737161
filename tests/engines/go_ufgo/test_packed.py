"""The packed path gives exactly the traced engine's figures, or hands the tournament back.

Three paths rate a go_ufgo tournament from a state of IKs in tenths: ``packed.rate_packed``
(section 4 only, one integer per player), ``fast`` (its own loop, any tournament the rules rate)
and the reference ``rating.prepare`` + ``rating.settle`` that ``rate_tournament`` runs before it
builds traces. Hypothesis generates whole histories -- players below 100, around the packed
path's floor, above 2100, holding 4-7 dan; boards, time controls, official or not, jigo, byes,
tournaments across quarterly lists -- and the replay (which takes the packed path where it
can) must give every snapshot, every published list and the end state exactly as rating each
tournament in turn with the traced engine.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fedrank.engines.go_ufgo import fast, packed, rating
from fedrank.engines.go_ufgo.fast import FastResult, rate_from_state
from fedrank.engines.go_ufgo.history import PlayerState, RatingState, Snapshot
from fedrank.engines.go_ufgo.rating import Game, Tournament
from fedrank.engines.go_ufgo.tables import TABLE3, TENTHS_K2, TENTHS_K3
from fedrank.engines.kernel import InputError, RuleError

D = Decimal
WIN, LOSS, JIGO = D(1), D(0), D("0.5")
DIVISOR = {19: 1, 13: 2, 9: 3}


def reference(t: Tournament, ik: dict[str, int]) -> FastResult:
    """rating.prepare + rating.settle, with the replay's rule for a player with no rated game."""
    p = rating.prepare(t)
    history, last_start = rating.settle(p, [ik[pid] for pid in p.ids])
    out = history[-1].outcome
    values = [f if g else s for f, g, s in zip(out.final, out.k2sum, last_start, strict=True)]
    return p.ids, values, len(history), {i for h in history for i in h.anomalous}


# --- generated histories -----------------------------------------------------------------------

IK_TENTHS = st.one_of(
    st.integers(0, 999),  # below 100: section 5 (handed back)
    st.integers(1550, 1700),  # around the packed path's floor (160.1)
    st.integers(1000, 28000),  # anything up to 2800
    st.integers(20500, 22000),  # around 2100 (45-minute games)
    st.integers(5900, 6100),  # around 600 (the K3 cap's bound)
)


@st.composite
def histories(draw: st.DrawFn) -> tuple[list[PlayerState], list[Tournament]]:
    n = draw(st.integers(2, 12))
    names = [f"P{i}" for i in range(n)]
    starts = []
    for name in names:
        tenths = draw(IK_TENTHS)
        if draw(st.booleans()):
            tenths -= tenths % 10  # whole points, as after a tournament
        held = draw(st.sampled_from([None, None, None, 4, 5, 6, 7])) if tenths >= 20000 else None
        starts.append(PlayerState(name, D(tenths) / 10, held_dan=held))
    strength = {p.player: float(p.ik) for p in starts}
    history = []
    day = date(2025, 1, 3)
    for k in range(draw(st.integers(1, 6))):
        group = draw(st.permutations(names))[: draw(st.integers(2, n))]
        upsets = draw(st.sampled_from([0.0, 0.1, 0.4]))
        jigo = draw(st.booleans())
        games = []
        for rnd in range(1, draw(st.integers(1, 7)) + 1):
            order = list(draw(st.permutations(group)))
            for a, b in zip(order[::2], order[1::2], strict=False):  # odd: a bye
                luck = draw(st.integers(0, 99)) / 100
                if jigo and luck < 0.1:
                    score = JIGO
                else:
                    score = WIN if (strength[a] >= strength[b]) != (luck < upsets) else LOSS
                games.append(Game(rnd, a, b, score, line=len(games) + 1))
        history.append(
            Tournament(
                f"T{k}",
                day,
                tuple(games),
                board=draw(st.sampled_from([19, 19, 13, 9])),
                time_minutes=draw(st.sampled_from([45, 60, 90])),
                official=draw(st.booleans()),
                id=f"t{k}",
            )
        )
        day += timedelta(days=draw(st.integers(0, 120)))
    return starts, history


def _figures(s: Snapshot) -> tuple[object, ...]:
    return (s.tournament, s.passes, s.anomalous, s.ik, s.rank, list(s.ik), s.to_json())


def replay_with(
    starts: list[PlayerState], history: list[Tournament], *, traced: bool
) -> tuple[list[tuple[object, ...]], RatingState] | type[Exception]:
    """The replay as ``RatingState.apply`` runs it, or every tournament through the reference
    path (``traced``); an error ends it (its type is what both must agree on)."""
    state = RatingState.start(starts)
    out = []
    try:
        for t in history:
            if traced:
                state._check_order(t)
                state.publish_due(t.on)
                snap = state._apply_reference(t)
            else:
                snap = state.apply(t)
            out.append(_figures(snap))
        state.publish_due(history[-1].on + timedelta(days=200))
    except (InputError, RuleError) as e:
        return type(e)
    return out, state


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(histories())
def test_replay_equals_the_traced_engine_on_generated_histories(
    case: tuple[list[PlayerState], list[Tournament]],
) -> None:
    """Every snapshot (IK, rank, passes, anomalous players, JSON), every list, the end state."""
    starts, history = case
    fast_run = replay_with(starts, history, traced=False)
    ref_run = replay_with(starts, history, traced=True)
    if not isinstance(fast_run, tuple) or not isinstance(ref_run, tuple):
        assert fast_run == ref_run
        return
    assert fast_run[0] == ref_run[0]
    a, b = fast_run[1], ref_run[1]
    assert a.publications == b.publications
    assert {p: a.ik(p) for p in a.players()} == {p: b.ik(p) for p in b.players()}
    assert {p: a.rank(p) for p in a.players()} == {p: b.rank(p) for p in b.players()}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(histories())
def test_packed_equals_fast_and_reference_on_each_tournament(
    case: tuple[list[PlayerState], list[Tournament]],
) -> None:
    """Each generated tournament rated from the starting IKs by the three paths: where the
    packed path rates it, the same players in the same order, IKs, passes and anomalous."""
    starts, history = case
    ik = {p.player: int(p.ik * 10) for p in starts}
    for t in history:
        s = DIVISOR[t.board]
        try:
            got = packed.rate_packed(t, ik, s)
        except (packed.HandBackError, IndexError, KeyError):
            continue
        assert got == fast._rate(t, ik, s)
        assert got == reference(t, ik)


def test_the_packed_path_rates_the_common_case() -> None:
    """Section 4 tournaments, official (K3 capped in round 6) or not, a 45-minute game above
    2100, an anomalous result: rated by the packed path, equal to the reference."""
    ik = {"A": 5000, "B": 5200, "C": 11000, "D": 21500, "E": 1700, "F": 9000}
    games = tuple(
        Game(r, a, b, WIN if k % 3 else LOSS)
        for r in range(1, 7)
        for k, (a, b) in enumerate([("A", "B"), ("C", "D"), ("E", "F")])
    )
    for official in (True, False):
        for minutes in (45, 60):
            t = Tournament(
                "common", date(2026, 3, 1), games, official=official, time_minutes=minutes
            )
            got = packed.rate_packed(t, ik, 1)
            assert got == reference(t, ik)
            assert rate_from_state(t, ik) == got
    upset = Tournament("upset", date(2026, 3, 1), (Game(1, "E", "C", WIN), Game(2, "E", "F", WIN)))
    got = packed.rate_packed(upset, ik, 1)
    assert got == reference(upset, ik) and got[3] and got[2] >= 2


@pytest.mark.parametrize("s", [1, 2, 3])
@pytest.mark.parametrize("official", [True, False])
@pytest.mark.parametrize("limited", [True, False])
def test_the_step_tables_read_table_3_by_lower_bound(s: int, official: bool, limited: bool) -> None:
    """Each IK in tenths reads the row of its own K2 and K3 (``TENTHS_K2`` / ``TENTHS_K3``):
    the tables are built per row of table 3, so the bounds are checked on both sides."""
    ahead, back = packed.steps(s, official, limited)
    assert len(ahead) == len(back) == packed.REACH
    near = {b * 10 + d for b, _, _ in TABLE3 for d in (-1, 0, 1)} | {21000, 21001, 21002}
    for ik in sorted(near | set(range(0, packed.REACH, 97)) | {packed.FLOOR - 1, packed.FLOOR}):
        if not 0 <= ik < packed.REACH:
            continue
        if ik < packed.FLOOR:
            assert ahead[ik] == back[ik] == ()
            continue
        k2 = TENTHS_K2[ik]
        k3 = TENTHS_K3[ik] if official else 0
        if limited and ik > 21000:
            k2 = k3 = 0  # a 45-59 minute game is not rated above 2100 (§1.7)
        for x in (0, 1, 37, 100, 163, 199, 200):
            step = (k2 * (x - 100) + 100 * k3 + 5 * s) // (10 * s)
            ra = 45 * k2 + 100 * k3  # 100 s RA of formula (2), before the divisor
            assert ahead[ik][x] == step + (ra << 20) + (k3 << 46)
            assert back[ik][200 - x] == ahead[ik][x]


@pytest.mark.parametrize(
    ("ik_a", "games", "why"),
    [
        (999, (Game(1, "A", "B", WIN),), "a player below 100 (section 5)"),
        (1600, (Game(1, "A", "B", WIN),), "a player below the floor"),
        (30000, (Game(1, "A", "B", WIN),), "a player above the tables"),
        (15000, (), "no games"),
        (15000, (Game(1, "A", "A", WIN),), "against himself"),
        (15000, (Game(1, "A", "B", WIN), Game(1, "A", "C", WIN)), "twice in a round"),
        (15000, (Game(2, "A", "B", WIN), Game(1, "A", "C", LOSS)), "rounds out of order"),
        (15000, (Game(0, "A", "B", WIN),), "round 0"),
        (15000, (Game(1, "A", "B", D(2)),), "bad result"),
        (15000, (Game(1, "A", "X", WIN),), "unknown player"),
    ],
)
def test_what_the_packed_path_hands_back(ik_a: int, games: tuple[Game, ...], why: str) -> None:
    ik = {"A": ik_a, "B": 14000, "C": 16000}
    t = Tournament(why, date(2026, 3, 1), games)
    with pytest.raises((packed.HandBackError, IndexError, KeyError)):
        packed.rate_packed(t, ik, 1)
