"""Replaying a history: same figures as rating each tournament in turn, corrections, lists."""

import random
from datetime import date, timedelta
from decimal import Decimal

import pytest

from fedrank.engines.go_ufgo.history import PlayerState, RatingState, replay
from fedrank.engines.go_ufgo.ranks import ListPlayer, next_publication, publish_list
from fedrank.engines.go_ufgo.rating import Game, PlayerStart, Tournament, rate_tournament
from fedrank.engines.kernel import InputError

D = Decimal
WIN, LOSS = D(1), D(0)


def t(on: date, games: list[tuple[int, str, str, Decimal]], **kw: object) -> Tournament:
    return Tournament(
        f"T {on}",
        on,
        tuple(Game(r, a, b, s) for r, a, b, s in games),
        **kw,  # type: ignore[arg-type]
    )


def chain(history: list[Tournament], start: dict[str, Decimal]) -> list[dict[str, Decimal]]:
    """The slow way: rate_tournament on each tournament with the IKs the previous one left."""
    ik = dict(start)
    out = []
    for tour in history:
        res = rate_tournament(tour, [PlayerStart(p, ik[p]) for p in tour.players()])
        after = {r.player: r.ik_after for r in res.players}
        ik.update(after)
        out.append(after)
    return out


def random_history(seed: int) -> tuple[list[Tournament], dict[str, Decimal]]:
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(14)]
    start = {n: D(rng.choice([rng.randrange(40, 100), rng.randrange(100, 2600)])) for n in names}
    history = []
    day = date(2025, 1, 5)
    for _ in range(25):
        group = rng.sample(names, 6)
        games = []
        for r in range(1, 4):
            rng.shuffle(group)
            for a, b in zip(group[::2], group[1::2], strict=True):
                # mostly the stronger wins, as in real tournaments (huge upsets on small boards
                # can need more than the 50 passes the rules allow)
                favourite = start[a] >= start[b]
                games.append((r, a, b, WIN if favourite == (rng.random() < 0.85) else LOSS))
        history.append(
            t(
                day,
                games,
                board=rng.choice([9, 13, 19]),
                official=rng.random() < 0.5,
                time_minutes=rng.choice([45, 60]),
            )
        )
        day += timedelta(days=17)
    return history, start


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_replay_matches_rating_each_tournament_in_turn(seed: int) -> None:
    """The fast integer path of the replay gives exactly the traced path's IKs."""
    history, start = random_history(seed)
    result = replay(history, [PlayerState(p, v) for p, v in start.items()], publish=False)
    expected = chain(history, start)
    assert [s.ik for s in result.snapshots] == expected


def test_a_corrected_tournament_rerates_everything_after_it() -> None:
    """T1: A beats B; T2: A beats C. Correct T1 to B beats A: T2 starts from other IKs."""
    start = [PlayerState("A", D(1500)), PlayerState("B", D(1500)), PlayerState("C", D(1700))]
    t1 = t(date(2026, 2, 1), [(1, "A", "B", WIN)])
    t2 = t(date(2026, 3, 1), [(1, "A", "C", WIN)])
    before = replay([t1, t2], start)
    fixed = t(date(2026, 2, 1), [(1, "A", "B", LOSS)])
    after = replay([t2, fixed], start)  # given out of order: sorted by date
    assert before.snapshots[1].ik["A"] != after.snapshots[1].ik["A"]
    expected = chain([fixed, t2], {"A": D(1500), "B": D(1500), "C": D(1700)})
    assert after.snapshots[1].ik == expected[1]
    assert after.ik_after("A") == [
        (date(2026, 2, 1), expected[0]["A"]),
        (date(2026, 3, 1), expected[1]["A"]),
    ]


def test_publications_between_tournaments_give_and_lower_dans() -> None:
    """1 Apr 2026 lies between the tournaments of 10 Feb and 20 Apr.

    Hi (2420) gets 4 dan; Young (5 dan held, 2300 <= 2349) is lowered to 4 dan;
    Old (5 dan held, 2300, born 1950) is over 60 and keeps 5 dan. On 1 Jul (until) Young's
    4 dan is kept: 2300 is above 2400 - 151.
    """
    players = [
        PlayerState("Hi", D(2420)),
        PlayerState("Mate", D(2420)),
        PlayerState("Young", D(2300), held_dan=5, birth=date(1990, 1, 1)),
        PlayerState("Old", D(2300), held_dan=5, birth=date(1950, 1, 1)),
    ]
    t1 = t(date(2026, 2, 10), [(1, "Hi", "Mate", D("0.5"))])
    t2 = t(date(2026, 4, 20), [(1, "Hi", "Young", D("0.5")), (1, "Old", "Mate", D("0.5"))])
    result = replay([t1, t2], players, until=date(2026, 7, 1))
    assert result.snapshots[0].rank["Hi"].label == "3 dan"  # before the list: floating
    april, july = result.publications
    assert april.on == date(2026, 4, 1)
    actions = {e.player: (e.action, e.rank_after.label) for e in april.entries}
    assert actions == {
        "Hi": ("assigned", "4 dan"),
        "Mate": ("assigned", "4 dan"),
        "Young": ("lowered", "4 dan"),
        "Old": ("kept (over 60)", "5 dan"),
    }
    ranks = {p: r.label for p, r in result.snapshots[1].rank.items()}
    assert ranks == {"Hi": "4 dan", "Young": "4 dan", "Old": "5 dan", "Mate": "4 dan"}
    assert july.on == date(2026, 7, 1)
    assert [(e.player, e.action) for e in july.entries] == [("Old", "kept (over 60)")]
    assert result.state.held_dan("Young") == 4 and result.state.rank("Old").label == "5 dan"


def test_one_more_tournament_onto_a_state() -> None:
    history, start = random_history(7)
    state = RatingState.start(PlayerState(p, v) for p, v in start.items())
    for tour in history[:-1]:
        state.apply(tour, publish=False)
    snap = state.apply(history[-1], publish=False)
    expected = chain(history, start)[-1]
    assert snap.ik == expected
    assert state.ik(history[-1].players()[0]) == expected[history[-1].players()[0]]


def test_unknown_player_and_order_are_refused() -> None:
    state = RatingState.start([PlayerState("A", D(1000))])
    with pytest.raises(InputError) as err:
        state.apply(t(date(2026, 2, 1), [(1, "A", "X", WIN)]))
    assert err.value.field == "player" and "X" in err.value.message
    state = RatingState.start([PlayerState("A", D(1000)), PlayerState("B", D(1000))])
    state.apply(t(date(2026, 2, 1), [(1, "A", "B", WIN)]))
    with pytest.raises(InputError) as err:
        state.apply(t(date(2026, 1, 1), [(1, "A", "B", WIN)]))
    assert err.value.field == "date"
    with pytest.raises(InputError):
        RatingState.start([PlayerState("A", D(1)), PlayerState("A", D(2))])


def test_an_unrated_player_keeps_his_tenths() -> None:
    """45 minutes: H (2105.6, above 2100) is not rated; his IK stays 2105.6 exactly."""
    state = RatingState.start([PlayerState("H", D("2105.6")), PlayerState("L", D(1800))])
    snap = state.apply(t(date(2026, 2, 1), [(1, "H", "L", WIN)], time_minutes=45))
    assert snap.ik["H"] == D("2105.6") and state.ik("H") == D("2105.6")
    assert snap.ik["L"] == D(1797)  # R12 305.6 -> K1 0.14: 20 * -0.14 = -2.8 -> 1797.2
    assert snap.to_json()["players"]["H"] == {"IK": "2105.6", "rank": "1 dan"}


def test_full_rating_list() -> None:
    state = RatingState.start(
        [PlayerState("A", D(2450)), PlayerState("B", D(900)), PlayerState("C", D(50))]
    )
    lst = state.rating_list(date(2026, 10, 1))
    assert [(e.player, e.rank_after.label) for e in lst.entries] == [
        ("A", "4 dan"),
        ("B", "12 kyu"),
        ("C", "25 kyu"),
    ]
    assert state.held_dan("A") == 4
    assert lst.to_json()["date"] == "2026-10-01"


def test_the_lists_of_a_replay_are_the_full_lists() -> None:
    """The replay's lists look only at the players that can change (IK set at 2400 or more or
    a dan held since the last list, or an entry on it); every list must equal the full
    ``publish_list`` of every player, cut to its assigned / lowered / kept (over 60) entries.
    Players from 2150 to 2790 in good or bad form, some holding 4-7 dan, some over 60."""
    rng = random.Random(5)
    names = [f"D{i}" for i in range(24)]
    ik = {n: D(rng.randrange(2150, 2790)) for n in names}
    held = {n: rng.choice([None, None, 4, 5, 6, 7]) for n in names}
    birth = {n: date(rng.choice([1950, 1958, 1975, 1990]), 3, 15) for n in names}
    form = {n: rng.choice([1, 2, 4]) for n in names}  # some rise, some fall through the norms
    for n in names[::2]:  # just above the bound of a held dan: lowered when they fall
        dan = held[n] = rng.choice([4, 5, 6, 7])
        ik[n] = D(2400 + 100 * (dan - 4) - rng.randrange(0, 150))
    history = []
    day = date(2024, 1, 10)
    for _ in range(30):
        group = rng.sample(names, 8)
        games = []
        for r in range(1, 5):
            rng.shuffle(group)
            for a, b in zip(group[::2], group[1::2], strict=True):
                games.append(
                    (r, a, b, WIN if rng.random() < form[a] / (form[a] + form[b]) else LOSS)
                )
        history.append(t(day, games, official=rng.random() < 0.5))
        day += timedelta(days=rng.randrange(10, 60))
    until = next_publication(day)
    players = [PlayerState(n, ik[n], held[n], birth[n]) for n in names]
    result = replay(history, players, until=until)

    expected = []
    last: date | None = None
    for tour in [*history, None]:
        if last is not None:
            q = next_publication(last)
            while q <= (tour.on if tour else until):
                full = publish_list(q, [ListPlayer(n, ik[n], held[n], birth[n]) for n in names])
                held.update({e.player: e.held_dan_after for e in full.entries})
                kept = ("assigned", "lowered", "kept (over 60)")
                expected.append(
                    (q, [(e.player, e.ik, e.action) for e in full.entries if e.action in kept])
                )
                q = next_publication(q)
        if tour is None:
            break
        res = rate_tournament(tour, [PlayerStart(p, ik[p], held[p]) for p in tour.players()])
        ik.update({r.player: r.ik_after for r in res.players})
        last = tour.on
    got = [(p.on, [(e.player, e.ik, e.action) for e in p.entries]) for p in result.publications]
    assert got == expected
    assert sum(len(e) for _, e in expected) >= 20
    assert {a for _, e in expected for _, _, a in e} == {"assigned", "lowered", "kept (over 60)"}
    assert {n: result.state.held_dan(n) for n in names} == held
