"""The monthly list's fast path against the traced path, player by player, on generated
ledgers: :func:`monthly_standings` (:mod:`.monthly`, standings kept as plain numbers) gives
what :func:`standing` gives for each player, to the figure, the coefficient and the trace."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines.bridge_fsbr.history import (
    AchievementRecord,
    BroughtRk,
    LedgerLine,
    PlayerHistory,
    PreparedHistory,
    add_months,
)
from fedrank.engines.bridge_fsbr.monthly import best_at
from fedrank.engines.bridge_fsbr.rank import RankState, replay_rank
from fedrank.engines.bridge_fsbr.standing import (
    Standing,
    best_results,
    monthly_standings,
    standing,
)
from fedrank.engines.bridge_fsbr.tables import RK_LEVELS, TITLES

FIRST = date(2016, 1, 1).toordinal()
LAST = date(2025, 12, 31).toordinal()


def _day(rng: random.Random, first: int = FIRST) -> date:
    return date.fromordinal(rng.randint(first, LAST))


def generated(rng: random.Random, player: str) -> PlayerHistory:
    """A player with MB, RO and PB lines (sometimes many RO in a year, so the limits of 8.1
    bind), achievements, EBL points, titles and coefficients of the earlier classification."""
    strength = rng.random() ** 2
    first = rng.choice((FIRST, FIRST, date(2021, 6, 1).toordinal()))  # or many RO a year
    lines = []
    for _ in range(rng.choice((0, 1, 5, 40, 120))):
        roll, day, event = rng.random(), _day(rng, first), f"e{rng.randrange(300)}"
        champ = rng.random() < 0.3
        if roll < 0.5:
            amount = max(1, int(rng.expovariate(1 / (2 + 200 * strength))))
            lines.append(LedgerLine(day, "MB", amount, rng.random() < 0.8, champ, event))
        elif roll < 0.9:
            amount = 1 + rng.randrange(1 + int(60 * strength))  # equal amounts: ties
            lines.append(LedgerLine(day, "RO", amount, True, champ, event))
        else:
            lines.append(LedgerLine(day, "PB", 1 + int(8 * strength), True, champ, event))
    achievements = tuple(
        AchievementRecord(_day(rng), rng.randint(1, 5), "a") for _ in range(rng.choice((0, 0, 2)))
    )
    ebl = tuple((_day(rng), rng.randint(1, 40)) for _ in range(rng.choice((0, 0, 0, 3))))
    titles = tuple((_day(rng), t) for t in sorted(TITLES) if rng.random() < 0.05)
    brought: tuple[BroughtRk, ...] = ()
    if rng.random() < 0.15:
        days = sorted(_day(rng) for _ in range(rng.randint(1, 3)))
        brought = tuple(BroughtRk(d, rng.choice(RK_LEVELS[:12]), rng.random() < 0.5) for d in days)
    initial = rng.choice(RK_LEVELS[:10]) if rng.random() < 0.1 else None
    return PlayerHistory(player, tuple(lines), achievements, ebl, titles, initial, brought)


def _previous(rng: random.Random, p: PreparedHistory, on: date) -> RankState | None:
    """Last month's state mostly; sometimes none, an older one, the list date's own, or last
    month's from before the earlier classification's coefficients were brought in."""
    roll = rng.random()
    if roll < 0.1:
        return None
    if roll < 0.15:
        bare = replace(p.history, initial_rk=None, rk_history=())
        return replay_rank(PreparedHistory(bare), add_months(on, -1))
    if roll < 0.2:
        return replay_rank(p, add_months(on, -rng.randint(2, 15)))
    if roll < 0.25:
        return replay_rank(p, on)
    return replay_rank(p, add_months(on, -1))


def assert_same(fast: Standing, traced: Standing) -> None:
    assert fast == traced
    assert fast.state == traced.state
    assert fast.figures == traced.figures
    assert fast.rating == traced.rating
    assert str(fast.rating.R) == str(traced.rating.R)
    assert fast.next_needs == traced.next_needs
    assert fast.trace.to_json() == traced.trace.to_json()
    assert fast.to_json() == traced.to_json()


@pytest.mark.parametrize("seed", range(6))
def test_monthly_standings_are_the_traced_standings(seed: int) -> None:
    rng = random.Random(seed)
    on = date(2018 + seed, rng.randint(1, 12), rng.choice((1, 17)))
    histories = [generated(rng, f"p{i}") for i in range(120)]
    prepared = [PreparedHistory(h) for h in histories]
    previous = {p.history.player: s for p in prepared if (s := _previous(rng, p, on))}
    fast = monthly_standings(prepared, on, previous)
    for h, s in zip(histories, fast, strict=True):
        assert_same(s, standing(h, on, previous.get(h.player)))


def test_plain_histories_and_no_previous_states() -> None:
    rng = random.Random(99)
    histories = [generated(rng, f"p{i}") for i in range(60)]
    fast = monthly_standings(histories, date(2026, 1, 1))
    for h, s in zip(histories, fast, strict=True):
        assert_same(s, standing(h, date(2026, 1, 1)))


@pytest.mark.parametrize("share", [0.0, 0.3, 0.9])
def test_best_at_is_best_results(share: float) -> None:
    """The positions chosen are the lines :func:`best_results` chooses, in its order, for
    0 to 20 results with ties (equal amounts, days and status), whatever the share of
    championship results."""
    rng = random.Random(int(share * 10))
    for n in range(21):
        for _ in range(25):
            lines = tuple(
                LedgerLine(
                    date(2025, 1, rng.randint(1, 3)),
                    "RO",
                    rng.randint(1, 12),
                    True,
                    rng.random() < share,
                    f"e{rng.randrange(4)}",
                )
                for _ in range(n)
            )
            chosen = best_at(lines, 0, n)
            assert tuple(lines[i] for i in chosen) == best_results(lines)


def test_a_standing_is_read_only_and_compared_by_what_it_says() -> None:
    h = PlayerHistory("p", (LedgerLine(date(2025, 3, 1), "RO", 7),))
    fast = monthly_standings([h], date(2025, 6, 1))[0]
    traced = standing(h, date(2025, 6, 1))
    assert fast == traced and repr(fast) == repr(traced)
    assert Decimal(7) == fast.rating.R
    with pytest.raises(AttributeError):
        fast.player = "q"
