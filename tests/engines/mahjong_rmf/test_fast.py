"""The replay's and the list's fast paths give exactly the traced path's figures (issue 37).

``replay`` keeps plain rows and integers (levels as ``(index, marks, since)``, each change and
each result a tuple) and ``list_from_replay`` sums NRKTVT over integers; the reference here is
the rulebook step by step through the public, traced functions: each tournament's
``compute_tournament`` (with its traces) from the levels held at its start, ``apply_norm`` for
each result, ``check_year`` for every player on every list date, and the list's VT, NRKTVT,
T5 and Rating as exact fractions of the traced figures, shown as Decimals. Generated histories
(shared places, championships, CHUT above the ranked players, several tournaments a day,
levels brought in with their marks and dates, extra list dates) must give the same levels,
the same level events, the same results and the same list, figure for figure and digit for
digit.
"""

import random
from collections import defaultdict
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction

import pytest

from fedrank.engines.kernel import whole_months_between
from fedrank.engines.mahjong_rmf.history import _NORM_BY_50, LevelEvent, Replay, replay
from fedrank.engines.mahjong_rmf.levels import (
    RULE_YEAR,
    START,
    Level,
    apply_norm,
    can_expire,
    check_year,
    level_of,
    norm_index,
    norm_state,
    state_can_expire,
    state_of,
    year_end,
    year_state,
)
from fedrank.engines.mahjong_rmf.listing import RatingList, list_from_replay
from fedrank.engines.mahjong_rmf.tables import DAN1, TOP, vt
from fedrank.engines.mahjong_rmf.tournament import (
    Discipline,
    Entry,
    Tournament,
    TournamentResult,
    compute_tournament,
    ratio,
)

MCR, SICHUAN = Discipline.MCR, Discipline.SICHUAN


def every_level() -> list[Level]:
    """Every valid level (kyu without marks or date, dan with each mark it may carry)."""
    out = [Level(i) for i in range(DAN1)]
    for i in range(DAN1, TOP + 1):
        out += [Level(i, m, date(2024, 2, 29)) for m in (-1, 0, 1) if not (i == DAN1 and m < 0)]
    return out


@pytest.mark.parametrize("level", every_level(), ids=lambda lv: lv.label)
def test_norm_state_is_apply_norm(level: Level) -> None:
    """Every level meeting every norm: the same level after, the same outcome, and nothing
    where apply_norm says "none"."""
    on = date(2025, 6, 1)
    for norm in range(TOP + 1):
        out = apply_norm(level, norm, on)
        fast = norm_state(state_of(level), norm, on)
        if out.kind == "none":
            assert fast is None
        else:
            assert fast is not None
            assert (level_of(fast[0]), fast[1]) == (out.after, out.kind)


@pytest.mark.parametrize("level", every_level(), ids=lambda lv: lv.label)
def test_year_state_is_check_year(level: Level) -> None:
    assert state_can_expire(state_of(level)) == can_expire(level)
    if not can_expire(level) or level.since is None:
        return
    for on in (year_end(level.since), date(2026, 1, 1), date(2027, 12, 1)):
        after = check_year(level, on)
        assert after is not None
        new, outcome = year_state(state_of(level), on)
        assert level_of(new) == after
        assert outcome == ("demoted" if after.index < level.index else "minus")


def month_starts(first: date, last: date) -> list[date]:
    out, d = [], date(first.year, first.month, 1)
    while d <= last:
        if d >= first:
            out.append(d)
        d = (d + timedelta(days=32)).replace(day=1)
    return out


class Reference:
    """The rulebook step by step: day by day, the year check of every list date before the
    day for every player, then the day's tournaments computed (traces and all) from the levels
    at the day's start, then each result's norm applied."""

    def __init__(
        self,
        tournaments: list[Tournament],
        discipline: Discipline,
        until: date,
        initial: dict[str, Level],
        list_dates: list[date],
    ) -> None:
        ts = sorted(
            (t for t in tournaments if t.discipline == discipline and t.date <= until),
            key=lambda t: (t.date, t.id),
        )
        self.levels = dict(initial)
        self.history: dict[str, list[LevelEvent]] = defaultdict(list)
        self.results: dict[str, TournamentResult] = {}
        self.start_eu: dict[str, dict[str, int]] = {}
        self.order = [t.id for t in ts]
        starts = [t.date for t in ts[:1]] + [lv.since for lv in initial.values() if lv.since]
        first = min(starts, default=until)
        checks = sorted(
            {*month_starts(first, until), *(d for d in list_dates if first <= d <= until), until}
        )
        pending = list(checks)
        for day in sorted({t.date for t in ts}):
            while pending and pending[0] < day:
                self.year_check(pending.pop(0))
            today = [t for t in ts if t.date == day]
            computed = []
            for t in today:
                eus = {e.player: self.levels.get(e.player, START).eu for e in t.entries}
                self.start_eu[t.id] = eus
                computed.append((t, compute_tournament(t, eus)))
            for t, result in computed:
                self.results[t.id] = result
                for r in result.results:
                    before = self.levels.get(r.player, START)
                    out = apply_norm(before, r.norm, day)
                    if out.kind == "none":
                        continue
                    self.levels[r.player] = out.after
                    self.history[r.player].append(
                        LevelEvent(
                            day,
                            "norm",
                            out.kind,
                            before,
                            out.after,
                            "RULES.md mahjong_rmf Decision 'norm above 2000'",
                            t.id,
                            norm=r.norm_label,
                        )
                    )
        for c in pending:
            self.year_check(c)

    def year_check(self, on: date) -> None:
        for player, level in list(self.levels.items()):
            if level.since is not None and level.since > on:
                continue  # brought in with a later date: its year has not started
            after = check_year(level, on)
            if after is not None:
                outcome = "demoted" if after.index < level.index else "minus"
                self.history[player].append(
                    LevelEvent(on, "year", outcome, level, after, RULE_YEAR)
                )
                self.levels[player] = after

    def rating_list(self, tournaments: dict[str, Tournament], on: date) -> list[tuple[object, ...]]:
        """Each row as (position, player, rating, level, T5, counted as JSON, in window)."""
        per_player: dict[str, list[tuple[Fraction, date, str, dict[str, object]]]] = {}
        for tid in self.order:
            t, result = tournaments[tid], self.results[tid]
            age = whole_months_between(t.date, on)
            weight = vt(age) if age < 36 else Decimal(0)
            if weight == 0:
                continue
            for r in result.results:
                nr = Fraction(1000) * (result.chut - Fraction(r.place_mean)) / (result.chut - 1)
                nrkt = nr * Fraction(result.kt)
                assert ratio(nrkt.numerator, nrkt.denominator) == r.nrkt  # the traced NR*KT
                nrktvt = nrkt * Fraction(weight)
                shown = {
                    "tournament": t.id,
                    "name": t.name,
                    "date": t.date.isoformat(),
                    "age_months": age,
                    "VT": format(weight, "f"),
                    "NR": format(r.nr, "f"),
                    "KT": format(result.kt, "f"),
                    "NRKT": format(r.nrkt, "f"),
                    "NRKTVT": format(ratio(nrktvt.numerator, nrktvt.denominator), "f"),
                }
                per_player.setdefault(r.player, []).append((nrktvt, t.date, t.id, shown))
        scored = []
        for player, window in per_player.items():
            best = sorted(window, key=lambda w: (-w[0], -w[1].toordinal(), w[2]))[:5]
            t5 = sum((w[0] for w in best), Fraction(0)) / 5
            level = self.levels.get(player, START)
            rating = Fraction(level.eu) / 4 + Fraction(3, 4) * t5
            scored.append((rating, player, level, t5, [w[3] for w in best], len(window)))
        scored.sort(key=lambda s: (-s[0], s[1]))
        rows: list[tuple[object, ...]] = []
        for i, (rating, player, level, t5, counted, n) in enumerate(scored, 1):
            position = rows[-1][0] if rows and scored[i - 2][0] == rating else i
            shown_rating = ratio(rating.numerator, rating.denominator)
            shown_t5 = ratio(t5.numerator, t5.denominator)
            rows.append((position, player, str(shown_rating), level, str(shown_t5), counted, n))
        return rows


def generated(seed: int) -> tuple[list[Tournament], dict[str, Level], list[date], date]:
    """A federation of 30-60 players over four years: tournaments of 12-30 players, some on
    the same day, shared places, CHUT above the ranked players, championships, a few
    tournaments of the other discipline; levels brought in (kyu, and dan with marks and the
    date of the award); extra list dates."""
    rng = random.Random(seed)
    players = [f"P{i:02d}" for i in range(rng.randrange(30, 61))]
    skill = {p: rng.gauss(0, 1) for p in players}
    first = date(2021, 1, 1)
    initial: dict[str, Level] = {}
    for p in rng.sample(players, len(players) // 3):
        index = rng.randrange(TOP + 1)
        if index < DAN1:
            initial[p] = Level(index)
        else:
            marks = rng.choice((0, 1) if index == DAN1 else (-1, 0, 1))
            initial[p] = Level(index, marks, first - timedelta(days=rng.randrange(30, 700)))
    days = sorted(first + timedelta(days=rng.randrange(4 * 365)) for _ in range(30))
    days += rng.sample(days, 6)  # several tournaments on one day
    out = []
    for i, day in enumerate(sorted(days)):
        size = rng.randrange(12, min(30, len(players)) + 1)
        chosen = rng.sample(players, size)
        chosen.sort(key=lambda p: -(skill[p] + rng.gauss(0, 1.2)))
        entries: list[Entry] = []
        for j, p in enumerate(chosen):
            place = entries[-1].place if j and rng.random() < 0.15 else j + 1
            entries.append(Entry(p, place))
        out.append(
            Tournament(
                id=f"T{i:03d}",
                date=day,
                discipline=SICHUAN if rng.random() < 0.1 else MCR,
                chs=rng.randrange(1, 13),
                entries=tuple(entries),
                chut=rng.choice((None, size, size + rng.randrange(1, 5))),
                kt_w=rng.random() < 0.15,
                name=f"Cup {i}",
            )
        )
    until = first + timedelta(days=4 * 365 + rng.randrange(0, 90))
    extra = [first + timedelta(days=rng.randrange(4 * 365)) for _ in range(3)]
    return out, initial, extra, until


def fast_rows(lst: RatingList) -> list[tuple[object, ...]]:
    return [
        (
            r.position,
            r.player,
            str(r.rating),
            r.level,
            str(r.t5),
            [c.to_json() for c in r.counted],
            r.in_window,
        )
        for r in lst.rows
    ]


def assert_same_replay(rp: Replay, ref: Reference, tournaments: dict[str, Tournament]) -> None:
    assert dict(rp.levels) == ref.levels
    assert_same_events(rp, ref)
    assert dict(rp.start_eu) == ref.start_eu
    assert list(rp.results) == ref.order
    played: dict[str, list[tuple[object, ...]]] = defaultdict(list)
    for tid in ref.order:
        result = ref.results[tid]
        # the traced path, from the replay's figures, is the reference's
        assert rp.tournament_result(tid) == result
        assert rp.tournament_kt(tid) == result.kt
        t = tournaments[tid]
        for e, r in zip(t.entries, result.results, strict=True):
            played[r.player].append((tid, t.date, e.place, r.place_mean, r.nrkt, result.kt, r.norm))
    assert {
        p: [
            (tid, day, place, ratio(q, 2), ratio(n, d), ratio(kt100, 100), norm)
            for tid, day, place, q, n, d, kt100, norm in rows
        ]
        for p, rows in rp.played.items()
    } == played


def assert_same_events(rp: Replay, ref: Reference) -> None:
    """Level events compared field by field, NR*KT as the traced Decimal."""
    got = {p: [(*e[:7], e.norm, e.nrkt) for e in events] for p, events in rp.history.items()}
    want = {
        p: [
            (
                *e[:7],
                e.norm,
                ref.results[e.tournament].result(p).nrkt if e.tournament else None,
            )
            for e in events
        ]
        for p, events in ref.history.items()
        if events
    }
    assert got == want


@pytest.mark.parametrize("seed", range(16))
def test_replay_and_list_match_the_traced_path(seed: int) -> None:
    ts, initial, extra, until = generated(seed)
    by_id = {t.id: t for t in ts}
    rp = replay(ts, discipline=MCR, until=until, initial=initial, list_dates=extra)
    ref = Reference(ts, MCR, until, initial, extra)
    assert_same_replay(rp, ref, by_id)
    assert any(e.kind == "year" for events in rp.history.values() for e in events)
    for on in (until, until - timedelta(days=400)):
        at = replay(ts, discipline=MCR, until=on, initial=initial, list_dates=extra)
        expected = Reference(ts, MCR, on, initial, extra).rating_list(by_id, on)
        assert fast_rows(list_from_replay(at)) == expected
        for row in list_from_replay(at).rows[:5]:
            # the trace is made from the same figures
            assert row.to_json()["counted"] == [c.to_json() for c in row.counted]


def test_equal_ratings_share_a_position_in_order_of_player() -> None:
    """Three players sharing first place in every tournament have one exact rating: one
    position, listed by player id, the next player two places lower."""
    players = ["C", "A", "B"] + [f"P{i:02d}" for i in range(20)]
    ts = [
        Tournament(
            f"T{k}",
            date(2025, 1 + k, 5),
            MCR,
            8,
            tuple(Entry(p, 1 if i < 3 else i + 1) for i, p in enumerate(players)),
        )
        for k in range(3)
    ]
    lst = list_from_replay(replay(ts, discipline=MCR, until=date(2025, 6, 1)))
    assert [(r.position, r.player) for r in lst.rows[:4]] == [
        (1, "A"),
        (1, "B"),
        (1, "C"),
        (4, "P00"),
    ]
    assert len({r.rating for r in lst.rows[:3]}) == 1


def test_the_replays_norm_table_is_norm_index() -> None:
    """The replay reads the norm met from a table by 50 points of NR*KT's whole part."""
    for d in (11, 15, 19, 47, 119):
        for whole in range(0, 8000, 7):
            for n in (whole * d, whole * d + d - 1):
                w = n // (50 * d)
                assert _NORM_BY_50[min(w, len(_NORM_BY_50) - 1)] == norm_index(n, d)


@pytest.mark.parametrize("seed", range(4))
def test_norms_above_12_dan_match_the_traced_path(seed: int) -> None:
    """Sessions enough for NR*KT above 7500 (the replay's table runs out there): 12 dan."""
    generated_ts, initial, extra, until = generated(seed)
    ts = [replace(t, chs=rng_chs) for t, rng_chs in zip(generated_ts, range(40, 200), strict=False)]
    by_id = {t.id: t for t in ts}
    rp = replay(ts, discipline=MCR, until=until, initial=initial, list_dates=extra)
    ref = Reference(ts, MCR, until, initial, extra)
    assert_same_replay(rp, ref, by_id)
    assert any(e.norm == "D12" for events in rp.history.values() for e in events)
    assert max(n // d for *_, n, d, _ in rp.events) > 7500
    expected = Reference(ts, MCR, until, initial, extra).rating_list(by_id, until)
    assert fast_rows(list_from_replay(rp)) == expected
